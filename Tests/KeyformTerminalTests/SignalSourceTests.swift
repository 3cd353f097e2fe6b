import Glibc
import Testing

@testable import KeyformTerminal

/// Signal masks belong to threads and are inherited by the threads they create.
/// So that no test-pool thread ever starts with these signals blocked (and passes
/// that on to child processes other tests spawn), every test blocks, raises and
/// reads on a thread of its own, started with an empty mask, and only looks at
/// the results back on the test's thread. `raise()` sends to the calling thread,
/// so the signals never reach any other thread either.
@Suite struct SignalSourceTests {
    @Test func raisedSignalsAreReadFromTheDescriptor() throws {
        let (empty, polled, winch, again, fatal, stop, cont) = try onOwnThread {
            let source = try SignalSource()
            defer { source.restoreMask() }
            let empty = source.read()
            raise(SIGWINCH)
            var waiting = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&waiting, 1, 1000)
            let winch = source.read()
            let again = source.read()
            // Signals that would end or stop the process arrive as data too.
            raise(SIGINT)
            raise(SIGTERM)
            raise(SIGHUP)
            let fatal = source.read()
            raise(SIGTSTP)
            let stop = source.read()
            raise(SIGCONT)  // (raising SIGCONT discards a pending SIGTSTP: read in between)
            let cont = source.read()
            return (empty, polled, winch, again, fatal, stop, cont)
        }
        #expect(empty == [], "nothing pending yet")
        #expect(polled == 1, "poll() sees the signal")
        #expect(winch == [SIGWINCH])
        #expect(again == [], "read once")
        #expect(fatal.sorted() == [SIGHUP, SIGINT, SIGTERM])
        #expect(stop == [SIGTSTP])
        #expect(cont == [SIGCONT])
    }

    @Test func theMaskIsRestored() throws {
        let (before, during, restored, reblocked, read) = try onOwnThread {
            let before = blockedSignals()
            let source = try SignalSource()
            let during = blockedSignals()
            source.restoreMask()
            source.restoreMask()
            let restored = blockedSignals()
            source.blockAgain()
            let reblocked = blockedSignals()
            raise(SIGWINCH)
            let read = source.read()
            source.restoreMask()
            return (before, during, restored, reblocked, read)
        }
        #expect(before == [])
        #expect(during == SignalSource.defaultSignals.sorted())
        #expect(restored == [])
        #expect(reblocked == SignalSource.defaultSignals.sorted())
        #expect(read == [SIGWINCH])
    }

    @Test func deinitRestoresTheMask() throws {
        let (during, after) = try onOwnThread {
            var during: [Int32] = []
            do {
                let source = try SignalSource(signals: [SIGWINCH])
                during = blockedSignals()
                _ = source
            }
            return (during, blockedSignals())
        }
        #expect(during == [SIGWINCH], "only the signals asked for")
        #expect(after == [])
    }

    @Test func theDescriptorIsNonBlockingAndCloseOnExec() throws {
        let (flags, descriptorFlags) = try onOwnThread {
            let source = try SignalSource(signals: [SIGWINCH])
            return (fcntl(source.fileDescriptor, F_GETFL), fcntl(source.fileDescriptor, F_GETFD))
        }
        #expect(flags & O_NONBLOCK != 0)
        #expect(descriptorFlags & FD_CLOEXEC != 0)
    }

    /// A child spawned with `previousMask` does not inherit the blocked signals;
    /// one spawned without it does (which is why the mask must be given).
    @Test func childrenGetThePreviousMask() throws {
        let (inherited, given) = try onOwnThread {
            let source = try SignalSource()
            defer { source.restoreMask() }
            return (try blockedSignalsOfChild(mask: nil), try blockedSignalsOfChild(mask: source.previousMask))
        }
        #expect(inherited == SignalSource.defaultSignals.sorted())
        #expect(given == [])
    }
}

/// The signals among Keyform's that the calling thread blocks, sorted.
private func blockedSignals() -> [Int32] {
    var current = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &current)
    return SignalSource.defaultSignals.filter { sigismember(&current, $0) == 1 }.sorted()
}

/// Spawns `grep SigBlk /proc/self/status` and returns which of Keyform's signals the child blocks.
private func blockedSignalsOfChild(mask: sigset_t?) throws -> [Int32] {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw TerminalError(operation: "pipe", code: errno) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    if var mask {
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    }
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("grep"), strdup("SigBlk"), strdup("/proc/self/status"), nil]
    defer { for arg in argv { free(arg) } }
    let status = posix_spawnp(&pid, "grep", &actions, &attributes, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    posix_spawnattr_destroy(&attributes)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard status == 0 else { throw TerminalError(operation: "posix_spawnp", code: status) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let n = Glibc.read(pipeEnds[0], &buffer, buffer.count)
        if n <= 0 { break }
        output += buffer[..<n]
    }
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    // "SigBlk:\t0000000000010000\n": bit N-1 is signal N.
    let line = String(decoding: output, as: UTF8.self)
    guard let bits = UInt64(line.drop { $0 != "\t" }.filter(\.isHexDigit), radix: 16) else {
        throw TerminalError(operation: "read SigBlk from '\(line)'", code: 0)
    }
    return SignalSource.defaultSignals.filter { bits & (1 << UInt64($0 - 1)) != 0 }.sorted()
}

// MARK: - A thread of one's own

private protocol Runnable: AnyObject { func run() }

private final class ThreadJob<T>: Runnable, @unchecked Sendable {
    let body: () throws -> T
    var result: Result<T, any Error>?
    init(_ body: @escaping () throws -> T) { self.body = body }
    func run() { result = Result(catching: body) }
}

/// Runs `body` on a new thread whose signal mask starts empty, and waits for it.
private func onOwnThread<T>(_ body: @escaping () throws -> T) throws -> T {
    let job = ThreadJob(body)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
    let created = pthread_create(
        &thread, nil,
        { context in
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable
            job.run()
            return nil
        }, context)
    guard created == 0 else {
        Unmanaged<AnyObject>.fromOpaque(context).release()
        throw TerminalError(operation: "pthread_create", code: created)
    }
    pthread_join(thread, nil)
    return try job.result!.get()
}
