import SkyCore
import SkyTUI
import Testing

@Suite("Counter lag: how far the actor's counts trail the children's")
struct CounterLagTests {
    @Test("No lag while the actor keeps up; the age of the oldest uncounted finish while it does not")
    func lag() {
        var lag = CounterLag()
        lag.observe(direct: 3, actor: 3, at: .milliseconds(0))
        #expect(lag.current == .zero)
        // Two finishes the actor has not counted, first seen at 33 ms.
        lag.observe(direct: 5, actor: 3, at: .milliseconds(33))
        lag.observe(direct: 6, actor: 3, at: .milliseconds(66))
        lag.observe(direct: 6, actor: 3, at: .milliseconds(500))
        #expect(lag.current == .milliseconds(467))
        // The actor counts the first two: the oldest left is the one first seen at 66 ms.
        lag.observe(direct: 6, actor: 5, at: .milliseconds(533))
        #expect(lag.current == .milliseconds(467))
        lag.observe(direct: 6, actor: 6, at: .milliseconds(566))
        #expect(lag.current == .zero)
        #expect(lag.worst == .milliseconds(467))
    }

    @Test("A publication a frame late is not a stall: the count seen one frame ago is already counted")
    func steady() {
        var lag = CounterLag()
        for frame in 1...100 {
            // Children always a little ahead; the actor has everything up to the last frame.
            lag.observe(direct: frame * 10 + 3, actor: frame * 10, at: .milliseconds(33 * frame))
        }
        #expect(lag.worst == .zero)
    }

    @Test("Direct counters show the children's finishes and the actor's lag on the dashboard")
    func directCounters() {
        var snapshot = Scene.midRun
        snapshot.progress.direct = DirectCounts(completed: 7, failed: 1)
        let size = TerminalSize(width: 100, height: 30)
        var viaActor = DashboardState(snapshot: snapshot, size: size, info: Scene.info)
        _ = viaActor.update(.frame(snapshot, elapsed: .milliseconds(4_300)))
        _ = viaActor.update(.frame(snapshot, elapsed: .milliseconds(4_700)))
        let actorText = DashboardView.render(viaActor).text
        #expect(actorText.contains("completed  5/20"))
        #expect(actorText.contains("actor lag 400 ms"))
        var direct = DashboardState(snapshot: snapshot, size: size, info: RunInfo(cores: 2, counters: .direct))
        _ = direct.update(.frame(snapshot, elapsed: .milliseconds(4_300)))
        let directText = DashboardView.render(direct).text
        #expect(directText.contains("Scans  direct"))
        #expect(directText.contains("completed  7/20"))
        #expect(directText.contains("running     2/4"))
        #expect(directText.contains("actor lag 0 ms"))
    }
}
