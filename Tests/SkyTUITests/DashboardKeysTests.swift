import Foundation
import SkyTUI
import Testing

@Suite("Dashboard keys: one declaration for the handling, the help and the README")
struct DashboardKeysTests {
    @Test("No key is in two rows, and every action has a key")
    func declaration() {
        var seen: Set<Key> = []
        for row in DashboardKeys.rows {
            for key in row.actions.keys {
                #expect(seen.insert(key).inserted, "\(key) is in two rows")
            }
        }
        let actions = Set(DashboardKeys.rows.flatMap(\.actions.values))
        #expect(actions == Set(KeyAction.allCases))
    }

    @Test("The help overlay lists every row of keys with its help, scrolled down to where it does not fit")
    func overlay() {
        var state = Scene.help.state(size: TerminalSize(width: 120, height: 40))
        var frame = DashboardView.render(state).text
        var lines = frame.split(separator: "\n")
        // A few pages at most: the help is a few screens of text.
        for _ in 0..<4 {
            _ = state.update(.key(.pageDown))
            frame = DashboardView.render(state).text
            lines += frame.split(separator: "\n")
        }
        for row in DashboardKeys.rows {
            let first = row.help.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(lines.contains { $0.contains(row.label) && $0.contains(first) }, "no \(row.label) in\n\(frame)")
        }
    }

    /// The README's list of keys: under a heading "Keys", the table rows whose first cell is a key
    /// label in backticks, as (label, text). `nil` when the README has no such heading.
    static func readmeRows(_ text: String) -> [(label: String, text: String)]? {
        var underKeys = false
        var found = false
        var inCode = false
        var rows: [(label: String, text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if inCode { continue }
            if line.hasPrefix("#") {
                underKeys = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == "Keys"
                found = found || underKeys
                continue
            }
            guard underKeys, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            rows.append((cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2]))
        }
        return found ? rows : nil
    }

    @Test("The README's keys are the declared rows, in order, each text beginning with the declared help")
    func readme() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = try #require(Self.readmeRows(text), "README.md has no \"Keys\" heading")
        #expect(rows.map(\.label) == DashboardKeys.rows.map(\.label))
        for (readme, declared) in zip(rows, DashboardKeys.rows) {
            #expect(readme.text.hasPrefix(declared.help), "README's \(readme.label): \"\(readme.text)\" should begin with \"\(declared.help)\"")
        }
    }

    @Test("The README parser reads labels and texts under Keys only, outside code blocks")
    func readmeParser() throws {
        let text = """
            # Sky
            | `x` | not under Keys |
            ## Keys
            | key | what it does |
            |---|---|
            | `q Esc ^C` | Quit: now. |
            | any other key | not a key row |
            ```
            # a shell comment, not a heading
            ```
            | `?` | Help. |
            ## Flags
            | `--total` | not a key |
            """
        let rows = try #require(Self.readmeRows(text))
        #expect(rows.map(\.label) == ["q Esc ^C", "?"])
        #expect(rows.map(\.text) == ["Quit: now.", "Help."])
        #expect(Self.readmeRows("# Sky\n| `q` | Quit. |") == nil)
    }
}
