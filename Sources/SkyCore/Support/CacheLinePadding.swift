/// 64 bytes nobody writes, placed after a per-slot or per-core cell's counters so that two cells
/// never share a cache line: cells are separate objects, but the allocator may put them side by
/// side, and then a write to one would take the line from the core writing its neighbour.
struct CacheLinePadding: Sendable {
    private let bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
