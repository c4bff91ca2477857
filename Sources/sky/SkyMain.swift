import ArgumentParser

/// Entry point. Parses and runs `Sky`, turning every usage error into one line on stderr with exit
/// status 64, instead of ArgumentParser's multi-line usage dump.
@main
enum SkyMain {
    static func main() {
        // First of all, before the runtime starts threads that would inherit the signal mask.
        SignalTrap.install()
        // `sky lesson` and `sky soak` are parsed on their own rather than as subcommands: as
        // subcommands, their options would be taken by the parent command's options of the same
        // names (--no-tui, --work, and all of soak's).
        var arguments = Array(CommandLine.arguments.dropFirst())
        var command: any ParsableCommand.Type = Sky.self
        if let first = arguments.first, let named = subcommands[first] {
            command = named
            arguments.removeFirst()
        }
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
                let help = command == Sky.self ? "sky --help" : "sky lesson --help"
                StandardError.write("sky: error: \(line) (see '\(help)')\n")
            }
            Process.exit(status.rawValue)
        }
    }

    /// The words that choose another command than `sky` itself.
    static let subcommands: [String: any ParsableCommand.Type] = [
        "lesson": LessonCommand.self,
        "soak": SoakCommand.self,
    ]

    /// Every long option, read from the help text so the list cannot fall out of date.
    static func options(of command: any ParsableCommand.Type) -> [String] {
        var seen: [String] = []
        for word in command.helpMessage(columns: 10_000).split(whereSeparator: { " ,\n<>".contains($0) })
        where word.hasPrefix("--") && word.count > 2 && !seen.contains(String(word)) {
            seen.append(String(word))
        }
        return seen
    }
}
