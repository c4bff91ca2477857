import Foundation
import Testing

/// docs/cli.md's reference and docs/sky.1 come from the parser: the tests fail when either drifts
/// from what the built `sky` says. `SKY_UPDATE_DOCS=1 swift test --filter CommandReference`
/// rewrites docs/cli.md's generated part; docs/cli.md says how to make docs/sky.1.
@Suite("The command reference", .serialized)
struct CommandReferenceTests {
    /// The line after which docs/cli.md is generated; what is above it is written by hand.
    static let marker = "<!-- Generated from the parser below this line: SKY_UPDATE_DOCS=1 swift test --filter CommandReference -->"

    /// Sky's commands as the parser dumps them (`--experimental-dump-help`).
    static func dump() throws -> [String: Any] {
        let outcome = try SkyBinary.run(["--experimental-dump-help"])
        #expect(outcome.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        return try #require(root["command"] as? [String: Any])
    }

    /// The subcommands `sky --help` must name, as the parser holds them: name and abstract.
    static func subcommands() throws -> [(name: String, abstract: String)] {
        let commands = try #require(try dump()["subcommands"] as? [[String: Any]])
        // Less ArgumentParser's own `help`, which is no command of Sky's.
        return commands.filter { $0["shouldDisplay"] as? Bool ?? true && $0["commandName"] as? String != "help" }.map { ($0["commandName"] as? String ?? "", $0["abstract"] as? String ?? "") }
    }

