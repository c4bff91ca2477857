import ArgumentParser
import SkyFormat

/// `sky`: the root of the commands. It has no options of its own, so the options of `sky soak`,
/// `sky lesson` and `sky bench` are theirs alone; arguments that name no subcommand go to the run,
/// so `sky --total 20` is `sky run --total 20`.
struct Sky: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sky",
        abstract: "A satellite scanning deep space, with Swift structured concurrency.",
        version: SkyVersion.current,
        subcommands: [RunCommand.self, LessonCommand.self, SoakCommand.self, BenchCommand.self, ReplayCommand.self, CompareCommand.self, FleetCommand.self],
        defaultSubcommand: RunCommand.self,
        // None here, so `sky --help` falls through to the run and shows its options, and the
        // subcommands, which the run's help lists (as `sky help` does).
        helpNames: [])

    /// `-h` and `--help`, which each subcommand names for itself: a command without help names
    /// takes the root's, which has none.
    static let subcommandHelpNames: NameSpecification = [.short, .long]

    /// The subcommand that `arguments` run: the one the first argument names, else the run. It is
    /// how ArgumentParser chooses too (the root has no options to come first); usage errors name it.
    static func subcommand(for arguments: [String]) -> any ParsableCommand.Type {
        configuration.subcommands.first { $0.configuration.commandName == arguments.first } ?? RunCommand.self
    }

    /// How the user calls `command`: `sky` for the run, `sky NAME` for the others.
    static func invocation(of command: any ParsableCommand.Type) -> String {
        command == RunCommand.self ? "sky" : "sky " + (command.configuration.commandName ?? "")
    }
}
