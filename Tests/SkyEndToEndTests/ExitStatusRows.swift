/// The exit statuses a command's `--help` lists in its "Exit status:" block, and those a table of
/// docs/cli.md lists, for holding the docs to the code.
enum ExitStatusRows {
    /// The statuses of the "Exit status:" block of `help`: a row begins with its status, and the
    /// signals' row names the other three before "SIG".
    static func inHelp(_ help: String) -> Set<Int> {
        let block = help.components(separatedBy: "Exit status:\n").last?.components(separatedBy: "\n\n").first ?? ""
        var statuses: Set<Int> = []
        for line in block.split(separator: "\n") {
            for match in line.matches(of: /^  (\d+) |(\d+) SIG/) {
                if let status = Int(match.1 ?? match.2 ?? "") { statuses.insert(status) }
            }
        }
        return statuses
    }

    /// The statuses in the first cells of a Markdown table's rows (`| 129, 130 | … |`).
    static func inTable(_ markdown: some StringProtocol) -> Set<Int> {
        var statuses: Set<Int> = []
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            for word in (line.split(separator: "|").first ?? "").split(separator: ",") {
                if let status = Int(word.trimmingCharacters(in: .whitespaces)) { statuses.insert(status) }
            }
        }
        return statuses
    }
}
