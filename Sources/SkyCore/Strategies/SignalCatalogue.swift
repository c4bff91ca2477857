/// **A race in safe code: an actor's state across its own `await`.**
///
/// With `--catalogue`, every child that completes a scan hands its result to this catalogue, from
/// its own task, so calls arrive from many tasks at about the same time. An actor runs one call at
/// a time, but only from one suspension point to the next. `racy` reads the count, awaits the
/// archiving of the result (off the actor), and writes the count back: while one call awaits,
/// others run on the actor, read the same count and write back the same value, and updates are
/// lost, with no data race for the compiler to catch. `safe` counts before the await, so no call
/// carries a copy of the count across it. The archive's fold, changed after the await with no
/// await between its read and its write, is right in both.
actor SignalCatalogue {
    /// What the catalogue counted, and how many calls it had: equal unless updates were lost.
    private(set) var entries = 0
    private(set) var calls = 0
    /// `racy`: writes of a count that another call had changed during the write's await. Each
    /// loses at least one update, so there are none exactly when nothing was lost.
    private(set) var staleWrites = 0
    /// A fold of every archived result's digest.
    private(set) var archived: UInt64 = 0
    private var writes = 0
    let mode: CatalogueMode

    init(mode: CatalogueMode) {
        self.mode = mode
    }

    func add(_ result: ScanResult) async {
        calls += 1
        switch mode {
        case .safe:
            entries += 1
            archived ^= await Self.archive(result)
        case .racy:
            let count = entries
            let writesBefore = writes
            // Other calls run on this actor here, and may change `entries`.
            archived ^= await Self.archive(result)
            if writes != writesBefore { staleWrites += 1 }
            entries = count + 1
            writes += 1
        }
    }

    /// Lines of the thumbnail each result is filed with.
    static let thumbnailLines = 32

    /// Files a result away, off the actor: a thumbnail, a small field swept from the result's
    /// checksum, whose own checksum is the digest kept.
    @concurrent
    private static func archive(_ result: ScanResult) async -> UInt64 {
        SectorSweep.sweep(seed: result.checksum, lines: thumbnailLines).checksum
    }

    /// What the run's events and summary tell of the catalogue.
    var tally: CatalogueTally {
        CatalogueTally(mode: mode, expected: calls, counted: entries, staleWrites: staleWrites)
    }
}

/// `--catalogue`: how the catalogue updates its count.
public enum CatalogueMode: String, CaseIterable, Sendable {
    /// Read, await, write back: reentrancy loses updates.
    case racy
    /// Count, then await.
    case safe
}

/// The catalogue at the end of the run: how many results it was handed, and how many it counted.
public struct CatalogueTally: Equatable, Sendable {
    public var mode: CatalogueMode
    public var expected: Int
    public var counted: Int
    public var staleWrites: Int

    public init(mode: CatalogueMode, expected: Int, counted: Int, staleWrites: Int) {
        self.mode = mode
        self.expected = expected
        self.counted = counted
        self.staleWrites = staleWrites
    }
}
