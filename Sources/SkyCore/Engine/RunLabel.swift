/// The run's label, a task-local value: the engine binds it in the strategy's task
/// (`ScanModel.run(_:)`), so the strategy's loop reads it, and so does every task that inherits
/// the loop's task-local values. A task group's children inherit them, and so does `Task {}`;
/// `Task.detached` starts with none (Tests/SkyCoreTests/TaskLocalTests.swift). Each scan reads
/// the label on its first line, and its events say whether it found it (`ChildView.sawRunLabel`).
public enum RunLabel {
    @TaskLocal public static var current: String?

    /// The label a run binds: `seed 3`.
    public static func of(_ configuration: RunConfiguration) -> String { "seed \(configuration.seed)" }
}
