/// What one finished scan found.
public struct ScanResult: Hashable, Sendable {
    /// Pixels at or above the detection threshold after the blur.
    public var signals: Int
    /// A fold of every detected line; equal seeds and work give equal checksums.
    public var checksum: UInt64

    public init(signals: Int, checksum: UInt64) {
        self.signals = signals
        self.checksum = checksum
    }
}
