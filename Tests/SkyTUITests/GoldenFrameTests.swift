import Foundation
import SkyTUI
import Testing

/// The pure view against frames kept as text under `Golden/`. A changed frame fails with both
/// versions shown; `SKY_UPDATE_GOLDEN=1 swift test --filter GoldenFrame` rewrites them after a
/// deliberate change, to be reviewed in the diff.
@Suite("Golden dashboard frames")
struct GoldenFrameTests {
    static let sizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 120, height: 40), TerminalSize(width: 50, height: 15)]

    /// The timeline's scenes at the README's size and a taller one, which gives it the lower half.
    static let runSizes = [TerminalSize(width: 100, height: 30), TerminalSize(width: 120, height: 40)]

    /// A projector's size, where the slot lanes give way to the timeline's lane per slot.
    static let projectorSize = TerminalSize(width: 80, height: 24)

    @Test("Each scene at each size matches its golden frame", arguments: Scene.allCases, sizes)
    func frame(scene: Scene, size: TerminalSize) throws {
        try compare(scene.state(size: size), named: "\(scene.rawValue)-\(size.width)x\(size.height).txt")
    }

    @Test("Each scripted run at each size matches its golden frame", arguments: RunScene.allCases, [projectorSize] + runSizes)
    func run(scene: RunScene, size: TerminalSize) throws {
        try compare(scene.state(size: size), named: "\(scene.rawValue)-\(size.width)x\(size.height).txt")
    }

    @Test("The projector's view of the canonical run, and of a throw explained, matches its golden frame",
          arguments: [RunScene.canonicalRunning, .canonicalDone, .thrownExplained], [projectorSize] + runSizes)
    func projector(scene: RunScene, size: TerminalSize) throws {
        try compare(scene.projected(size: size), named: "projector-\(scene.rawValue)-\(size.width)x\(size.height).txt")
    }

    func compare(_ state: DashboardState, named name: String) throws {
        let frame = DashboardView.render(state).text
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SKY_UPDATE_GOLDEN"] == "1" {
            try (frame + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(frame + "\n" == golden, "\(name) differs:\n\(frame)")
    }
}
