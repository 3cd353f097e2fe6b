import Foundation

/// `keyform run …` in a tmux pane, started the way a script uses it:
/// `out=$(keyform run FORM)`, through a small wrapper that records the
/// terminal's settings (`stty -g`) before and after, keyform's pid, its stdout
/// and stderr, and its exit status, in files of a private folder.
public final class FormRun {
    /// What the wrapper recorded once keyform ended.
    public struct Result {
        public var status: Int32
        /// The stdout of `$(keyform run …)` (trailing newlines removed by the shell).
        public var stdout: String
        public var stderr: String
        public var sttyBefore: String
        public var sttyAfter: String
    }

    public let tmux: Tmux
    public let folder: URL
    /// Whether `hangUp` closed the terminal (there is no screen to read after).
    private var hungUp = false

    /// Starts `keyform ARGUMENTS` through the wrapper in an 80×24 pane (or the
    /// size given) with the test environment (INPUTRC=/dev/null, LANG=C.UTF-8,
    /// SWIFT_BACKTRACE=enable=no, TERM=xterm-256color) plus `environment`.
    public convenience init(
        _ arguments: [String], environment: [String: String] = [:], width: Int = 80, height: Int = 24
    ) throws {
        let folder = try Self.makeFolder()
        try self.init(
            folder: folder,
            command: ["bash", Self.wrapper(in: folder).path, folder.path, Self.binary.path] + arguments,
            environment: environment, width: width, height: height)
    }

    private init(folder: URL, command: [String], environment: [String: String], width: Int, height: Int) throws {
        self.folder = folder
        do {
            // A fresh database per run: never the person's own, and no draft from an earlier test
            // (a draft would make `keyform run` ask to resume it first). Nor the person's config.
            let isolated = [
                "KEYFORM_DB": folder.appendingPathComponent("keyform.sqlite").path, "KEYFORM_CONFIG": "/dev/null",
            ]
            .merging(environment) { $1 }
            tmux = try Tmux(
                command: command, environment: isolated, width: width, height: height,
                in: Self.packageRoot, folder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// An interactive bash (no rc files, prompt `e2e$ `, no history file) in the
    /// pane, for job control; `commandLine(arguments)` is what to type in it.
    public static func shell(environment: [String: String] = [:]) throws -> FormRun {
        let folder = try makeFolder()
        var environment = environment
        environment["PS1"] = prompt
        environment["HISTFILE"] = "/dev/null"
        return try FormRun(
            folder: folder, command: ["bash", "--norc", "--noprofile", "-i"],
            environment: environment, width: 80, height: 24)
    }

    public static let prompt = "e2e$ "

    /// The wrapper running `keyform ARGUMENTS`, as a shell command line.
    public func commandLine(_ arguments: [String]) -> String {
        (["bash", file(Self.wrapperName).path, folder.path, Self.binary.path] + arguments).map(Self.quoted).joined(
            separator: " ")
    }

    /// Closes the terminal as a hang-up does (the tmux server ends); keyform
    /// sees it, and the wrapper still records keyform's status.
    public func hangUp() {
        hungUp = true
        tmux.kill()
    }

    /// Ends the tmux server and removes the folder.
    public func close() {
        tmux.kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// keyform's process id (the wrapper writes it just before exec).
    public func pid() throws -> pid_t {
        try tmux.poll(for: "keyform's pid file") {
            (try? String(contentsOf: file("pid"), encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }

    /// Waits until keyform has ended and the wrapper has written what it saw,
    /// then (unless the terminal was hung up) until the wrapper's last line
    /// shows: tmux draws what the pane wrote in order, so the screen, the mouse
    /// reports and the alternate screen read after are those keyform left, not
    /// a moment before tmux took its last bytes (the status file can come first).
    public func result(timeout: Duration = Tmux.patience) throws -> Result {
        let status: Int32 = try tmux.poll(for: "keyform to exit (the wrapper's status file)", timeout: timeout) {
            (try? String(contentsOf: file("status"), encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        if !hungUp {
            // Spaces and line ends aside: a narrow pane wraps the line.
            let line = Self.wrapperLine(status: status)
            try tmux.poll(for: "the wrapper's last line, \(line.debugDescription)") {
                try tmux.screen(history: true).filter { $0 != " " && $0 != "\n" }.contains(line.filter { $0 != " " })
                    ? true : nil
            }
        }
        return Result(
            status: status, stdout: try read("stdout"), stderr: try read("stderr"),
            sttyBefore: try read("stty-before"), sttyAfter: try read("stty-after"))
    }

    public func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    public func read(_ name: String) throws -> String {
        try String(contentsOf: file(name), encoding: .utf8)
    }

    // MARK: Files

    public static let packageRoot = BuiltProducts.packageRoot

    /// The `keyform` built next to the test bundle (the test target depends on it).
    public static var binary: URL { BuiltProducts.executable("keyform") }

    private static let wrapperName = "keyform-wrapper.sh"

    /// The line the wrapper writes to the terminal once it recorded keyform's end.
    static func wrapperLine(status: Int32) -> String { "wrapper: keyform exited with \(status)" }

    /// `out=$(keyform …)` with everything around it recorded. The pid file is
    /// written by the command substitution's subshell, which then execs keyform.
    private static let wrapperText = #"""
        #!/usr/bin/env bash
        # Usage: keyform-wrapper.sh FOLDER KEYFORM ARGUMENTS...
        dir=$1 keyform=$2
        shift 2
        # A hang-up of the terminal: wait for keyform (which sees it too) and record its status.
        trap 'echo hangup > "$dir/hangup"' HUP
        stty -g > "$dir/stty-before"
        out=$(echo "$BASHPID" > "$dir/pid"; exec "$keyform" "$@" 2> "$dir/stderr")
        status=$?
        stty -g > "$dir/stty-after"
        printf '%s' "$out" > "$dir/stdout"
        echo "$status" > "$dir/status.part" && mv "$dir/status.part" "$dir/status"
        echo "wrapper: keyform exited with $status"

        """#

    private static func makeFolder() throws -> URL {
        // Short paths: the shell test types the wrapper's command line into an 80-column pane.
        let url = URL(fileURLWithPath: "/tmp/kf-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = try wrapper(in: url)
        return url
    }

    private static func wrapper(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(wrapperName)
        if !FileManager.default.fileExists(atPath: url.path) {
            try wrapperText.write(to: url, atomically: true, encoding: .utf8)
        }
        return url
    }

    public static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
