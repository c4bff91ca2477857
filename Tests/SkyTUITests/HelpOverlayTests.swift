import Foundation
import SkyCore
@testable import SkyTUI
import Testing

/// `?` explains what is on screen: every row label a frame can show, and every tag beside a figure.
@Suite("The help names every row and tag on screen")
struct HelpOverlayTests {
    /// The labels of the rows a frame shows in the Scans panel, and the Timeline's rows below its
    /// lanes (the lanes are slots, which the Slots entry explains).
    static func rowLabels(_ text: String) -> Set<String> {
        var labels: Set<String> = []
        var section = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("── ") || line.hasPrefix("-- ") {
                section = String(line.dropFirst(3).prefix { $0 != " " })
                continue
            }
            // A label is the words before its figures: `in group    4/4`, `done high 2/2`.
            let label = line.drop { $0 == " " }.split(separator: "  ", maxSplits: 1).first ?? ""
            let words = label.split(separator: " ").prefix { $0.allSatisfy(\.isLetter) }.map(String.init)
            guard let word = words.first else { continue }
            if section == "Scans" || (section == "Timeline" && !word.hasPrefix("slot")) {
                labels.formUnion(words)
            }
        }
        return labels
    }

    static func helpWords(_ glyphs: Glyphs) -> Set<String> {
        let text = HelpOverlay.entries(glyphs).map { $0.0 + " " + $0.1 }.joined(separator: " ")
        return Set(text.split { !$0.isLetter }.map(String.init))
    }

    @Test("Every row label of every scene, at a wide and a projector's size and in the projector's view, is a word of the help",
          arguments: RunScene.allCases)
    func everyRowLabel(scene: RunScene) {
        let words = Self.helpWords(.unicode)
        var seen: Set<String> = []
        for size in [TerminalSize(width: 120, height: 40), TerminalSize(width: 80, height: 24)] {
            seen.formUnion(Self.rowLabels(DashboardView.render(scene.state(size: size)).text))
            seen.formUnion(Self.rowLabels(DashboardView.render(scene.projected(size: size)).text))
        }
        #expect(seen.isSuperset(of: ["scheduled", "in", "completed", "failed", "cancelled", "done", "order"]), "\(seen)")
        #expect(seen.subtracting(words).isEmpty, "rows the help does not name: \(seen.subtracting(words))")
    }

    @Test("The tags beside figures (who counted them) are words of the help")
    func tags() {
        let words = Self.helpWords(.unicode)
        for source in CounterSource.allCases { #expect(words.contains(source.tag), "\(source.tag)") }
    }

    /// Every teaching dashboard the tests draw: each scene, scripted run and tag scene, at their
    /// sizes, as shown and in the projector's view; none with the help open over it.
    static var dashboards: [(String, DashboardState)] {
        let sizes = [TerminalSize(width: 120, height: 40), TerminalSize(width: 80, height: 24)]
        var states: [(String, DashboardState)] = []
        for size in sizes {
            states += Scene.allCases.filter { $0 != .help }.map { ($0.rawValue, $0.state(size: size)) }
            states += RunScene.allCases.flatMap { [($0.rawValue, $0.state(size: size)), ($0.rawValue, $0.projected(size: size))] }
        }
        for size in TagScene.sizes {
            states += TagScene.allCases.map { scene in
                var projected = scene.state(size: size)
                _ = projected.update(.key(.character("p")))
                return [(scene.rawValue, scene.state(size: size)), (scene.rawValue, projected)]
            }.joined()
        }
        return states
    }

    /// What a frame says beside its figures: the notes in the Scans, Throughput and Slots titles
    /// (`actor lag 40 ms`, `busy: others 35%`), the tags a slot's lane ends with (`never checks`,
    /// drawn as warnings), and the badge that names the run's state.
    static func tags(_ state: DashboardState) -> Set<String> {
        let grid = DashboardView.render(state)
        var tags: Set<String> = [HeaderPanel.badge(state).text]
        var section = ""
        for y in 0..<grid.size.height {
            let cells = grid.row(y)
            let line = String(cells.map(\.glyph))
            if line.hasPrefix("── ") { section = String(line.dropFirst(3).prefix { $0 != " " }) }
            for title in ["Scans", "Throughput", "Slots"] {
                // The note runs from its title to the rule that follows it.
                guard let start = line.range(of: "── \(title)  ") else { continue }
                let note = line[start.upperBound...].prefix { $0 != "─" }
                tags.formUnion(note.components(separatedBy: " \(state.glyphs.dot) ").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            guard section == "Slots", !line.hasPrefix("── ") else { continue }
            var run = ""
            for cell in cells {
                if cell.style == Style(.warn) {
                    run.append(cell.glyph)
                } else if !run.isEmpty {
                    tags.insert(run.trimmingCharacters(in: .whitespaces))
                    run = ""
                }
            }
            if !run.isEmpty { tags.insert(run.trimmingCharacters(in: .whitespaces)) }
        }
        return tags.filter { !$0.isEmpty }
    }

    /// A text's words as the help's are compared: lower case, a plural's `s` dropped.
    static func stems(_ text: some StringProtocol) -> [String] {
        text.lowercased().split { !$0.isLetter }.map { $0.hasSuffix("s") ? String($0.dropLast()) : String($0) }.filter { !$0.isEmpty }
    }

    /// A tag's phrases: its words between its figures (`40`, `35%`, `1.8`), colons, commas and
    /// brackets. `busy machine: others 35%, steal 4%` is `busy machine`, `others` and `steal`.
    static func phrases(_ tag: String) -> [[String]] {
        let figure = try! Regex(#"\S*[0-9]\S*|[:,;()]|\s\s+"#)
        return tag.split(separator: figure).map(Self.stems).filter { !$0.isEmpty }
    }

    /// Whether the help writes each of `tag`'s phrases, its words in a row.
    static func explains(_ tag: String, help: String) -> Bool {
        let text = " " + stems(help).joined(separator: " ") + " "
        return phrases(tag).allSatisfy { text.contains(" " + $0.joined(separator: " ") + " ") }
    }

    @Test("Every tag, title note and badge a teaching dashboard shows is written in the help, its words in a row")
    func everyTag() {
        let help = HelpOverlay.entries(.unicode).map { $0.0 + ". " + $0.1 }.joined(separator: " ")
        var seen: [String: String] = [:]
        for (name, state) in Self.dashboards {
            for tag in Self.tags(state) where seen[tag] == nil { seen[tag] = name }
        }
        let unexplained = seen.filter { !Self.explains($0.key, help: help) }
        #expect(unexplained.isEmpty, "tags the help does not write (and a scene that shows each): \(unexplained)")
        // The scenes show the tags the lessons rely on, and the check finds one the help lacks.
        for tag in ["never checks", "no run label", "closing", "ERROR HELD", "BODY RETURNED", "ORPHANS RUN ON", "CANCELLED", "STARTING"] {
            #expect(seen[tag] != nil, "no scene shows \(tag)")
        }
        for note in ["actor lag", "in the body's array", "lost with the body's array", "busy machine: others", "busy: others", "on a thread", "run at high"] {
            #expect(seen.keys.contains { $0.contains(note) }, "no scene shows \(note)")
        }
        #expect(Self.explains("actor lag 40 ms", help: help) && !Self.explains("actor stalls 40 ms", help: help))
        #expect(Self.phrases("busy machine: others 35%, steal 4%") == [["busy", "machine"], ["other"], ["steal"]])
    }

    @Test("A soak's help explains the soak's own panels, each by its title, and lists only the keys a soak takes")
    func soak() {
        let size = TerminalSize(width: 100, height: 30)
        let state = SoakViewTests.state(.running, size: size)
        let entries = HelpOverlay.entries(state)
        let terms = entries.map(\.0)
        // Every panel title on the soak's screen is a term of its help, and no teaching panel is.
        let titles = DashboardView.render(state).text.split(separator: "\n").filter { $0.hasPrefix("── ") }
            .map { String($0.dropFirst(3).prefix { $0 != " " }) }
        #expect(!titles.isEmpty)
        for title in titles { #expect(terms.contains(title), "\(title) is not explained") }
        for teaching in ["Scans", "Slots", "Timeline", "Explain", "Code"] { #expect(!terms.contains(teaching), "\(teaching)") }
        // The keys: those that do something in a soak at some point; not the teaching panels' (e, v, p) or a rerun's.
        let keys = Set(entries.map(\.0)).intersection(DashboardKeys.rows.map(\.label))
        for row in DashboardKeys.rows {
            let doesSomething = [RunPhase.running, .paused, .finished(.timeUp)].contains { row.isEnabled(state.at($0)) }
            #expect(keys.contains(row.label) == doesSomething, "\(row.label)")
        }
        #expect(!keys.contains(DashboardKeys.label(of: .switchPanel)) && keys.contains("space"))
    }
}
