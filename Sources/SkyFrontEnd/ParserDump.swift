import ArgumentParser
import Foundation

/// What the parser knows of Sky's commands, read back from its own dump of them (ArgumentParser's
/// `--experimental-dump-help`, its ToolInfo): so an unknown option's hint offers exactly what the
/// command takes, never what its help's prose happens to mention.
struct ParserDump: Decodable {
    struct Command: Decodable {
        var commandName: String
        var subcommands: [Command]?
        var arguments: [Argument]?

        /// The subcommand named `name`, at any depth.
        func command(named name: String) -> Command? {
            if commandName == name { return self }
            return (subcommands ?? []).lazy.compactMap { $0.command(named: name) }.first
        }

        /// The options and flags it takes, as the command line writes them (`--total`), in the
        /// order its help lists them; the hidden ones left out.
        var longOptions: [String] {
            (arguments ?? []).filter { $0.kind != "positional" && $0.shouldDisplay }.flatMap { argument in
                (argument.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name }
            }
        }
    }

    struct Argument: Decodable {
        struct Name: Decodable {
            /// `long`, `short` or `longWithSingleDash`.
            var kind: String
            var name: String
        }

        /// `positional`, `option` or `flag`.
        var kind: String
        var names: [Name]?
        var shouldDisplay: Bool
    }

    var command: Command

    /// Sky's commands as the parser holds them.
    static func sky() -> ParserDump {
        let json: String
        do {
            _ = try Sky.parseAsRoot(["--experimental-dump-help"])
            preconditionFailure("--experimental-dump-help always ends the parse with its dump")
        } catch {
            json = Sky.fullMessage(for: error)
        }
        do {
            return try JSONDecoder().decode(ParserDump.self, from: Data(json.utf8))
        } catch {
            preconditionFailure("ArgumentParser's dump of Sky's commands cannot be read: \(error)")
        }
    }
}
