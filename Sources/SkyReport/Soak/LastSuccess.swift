#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The batch-job idiom's `sky_last_success_timestamp_seconds`: when a run last passed. Each write
/// replaces the metrics file, so a write that is not a pass carries the value from the file it
/// replaces; an alert on `time() - sky_last_success_timestamp_seconds` then still sees last night's
/// pass after tonight's failure. It is read at every write, not once: a rerun on the dashboard (`r`)
/// carries the pass of the run before it.
///
/// The file it reads is whatever is at the path, so nothing in it is trusted: only a regular file
/// is read (opened without blocking and without following a link, as the file sky writes there
/// is never a FIFO or a link), only its first `readLimit` bytes, and only a line that is exactly
/// the metric's name, a space and a positive whole number of seconds, as sky writes it. Anything
/// else means no last success.
enum LastSuccess {
    static let metric = "sky_last_success_timestamp_seconds"
    /// More than sky writes for a thousand CPUs (about 300 bytes each); the value is near the top
    /// in any case.
    static let readLimit = 1 << 20

    /// The last success the file at `path` holds, in seconds since the epoch; `nil` if none.
    static func read(from path: String) -> Int64? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let bytes = try? file.read(upToCount: readLimit)
        else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The value of the first line `sky_last_success_timestamp_seconds VALUE` in `text`.
    static func parse(_ text: String) -> Int64? {
        let prefix = metric + " "
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            guard let value = Int64(line.dropFirst(prefix.count)), value > 0 else { return nil }
            return value
        }
        return nil
    }
}
