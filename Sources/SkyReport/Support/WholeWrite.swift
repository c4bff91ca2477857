#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `write(2)` until every byte is out: a write may take only part of a buffer, or be interrupted
/// by a signal (sky catches several).
public enum WholeWrite {
    /// Returns the error's text, or `nil` once every byte was written.
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        failure(writing: bytes, to: descriptor).map { String(cString: strerror($0)) }
    }

    /// Returns the `errno` of the write that failed, or `nil` once every byte was written.
    public static func failure(writing bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        attempt(writing: bytes, to: descriptor).error
    }

    /// How many bytes went out before a write failed, and its `errno`; `error` is `nil` once every
    /// byte was written.
    public static func attempt(writing bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> (written: Int, error: Int32?) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return (offset, errno)
            }
            offset += written
        }
        return (offset, nil)
    }
}
