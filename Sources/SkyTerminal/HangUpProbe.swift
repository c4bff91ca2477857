#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells a terminal that has gone away from one that is only quiet, once a read has given nothing.
///
/// A terminal can vanish without a SIGHUP reaching Sky (the kernel signals only the session
/// leader, and a parent may ignore it). Its input then fails every read at once, and a caller
/// that took the failure for "no key yet" would ask again and again at full speed.
enum HangUpProbe {
    /// Whether `descriptor` will never give input again. Looks without waiting and reads nothing,
    /// so a key that arrives just after a timed-out read is left for the next read.
    static func isHungUp(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // 0: nothing to report. -1: interrupted (a resize, say); the next read looks again.
        guard poll(&entry, 1, 0) == 1 else { return false }
        // Asked only after a read gave nothing, so at most once a frame: cheap enough to ask always.
        var waiting: Int32 = 0
        let counted = ioctl(descriptor, UInt(FIONREAD), &waiting) == 0
        return isHungUp(events: entry.revents, waiting: counted ? Int(waiting) : nil)
    }

    /// The verdict on what `poll` reported for the input (`events`) and how many bytes are waiting
    /// to be read (`waiting`; `nil` when the count could not be had).
    ///
    /// A hang-up, an error or a descriptor that is not open is the end. Readable with nothing to
    /// read is the end too: a read would give end of file, or fail (EIO on a terminal whose other
    /// side has closed). Readable with bytes waiting is input ncurses could not use yet.
    static func isHungUp(events: Int16, waiting: Int?) -> Bool {
        if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        guard events & Int16(POLLIN) != 0 else { return false }
        return waiting.map { $0 == 0 } ?? true
    }
}
