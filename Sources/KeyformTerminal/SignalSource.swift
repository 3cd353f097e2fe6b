import Glibc

/// Signals as readable events: the signals are blocked and read from a
/// `signalfd`, so they arrive in the same `poll()` as the keys and are handled
/// in the main loop, in order, with no async signal handler.
///
/// The default set and what the caller does with each (see FIELD-NOTES.md):
/// SIGINT → save the draft, restore the terminal, exit 130; SIGTERM / SIGHUP →
/// the same with 143 / 129; SIGWINCH → re-lay out at the new size; SIGTSTP →
/// restore the terminal and `suspend()`; SIGCONT → enter raw mode again and
/// redraw in full (`ScreenWriter.invalidate()`).
///
/// **Threads.** A signal mask belongs to a thread, and threads inherit it when
/// they are created. Create the `SignalSource` on the main thread before any
/// other thread starts (before the first `Task`, Dispatch queue or readline
/// call), so that every thread has these signals blocked and a signal sent to
/// the process (`kill`) always reaches the signalfd; a thread started earlier
/// without the mask would take the signal with its default action instead.
/// Signals the parent set to be ignored (SIG_IGN) stay ignored.
///
/// **Children** inherit a blocked mask across `exec`. Spawn them with
/// `previousMask` (`posix_spawnattr_setsigmask` with `POSIX_SPAWN_SETSIGMASK`),
/// or call `restoreMask()` first.
public final class SignalSource {
    /// The signals Keyform reads: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT.
    public static let defaultSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

    /// Readable (for `poll()`, `POLLIN`) while a signal is pending. Non-blocking, close-on-exec.
    public let fileDescriptor: Int32
    /// The signals blocked and read here.
    public let signals: [Int32]
    /// The calling thread's mask before blocking: what `restoreMask()` puts back,
    /// and the mask to give child processes.
    public let previousMask: sigset_t
    private var set: sigset_t
    /// Whether the signals are blocked by us right now.
    public private(set) var isBlocking: Bool

    /// Blocks `signals` in the calling thread and opens a signalfd for them.
    public init(signals: [Int32] = SignalSource.defaultSignals) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        var previous = sigset_t()
        let status = pthread_sigmask(SIG_BLOCK, &set, &previous)
        guard status == 0 else { throw TerminalError(operation: "pthread_sigmask", code: status) }
        guard let makeSignalFD = Self.signalfdFunction else {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw TerminalError(operation: "signalfd", code: ENOSYS)
        }
        let fd = makeSignalFD(-1, &set, O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw TerminalError(operation: "signalfd", code: code)
        }
        self.fileDescriptor = fd
        self.signals = signals
        self.previousMask = previous
        self.set = set
        self.isBlocking = true
    }

    deinit {
        close(fileDescriptor)
        restoreMask()
    }

    /// The numbers of the signals pending now, in the order read (empty when none).
    /// Each pending signal is read once; the same signal sent twice before a read
    /// is reported once (standard signals do not queue).
    public func read() -> [Int32] {
        let size = Self.siginfoSize
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: size * 8)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= size else { break }
            for offset in stride(from: 0, to: n - size + 1, by: size) {
                let number = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: UInt32.self) }
                received.append(Int32(bitPattern: number))
            }
            if n < buffer.count { break }
        }
        return received
    }

    /// Puts back the mask from before `init`. A signal still pending then is
    /// delivered at once with its usual action (SIGINT ends the process): `read()`
    /// first. Idempotent; `deinit` calls it.
    public func restoreMask() {
        guard isBlocking else { return }
        isBlocking = false
        var previous = previousMask
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Blocks the signals again after `restoreMask()`.
    public func blockAgain() {
        guard !isBlocking else { return }
        isBlocking = true
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Stops the process as Ctrl-Z would in a cooked terminal: SIGTSTP is unblocked
    /// and sent, so the shell sees the job stopped; this returns after SIGCONT
    /// (which is then also pending on the signalfd, to trigger the redraw). Restore
    /// the terminal before calling it, and enter it again after.
    ///
    /// - Parameter processGroup: send SIGTSTP to the whole process group, as the
    ///   terminal sends it for a Ctrl-Z typed in a cooked terminal (use it for the
    ///   Ctrl-Z key, which raw mode turns into a byte). Stopping only this process
    ///   would leave a script that runs it (`x=$(keyform run …)`) waiting for it,
    ///   so the shell would never see the job stop: no prompt, a hung terminal.
    ///   False (for a SIGTSTP that was sent to this process) stops only this one.
    public func suspend(processGroup: Bool = false) {
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        if processGroup {
            kill(0, SIGTSTP)
        } else {
            raise(SIGTSTP)
        }
        if isBlocking, signals.contains(SIGTSTP) { pthread_sigmask(SIG_BLOCK, &stop, nil) }
    }

    // MARK: - signalfd

    /// The size of `struct signalfd_siginfo`, whose first field is the signal number (`uint32_t ssi_signo`).
    private static let siginfoSize = 128

    private typealias SignalFDFunction = @convention(c) (Int32, UnsafePointer<sigset_t>?, Int32) -> Int32

    /// glibc's `signalfd`, which Swift's Glibc module does not import
    /// (`<sys/signalfd.h>` is not in it), looked up once with the C calling convention.
    private static let signalfdFunction: SignalFDFunction? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "signalfd") else { return nil }
        return unsafeBitCast(symbol, to: SignalFDFunction.self)
    }()
}
