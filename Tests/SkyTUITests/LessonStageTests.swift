import SkyCore
import SkyTUI
import Testing

/// A run that is one part of a lesson: the title bar names the part, and the done screen offers
/// the key that goes on to what follows, from the one declaration of the keys.
@Suite("A lesson's part on the dashboard")
struct LessonStageTests {
    static let size = TerminalSize(width: 120, height: 40)
    static let stage = LessonStage(title: "lesson 9, part 1 of 2: the task group", next: "part 2, the serial queue", nextBrief: "part 2")

    static func done(_ info: RunInfo) -> DashboardState {
        var state = DashboardState(snapshot: Scene.midRun, size: size, info: info)
        _ = state.update(.frame(Scene.finished, elapsed: .seconds(7)))
        return state
    }

    @Test("Once the part is done, Enter goes on, q ends the lesson, and a stray key does neither")
    func keys() {
        var state = Self.done(RunInfo(cores: 2, lesson: Self.stage))
        #expect(state.update(.key(.character("x"))) == [])
        #expect(state.update(.key(.character("r"))) == [])
        #expect(state.update(.key(.character("\r"))) == [.nextPart])
        #expect(state.update(.key(.character("\n"))) == [.nextPart])
        #expect(state.update(.key(.character("q"))) == [.exit])
    }

    @Test("Outside a lesson, only q, Esc or Enter leave the done screen (space, a late pause, stays); during a part Enter does nothing")
    func enterElsewhere() {
        var plain = Self.done(RunInfo(cores: 2))
        for stray in [Key.character(" "), .character("x"), .character("n"), .character("c"), .character("+")] {
            #expect(plain.update(.key(stray)) == [], "\(stray)")
        }
        #expect(plain.update(.key(.character("\r"))) == [.exit])
        var escaped = Self.done(RunInfo(cores: 2))
        #expect(escaped.update(.key(.escape)) == [.exit])
        var quit = Self.done(RunInfo(cores: 2))
        #expect(quit.update(.key(.character("q"))) == [.exit])
        var running = DashboardState(snapshot: Scene.midRun, size: Self.size, info: RunInfo(cores: 2, lesson: Self.stage))
        #expect(running.update(.key(.character("\r"))) == [])
    }

    @Test("The title bar names the part; the done screen says which key goes on, to what, and how to end the lesson")
    func frame() {
        let state = Self.done(RunInfo(cores: 2, lesson: Self.stage))
        let text = DashboardView.render(state).text
        let lines = text.split(separator: "\n")
        #expect(lines.first?.contains("SKY  lesson 9, part 1 of 2: the task group") == true)
        let footer = String(lines.last ?? "")
        #expect(footer.contains("\(DashboardKeys.label(of: .nextPart)): part 2, the serial queue   q: end the lesson"), "\(footer)")
        #expect(!footer.contains("rerun") && !footer.contains(KeyAction.doneScreenHint))
    }

    @Test("A narrow done screen still names the key and the part it leads to; a throw's figures leave it room")
    func narrow() {
        var state = Self.done(RunInfo(cores: 2, lesson: Self.stage))
        _ = state.update(.resize(TerminalSize(width: 72, height: 24)))
        var footer = String(DashboardView.render(state).text.split(separator: "\n").last ?? "")
        #expect(footer.hasSuffix("Enter: part 2"), "\(footer)")
        var thrown = DashboardState(snapshot: Scene.thrownRun, size: TerminalSize(width: 80, height: 24), info: RunInfo(cores: 2, lesson: Self.stage))
        _ = thrown.update(.frame(Scene.thrownRun, elapsed: .milliseconds(1_850)))
        footer = String(DashboardView.render(thrown).text.split(separator: "\n").last ?? "")
        #expect(footer.contains("Enter: "), "\(footer)")
        _ = state.update(.resize(TerminalSize(width: 50, height: 15)))
        #expect(DashboardView.render(state).text.contains("Enter goes on, q ends the lesson"))
    }

    @Test("The key that goes on is declared once, with its help")
    func declared() {
        let row = DashboardKeys.rows.first { $0.actions.values.contains(.nextPart) }
        #expect(row?.label == "Enter")
        #expect(row?.help.contains("next part") == true)
    }
}
