import ArgumentParser

/// Entry point. Parses and runs `Sky`, turning every usage error into one line on stderr with exit
/// status 64, instead of ArgumentParser's multi-line usage dump.
@main
enum SkyMain {
    static func main() {
        // First of all, before the runtime starts threads that would inherit the signal mask.
        SignalTrap.install()
        do {
            var command = try Sky.parseAsRoot()
            try command.run()
        } catch {
            let status = Sky.exitCode(for: error)
            if status == .success {
                // --help and --version arrive as errors too.
                let text = Sky.fullMessage(for: error)
                if !text.isEmpty { print(text) }
                Process.exit(0)
            }
            let message = Sky.message(for: error)
            if !message.isEmpty {
                var line = message.split(separator: "\n").first.map(String.init) ?? message
                if line.hasPrefix("Unknown option") {
                    line += "; the options are " + options.joined(separator: " ")
                }
                StandardError.write("sky: error: \(line) (see 'sky --help')\n")
            }
            Process.exit(status.rawValue)
        }
    }

    /// Every long option, read from the help text so the list cannot fall out of date.
    static var options: [String] {
        var seen: [String] = []
        for word in Sky.helpMessage(columns: 10_000).split(whereSeparator: { " ,\n<>".contains($0) })
        where word.hasPrefix("--") && word.count > 2 && !seen.contains(String(word)) {
            seen.append(String(word))
        }
        return seen
    }
}
