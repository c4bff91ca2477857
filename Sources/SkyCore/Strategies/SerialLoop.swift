/// **A serial loop: one scan after another, never two at once.**
///
/// The loop awaits each scan before it asks for the next, so no task group and no child task: the
/// scans run inline, in the loop's own task (named `serial loop`), and the next one is always the
/// highest-priority scan waiting, first in, first out within a priority. With `--spacing`, the
/// next scan starts that long after the last one ended: `scans.next()` sleeps the gap, which the
/// run book counts down. A cancel cancels the loop's task, and so the scan it awaits.
struct SerialLoop: Strategy {
    func run(_ scans: Scans) async {
        while let scan = await scans.next() {
            // Awaited right here: the next scan is not asked for until this one has ended.
            await scan.run()
        }
    }
}
