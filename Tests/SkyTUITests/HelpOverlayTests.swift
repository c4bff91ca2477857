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
