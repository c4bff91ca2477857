/// What each way a scan can end adds to the book: its count, the checksum, the error logs, the
/// rates and the run time.
extension RunBook {
    static func terminalKind(of outcome: ScanOutcome) -> ScanEvent.Kind {
        switch outcome {
        case .success(let result): .completed(result)
        case .failure(.failed(let failure)): .failed(failure)
        case .failure(.mismatch(let failure)): .verificationFailed(failure)
        case .failure(.cancelled), .failure(.partial): .cancelled
        }
    }

    /// Books `report`'s outcome; `--fail-fast` turns a failure into the run's stop.
    mutating func account(_ report: ScanReport, priority: ScanPriority, at now: Duration, into events: inout [RunEvent]) {
        let scan = report.scan
        switch report.outcome {
        case .success(let result):
            count(priority) { $0.completed += 1 }
            progress.foldChecksum(result.checksum, of: scan)
        case .failure(.failed(let failure)):
            count(priority) { $0.failed += 1 }
            log(ScanErrorRecord(scan: scan, priority: priority, failure: failure, time: now))
            if configuration.failFast { events += stop(.failFast(scan: scan), at: now) }
        case .failure(.mismatch(let failure)):
            count(priority) { $0.verificationFailures += 1 }
            let record = VerificationRecord(scan: scan, priority: priority, failure: failure, time: now)
            verificationLog.append(record)
            if verificationLog.count > Self.summaryErrorLimit { verificationLog.removeFirst() }
            progress.lastVerificationFailure = record
        case .failure(.cancelled), .failure(.partial):
            count(priority) { $0.cancelled += 1 }
            return
        }
        // A scan that ran to its end, whatever it found: what the rates and run times count.
        progress.finishOrder.append(priority)
        throughput.record(at: now)
        latency.record(run: report.ran)
    }

    private mutating func log(_ record: ScanErrorRecord) {
        errorCount += 1
        errorLog.append(record)
        if errorLog.count > Self.summaryErrorLimit { errorLog.removeFirst() }
        recentErrors.append(record)
        if recentErrors.count > Self.recentErrorLimit { recentErrors.removeFirst() }
    }
}
