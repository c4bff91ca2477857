import ArgumentParser

/// The command tree that `sky --generate-completion-script` is made from: Sky's, with the run's
/// options on the root. `sky` alone is the run (the default subcommand), and ArgumentParser's
/// scripts complete the root's options and the subcommands' names there, not a default
/// subcommand's options. Never parsed for a run.
struct CompletionRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Sky.configuration.commandName, abstract: Sky.configuration.abstract, version: Sky.configuration.version,
        subcommands: Sky.configuration.subcommands, helpNames: Sky.subcommandHelpNames)

    /// Exactly the run's options: its own command as a group of them.
    @OptionGroup var run: RunCommand
}
