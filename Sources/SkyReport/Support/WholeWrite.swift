#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `write(2)` until every byte is out: a write may take only part of a buffer, or be interrupted
/// by a signal (sky catches three).
enum WholeWrite {
    /// Returns the error's text, or `nil` once every byte was written.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
