/// The children the engine keeps beside the strategy's task (`ScanModel+Strategy.swift`): they
/// carry what comes from outside the strategy's loop to the book and to the loop's task.
extension ScanModel {
    /// What wakes the engine.
    enum Wake: Sendable {
        /// A control arrived (a key, a signal), or the inbox was rung.
        case control
        /// `--duration` may have run out.
        case deadline
        /// The strategy's task returned.
        case loopEnded
    }

    /// Adds the children that wake the engine for something other than the strategy's return:
    /// one waiting for the next control, with `--duration` one sleeping until the time is up, and
    /// with `--cancel-after` one that sends the cancel when its time comes.
    func addWatchers(to group: inout ThrowingTaskGroup<Wake, any Error>) {
        addControlWatcher(to: &group)
        if let duration = configuration.duration {
            let deadline = origin + duration
            group.addTask(name: "deadline") {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return .deadline
            }
        }
        if let cancelAfter = configuration.cancelAfter {
            let (inbox, moment) = (self.inbox, origin + cancelAfter)
            group.addTask(name: "cancel timer") {
                // Cut short when the group ends first: then there is nothing left to cancel.
                guard (try? await Task.sleep(until: moment, clock: .continuous)) != nil else { return .control }
                // As the `c` key: the control watcher hears it and the engine books the stop.
                inbox.send(.cancel)
                return .control
            }
        }
    }

    func addControlWatcher(to group: inout ThrowingTaskGroup<Wake, any Error>) {
        let inbox = self.inbox
        group.addTask(name: "control watcher") {
            await inbox.wait()
            return .control
        }
    }
}
