@testable import SkyCore

/// Sky's strategies and the example package's own (`Examples/GrowingWindow`, whose strategy file
/// is linked into this target as `GrowingWindow.swift`): each keeps the same invariants.
enum StrategiesUnderTest {
    static let all: [ScanStrategy] = {
        // Added once for the whole process, before any test asks for the list.
        try? OwnStrategy.add([.growing])
        return ScanStrategy.allCases
    }()

    static let growing = ScanStrategy.own(OwnStrategy.growing.name)
}
