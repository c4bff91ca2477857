/// An option that only some strategies take. Each strategy declares the ones it takes
/// (`ScanStrategy.takes`), and `RunConfiguration.problem` refuses a run that gives one to a
/// strategy that does not.
public enum StrategyOption: CaseIterable, Sendable {
    /// `--spacing`: a gap between one scan's end and the next one's start.
    case spacing
    /// `--errors throw`: the first failure is thrown out of what runs the scans.
    case errorsThrow
    /// `--errors collect`: the group's body keeps each result in an array it returns at the end.
    case errorsCollect
    /// `--errors cancel`: the group's body cancels the group when it takes a failure, and goes on.
    case errorsCancel
    /// `--task-bag`: the loop keeps its unstructured tasks in a bag that cancels them on teardown.
    case taskBag
    /// `--catalogue`: each child hands its result to a catalogue actor from its own task.
    case catalogue
    /// `--take`: the run stops after its loop has taken this many results.
    case take
    /// `--detached`: each scan in a `Task.detached {}`, which inherits no task-local value.
    case detached

    /// The option as the command line gives it.
    public var flag: String {
        switch self {
        case .spacing: "--spacing"
        case .errorsThrow: "--errors throw"
        case .errorsCollect: "--errors collect"
        case .errorsCancel: "--errors cancel"
        case .taskBag: "--task-bag"
        case .catalogue: "--catalogue"
        case .take: "--take"
        case .detached: "--detached"
        }
    }

    /// What the option needs of a strategy, which is why only some take it.
    public var needs: String {
        switch self {
        case .spacing: "is the gap between scans run one at a time"
        case .errorsThrow: "needs a group, a scope or a loop to throw out of"
        case .errorsCollect: "frees each slot as its result goes into the group body's array"
        case .errorsCancel: "is a group's body that takes each result and cancels the group at a failure"
        case .taskBag: "keeps unstructured tasks"
        case .catalogue: "is called by a group's children, many at once"
        case .take: "is counted by the loops Sky builds in"
        case .detached: "makes the unstructured tasks detached ones"
        }
    }

    /// The strategies that take this option, in the order `--strategy` lists them.
    public var strategies: [ScanStrategy] { ScanStrategy.allCases.filter { $0.takes.contains(self) } }

    /// Whether `configuration` gives this option.
    func isGiven(in configuration: RunConfiguration) -> Bool {
        switch self {
        case .spacing: configuration.spacing > .zero
        case .errorsThrow: configuration.errors == .throw
        case .errorsCollect: configuration.errors == .collect
        case .errorsCancel: configuration.errors == .cancel
        case .taskBag: configuration.taskBag
        case .catalogue: configuration.catalogue != nil
        case .take: configuration.take != nil
        case .detached: configuration.detached
        }
    }
}
