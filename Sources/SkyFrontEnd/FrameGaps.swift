#if canImport(Glibc)
import Glibc
#endif
import Histogram
import SkyCore
import SkySoak
import SkyReport

/// The time between consecutive dashboard frames while scans run, in a fixed-size histogram.
struct FrameGaps {
    private var gaps = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    private var last: ContinuousClock.Instant?
    /// The calling thread's CPU time when the run began: the thread may have worked before (an
    /// earlier run of the session, or `sky bench`'s kernel timings), and that is not this run's.
    private let cpuAtStart = Self.threadCPUSeconds()

    /// Marks a frame drawn at `now`; `measured` is false for frames that should not count
    /// (paused, done), which also breaks the chain so the idle stretch is not a gap.
    mutating func frame(at now: ContinuousClock.Instant, measured: Bool) {
        defer { last = measured ? now : nil }
        guard measured, let last else { return }
        let (seconds, attoseconds) = (now - last).components
        _ = gaps.record(UInt64(clamping: max(1, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)))
    }

    /// The figures, with the CPU time the calling thread (the dashboard's) used since this value
    /// was made, over `wall` on `cores` cores.
    func figures(wall: Duration, cores: Int, counterLag: Duration) -> FrameFigures {
        let cpu = Self.threadCPUSeconds() - cpuAtStart
        return FrameFigures(
            frames: Int(gaps.totalCount),
            gapP50Ms: Double(gaps.valueAtPercentile(50)) / 1000,
            gapP99Ms: Double(gaps.valueAtPercentile(99)) / 1000,
            gapMaxMs: Double(gaps.max) / 1000,
            cpuSeconds: cpu,
            cpuShare: ProcessFigures.coreShare(cpuSeconds: cpu, over: wall, cores: cores),
            counterLagMaxMs: (counterLag.seconds * 1e6).rounded() / 1e3)
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