    /// The long options a command's dump shows, as the command line writes them.
    static func options(of command: [String: Any]) -> Set<String> {
        var options: Set<String> = []
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
            for name in argument["names"] as? [[String: String]] ?? [] where name["kind"] == "long" { options.insert("--" + (name["name"] ?? "")) }
        }
        return options
    }

    /// The reference as the parser gives it: each command's help, at 80 columns, in a section of
    /// its own (`## \`sky compare\``, which docs link to as #sky-compare).
    static func generated() throws -> String {
        var text = ""
        for (name, _) in try subcommands() {
            let invocation = name == "run" ? "sky" : "sky \(name)"
            let help = try SkyBinary.shell("COLUMNS=80 \"$SKY\" \(name) --help")
            #expect(help.status == 0, "\(help.stderr)")
            text += "\n## `\(invocation)`\n\n```text\n\(help.stdout.trimmingCharacters(in: .newlines))\n```\n"
        }
        return text
    }

    @Test("docs/cli.md's reference is what the parser says (SKY_UPDATE_DOCS=1 rewrites it)")
    func referenceMatchesParser() throws {
        let path = SkyBinary.packageRoot + "/docs/cli.md"
        var docs = try String(contentsOfFile: path, encoding: .utf8)
        let handWritten = try #require(docs.components(separatedBy: Self.marker + "\n").first)
        let expected = handWritten + Self.marker + "\n" + (try Self.generated())
        if ProcessInfo.processInfo.environment["SKY_UPDATE_DOCS"] == "1" && docs.contains(Self.marker) {
            try expected.write(toFile: path, atomically: true, encoding: .utf8)
            docs = expected
        }
        #expect(docs.contains(Self.marker), "docs/cli.md has no line \(Self.marker)")
        #expect(docs == expected, "docs/cli.md has drifted from the parser: SKY_UPDATE_DOCS=1 swift test --filter CommandReference")
        // The hand-written part stays short; the reference below it may be long.
        #expect(handWritten.utf8.count < 12_000)
    }

    @Test("docs/sky.1 names every subcommand and every option the parser has, and no other")
    func manualMatchesParser() throws {
        let manual = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/sky.1", encoding: .utf8)
        let root = try Self.dump()
        var fromParser: Set<String> = Self.options(of: root)
        for command in root["subcommands"] as? [[String: Any]] ?? [] { fromParser.formUnion(Self.options(of: command)) }
        // The manual is read with man, not --help.
        fromParser.remove("--help")
        var inManual: Set<String> = []
        for match in manual.matches(of: /Fl (-[a-z][a-z-]*)/) { inManual.insert("-" + match.1) }
        #expect(inManual == fromParser, "regenerate docs/sky.1 as docs/cli.md says")
        for (name, _) in try Self.subcommands() { #expect(manual.contains(".It Em \(name)\n"), "no \(name) in docs/sky.1") }
    }

    @Test("sky --help names every subcommand with its abstract, and still shows the run's options")
    func helpNamesSubcommands() throws {
        let help = try SkyBinary.shell("COLUMNS=80 \"$SKY\" --help")
        #expect(help.status == 0)
        let block = try #require(help.stdout.components(separatedBy: "Subcommands ").dropFirst().first?.components(separatedBy: "\n\n").first)
        let flattened = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let subcommands = try Self.subcommands()
        #expect(subcommands.map(\.name) == ["run", "lesson", "soak", "bench", "replay", "compare", "fleet"])
        for (name, abstract) in subcommands {
            #expect(block.contains("\n  \(name) "), "no \(name) in\n\(block)")
            #expect(flattened.contains(abstract), "no abstract of \(name) in\n\(block)")
        }
        #expect(help.stdout.contains("  --strategy <"))
    }

    @Test("Each command's help lists exactly the options its parser shows; compare's none of a single run's",
          arguments: ["run", "soak", "lesson", "bench", "replay", "compare", "fleet"])
    func helpListsWhatItTakes(command: String) throws {
        let dumped = try #require((try Self.dump()["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == command })
        let help = try SkyBinary.run([command, "--help"]).stdout
        let options = try #require(help.components(separatedBy: "\nOPTIONS:\n").last?.components(separatedBy: "\n\n").first)
        var listed: Set<String> = []
        for match in options.matches(of: /(?:^|\n)  (?:-[a-z], )?(--[a-z][a-z-]*)(?:\/(--[a-z][a-z-]*))?/) {
            listed.insert(String(match.1))
            if let second = match.2 { listed.insert(String(second)) }
        }
        #expect(listed == Self.options(of: dumped), "\(options)")
        if command == "compare" {
            // Not listed, and refused by name rather than ignored.
            let refused = [
                ["--events", SkyBinary.temporaryPath("events.jsonl")], ["--trace", SkyBinary.temporaryPath("trace.json")],
                ["--metrics-file", SkyBinary.temporaryPath("sky.prom")], ["--report-every", "1s"], ["--explain"], ["--projector"],
                ["--counters", "direct"],
            ]
            for option in refused {
                #expect(!listed.contains(option[0]))
                let outcome = try SkyBinary.run(["compare", "serial", "batched", "--total", "2", "--work", "0"] + option)
                #expect(outcome.status == 64)
                #expect(outcome.stderr.contains("\(option[0]) is for a single run"), "\(outcome.stderr)")
            }
        }
    }

    @Test("An unknown option's hint offers exactly what that command takes", arguments: ["run", "soak", "lesson", "compare", "replay", "fleet", "bench"])
    func unknownOptionHint(command: String) throws {
        let dumped = try #require((try Self.dump()["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == command })
        // The arguments a command needs before it looks at options.
        let needed = ["compare": ["serial", "batched"], "replay": ["run.jsonl"], "fleet": ["."]][command] ?? []
        let outcome = try SkyBinary.run([command] + needed + ["--bogus"])
        #expect(outcome.status == 64)
        let offered = try #require(outcome.stderr.components(separatedBy: "the options are ").last?.components(separatedBy: " (see").first)
        #expect(Set(offered.split(separator: " ").map(String.init)) == Self.options(of: dumped), "\(outcome.stderr)")
        let near = try SkyBinary.run([command] + needed + ["--formatt"])
        #expect(near.stderr.contains("Did you mean '--format'? The options are "), "\(near.stderr)")
    }
}
