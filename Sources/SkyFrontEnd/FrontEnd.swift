import ArgumentParser
public import SkyCore

/// Sky's front end: the commands, the dashboard, headless runs, the events file, the trace,
/// `compare` and `replay`, for the `sky` executable and for a package that brings strategies of
/// its own, which `--strategy` then names beside Sky's (`Examples/GrowingWindow`).
public enum FrontEnd {
    /// Parses the command line and runs it, turning every usage error into one line on stderr with
    /// exit status 64, instead of ArgumentParser's multi-line usage dump; then exits.
    public static func run(adding strategies: [OwnStrategy] = []) -> Never {
        StandardOutput.reserveClosedDescriptors()
        // First of all, before the runtime starts threads that would inherit the signal mask.
        SignalTrap.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            // Before the arguments are read: `--strategy` takes their names.
            try OwnStrategy.add(strategies)
        } catch {
            StandardError.write("sky: error: \(error.option): \(error.description)\n")
            Process.exit(ExitStatus.badInput.code)
        }
        // ArgumentParser's scripts complete a command's own options, not those of its default
        // subcommand: `CompletionRoot` has the run's on the root, as `sky` alone is the run.
        if arguments.first?.hasPrefix("--generate-completion-script") == true {
            do {
                _ = try CompletionRoot.parseAsRoot(arguments)
            } catch {
                guard CompletionRoot.exitCode(for: error) == .success else {
                    let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
                    let problem = CompletionRoot.message(for: error).split(separator: "\n").first ?? ""
                    StandardError.write("sky: error: \(problem) The shells are \(shells).\n")
                    Process.exit(ExitStatus.badInput.code)
                }
                StandardOutput.write(CompletionRoot.fullMessage(for: error) + "\n")
                Process.exit(ExitStatus.success.code)
            }
        }
        do {
            var command = try Sky.parseAsRoot(arguments)
            try command.run()
        } catch {
            let status = Sky.exitCode(for: error)
            if status == .success {
                // --help and --version arrive as errors too.
                let text = Sky.fullMessage(for: error)
                if !text.isEmpty && !StandardOutput.write(text + "\n") {
                    if let failure = StandardOutput.failure { StandardError.write("sky: error: could not write to stdout (\(failure))\n") }
                    Process.exit(ExitStatus.outputIncomplete.code)
                }
                Process.exit(ExitStatus.success.code)
            }
            let message = Sky.message(for: error)
            if !message.isEmpty {
                let subcommand = Sky.subcommand(for: arguments)
                var line = message.split(separator: "\n").first.map(String.init) ?? message
                if line.hasPrefix("Unknown option") {
                    // After the parser's own "Did you mean '--total'?", if it has one.
                    line += (line.hasSuffix("?") ? " The options are " : "; the options are ") + options(of: subcommand).joined(separator: " ")
                }
                StandardError.write("sky: error: \(line) (see '\(Sky.invocation(of: subcommand)) --help')\n")
            }
            Process.exit(status.rawValue)
        }
        Process.exit(ExitStatus.success.code)
    }

    /// Every long option `subcommand` takes, as the parser holds them.
    static func options(of subcommand: any ParsableCommand.Type) -> [String] {
        ParserDump.sky().command.command(named: subcommand.configuration.commandName ?? "")?.longOptions ?? []
    }
}
