import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server with one fixed-size pane running one program: keys in
/// with `send-keys`, the screen out with `capture-pane`. Every wait polls the
/// screen (about every 20 ms) until what is expected shows, or fails with the
/// last screen in the message; nothing waits a fixed time.
///
/// Each instance has its own socket (`tmux -S FOLDER/tmux.sock`, in the test's
/// own folder: never reused, as starting a server right after killing one on
/// the same socket occasionally fails, and gone with the folder), its own
/// config (no status line, so the pane is the whole window; a dead pane stays,
/// so its last screen can still be read), and `kill()` ends the server. Call
/// `kill()` in a `defer`.
///
/// tmux runs through `Spawn`, not Foundation's `Process` (see there why).
final class Tmux {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The server's socket, in the test's folder.
    let socket: String
    let folder: URL
    private var killed = false

    /// Starts a server whose one pane, `width`×`height`, runs `command` directly
    /// (no shell in between) in `directory` with `environment` added on top of a
    /// cleaned copy of this process's environment.
    init(command: [String], environment: [String: String], width: Int = 80, height: Int = 24, in directory: URL, folder: URL) throws {
        try Self.requireTmux()
        socket = folder.appendingPathComponent("tmux.sock").path
        self.folder = folder
        let config = folder.appendingPathComponent("tmux.conf")
        try """
            set -g status off
            set -g remain-on-exit on
            set -g history-limit 100
            set -g default-shell /bin/sh
            set -g escape-time 0

            """.write(to: config, atomically: true, encoding: .utf8)
        // `env` fixes the program's environment: tmux would set TERM from its default-terminal.
        var assignments = ["-u", "LC_ALL", "-u", "LC_CTYPE", "-u", "NO_COLOR", "-u", "NO_MOTION",
                           "-u", "KEYFORM_LAYOUTS", "-u", "KEYFORM_FORMS", "-u", "XDG_DATA_HOME", "-u", "TMUX", "-u", "TMUX_PANE"]
        let base = ["INPUTRC": "/dev/null", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "TERM": "xterm-256color"]
        for (key, value) in base.merging(environment, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            assignments.append("\(key)=\(value)")
        }
        let started = try Self.tmux(["-S", socket, "-f", config.path, "new-session", "-d",
                                     "-x", String(width), "-y", String(height), "-c", directory.path,
                                     "env"] + assignments + command)
        guard started.status == 0 else {
            throw Failure(description: "tmux new-session failed (\(started.status)): \(started.error)")
        }
    }

    deinit { kill() }

    /// Ends the server (and the program in it, with SIGHUP). Idempotent.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? Self.tmux(["-S", socket, "kill-server"])
    }

    // MARK: Keys

    /// Presses keys by tmux's names (`Enter`, `Tab`, `BTab`, `Down`, `C-c`, `Escape`),
    /// in one `send-keys`; a word that is no key name is typed as it is.
    func press(_ keys: String...) throws {
        try command(["send-keys"] + keys)
    }

    /// Types text literally (`send-keys -l`).
    func type(_ text: String) throws {
        try command(["send-keys", "-l", text])
    }

    /// Pastes text as a terminal does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`)
    /// when the program asked for it.
    func paste(_ text: String) throws {
        try command(["set-buffer", "-b", "e2e", "--", text])
        try command(["paste-buffer", "-p", "-d", "-b", "e2e"])
    }

    func resize(width: Int, height: Int) throws {
        try command(["resize-window", "-x", String(width), "-y", String(height)])
    }

    // MARK: The screen

    /// The visible screen, one line per row, trailing spaces removed; with
    /// `attributes`, with the SGR sequences of colors and attributes; with
    /// `history`, the lines scrolled off the top before it.
    func screen(attributes: Bool = false, history: Bool = false) throws -> String {
        try command(["capture-pane", "-p"] + (attributes ? ["-e"] : []) + (history ? ["-S", "-"] : []))
    }

    /// The terminal's cursor: column and row from 0, and whether it is shown.
    func cursor() throws -> (x: Int, y: Int, visible: Bool) {
        let parts = try command(["display-message", "-p", "#{cursor_x} #{cursor_y} #{cursor_flag}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 3 else { throw Failure(description: "cannot read the cursor from tmux: \(parts)") }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Polls the screen until `condition` holds and returns that screen; throws
    /// after `timeout` with `what` and the last screen.
    @discardableResult
    func wait(for what: String, timeout: Duration = .seconds(10), attributes: Bool = false, _ condition: (String) throws -> Bool) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while true {
            last = try screen(attributes: attributes)
            if try condition(last) { return last }
            if clock.now >= deadline {
                throw Failure(description: "timed out after \(timeout) waiting for \(what); the last screen was:\n\(Self.framed(last))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Polls until the screen shows every one of `texts`.
    @discardableResult
    func wait(forText texts: String..., timeout: Duration = .seconds(10)) throws -> String {
        try wait(for: texts.map { "\"\($0)\"" }.joined(separator: " and "), timeout: timeout) { screen in
            texts.allSatisfy(screen.contains)
        }
    }

    /// Polls until `condition` holds on something other than the screen (a file, the cursor).
    @discardableResult
    func poll<T>(for what: String, timeout: Duration = .seconds(10), _ value: () throws -> T?) throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let found = try value() { return found }
            if clock.now >= deadline {
                let last = (try? screen()) ?? "(no screen: \(socket) is gone)"
                throw Failure(description: "timed out after \(timeout) waiting for \(what); the last screen was:\n\(Self.framed(last))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The screen between two rulers, so trailing and empty lines can be seen in a failure.
    static func framed(_ screen: String) -> String {
        let ruler = String(repeating: "-", count: 20)
        return "\(ruler)\n\(screen)\n\(ruler)"
    }

    // MARK: Running tmux

    @discardableResult
    private func command(_ arguments: [String]) throws -> String {
        let result = try Self.tmux(["-S", socket] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.error)")
        }
        return result.output
    }

    static func tmux(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let result = try Spawn.run(try executable().path, arguments, environment: environment)
        var text = String(decoding: result.output, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return (result.status, text, String(decoding: result.error, as: UTF8.self))
    }

    /// tmux on the PATH; a clear failure when it is not installed.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "tmux is not installed: the end-to-end tests drive keyform in tmux (apt-get install tmux; .ci/run installs it)")
    }

    static func requireTmux() throws { _ = try executable() }
}
