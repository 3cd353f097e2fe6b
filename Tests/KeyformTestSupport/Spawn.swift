import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end with `posix_spawn`, not Foundation's `Process`.
///
/// Two reasons, both seen with tmux: the test runner's threads block most
/// signals, and `Process` hands that mask to the child, so a tmux server
/// started from a test never saw SIGCHLD or SIGTERM (its panes' programs
/// inherited the mask too); and `Process.waitUntilExit()` sometimes never
/// noticed the tmux client's exit (a zombie left, the test hung). Here the
/// child gets an empty signal mask and default actions, no descriptors but
/// its three, and `waitpid` waits for it.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The signals whose actions the child gets back as defaults (an ignored
    /// SIGPIPE or SIGINT would otherwise be inherited through exec).
    private static let defaulted: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGWINCH, SIGALRM,
        SIGUSR1, SIGUSR2,
    ]

    static func run(
        _ path: String, _ arguments: [String], environment: [String: String]
    ) throws -> (status: Int32, output: [UInt8], error: [UInt8]) {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard makePipe(&outPipe) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        guard makePipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(outPipe[0]); close(errPipe[0]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let closeFrom = closeFromFunction { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaulted { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            throw Failure(description: "posix_spawn \(path): \(String(cString: strerror(spawned)))")
        }

        // Small outputs (a screen, a message): reading one pipe and then the other cannot fill either.
        let output = readAll(outPipe[0])
        let error = readAll(errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, and 128 + the signal when it was killed.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, output, error)
    }

    /// A pipe whose ends are closed on exec (`pipe2(O_CLOEXEC)`, so that no child
    /// spawned meanwhile by another test keeps our write end and our read waits for it).
    private static func makePipe(_ fds: inout [Int32]) -> Int32 {
        fds.withUnsafeMutableBufferPointer { buffer in
            if let pipe2 = pipe2Function { return pipe2(buffer.baseAddress!, O_CLOEXEC) }
            guard pipe(buffer.baseAddress!) == 0 else { return -1 }
            for fd in buffer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return 0
        }
    }

    // glibc functions that Swift's Glibc module does not import (they need _GNU_SOURCE).
    private typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias CloseFromFunction =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let pipe2Function: Pipe2Function? = symbol("pipe2")
    private static let closeFromFunction: CloseFromFunction? = symbol("posix_spawn_file_actions_addclosefrom_np")

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let found = dlsym(handle, name) else { return nil }
        return unsafeBitCast(found, to: T.self)
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes += buffer[..<n]
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }
}
