/// The timeline panel read back from a captured screen, as a person reads it: the scale in its
/// title, where its first column is (the axis's `0s`), and each slot's lane from that column on.
struct ScreenTimeline {
    /// Microseconds a column stands for.
    let columnWidth: Int64
    /// Each slot's cells, from the timeline's first column.
    let lanes: [Int: [Character]]

    /// An end's glyph, or the count of the ends that share a column.
    static let marks: Set<Character> = ["✓", "✗", "⊘", "2", "3", "4", "5", "6", "7", "8", "9", "+"]
    static let spans: [String: Character] = ["high": "▆", "medium": "▄", "low": "▂"]

    /// `nil` when the screen has no timeline starting at time zero.
    init?(_ screen: String) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let title = lines.firstIndex(where: { String($0).contains(" Timeline  1 column = ") }),
              let scale = String(lines[title]).firstMatch(of: /1 column = ([0-9.]+) (ms|s)/),
              let value = Double(scale.1)
        else { return nil }
        columnWidth = Int64((value * (scale.2 == "ms" ? 1e3 : 1e6)).rounded())
        var lanes: [Int: [Character]] = [:]
        var row = title + 1
        while row < lines.count, let match = String(lines[row]).firstMatch(of: /^ slot +([0-9]+)[ ]/) {
            lanes[Int(match.1)!] = lines[row]
            row += 1
        }
        // The axis follows the lanes and the history rows; its `0s` sits over the first column.
        guard let axis = lines[row...].lazy.compactMap({ String($0).firstMatch(of: /^( +)0s( |$)/) }).first else { return nil }
        let first = axis.1.count
        self.lanes = lanes.mapValues { Array($0.dropFirst(first)) }
    }

    /// The column holding `microseconds` since the start.
    func column(_ microseconds: Int64) -> Int { Int(microseconds / columnWidth) }

    /// The marks of a lane: column and glyph.
    func marks(slot: Int) -> [(column: Int, glyph: Character)] {
        (lanes[slot] ?? []).enumerated().compactMap { Self.marks.contains($0.element) ? ($0.offset, $0.element) : nil }
    }
}
