extension Duration {
    /// The duration in whole microseconds, rounded down. `components` gets there by a 128-bit
    /// division, and the run book asks this three times for every scan; a duration under about
    /// nine seconds fits in 64 bits, where it is one division by a constant.
    public var wholeMicroseconds: Int64 {
        let attoseconds = self.attoseconds
        let low = Int64(truncatingIfNeeded: attoseconds)
        if Int128(low) == attoseconds { return low / 1_000_000_000_000 }
        return Int64(clamping: attoseconds / 1_000_000_000_000)
    }
}
