/// A simulated fault that ends one scan. Chosen from the seed and the scan index, never by timing.
public enum ScanFailure: String, CaseIterable, Error, Sendable, CustomStringConvertible {
    case sensorGlitch = "sensor glitch"
    case signalLost = "signal lost"
    case cosmicRayHit = "cosmic ray hit"
    case antennaMisaligned = "antenna misaligned"

    public var description: String { rawValue }
}

/// Why a scan produced no result.
public enum ScanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scan hit a simulated fault.
    case failed(ScanFailure)
    /// The scan was cancelled before it finished, or before it started.
    case cancelled
    /// The scan was cancelled part-way, and its sweep handed back what it had swept
    /// (`--cancel-check partial`): booked as cancelled, with the lines it kept.
    case partial(PartialSweep)
    /// The scan finished, but its result differed from the independent recomputation: a
    /// possible hardware fault, never simulated (except by `--inject-corruption`).
    /// Stored inline, though it widens every outcome to some 50 bytes: a boxed (indirect) case
    /// made every copy of an outcome, once per scan on the engine's hot path, a call that
    /// retains and releases, where a plain value is copied as bytes.
    case mismatch(VerificationFailure)

    public var description: String {
        switch self {
        case .failed(let failure): failure.description
        case .cancelled: "cancelled"
        case .partial(let kept): "cancelled after \(kept.lines) lines"
        case .mismatch: "verification failure: possible hardware fault"
        }
    }
}

/// Every scan ends as a `Result`, so one failure never brings the run down.
public typealias ScanOutcome = Result<ScanResult, ScanError>

extension Result where Success == ScanResult, Failure == ScanError {
    /// The scan was cancelled: it has no result, nor an error of its own (a partial sweep is no
    /// result: it covers part of the sector).
    var isCancellation: Bool {
        switch self {
        case .failure(.cancelled), .failure(.partial): true
        case .success, .failure(.failed), .failure(.mismatch): false
        }
    }

    /// What a sweep cancelled part-way kept (`--cancel-check partial`); `nil` otherwise.
    var partialSweep: PartialSweep? {
        if case .failure(.partial(let kept)) = self { kept } else { nil }
    }
}
