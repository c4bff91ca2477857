import SkyCore
import SkyTUI
import Testing

@Suite("Dashboard update: keys, resize, batch, leaving")
struct DashboardStateTests {
    static let size = TerminalSize(width: 100, height: 30)

    func running() -> DashboardState {
        var state = DashboardState(snapshot: Scene.midRun, size: Self.size, info: Scene.info)
        _ = state.update(.frame(Scene.midRun, elapsed: .seconds(4)))
        return state
    }

    @Test("q, Q, Esc and Ctrl-C cancel the run once, and the dashboard leaves when it has finished",
          arguments: [Key.character("q"), .character("Q"), .escape, .interrupt])
    func quit(key: Key) {
        var state = running()
        #expect(state.update(.key(key)) == [.control(.cancel)])
        #expect(state.isStopping)
        #expect(state.update(.key(key)) == [], "a second press does not cancel twice")
        var stopping = Scene.midRun
        stopping.progress.phase = .stopping(.cancelled)
        #expect(state.update(.frame(stopping, elapsed: .seconds(5))) == [])
        var finished = Scene.midRun
        finished.progress.phase = .finished(.cancelled)
        #expect(state.update(.frame(finished, elapsed: .seconds(5))) == [.exit])
    }

    @Test("Space pauses and resumes; the pause shows before the engine confirms it")
    func pause() {
        var state = running()
        #expect(state.update(.key(.character(" "))) == [.control(.pause)])
        #expect(state.isPaused)
        #expect(state.update(.key(.character(" "))) == [.control(.resume)])
        #expect(!state.isPaused)
    }

    @Test("+ and - change the batch one at a time within the accepted range")
    func batch() {
        var state = running()
        #expect(state.update(.key(.character("+"))) == [.control(.setBatch(5))])
        #expect(state.update(.key(.character("="))) == [.control(.setBatch(6))])
        #expect(state.update(.key(.character("-"))) == [.control(.setBatch(5))])
        #expect(state.requestedBatch == 5)
        for _ in 0..<10 { _ = state.update(.key(.character("-"))) }
        #expect(state.requestedBatch == 1)
        #expect(state.update(.key(.character("-"))) == [], "batch 1 is the floor")
    }

    @Test("The batch is capped at the largest the engine accepts")
    func batchCeiling() {
        var snapshot = Scene.midRun
        snapshot.progress.batch = RunConfiguration.batchRange.upperBound
        var state = DashboardState(snapshot: snapshot, size: Self.size, info: Scene.info)
        #expect(state.update(.key(.character("+"))) == [])
    }

    @Test("While cancelling, pause and batch keys do nothing")
    func stoppingIgnoresControls() {
        var state = running()
        _ = state.update(.key(.character("q")))
        #expect(state.update(.key(.character(" "))) == [])
        #expect(state.update(.key(.character("+"))) == [])
    }

    @Test("? opens and closes the help; Esc closes it without quitting")
    func help() {
        var state = running()
        #expect(state.update(.key(.character("?"))) == [])
        #expect(state.showingHelp)
        #expect(state.update(.key(.escape)) == [])
        #expect(!state.showingHelp)
        #expect(!state.isStopping)
        _ = state.update(.key(.character("?")))
        _ = state.update(.key(.character("?")))
        #expect(!state.showingHelp)
    }

    @Test("The done screen stays until q, Esc or Enter, or leaves by itself with --exit-on-done")
    func done() {
        var state = running()
        #expect(state.update(.frame(Scene.finished, elapsed: .seconds(7))) == [])
        #expect(state.isFinished)
        #expect(state.update(.key(.character("x"))) == [])
        #expect(state.update(.key(.character(" "))) == [])
        #expect(state.update(.key(.escape)) == [.exit])

        var leaving = DashboardState(snapshot: Scene.midRun, size: Self.size, info: Scene.info, exitOnDone: true)
        #expect(leaving.update(.frame(Scene.midRun, elapsed: .seconds(4))) == [])
        #expect(leaving.update(.frame(Scene.finished, elapsed: .seconds(7))) == [.exit])
    }

    @Test("A resize changes the size the next frame is drawn at")
    func resize() {
        var state = running()
        let small = TerminalSize(width: 70, height: 20)
        #expect(state.update(.resize(small)) == [])
        #expect(DashboardView.render(state).size == small)
    }

    @Test("The sparkline history samples finished scans once a second and stays bounded")
    func rateHistory() {
        var history = RateHistory()
        history.observe(finished: 2, at: .milliseconds(500))
        #expect(history.samples().isEmpty, "no sample before a whole second")
        history.observe(finished: 4, at: .seconds(1))
        history.observe(finished: 10, at: .seconds(2))
        #expect(history.samples() == [4, 6])
        // A three-second gap spreads its rate over three samples.
        history.observe(finished: 16, at: .seconds(5))
        #expect(history.samples() == [4, 6, 2, 2, 2])
        for second in 6...1000 { history.observe(finished: 16 + second, at: .seconds(second)) }
        #expect(history.samples().count == RateHistory.capacity)
        #expect(history.samples(last: 3) == [1, 1, 1])
    }

