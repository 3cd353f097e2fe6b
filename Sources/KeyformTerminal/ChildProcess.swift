import Glibc
import KeyformCore

/// A program run without a shell (`posix_spawnp`): an argv array, each argument
/// one element, never split or expanded. What every caller that runs a program
/// uses (a field's `choices: {command:}`, the `$EDITOR` hand-over).
///
/// The child starts clean of what Keyform set for itself: the signal mask is
/// emptied (the runner blocks signals to read them from a signalfd, and a blocked
/// mask survives `exec`), every signal's disposition is the default (an ignored
/// SIGINT survives `exec` too), and only fds 0–2 are given (Keyform opens its own
/// files close-on-exec). With `ownProcessGroup` it leads a process group of its
/// own, so `kill()` ends what it started as well, and a Ctrl-C on the terminal
/// (sent to the foreground group) does not reach it.
///
/// Nothing here blocks unless asked to: `collect()` reads what the pipes hold
/// now and `exited()` asks without waiting, so a terminal's loop can look in on
/// a child between keys; `finish(within:)` waits, for callers with no screen.
public final class ChildProcess {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// `/dev/null`: the child reads nothing (a choices command).
        case none
        /// Keyform's own (an editor on the terminal).
        case inherit
    }

    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        /// A pipe read by `collect()`: the bytes end up in `output` / `errors`.
        case capture
        /// Keyform's own.
        case inherit
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// What a finished child wrote and how it ended.
    public struct Finished: Equatable, Sendable {
        public var termination: Termination
        /// The child was killed because it ran past its time limit.
        public var timedOut: Bool
        public var output: [UInt8]
        public var errors: [UInt8]
    }

    /// A program that could not be started (not found, not executable).
    public struct SpawnError: MessageError, Equatable, Sendable {
        public var program: String
        public var code: Int32
        /// `git: command not found`, `./list: permission denied` (the system's words as it gives them).
        public var message: Message {
            code == ENOENT
                ? .choicesCommandNotFound(program: program)
                : .choicesCommandNotStarted(program: program, reason: String(cString: strerror(code)).lowercased())
        }
    }

    /// At most this many bytes of each captured stream are kept; the rest is read and dropped.
    public static let captureLimit = 1 << 20

    public let pid: pid_t
    public let ownProcessGroup: Bool
    /// The bytes read so far from a captured standard output / error.
    public private(set) var output: [UInt8] = []
    public private(set) var errors: [UInt8] = []
    /// Read ends of the captured pipes still open (-1: not captured or at end of file).
    private var outputFD: Int32
    private var errorFD: Int32
    private var termination: Termination?

    /// Starts `arguments[0]` (looked up in PATH when it has no slash) with `arguments`.
    /// - Throws: `SpawnError` when the program cannot be started.
    public init(
        _ arguments: [String], input: Input = .none, output: Output = .capture, errors: Output = .capture,
        ownProcessGroup: Bool = true
    ) throws(SpawnError) {
        precondition(!arguments.isEmpty, "a program to run")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        if case .none = input { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        var pipes: [(read: Int32, write: Int32)?] = []
        for (target, stream) in [(Int32(1), output), (Int32(2), errors)] {
            guard case .capture = stream else { pipes.append(nil); continue }
            var ends: [Int32] = [-1, -1]
            guard Self.makePipe(&ends) == 0 else { pipes.append(nil); continue }
            // dup2 onto 1 or 2 clears close-on-exec on the child's copy only.
            posix_spawn_file_actions_adddup2(&actions, ends[1], target)
            pipes.append((ends[0], ends[1]))
        }
        // Only 0-2 reach the program, whatever a library opened without close-on-exec
        // (after the dup2s: actions run in order, and this closes the pipes' own ends).
        if let closeFrom = Self.closeFromFunction { _ = closeFrom(&actions, 3) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var child: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            posix_spawnp(&child, arguments[0], &actions, &attributes, argv, Self.environment)
        }
        for ends in pipes.compactMap({ $0 }) { close(ends.write) }
        guard status == 0 else {
            for ends in pipes.compactMap({ $0 }) { close(ends.read) }
            throw SpawnError(program: arguments[0], code: status)
        }
        self.pid = child
        self.ownProcessGroup = ownProcessGroup
        self.outputFD = pipes[0]?.read ?? -1
        self.errorFD = pipes[1]?.read ?? -1
        for fd in [outputFD, errorFD] where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        // A child nobody waits for is ended, not left behind (nor as a zombie).
        if termination == nil { kill(); _ = wait(blocking: true) }
        for fd in [outputFD, errorFD] where fd >= 0 { close(fd) }
    }

    /// Reads what the captured pipes hold now, without waiting. True when
    /// both are at end of file (or were never captured).
    @discardableResult
    public func collect() -> Bool {
        drain(&outputFD, into: &output)
        drain(&errorFD, into: &errors)
        return outputFD < 0 && errorFD < 0
    }

    /// How the child ended, once it has (asked without waiting).
    public func exited() -> Termination? { termination ?? wait(blocking: false) }

    /// SIGKILL to the child, or to its whole group when it leads one (what it started ends too).
    public func kill() {
        guard termination == nil else { return }
        _ = Glibc.kill(ownProcessGroup ? -pid : pid, SIGKILL)
    }

    /// Whether the output is read in full and the child has ended: `finished` is then final.
    public var isDone: Bool { collect() && exited() != nil }

    /// What the child wrote and how it ended, once `isDone`.
    public func finished(timedOut: Bool = false) -> Finished? {
        guard let termination = exited() else { return nil }
        return Finished(termination: termination, timedOut: timedOut, output: output, errors: errors)
    }

    /// Waits until the child has ended and its pipes are read, killing it (and
    /// its group) when `limit` passes first.
    public func finish(within limit: Duration) -> Finished {
        let deadline = ContinuousClock.now + limit
        var timedOut = false
        while !isDone {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero, !timedOut {
                timedOut = true
                kill()
            }
            if timedOut {
                // Killed: the pipes close once every process holding them is gone.
                if exited() == nil { _ = wait(blocking: true) }
                waitForPipes(milliseconds: 100)
                if !collect() { closePipes() }
                continue
            }
            waitForPipes(milliseconds: min(Self.milliseconds(left), 50))
        }
        return finished(timedOut: timedOut)!
    }

    // MARK: -

    private func wait(blocking: Bool) -> Termination? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        // WIFEXITED / WIFSIGNALED, spelled out (the C macros are not imported).
        let ended: Termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        termination = ended
        return ended
    }

    private func drain(_ fd: inout Int32, into bytes: inout [UInt8]) {
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                let room = max(0, Self.captureLimit - bytes.count)
                bytes.append(contentsOf: buffer[0..<min(n, room)])
                continue
            }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            close(fd)  // end of file, or an error: nothing more comes
            fd = -1
            return
        }
    }

    private func waitForPipes(milliseconds: Int32) {
        var fds = [outputFD, errorFD].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // No pipe left: only the exit is awaited; poll with no fds just sleeps.
        _ = poll(&fds, nfds_t(fds.count), max(1, milliseconds))
    }

    private func closePipes() {
        for fd in [outputFD, errorFD] where fd >= 0 { close(fd) }
        outputFD = -1
        errorFD = -1
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let parts = duration.components
        return Int32(clamping: parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    }

    /// A pipe whose ends close on exec (only the child's dup2'd copies survive).
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        if let pipe2 = pipe2Function { return pipe2(&ends, O_CLOEXEC) }
        guard pipe(&ends) == 0 else { return -1 }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    // glibc functions that Swift's Glibc module does not import (they need _GNU_SOURCE).
    private typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let pipe2Function: Pipe2Function? = symbol("pipe2")
    private typealias CloseFromFunction =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc 2.34 and later; looked up so that an older glibc still runs Keyform.
    private static let closeFromFunction: CloseFromFunction? = symbol("posix_spawn_file_actions_addclosefrom_np")

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let found = dlsym(handle, name) else { return nil }
        return unsafeBitCast(found, to: T.self)
    }

    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
