import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one interactive test driver: a private tmux server with one fixed-size
/// pane running one program; keys in with `send-keys`, the screen out with
/// `capture-pane`. Every wait polls the screen (about every 20 ms) until what is
/// expected shows; nothing waits a fixed time. A test sends a key only after
/// waiting for the screen the key is meant for.
///
/// Waits do not assume an idle machine: the deadline is generous, and even past
/// it a wait fails only once the screen has stopped changing for a while (a
/// busy machine draws late, not differently), or at a hard limit. A failure
/// shows the last screen.
///
/// Each instance has its own socket (`tmux -S FOLDER/tmux.sock`, in the test's
/// own folder: never reused, as starting a server right after killing one on
/// the same socket occasionally fails, and gone with the folder), its own
/// config (no status line, so the pane is the whole window; a dead pane stays,
/// so its last screen can still be read), and `kill()` ends the server. Call
/// `kill()` in a `defer`.
///
/// tmux runs through `Spawn`, not Foundation's `Process` (see there why).
public final class Tmux {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The server's socket, in the test's folder.
    public let socket: String
    public let folder: URL
    private var killed = false

    /// Starts a server whose one pane, `width`×`height`, runs `command` directly
    /// (no shell in between) in `directory` with `environment` added on top of a
    /// cleaned copy of this process's environment.
    public init(
        command: [String], environment: [String: String], width: Int = 80, height: Int = 24, in directory: URL,
        folder: URL
    ) throws {
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
        var assignments = [
            "-u", "LC_ALL", "-u", "LC_CTYPE", "-u", "NO_COLOR", "-u", "NO_MOTION",
            "-u", "KEYFORM_LAYOUTS", "-u", "KEYFORM_FORMS", "-u", "XDG_DATA_HOME", "-u", "TMUX", "-u", "TMUX_PANE",
        ]
        let base = [
            "INPUTRC": "/dev/null", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "TERM": "xterm-256color",
        ]
        for (key, value) in base.merging(environment, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            assignments.append("\(key)=\(value)")
        }
        let started = try Self.tmux(
            [
                "-S", socket, "-f", config.path, "new-session", "-d",
                "-x", String(width), "-y", String(height), "-c", directory.path,
                "env",
            ] + assignments + command)
        guard started.status == 0 else {
            throw Failure(description: "tmux new-session failed (\(started.status)): \(started.error)")
        }
    }

    deinit { kill() }

