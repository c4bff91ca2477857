import SkyTUI
import Testing

/// At a projector's 80×24 every label is whole: a word cut at a panel's edge (`ETA none le`,
/// `all run a`) reads as another word, or as none, from the back of a hall.
@Suite("No label is cut mid-word at 80×24")
struct ProjectorSizeTests {
    static let projector = TerminalSize(width: 80, height: 24)
    /// Wide enough that nothing is cut: the words every label is made of.
    static let wide = TerminalSize(width: 400, height: 24)

    /// Sections whose rows hold text from elsewhere (an error's description, the narration, the
    /// source), not labels; their titles are still checked.
    static let contentSections: Set<String> = ["Errors", "Explain", "Code"]

    /// The words of `text`'s labels: every row but the rows of a content section and the timeline's
    /// cells, split at spaces, keeping only words with a letter in them (figures and glyphs change
    /// with the width).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var section = ""
        for line in text.split(separator: "\n") {
            let isTitle = line.hasPrefix("── ") || line.hasPrefix("-- ")
            if isTitle { section = String(line.dropFirst(3).prefix { $0 != " " }) }
            guard isTitle || !contentSections.contains(section) else { continue }
            var tokens = line.split(separator: " ").map(String.init)
            // A timeline row is its label (`slot 0`, `threads 0-2`), then cells (letters in ASCII).
            if section == "Timeline" && !isTitle { tokens = Array(tokens.prefix(2)) }
            words += tokens.filter { $0.contains { $0.isLetter } }
        }
        return words
    }

    /// A word of the frame at 80×24 that is no word of the frame with room for everything, nor a
    /// time on the axis (`2s`), nor the order row's letters packed (`HHMML`), nor a path's file
    /// name shown without its folders, was cut.
    static func cutWords(_ state: (TerminalSize) -> DashboardState) -> [String] {
        let whole = Set(words(DashboardView.render(state(wide)).text))
        return words(DashboardView.render(state(projector)).text).filter { word in
            !whole.contains(word) && !word.allSatisfy({ "HML".contains($0) }) && !(word.last == "s" && word.dropLast().allSatisfy(\.isNumber))
                && !whole.contains { $0.hasSuffix("/" + word) || $0.hasSuffix("/" + word + ":") }
        }
    }

    @Test("Every scripted run's labels at 80×24 are whole words", arguments: RunScene.allCases)
    func runScene(scene: RunScene) {
        let cut = Self.cutWords { scene.state(size: $0) }
        #expect(cut.isEmpty, "\(scene.rawValue): cut at 80×24: \(cut)")
    }

    @Test("Every scene's labels at 80×24 are whole words", arguments: Scene.allCases.filter { $0 != .help })
    func scene(scene: Scene) {
        let cut = Self.cutWords { scene.state(size: $0) }
        #expect(cut.isEmpty, "\(scene.rawValue): cut at 80×24: \(cut)")
    }

    @Test("Every scripted run's labels in the projector's view at 80×24 are whole words", arguments: RunScene.allCases)
    func projected(scene: RunScene) {
        let cut = Self.cutWords { scene.projected(size: $0) }
        #expect(cut.isEmpty, "\(scene.rawValue): cut at 80×24: \(cut)")
    }

    @Test("The canonical run, and a batch of 8, at 80×24 keep a lane per slot, shaped by priority, and the threads and queue rows",
          arguments: [(RunScene.canonicalRunning, 4), (.batch8, 8)])
    func lanes(scene: RunScene, slots: Int) {
        let lines = DashboardView.render(scene.state(size: Self.projector)).text.split(separator: "\n")
        let timeline = lines.drop { !$0.hasPrefix("── Timeline") }.dropFirst()
        for slot in 0..<slots {
            let lane = timeline.first { $0.hasPrefix(" slot \(slot) ") }
            #expect(lane.map { $0.contains("▆") || $0.contains("▄") || $0.contains("▂") } == true, "slot \(slot): \(String(describing: lane))")
        }
        #expect(timeline.contains { $0.hasPrefix(" threads ") })
        #expect(timeline.contains { $0.hasPrefix(" queue ") })
        #expect(!timeline.contains { $0.hasPrefix(" slots ") })
        // What gave way: the slot lanes to their title, and for 8 slots throughput and latency.
        #expect(!lines.contains { $0.hasPrefix(" slot 0 ▶") })
        #expect(lines.contains { $0.contains("── Throughput") } == (slots <= 4))
        #expect(lines.contains { $0.hasPrefix(" scheduled 20/20") } && lines.contains { $0.hasPrefix(" order ") })
    }
}
