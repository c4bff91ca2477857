import ArgumentParser
import SkyCore

/// What an option takes: how its value is named in help, completed, looked for and read. Each
/// kind is written once here, and a command declares an option by its kind and its help alone,
/// so every option of a kind reads, names and completes its value alike.
struct OptionValue<Value> {
    /// As help shows it: `--total <n>`.
    var name: String
    var parsing: SingleValueParsingStrategy = .next
    var completion: CompletionKind?
    var read: @Sendable (String) throws -> Value
}

extension OptionValue where Value == Int {
    /// A whole number within `range`. Numbers and times are taken unconditionally, so that
    /// `--total -5` is refused for its value rather than read as a flag.
    static func count(in range: ClosedRange<Int>) -> Self {
        Self(name: "n", parsing: .unconditional, read: { try ArgumentValue.integer($0, in: range) })
    }
}

extension OptionValue where Value == UInt64 {
    static var seed: Self { Self(name: "s", parsing: .unconditional, read: { try ArgumentValue.seed($0) }) }
}

extension OptionValue where Value == BatchSize {
    static var batch: Self { Self(name: "n|auto", parsing: .unconditional, read: { try BatchSize(parsing: $0) }) }
}

extension OptionValue where Value == PriorityMix {
    static var priorities: Self { Self(name: "H:M:L", read: { try ArgumentValue.priorityMix($0) }) }
}

extension OptionValue where Value == Duration {
    /// A time within `range`, e.g. `2s` or `1m30s`.
    static func time(in range: ClosedRange<Duration>) -> Self {
        Self(name: "time", parsing: .unconditional, read: { try ArgumentValue.duration($0, in: range) })
    }
}

extension OptionValue where Value == Double {
    /// A fraction 0...1, or a percentage.
    static var fraction: Self { Self(name: "p", parsing: .unconditional, read: { try ArgumentValue.fraction($0) }) }
    /// A fraction of full speed.
    static var speed: Self { Self(name: "f", parsing: .unconditional, read: { try ArgumentValue.speed($0) }) }

    /// A factor within `range`, e.g. `2` or `0.25`.
    static func factor(in range: ClosedRange<Double>) -> Self {
        Self(name: "factor", parsing: .unconditional, read: { try ArgumentValue.factor($0, in: range) })
    }
}

extension OptionValue where Value == String {
    /// A file's path, completed as one.
    static var file: Self { Self(name: "file", completion: .file(), read: { $0 }) }
}

extension OptionValue where Value == OutputFormat {
    /// `--format`, read by `OutputFormat(parsing:)`.
    static var format: Self {
        Self(name: Self.choice().name, completion: Self.choice().completion, read: { try OutputFormat(parsing: $0) })
    }
}

extension OptionValue where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the enumeration's names, each listed in the value's name and the completions. Made
    /// when the parser reads the options, after `OwnStrategy.add`: a package's own strategies too.
    static func choice() -> Self {
        let names = ArgumentValue.names(of: Value.self)
        return Self(name: names.joined(separator: "|"), completion: .list(names), read: { try ArgumentValue.choice($0) })
    }
}

extension Option {
    /// An option of `value`'s kind with a default.
    init(wrappedValue: Value, _ value: OptionValue<Value>, name: NameSpecification = .long, help: String) {
        self.init(
            wrappedValue: wrappedValue, name: name, parsing: value.parsing, help: ArgumentHelp(help, valueName: value.name),
            completion: value.completion, transform: value.read)
    }

    /// An option of `value`'s kind that may be left out.
    init<Given>(_ value: OptionValue<Given>, name: NameSpecification = .long, help: String) where Value == Given? {
        self.init(
            name: name, parsing: value.parsing, help: ArgumentHelp(help, valueName: value.name), completion: value.completion,
            transform: value.read)
    }
}

extension ArgumentValue {
    /// Each of `Choice`'s names with what it means, for an option's help: `flag (reads …), throw
    /// (…) or partial (…)`. Every name has its meaning, so a new one is listed.
    static func described<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, by meaning: (Choice) -> String) -> String
    where Choice.RawValue == String {
        RunConfiguration.list(Choice.allCases.map { "\($0.rawValue) (\(meaning($0)))" })
    }
}