    /// Ends the server (and the program in it, with SIGHUP). Idempotent.
    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? Self.tmux(["-S", socket, "kill-server"])
    }

    // MARK: Keys

    /// Presses keys by tmux's names (`Enter`, `Tab`, `BTab`, `Down`, `C-c`, `Escape`),
    /// in one `send-keys`; a word that is no key name is typed as it is.
    public func press(_ keys: String...) throws {
        try command(["send-keys"] + keys)
    }

    /// Types text literally (`send-keys -l`).
    public func type(_ text: String) throws {
        try command(["send-keys", "-l", text])
    }

    /// Pastes text as a terminal does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`)
    /// when the program asked for it.
    public func paste(_ text: String) throws {
        try command(["set-buffer", "-b", "e2e", "--", text])
        try command(["paste-buffer", "-p", "-d", "-b", "e2e"])
    }

    /// Writes `bytes` to the program as the terminal would send them
    /// (`send-keys -H`): a mouse report, say, which tmux makes only from a
    /// client's real mouse.
    public func send(bytes: [UInt8]) throws {
        try command(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// A left click at a 0-based cell, as an SGR (1006) terminal reports it:
    /// the press, then the release.
    public func click(row: Int, column: Int) throws {
        try send(bytes: Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
    }

    /// A notch of the wheel at a 0-based cell, as an SGR (1006) terminal reports it (no release).
    public func wheel(down: Bool, row: Int, column: Int) throws {
        try send(bytes: Array("\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M".utf8))
    }

    /// Which mouse reports the program in the pane has asked the terminal for:
    /// buttons (`ESC [ ? 1000 h`), and in SGR form (`ESC [ ? 1006 h`). A
    /// program that left them on leaves the shell typing escapes at each click.
    public func mouseReporting() throws -> (buttons: Bool, sgr: Bool) {
        let flags = try command(["display-message", "-p", "#{mouse_standard_flag} #{mouse_sgr_flag}"]).split(
            separator: " ")
        return (flags.first == "1", flags.last == "1")
    }

    public func resize(width: Int, height: Int) throws {
        try command(["resize-window", "-x", String(width), "-y", String(height)])
    }

    // MARK: The screen

    /// The visible screen, one line per row, trailing spaces removed; with
    /// `attributes`, with the SGR sequences of colors and attributes; with
    /// `history`, the lines scrolled off the top before it.
    public func screen(attributes: Bool = false, history: Bool = false) throws -> String {
        try command(["capture-pane", "-p"] + (attributes ? ["-e"] : []) + (history ? ["-S", "-"] : []))
    }

    /// The terminal's cursor: column and row from 0, and whether it is shown.
    public func cursor() throws -> (x: Int, y: Int, visible: Bool) {
        let parts = try command(["display-message", "-p", "#{cursor_x} #{cursor_y} #{cursor_flag}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 3 else { throw Failure(description: "cannot read the cursor from tmux: \(parts)") }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Whether the pane shows the alternate screen (a full-screen program's).
    public func alternateScreen() throws -> Bool {
        try command(["display-message", "-p", "#{alternate_on}"]) == "1"
    }

    /// How long a wait lasts at least before it may fail (a generous deadline).
    public static let patience: Duration = .seconds(30)
    /// Past the deadline, a wait fails only once the screen has been the same this long.
    public static let quiet: Duration = .seconds(3)
    /// A wait fails at this many times its deadline even if the screen keeps changing.
    static let hardLimit = 4

    /// Polls the screen until `condition` holds and returns that screen; throws
    /// once `timeout` has passed and the screen has stopped changing, with
    /// `what` and the last screen.
    @discardableResult
    public func wait(
        for what: String, timeout: Duration = Tmux.patience, attributes: Bool = false,
        _ condition: (String) throws -> Bool
    ) throws -> String {
        var last: String?
        return try poll(
            for: what, timeout: timeout,
            changed: { () throws -> Bool in
                let screen = try self.screen(attributes: attributes)
                defer { last = screen }
                return screen != last
            }
        ) {
            guard let screen = last else { return nil }
            return try condition(screen) ? screen : nil
        }
    }

    /// Polls until the screen shows every one of `texts`.
    @discardableResult
    public func wait(forText texts: String..., timeout: Duration = Tmux.patience) throws -> String {
        try wait(for: texts.map { "\"\($0)\"" }.joined(separator: " and "), timeout: timeout) { screen in
            texts.allSatisfy(screen.contains)
        }
    }

    /// Polls until a line starts with `prefix` and holds every one of `parts` (a
    /// row of a list whatever its column widths; a line that starts so is not
    /// one sliding in during a transition).
    @discardableResult
    public func wait(forRow prefix: String, _ parts: String..., timeout: Duration = Tmux.patience) throws -> String {
        try wait(for: "a line starting \(prefix.debugDescription) with \(parts)", timeout: timeout) { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix(prefix) && parts.allSatisfy($0.contains) }
        }
    }

    /// Polls until `value` gives something (a file, the cursor); the screen
    /// changing counts as progress, as in `wait`.
    @discardableResult
    public func poll<T>(for what: String, timeout: Duration = Tmux.patience, _ value: () throws -> T?) throws -> T {
        var last: String?
        return try poll(
            for: what, timeout: timeout,
            changed: { () -> Bool in
                let screen = try? self.screen()
                defer { last = screen }
                return screen != last
            }, value)
    }

    /// The loop of every wait: `changed` is asked each round whether the
    /// program is still drawing, then `value`.
    private func poll<T>(
        for what: String, timeout: Duration, changed: () throws -> Bool, _ value: () throws -> T?
    ) throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        var lastChange = start
        while true {
            if try changed() { lastChange = clock.now }
            if let found = try value() { return found }
            let now = clock.now
            let settled = now - lastChange >= Self.quiet
            if now - start >= timeout, settled || now - start >= timeout * Self.hardLimit {
                let last = (try? screen()) ?? "(no screen: \(socket) is gone)"
                throw Failure(
                    description: "waited \(Self.seconds(now - start)) for \(what) (the screen unchanged for the last "
                        + "\(Self.seconds(now - lastChange))); the last screen was:\n\(Self.framed(last))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (whole, atto) = duration.components
        return String(format: "%.1f s", Double(whole) + Double(atto) / 1e18)
    }

    /// The screen between two rulers, so trailing and empty lines can be seen in a failure.
    public static func framed(_ screen: String) -> String {
        let ruler = String(repeating: "-", count: 20)
        return "\(ruler)\n\(screen)\n\(ruler)"
    }

    // MARK: Running tmux

    @discardableResult
    private func command(_ arguments: [String]) throws -> String {
        let result = try Self.tmux(["-S", socket] + arguments)
        guard result.status == 0 else {
            throw Failure(
                description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.error)")
        }
        return result.output
    }

    public static func tmux(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let result = try Spawn.run(try executable().path, arguments, environment: environment)
        var text = String(decoding: result.output, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return (result.status, text, String(decoding: result.error, as: UTF8.self))
    }

    /// tmux on the PATH; a clear failure when it is not installed.
    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(
            description:
                "tmux is not installed: the end-to-end tests drive keyform in tmux (apt-get install tmux; .ci/run installs it)"
        )
    }

    public static func requireTmux() throws { _ = try executable() }
}
