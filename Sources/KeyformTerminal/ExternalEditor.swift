import CReadline
import Glibc
import KeyformCore

/// Hands a field's text to the person's editor and takes it back (Ctrl-E in a
/// field of several lines, as huh's Text and bash's `edit-and-execute-command`).
///
/// The text goes to a private temporary file (0600, in `$TMPDIR` or `/tmp`,
/// removed afterwards whatever happens); the editor is `$VISUAL`, else
/// `$EDITOR`, else `vi`, split into words at spaces without a shell (so
/// `code --wait` works and nothing in the value is ever run by a shell), with
/// the file's path as its last argument. It runs on the terminal as a job of
/// its own: its own process group made the terminal's foreground, so the
/// Ctrl-C typed in it reaches it and not Keyform; its signal mask and
/// dispositions are the defaults (Keyform blocks its signals and reads them
/// from a signalfd: a child would inherit the block). The caller gives the
/// terminal back before (cooked mode, the shell's screen) and takes it again
/// after. The edited text comes back without the one trailing newline editors
/// add; a failed or missing editor is a `Failure` a person can act on, and the
/// value is then unchanged.
@MainActor
public enum ExternalEditor {
    /// Why the text did not come back: a message, said in the form's language on its footer.
    public struct Failure: MessageError, Equatable, Sendable, CustomStringConvertible {
        public var message: Message
        public init(_ message: Message) { self.message = message }
        public var description: String { Language.english.text(message) }
    }

    /// The editor command from the environment: `$VISUAL`, else `$EDITOR`
    /// (a blank one is unset), else `vi`, as words.
    public static func command(environment: (String) -> String?) -> [String] {
        for name in ["VISUAL", "EDITOR"] {
            let words = (environment(name) ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if !words.isEmpty { return words }
        }
        return ["vi"]
    }

    /// Edits `text` in the editor on the terminal `tty` (a descriptor open on
    /// it), giving the child `mask` as its signal mask (the mask Keyform's
    /// signals were blocked from: `SignalSource.previousMask`).
    public static func edit(_ text: String, tty: Int32, mask: sigset_t) -> Result<String, Failure> {
        let command = command(environment: { getenv($0).map { String(cString: $0) } })
        // Named by its program, as a person calls it (`code`, not `/usr/bin/code --wait`): the footer is one line.
        let shown = TerminalSafe.escaped(String(command[0].split(separator: "/").last ?? Substring(command[0])))
        let folder = TemporaryFolder.path(tmpdir: getenv("TMPDIR").map { String(cString: $0) })
        var template = Array((folder + "/keyform-XXXXXX.txt").utf8CString)
        // mkstemps: a new file only its owner may read or write (0600).
        let fd = mkstemps(&template, 4)
        guard fd >= 0 else {
            return .failure(
                Failure(.editorNoTemporaryFile(folder: TerminalSafe.escaped(folder), reason: systemReason(errno))))
        }
        let path = String(cString: template)
        defer { unlink(path) }
        let written = Array(text.utf8).withUnsafeBufferPointer { bytes in
            bytes.isEmpty || Glibc.write(fd, bytes.baseAddress, bytes.count) == bytes.count
        }
        close(fd)
        guard written else {
            return .failure(Failure(.editorTextNotWritten(reason: systemReason(errno))))
        }

        if case .failure(let failure) = run(command + [path], shown: shown, tty: tty, mask: mask) {
            return .failure(failure)
        }
        guard let edited = read(path) else {
            return .failure(Failure(.editorLeftNoFile(editor: shown)))
        }
        // Editors end the file with a newline the person did not type as part of the value.
        let value = String(decoding: edited, as: UTF8.self)
        return .success(value.hasSuffix("\n") ? String(value.dropLast()) : value)
    }

    /// Runs `arguments` on the terminal as a foreground job and waits for it;
    /// a failure names the editor as `shown`.
    private static func run(_ arguments: [String], shown: String, tty: Int32, mask: sigset_t) -> Result<Void, Failure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = mask
        posix_spawnattr_setsigmask(&attributes, &mask)
        // Keyform's signals back to their default actions in the child.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD,
        ] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The terminal is the editor's input and output, whatever Keyform's stdout is (a pipe to a script).
        for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_adddup2(&actions, tty, target)
        }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, argv[0]!, &actions, &attributes, &argv, shim_environ())
        guard status == 0 else {
            return .failure(Failure(.editorNotStarted(editor: shown, reason: systemReason(status))))
        }
        let ours = tcgetpgrp(tty)
        setForeground(tty, pid)
        defer { setForeground(tty, ours) }
        var waited: Int32 = 0
        while true {
            let result = waitpid(pid, &waited, WUNTRACED)
            if result < 0, errno == EINTR { continue }
            guard result == pid else {
                return .failure(Failure(.editorNotWaitedFor(editor: shown, reason: systemReason(errno))))
            }
            // Stopped (it read the terminal before it was the foreground, or Ctrl-Z in it): on again, in front.
            if waited & 0xFF == 0x7F {
                setForeground(tty, pid)
                kill(-pid, SIGCONT)
                continue
            }
            break
        }
        let signal = waited & 0x7F
        if signal != 0 {
            return .failure(Failure(.editorKilled(editor: shown, signal: Int(signal))))
        }
        let code = (waited >> 8) & 0xFF
        if code == 127 {
            return .failure(Failure(.editorNotFound(editor: shown)))
        }
        if code != 0 {
            return .failure(Failure(.editorExited(editor: shown, status: Int(code))))
        }
        return .success(())
    }

    /// The system's words for an errno, as it writes them.
    private static func systemReason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Makes `group` the terminal's foreground process group. Done from the
    /// background too (taking the terminal back), which would stop Keyform
    /// with SIGTTOU unless it is blocked meanwhile.
    private static func setForeground(_ tty: Int32, _ group: pid_t) {
        guard group > 0 else { return }
        var block = sigset_t()
        var previous = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        _ = tcsetpgrp(tty, group)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// The file's bytes, or nil when it cannot be read (the editor removed it).
    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }
}
