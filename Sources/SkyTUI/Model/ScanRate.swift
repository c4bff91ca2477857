/// Scans finished per second over a window of the run's time.
public struct ScanRate: Equatable, Sendable {
    /// Finishes in the window; interpolated between frames, so it may have a fraction.
    public var finishes: Double
    public var window: Duration

    public init(finishes: Double, over window: Duration) {
        self.finishes = finishes
        self.window = window
    }

    /// A rate already worked out, over `window`.
    public init(perSecond: Double, over window: Duration) {
        self.init(finishes: perSecond * window.seconds, over: window)
    }

    public var perSecond: Double { window > .zero ? finishes / window.seconds : 0 }
}
