import SkyCore

/// One run of Sky's engine, headless, measured from inside the pool.
struct EngineSample: Sendable {
    var summary: RunSummary
    /// Wall time around `run()`.
    var wallSeconds: Double
    /// The process's CPU time and context switches over the same stretch.
    var usage: ProcessUsage

    /// Scans finished per second of the run, by the engine's own clock.
    var scansPerSecond: Double { Self.rate(of: summary) }

    static func rate(of summary: RunSummary) -> Double {
        Double(summary.counters.finished) / max(summary.snapshot.elapsed.seconds, 1e-9)
    }

    /// Runs `configuration` to the end on the cooperative pool; an interruption cancels it.
    static func run(_ configuration: RunConfiguration, blocking: Blocking) throws -> EngineSample {
        let model = ScanModel(configuration: configuration)
        return try blocking.run(stop: { model.cancel() }) {
            let before = ProcessUsage.now()
            let start = ContinuousClock.now
            let summary = await model.run()
            let wall = (ContinuousClock.now - start).seconds
            let used = ProcessUsage.now() - before
            Sink.keep(summary.snapshot.checksum)
            return EngineSample(summary: summary, wallSeconds: wall, usage: used)
        }
    }
}

