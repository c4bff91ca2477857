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
            throw ValidationError("must be 'text' or 'json'")
        }
        self = format
    }
}

extension ArgumentValue {
    /// One of an enumeration's names, e.g. `--strategy serial`.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String) throws -> Choice
    where Choice.RawValue == String {
        guard let value = Choice(rawValue: text.lowercased()) else {
            throw ValidationError("must be one of " + Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
        }
        return value
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

    /// A time such as `2s`, `500ms`, `1.5m` or `8h`; a bare number is seconds.
    static func duration(_ text: String, in range: ClosedRange<Duration>) throws -> Duration {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let lowered = text.lowercased()
        let (number, scale) = units.first { lowered.hasSuffix($0.suffix) }
            .map { (String(lowered.dropLast($0.suffix.count)), $0.seconds) } ?? (lowered, 1)
        let upper = range.upperBound.components.seconds
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= Double(upper),
            range.contains(.milliseconds(Int64((value * scale * 1000).rounded())))
        else {
            let lower = range.lowerBound == .zero ? "0" : Self.text(range.lowerBound)
            // Only examples the option takes.
            let examples = [Duration.milliseconds(500), .seconds(2), .seconds(600), .seconds(8 * 3600)].filter(range.contains).map { Self.text($0) }
            let listed = examples.dropLast().joined(separator: ", ") + (examples.count > 1 ? " or " : "") + (examples.last ?? "")
            throw ValidationError("must be a time from \(lower) to \(Self.text(range.upperBound)), e.g. \(listed)")
        }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}

extension ArgumentValue {
    /// A time as the options take it, in the largest unit that writes it whole: `10m`, `90s`.
    static func text(_ duration: Duration) -> String {
        let milliseconds = Int64((duration / .milliseconds(1)).rounded())
        let units: [(suffix: String, milliseconds: Int64)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        let unit = units.first { milliseconds > 0 && milliseconds % $0.milliseconds == 0 } ?? ("ms", 1)
        return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
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
