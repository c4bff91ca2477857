import ArgumentParser

/// Entry point. Parses and runs `Sky`, turning every usage error into one line on stderr with exit
/// status 64, instead of ArgumentParser's multi-line usage dump.
@main
enum SkyMain {
    static func main() {
        // First of all, before the runtime starts threads that would inherit the signal mask.
        SignalTrap.install()
        // Subcommands are parsed on their own rather than as ArgumentParser subcommands: as
        // subcommands, their options (`sky lesson --work`, `sky bench --format`) would be taken
        // by the parent command's options of the same names.
        var arguments = Array(CommandLine.arguments.dropFirst())
        let subcommand = arguments.first.flatMap { subcommands[$0] }
        if subcommand != nil { arguments.removeFirst() }
        let command = subcommand ?? Sky.self
        do {
            var parsed = try command.parseAsRoot(arguments)
            try parsed.run()
        } catch {
            let status = command.exitCode(for: error)
            if status == .success {
                // --help and --version arrive as errors too.
                let text = command.fullMessage(for: error)
                if !text.isEmpty { print(text) }
                Process.exit(0)
            }
            let message = command.message(for: error)
            if !message.isEmpty {
                var line = message.split(separator: "\n").first.map(String.init) ?? message
                if line.hasPrefix("Unknown option") {
                    line += "; the options are " + options(of: command).joined(separator: " ")
                }
                let name = command.configuration.commandName ?? "sky"
                StandardError.write("sky: error: \(line) (see '\(name) --help')\n")
            }
            Process.exit(status.rawValue)
        }
    }

    /// `sky NAME …` runs the command named here (`sky soak`, `sky lesson`, `sky bench`).
    static let subcommands: [String: any ParsableCommand.Type] = [
        "lesson": LessonCommand.self,
        "soak": SoakCommand.self,
        "bench": BenchCommand.self,
    ]

    /// Every long option of `command`, read from its help text so the list cannot fall out of date.
    static func options(of command: any ParsableCommand.Type) -> [String] {
        var seen: [String] = []
        // Words of the help, without the punctuation of prose around them ("(… --quick).",
        // "--duration:"), and with a flag pair split in two ("--verify/--no-verify").
        for word in command.helpMessage(columns: 10_000).split(whereSeparator: { " ,\n<>()'.:/".contains($0) })
        where word.hasPrefix("--") && word.count > 2 && !seen.contains(String(word)) {
            seen.append(String(word))
        }
        return seen
    }
}
