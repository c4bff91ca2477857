import Foundation
import SkyCore
import SkyTUI
import Testing

/// The footers and the help name only the keys `DashboardKeys` declares, each where it does
/// something: the keys on screen and the keys' handling read the same bindings.
@Suite("Footer keys: what the footers offer is what DashboardKeys enables")
struct FooterKeysTests {
    static let size = TerminalSize(width: 140, height: 40)

    /// Dashboards in the states whose footers differ: running, paused, stopping, the panels
    /// switched, a replay, a soak, a strategy with no batch, and done.
    static var states: [(String, DashboardState)] {
        func state(_ snapshot: ScanSnapshot, _ info: RunInfo, keys: [Key] = [], paused: Bool = false) -> DashboardState {
            var state = DashboardState(snapshot: snapshot, size: size, info: info)
            _ = state.update(.frame(snapshot, elapsed: .seconds(4)))
            for key in keys { _ = state.update(.key(key)) }
            if paused {
                var held = snapshot
                held.progress.phase = .paused
                _ = state.update(.frame(held, elapsed: .seconds(5)))
            }
            return state
        }
        let replay = RunInfo(cores: 2, replay: "replay of run.jsonl")
        let soak = RunInfo(cores: 2, soak: SoakInfo(host: "node-7"))
        return [
            ("running", Scene.running.state(size: size)), ("paused", Scene.paused.state(size: size)),
            ("explain", Scene.explain.state(size: size)), ("code", Scene.code.state(size: size)),
            ("unbounded", Scene.unbounded.state(size: size)), ("done", Scene.done.state(size: size)),
            ("stopping", state(Scene.midRun, Scene.info, keys: [.character("c")])),
            ("replay", state(Scene.midRun, replay)), ("replay paused", state(Scene.midRun, replay, keys: [.character(" ")], paused: true)),
            ("soak", state(SoakHeaderTests.soak, soak)), ("soak paused", state(SoakHeaderTests.soak, soak, keys: [.character(" ")], paused: true)),
            ("soak stopping", state(SoakHeaderTests.soak, soak, keys: [.character("q")])),
            ("soak done", state(Scene.finished, soak)),
            ("refused rerun", state(Scene.finished, RunInfo(cores: 2, rerunRefusal: "--events keeps one run"))),
        ]
    }

    /// The keys in a frame's footer: the runs of the accent's bold on its last line.
    static func shownKeys(_ state: DashboardState) -> [String] {
        let grid = DashboardView.render(state)
        var runs: [String] = []
        var current = ""
        for cell in grid.row(grid.size.height - 1) {
            if cell.style == Style(.accent, bold: true) {
                current.append(cell.glyph)
            } else if !current.isEmpty {
                runs.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// Whether pressing `key` changes anything: a command for the run, or another frame.
    static func acts(_ key: Key, in state: DashboardState) -> Bool {
        var pressed = state
        let commands = pressed.update(.key(key))
        return !commands.isEmpty || DashboardView.render(pressed) != DashboardView.render(state)
    }

    @Test("A running footer shows the enabled rows it offers, in order, and each shown key does something when pressed")
    func shown() throws {
        for (name, state) in Self.states where !state.isFinished {
            let shown = Self.shownKeys(state)
            #expect(shown.first == DashboardKeys.key(of: .quit), "\(name): \(shown)")
            #expect(shown == DashboardKeys.offers(state).map(\.keys), "\(name)")
            for keys in shown {
                let row = try #require(DashboardKeys.rows.first { $0.footerKeys == keys }, "\(name): \(keys) is no row's")
                #expect(row.isEnabled(state), "\(name): \(keys) is shown but not enabled")
                let key = try #require(row.actions.keys.first { $0.name == keys.split(separator: " ")[0] })
                // While a quit stops the run, q is shown as the way out already under way: pressed
                // again it has nothing to add.
                let quitting = row.actions[key] == .quit && state.isStopping
                #expect(quitting || Self.acts(key, in: state), "\(name): \(keys) is shown but does nothing")
            }
        }
    }

    @Test("A key whose row is not enabled does nothing when pressed")
    func disabled() {
        var checked = 0
        for (name, state) in Self.states {
            for row in DashboardKeys.rows where !row.isEnabled(state) {
                for key in row.actions.keys {
                    #expect(!Self.acts(key, in: state), "\(name): \(key.name) acts though \(row.label) is not enabled")
                    checked += 1
                }
            }
        }
        // Every state disables some row: the check is not empty.
        #expect(checked >= Self.states.count)
    }

    @Test("A cancelled run's done footer keeps every key that leaves at 80 columns: what the cancel did gives way first")
    func cancelledKeepsTheWayOut() {
        let footer = { (width: Int) in
            DashboardView.render(RunScene.cancelledDone.state(size: TerminalSize(width: width, height: 24))).text.split(separator: "\n").last ?? ""
        }
        #expect(footer(80).hasPrefix(" CANCELLED ") && footer(80).contains(KeyAction.doneScreenHint), "\(footer(80))")
        // With the room, the stop's figure stays beside it.
        #expect(footer(100).contains("stopped in") && footer(100).contains(KeyAction.doneScreenHint), "\(footer(100))")
    }

    @Test("Each word of a row's label names one of its keys")
    func labels() {
        for row in DashboardKeys.rows {
            let names = Set(row.actions.keys.map(\.name))
            for word in row.label.split(separator: " ") {
                #expect(names.contains(String(word)), "\(row.label): \(word) is none of its keys")
            }
        }
    }

    /// The string literals of a source file outside comments, interpolations left out.
    static func literals(_ source: String) -> [String] {
        let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let literal = try! NSRegularExpression(pattern: #""(?:[^"\\\n]|\\.)*""#)
        let interpolation = try! NSRegularExpression(pattern: #"\\\((?:[^()]|\([^()]*\))*\)"#)
        return literal.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { match in
            let text = String(code[Range(match.range, in: code)!])
            return interpolation.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "0")
        }
    }

    /// Whether `text` names `key` as a hint does: `q: exit`, `q quits`, `s strategy`; not a unit
    /// after a number (`0.5 s on core 1`), where an interpolation left a 0.
    static func names(_ text: String, _ key: String) -> Bool {
        let pattern = #"(^|"|[^0-9\s]\s|\s\s)"# + NSRegularExpression.escapedPattern(for: key) + #"(:|\s[a-z])"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("No footer or help writes a key of its own: each comes from DashboardKeys")
    func sources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let view = root.appendingPathComponent("Sources/SkyTUI/View")
        let keys = Set(DashboardKeys.rows.flatMap { $0.label.split(separator: " ").map(String.init) })
        for file in ["Footer.swift", "ComparisonFooter.swift", "SoakView.swift", "HelpOverlay.swift", "DashboardView.swift"] {
            let source = try String(contentsOf: view.appendingPathComponent(file), encoding: .utf8)
            for literal in Self.literals(source) {
                for key in keys {
                    #expect(!Self.names(literal, key), "\(file) writes the key \(key) in \(literal)")
                }
            }
        }
        // The check finds a key written by hand.
        #expect(Self.literals(#"let hint = "   q: exit ""#).contains { Self.names($0, "q") })
        #expect(Self.literals(#"let hint = "   \(q): exit ""#).allSatisfy { !Self.names($0, "q") })
        #expect(Self.literals(#"let place = " at \(time) s on core""#).allSatisfy { !Self.names($0, "s") })
    }
}
