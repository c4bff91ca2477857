import ArgumentParser
import Foundation
import SkyCore

/// Parsers for option values. ArgumentParser prefixes each error with the flag ("The value 'x' is
/// invalid for '--total <n>': "), and these add the values it accepts, which it would not.
enum ArgumentValue {
    /// A whole number, which may contain underscores (`1_000_000`).
    static func wholeNumber(_ text: String) -> Int? {
        Int(text.replacingOccurrences(of: "_", with: ""))
    }

    static func integer(_ text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = wholeNumber(text), range.contains(value) else {
            throw ValidationError("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func seed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else {
            throw ValidationError("must be a whole number from 0 to \(UInt64.max)")
        }
        return value
    }

    /// A number written as a fraction (`0.25`) or a percentage (`25%`).
    private static func fractionOrPercentage(_ text: String) -> Double? {
        if text.hasSuffix("%") { Double(text.dropLast()).map { $0 / 100 } } else { Double(text) }
    }

    /// A fraction 0...1, written as `0.25` or `25%`.
    static func fraction(_ text: String) throws -> Double {
        guard let value = fractionOrPercentage(text), RunConfiguration.failureRateRange.contains(value) else {
            throw ValidationError("must be a fraction from 0 to 1 (e.g. 0.1) or a percentage (e.g. 10%)")
        }
        return value
    }

    static func priorityMix(_ text: String) throws -> PriorityMix {
        guard let mix = PriorityMix(parsing: text) else {
            throw ValidationError("must be three whole percentages high:medium:low adding up to 100 (e.g. 20:50:30)")
        }
        return mix
    }
}

/// `--batch`: a count, or `auto` for one scan per active core.
enum BatchSize: Equatable, CustomStringConvertible {
    case count(Int)
    case auto

    init(parsing text: String) throws {
        if text.lowercased() == "auto" {
            self = .auto
            return
        }
        let range = RunConfiguration.batchRange
        guard let value = Int(text), range.contains(value) else {
            throw ValidationError("must be a whole number from \(range.lowerBound) to \(range.upperBound) or 'auto'")
        }
        self = .count(value)
    }

    /// As `--batch` takes it.
    var description: String {
        switch self {
        case .count(let count): "\(count)"
        case .auto: "auto"
        }
    }

    func resolved() -> Int {
        switch self {
        case .count(let count): count
        case .auto: min(Cores.active, RunConfiguration.batchRange.upperBound)
        }
    }
}

/// `--format`.
enum OutputFormat: String, CaseIterable {
    case text
    case json

    init(parsing text: String) throws {
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
            throw ValidationError("must be " + RunConfiguration.list(Self.allCases.map { "'\($0.rawValue)'" }))
        }
        self = format
    }
}

extension ArgumentValue {
    /// One of an enumeration's names, e.g. `--strategy serial`.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String) throws -> Choice
    where Choice.RawValue == String {
        guard let value = Choice(rawValue: text.lowercased()) else {
            throw ValidationError("must be one of " + names(of: Choice.self).map { "'\($0)'" }.joined(separator: ", "))
        }
        return value
    }

    /// The names an option of `Choice` takes, in the enumeration's order: for its value name in
    /// help, its completions and its error.
    static func names<Choice: RawRepresentable & CaseIterable>(of _: Choice.Type) -> [String] where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue)
    }

    /// `--speed`: a fraction of full speed, `0.25` or `25%`.
    static func speed(_ text: String) throws -> Double {
        let range = RunConfiguration.speedRange
        guard let value = fractionOrPercentage(text), range.contains(value) else {
            throw ValidationError(
                "must be a fraction of full speed from \(range.lowerBound) to \(range.upperBound) (e.g. 0.25) or a percentage (e.g. 25%)")
        }
        return value
    }

    /// A factor such as `2`, `0.25` or `2x`, within `range`.
    static func factor(_ given: String, in range: ClosedRange<Double>) throws -> Double {
        let number = given.lowercased().hasSuffix("x") || given.hasSuffix("×") ? String(given.dropLast()) : given
        guard let value = Double(number), range.contains(value) else {
            throw ValidationError(
                "must be a factor from \(Self.text(fraction: range.lowerBound)) to \(Self.text(fraction: range.upperBound)), e.g. 2 (twice as fast) or 0.25")
        }
        return value
    }

    /// The units a time is written in, largest first, each with its length in microseconds.
    static let timeUnits: [(suffix: String, microseconds: Int64)] = [
        ("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000), ("ms", 1000), ("us", 1), ("µs", 1),
    ]

    /// A time such as `2s`, `500ms`, `1.5m`, `8h`, `2d`, `500us` or several units from the largest
    /// down, `1h30m` or `1m30s`; a bare number is seconds.
    static func duration(_ text: String, in range: ClosedRange<Duration>) throws -> Duration {
        let upper = range.upperBound / .microseconds(1)
        guard let microseconds = Self.microseconds(in: text), microseconds.isFinite, microseconds <= upper,
            range.contains(.microseconds(Int64(microseconds.rounded())))
        else {
            let lower = range.lowerBound == .zero ? "0" : Self.text(range.lowerBound)
            // Only examples the option takes.
            let examples = [Duration.milliseconds(500), .seconds(2), .seconds(600), .seconds(8 * 3600)].filter(range.contains).map { Self.text($0) }
            let listed = examples.dropLast().joined(separator: ", ") + (examples.count > 1 ? " or " : "") + (examples.last ?? "")
            let units = RunConfiguration.list(timeUnits.map(\.suffix).filter { $0 != "µs" })
            throw ValidationError(
                "must be a time from \(lower) to \(Self.text(range.upperBound)): a number and a unit (\(units)), or several from the largest down as 1m30s; e.g. \(listed)")
        }
        return .microseconds(Int64(microseconds.rounded()))
    }

    /// `text` in microseconds: a bare number of seconds, or numbers each with a unit of
    /// `timeUnits`, every unit smaller than the one before; `nil` if it is neither.
    private static func microseconds(in text: String) -> Double? {
        var rest = Substring(text.lowercased())
        let isNumeral = { (character: Character) in character.isASCII && (character.isNumber || character == ".") }
        if !rest.isEmpty && rest.allSatisfy(isNumeral) { return Double(rest).map { $0 * 1_000_000 } }
        var total = 0.0
        var previous = Int64.max
        while !rest.isEmpty {
            let number = rest.prefix(while: isNumeral)
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { !isNumeral($0) }
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), let length = timeUnits.first(where: { $0.suffix == unit })?.microseconds, length < previous
            else { return nil }
            total += value * Double(length)
            previous = length
        }
        return text.isEmpty ? nil : total
    }
}

extension ArgumentValue {
    /// A time as the options take it, from hours down: `10m`, `1m30s`, `1s500ms`, `168h`.
    static func text(_ duration: Duration) -> String {
        var rest = Int64((duration / .microseconds(1)).rounded())
        guard rest > 0 else { return "0ms" }
        let units: [(suffix: String, microseconds: Int64)] = [
            ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000), ("ms", 1000), ("us", 1),
        ]
        var text = ""
        for unit in units where rest >= unit.microseconds {
            text += "\(rest / unit.microseconds)\(unit.suffix)"
            rest %= unit.microseconds
        }
        return text
    }

    /// A fraction as the options take it: `0.1`, and `0` rather than `0.0`.
    static func text(fraction: Double) -> String {
        fraction == fraction.rounded() ? "\(Int(fraction))" : "\(fraction)"
    }

    /// A flag's state in help: `on` or `off`.
    static func text(flag: Bool) -> String {
        flag ? "on" : "off"
    }
}
