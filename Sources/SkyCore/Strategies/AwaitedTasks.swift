/// **Awaiting a task raises its priority to the awaiter's.**
///
/// One scan at a time, each in a `Task.detached {}` at its scan's priority, which the loop then
/// awaits through `.value` before it asks for the next. A detached task inherits no priority:
/// it starts at the one it is given. But a task that awaits another's value lends it its own
/// priority where that is higher, so that what it waits for is not left behind work of lower
/// priority: a low scan awaited by this loop runs at the loop's priority, and keeps low as its
/// base (`Task.basePriority`). Escalation only raises: a scan above the loop's priority runs at
/// its own. Each scan reads `Task.currentPriority` on its first line, after the await.
///
/// A detached task is nobody's child, so cancelling the loop's task does not cancel it: the loop
/// passes a cancel on to the task it awaits.
struct AwaitedTasks: Strategy {
    func run(_ scans: Scans) async {
        while let scan = await scans.next() {
            let task = Task.detached(name: scan.name, priority: scan.priority) {
                await scan.run()
            }
            // The await escalates the task to this loop's priority, if that is higher.
            await withTaskCancellationHandler {
                _ = await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }
}
