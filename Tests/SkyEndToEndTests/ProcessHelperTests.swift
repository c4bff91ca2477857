import Foundation
import Testing

/// The helper every end-to-end test runs `sky` through.
@Suite("Running a process")
struct ProcessHelperTests {
    @Test("A process that writes more than a pipe holds to stderr before stdout ends still finishes, every byte read")
    func bothPipesAtOnce() throws {
        let outcome = try SkyBinary.shell("head -c 200000 /dev/zero | tr '\\0' x >&2; echo out")
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "out\n")
        #expect(outcome.stderr.count == 200_000)
    }
}
