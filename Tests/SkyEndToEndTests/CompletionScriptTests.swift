import Foundation
import Testing

/// `sky --generate-completion-script SHELL`: ArgumentParser's scripts, made from a tree with the
/// run's options on the root, since `sky` alone is the run. The bash script is sourced in bash and
/// asked, as bash's programmable completion asks it, what it offers.
@Suite("Completion scripts", .serialized)
struct CompletionScriptTests {
    /// What the bash script offers for the command line `words`, the last being the word under
    /// the cursor, run in `folder` (for file names).
    static func bash(_ words: [String], in folder: String = "/") throws -> Set<String> {
        let script = SkyBinary.temporaryPath("sky.bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let made = try SkyBinary.shell("\"$SKY\" --generate-completion-script bash > '\(script)'")
        #expect(made.status == 0, "\(made.stderr)")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let outcome = try SkyBinary.shell("""
            cd '\(folder)' && source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _sky sky "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return Set(outcome.stdout.split(separator: "\n").map(String.init))
    }

    /// The strategies as `--strategy fast`'s error lists them.
    static func strategies() throws -> Set<String> {
        let refused = try SkyBinary.run(["--strategy", "fast"]).stderr
        let list = try #require(refused.components(separatedBy: "must be one of ").last?.components(separatedBy: " (see").first)
        return Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "' ")) })
    }

    @Test("bash offers --strategy's values, every one the parser takes")
    func strategyValues() throws {
        let strategies = try Self.strategies()
        #expect(strategies.count >= 12)
        #expect(try Self.bash(["sky", "--strategy", ""]) == strategies)
        #expect(try Self.bash(["sky", "--total", "5", "--strategy", "a"]) == strategies.filter { $0.hasPrefix("a") })
        #expect(try Self.bash(["sky", "soak", "--errors", ""]) == ["result", "throw", "collect", "cancel"])
        #expect(try Self.bash(["sky", "--format", ""]) == ["text", "json"])
    }

    @Test("bash offers the run's options after sky itself, with the subcommands, and each subcommand's own")
    func options() throws {
        let root = try Self.bash(["sky", ""])
        for word in ["--total", "--strategy", "--no-tui", "--events", "--metrics-file", "run", "soak", "replay", "compare", "fleet", "lesson", "bench"] {
            #expect(root.contains(word), "\(word) not offered")
        }
        #expect(try Self.bash(["sky", "--str"]) == ["--strategy"])
        #expect(try Self.bash(["sky", "soak", "--dur"]) == ["--duration"])
        // sky compare refuses a single run's options, so they are not offered.
        #expect(try Self.bash(["sky", "compare", "--ev"]).isEmpty)
        #expect(try Self.bash(["sky", "fleet", "--"]) == ["--format", "--expect", "--expect-hosts", "--version", "--help"])
    }

    @Test("bash offers file names for the path options and sky replay's file")
    func files() throws {
        let folder = SkyBinary.temporaryPath("completion")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/run.jsonl", contents: Data()))
        for words in [["sky", "--events", "r"], ["sky", "--trace", "r"], ["sky", "soak", "--metrics-file", "r"], ["sky", "replay", "r"]] {
            #expect(try Self.bash(words, in: folder) == ["run.jsonl"], "\(words)")
        }
    }

    @Test("zsh and fish scripts hold the run's options and --strategy's values", arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        let outcome = try SkyBinary.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0)
        for word in try Self.strategies().union(["total", "strategy", "metrics-file", "replay", "compare"]) {
            #expect(outcome.stdout.contains(word), "no \(word) in the \(shell) script")
        }
    }

    @Test("An unknown shell is bad input: one line naming the shells")
    func unknownShell() throws {
        let outcome = try SkyBinary.run(["--generate-completion-script", "tcsh"])
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(outcome.stderr.contains("'tcsh'"), "\(outcome.stderr)")
        for shell in ["bash", "zsh", "fish"] { #expect(outcome.stderr.contains(shell), "\(outcome.stderr)") }
    }
}