    @Test("c cancels and stays: the finished screen shows what the cancellation did")
    func cancelStays() {
        var state = running()
        #expect(state.update(.key(.character("c"))) == [.control(.cancel)])
        #expect(state.isStopping)
        #expect(state.update(.key(.character("c"))) == [])
        var finished = Scene.midRun
        finished.progress.phase = .finished(.cancelled)
        #expect(state.update(.frame(finished, elapsed: .seconds(5))) == [], "c does not leave by itself")
        #expect(state.isFinished)
    }

    @Test("n steps only while paused")
    func step() {
        var state = running()
        #expect(state.update(.key(.character("n"))) == [])
        #expect(state.update(.key(.character(" "))) == [.control(.pause)])
        #expect(state.update(.key(.character("n"))) == [.control(.step)])
        #expect(state.update(.key(.character("n"))) == [.control(.step)])
    }

    @Test("After a run, s cycles the strategy and r reruns with it; q still leaves")
    func rerun() {
        var state = running()
        #expect(state.update(.key(.character("s"))) == [], "s does nothing during a run")
        #expect(state.nextStrategy == .batched)
        _ = state.update(.frame(Scene.finished, elapsed: .seconds(7)))
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .discarding)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .reduce)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .waitForAll)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .stream)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .asyncLet)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .unstructured)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .actorQueue)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .actorReentrant)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .awaited)
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .unlessCancelled)
        // Then the strategies this process added, if another suite added any, and round again.
        for added in ScanStrategy.allCases.dropFirst(ScanStrategy.builtIn.count) {
            #expect(state.update(.key(.character("s"))) == [])
            #expect(state.nextStrategy == added)
        }
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .serial)
        #expect(state.update(.key(.character("r"))) == [.rerun(.serial)])
        #expect(state.update(.key(.character("q"))) == [.exit])
    }

    @Test("An output that holds one run turns the rerun keys off, and they do not leave the done screen either")
    func rerunRefused() {
        var state = DashboardState(
            snapshot: Scene.midRun, size: Self.size, info: RunInfo(cores: 2, rerunRefusal: "--events keeps one run"))
        _ = state.update(.frame(Scene.finished, elapsed: .seconds(7)))
        #expect(state.update(.key(.character("s"))) == [])
        #expect(state.nextStrategy == .batched)
        #expect(state.update(.key(.character("r"))) == [])
        #expect(state.update(.key(.character("x"))) == [])
        // How to leave comes before why there is no rerun, which needs a wider screen.
        var done = DashboardView.render(state).text
        #expect(done.contains("no rerun   q or Enter exits"), "\(done)")
        #expect(!done.contains("r rerun") && !done.contains("r: rerun"))
        _ = state.update(.resize(TerminalSize(width: 140, height: 30)))
        done = DashboardView.render(state).text
        #expect(done.contains("no rerun: --events keeps one run   q or Enter exits"))
    }

    @Test("A replay cannot be cancelled or rebatched; its quit plays the rest without a cancelling badge")
    func replayKeys() {
        var state = DashboardState(snapshot: Scene.midRun, size: Self.size, info: RunInfo(cores: 2, replay: "replay of run.jsonl"))
        for key in ["c", "+", "-"] {
            #expect(state.update(.key(.character(Character(key)))) == [], "\(key)")
        }
        let running = DashboardView.render(state).text
        #expect(running.contains("SKY  replay of run.jsonl"))
        #expect(!running.contains("c cancel") && !running.contains("+ -"))
        #expect(state.update(.key(.character(" "))) == [.control(.pause)])
        #expect(DashboardView.render(state).text.contains("replay paused: n plays on to the next scan's start"))
        #expect(state.update(.key(.character("n"))) == [.control(.step)])
        #expect(state.update(.key(.character("q"))) == [.control(.cancel)])
        #expect(!state.isStopping)
        #expect(state.update(.frame(Scene.finished, elapsed: .seconds(7))) == [.exit])
    }

    @Test("Serial and unbounded runs have no batch for + and - to change")
    func noBatchKeys() {
        for strategy in [ScanStrategy.serial, .unbounded] {
            var snapshot = Scene.midRun
            snapshot.progress.configuration.strategy = strategy
            var state = DashboardState(snapshot: snapshot, size: Self.size, info: Scene.info)
            #expect(state.update(.key(.character("+"))) == [])
            #expect(state.update(.key(.character("-"))) == [])
        }
    }
}
