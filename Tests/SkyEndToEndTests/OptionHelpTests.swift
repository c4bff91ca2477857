import Foundation
import Testing

/// The value lists in `sky --help` come from the code that takes the values: the strategies from
/// their enumeration, and which strategies take an option from `ScanStrategy.takes`, which
/// `RunConfiguration.problem` enforces. Each is checked against what the parser and the run do.
@Suite("Option help")
struct OptionHelpTests {
    /// `sky --help` with every line's wrapping undone.
    static func help() throws -> String {
        let help = try SkyBinary.shell("COLUMNS=80 \"$SKY\" --help").stdout
        return help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The help of the option whose line begins `start` in `sky --help`, its wrapping undone.
    static func help(of start: String) throws -> String {
        let help = try SkyBinary.shell("COLUMNS=80 \"$SKY\" --help").stdout
        let lines = help.split(separator: "\n").drop { !$0.hasPrefix("  " + start) }
        let block = [lines.first ?? ""] + lines.dropFirst().prefix { !$0.hasPrefix("  -") && !$0.isEmpty }
        return block.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The strategies, as `--strategy fast`'s error lists them.
    static func strategies() throws -> [String] {
        let refused = try SkyBinary.run(["--strategy", "fast"]).stderr
        let list = try #require(refused.components(separatedBy: "must be one of ").last?.components(separatedBy: " (see").first)
        return list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "' ")) }
    }

    @Test("--strategy's value list is every strategy the parser takes, in order")
    func strategyList() throws {
        let help = try Self.help()
        let valueName = try #require(help.firstMatch(of: /--strategy <([a-z|-]+)>/)?.1)
        #expect(valueName.split(separator: "|").map(String.init) == (try Self.strategies()))
    }

    /// Where the help of `option` names strategies (between `from` and `to`), the arguments that
    /// give it, and whether the strategies named are those that take it or those that refuse it.
    struct Naming: Sendable, CustomTestStringConvertible {
        var option: String
        var from: String
        var to: String
        var arguments: [String]
        var namesTakers = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("--errors throw and collect, --catalogue, --task-bag and --take name exactly the strategies that run with them", arguments: [
        Naming(option: "--errors <", from: "throw (", to: "; exit status", arguments: ["--errors", "throw"]),
        Naming(option: "--errors <", from: "collect (", to: ") or cancel (", arguments: ["--errors", "collect"]),
        Naming(option: "--errors <", from: "cancel (", to: ") (default", arguments: ["--errors", "cancel"]),
        Naming(option: "--catalogue <", from: "With --strategy ", to: ".", arguments: ["--catalogue", "racy"]),
        Naming(option: "--task-bag ", from: "With --strategy ", to: ":", arguments: ["--task-bag"]),
        Naming(option: "--take <", from: "nor --strategy ", to: ")", arguments: ["--take", "1"], namesTakers: false),
    ])
    func takers(naming: Naming) throws {
        let (option, from, to, arguments) = (naming.option, naming.from, naming.to, naming.arguments)
        let text = try Self.help(of: option)
        let span = try #require(text.components(separatedBy: from).dropFirst().first?.components(separatedBy: to).first)
        let words = Set(span.split(whereSeparator: { " ,()".contains($0) }).map(String.init))
        for strategy in try Self.strategies() {
            let outcome = try SkyBinary.run(["--strategy", strategy, "--total", "2", "--work", "0", "--no-tui"] + arguments)
            #expect((outcome.status != 64) == (words.contains(strategy) == naming.namesTakers), "\(strategy): help says \(span); \(outcome.stderr)")
        }
    }
}
