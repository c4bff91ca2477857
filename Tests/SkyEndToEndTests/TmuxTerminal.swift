#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private server, driven
/// with `send-keys` and read with `capture-pane`, as a person would use Sky.
final class TmuxTerminal {
    let socket = "sky-test-\(UInt32.random(in: 0...UInt32.max))"
    let session = "sky"
    let scratch: URL
    /// The pane's process group once `hangUp` has taken its terminal away: what ignored the
    /// hang-up (the shell waiting at the end, or a sky that never noticed) is killed with the test.
    private var orphaned: pid_t?

    /// Starts `command` through the shell in a `width`×`height` terminal. The shell records the
    /// terminal settings before and after, and the exit status, in `scratch`.
    init(_ command: String, width: Int = 100, height: Int = 30) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let dir = scratch.path
        // The status is written last, so a test that sees it can read the settings after too.
        let script = "stty -g > \(dir)/before; \(command); status=$?; stty -g > \(dir)/after; echo $status > \(dir)/status; sleep 600"
        try Self.run(["tmux", "-L", socket, "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", script], capture: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        if let orphaned { kill(-orphaned, SIGKILL) }
        try? FileManager.default.removeItem(at: scratch)
    }

    /// What the terminal shows now; with `escapes`, with the escape sequences of its attributes and
    /// colours too.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-t", session] + (escapes ? ["-e"] : []))
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends `signal` (e.g. "TERM") to `sky`, the shell's child in the pane, and only to it.
    func signal(_ signal: String) throws {
        try Self.run(["pkill", "-\(signal)", "-P", try shell(), "-x", "sky"])
    }

    /// Takes the terminal away, as closing its window would: the tmux server goes, and with it
    /// the pane's pseudo-terminal. The kernel sends SIGHUP only to the pane's shell, the session
    /// leader; a command that should see no signal runs after `trap '' HUP`.
    func hangUp() throws {
        orphaned = pid_t(try shell())
        try tmux(["kill-server"])
    }

    /// The process id of the shell in the pane, which leads the pane's session and process group.
    private func shell() throws -> String {
        try tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds; gives up after `limit` (a guard against a hang,
    /// not a timing assertion) and returns the last screen either way.
    @discardableResult
    func waitForScreen(limit: Duration = .seconds(120), _ condition: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + limit
        var text = try screen()
        while !condition(text) && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            text = try screen()
        }
        return text
    }

    /// Like `waitForScreen`, but for a screen that has stopped changing: `condition` holds on two
    /// captures in a row that are the same. A capture can land while the terminal is part-way
    /// through drawing a frame, and on a loaded machine that partial frame can last a while.
    @discardableResult
    func waitForSteadyScreen(limit: Duration = .seconds(120), _ condition: (String) -> Bool) throws -> String {
        var last = ""
        return try waitForScreen(limit: limit) { text in
            defer { last = text }
            return text == last && condition(text)
        }
    }

    /// The command's exit status once it has ended.
    func exitStatus(limit: Duration = .seconds(120)) throws -> Int32? {
        let deadline = ContinuousClock.now + limit
        let url = scratch.appendingPathComponent("status")
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// `stty -g` before the command and after it: equal when the terminal was restored.
    func terminalSettings() throws -> (before: String, after: String) {
        (try String(contentsOf: scratch.appendingPathComponent("before"), encoding: .utf8),
         try String(contentsOf: scratch.appendingPathComponent("after"), encoding: .utf8))
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.run(["tmux", "-L", socket] + arguments)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// export (it is behind _GNU_SOURCE), found at run time.
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc 2.34 or later is needed for posix_spawn_file_actions_addclosefrom_np")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Runs a command and returns its stdout.
    ///
    /// Not with Foundation's `Process`: the tmux server that `new-session` forks would inherit
    /// the descriptor `Process` watches for the child's exit (and any test's pipes), and
    /// `waitUntilExit` would never return. posix_spawn closes every descriptor above stderr.
    @discardableResult
    private static func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("sky-tmux-\(UInt32.random(in: 0...UInt32.max)).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let closing = Self.closeFrom(&actions, 3)
        guard closing == 0 else { throw POSIXError(POSIXErrorCode(rawValue: closing) ?? .EIO) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // No blocked or ignored signals handed down from the test runner's thread.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }
}
