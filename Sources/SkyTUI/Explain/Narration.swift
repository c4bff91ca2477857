public import SkyCore

/// One narrated decision: its sentence, how it reads, whether a run of its kind makes one line,
/// and whether it is why the run stops.
public struct Narration: Equatable, Sendable {
    public enum Tone: Equatable, Sendable {
        case plain
        /// A scan failed, or its result was wrong.
        case failure
        /// The run stops, or stops starting scans.
        case stop
    }

    /// Events of one kind in a row, told as one line: "9 scans (9 low) cancelled before they
    /// started".
    public struct Repeat: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case scheduled, waits, joinsGroup, completed, cancelledWaiting, cancelledRunning
            /// `--errors collect`: results booked when the group returned the body's array, or
            /// lost with it.
            case booked, lostWithArray
            /// `--cancel-check`: scans that kept their partial sweep, or threw it away.
            case keptPartial, threwCancellation
            /// `--cancel-check handler`: scans whose cancellation handler raised their stop flag.
            case handlerRaised
        }

        public var kind: Kind
        /// What follows "N scans (…)" in the line for a run of them.
        public var plural: String
        public var priority: ScanPriority
    }

    /// Why a run stops starting scans.
    public enum Cause: Equatable, Sendable {
        /// A failure that will stop the run (`--errors throw`, `--fail-fast`): its sentence says
        /// why, and the stop that follows names it.
        case failure(scan: Int)
        case stop(RunEnding)
        case timeUp
    }

    public var text: String
    public var tone: Tone = .plain
    public var repeats: Repeat?
    public var cause: Cause?

    public init(_ text: String, tone: Tone = .plain, repeats: Repeat? = nil, cause: Cause? = nil) {
        self.text = text
        self.tone = tone
        self.repeats = repeats
        self.cause = cause
    }
}
