import SkyCore
import SkyReport
import SkyReplay

/// What `sky replay FILE --no-tui` does with a file: reads its run line, plays every line through
/// the run book's rules, and prints the summary, or refuses the file with one line.
enum ReplayReaderTarget {
    static func read(_ path: String) {
        let player: RecordedRunPlayer
        do {
            player = RecordedRunPlayer(file: try RecordedRunFile(path: path))
            try player.playToEnd()
        } catch let broken as RecordedRunFile.Broken {
            ShownSafely.check(broken.description, "the refusal of a broken file")
            return
        } catch let refused as RecordedRunFile.OpenError {
            ShownSafely.check(refused.description, "the refusal of a file that cannot be opened")
            return
        } catch {
            fatalError("the reader threw what sky replay does not expect: \(error)")
        }
        // `sky replay` relies on this: a file read to its end without a refusal holds a whole run.
        guard let summary = player.replay.summary else { fatalError("a file read to its end holds no finished run") }
        let counts = summary.counters
        guard counts.running == 0, counts.waiting == 0, counts.inStream == 0 else {
            fatalError("a finished run still has scans under way: \(counts)")
        }
        ShownSafely.check(TextSummary.format(summary, replay: "sky replay FILE"), "the summary")
    }
}
