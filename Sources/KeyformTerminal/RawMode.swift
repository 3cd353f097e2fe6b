import Glibc

/// A terminal call that failed, with its errno.
public struct TerminalError: Error, Equatable, CustomStringConvertible {
    /// What was being done: "open /dev/tty", "tcgetattr", "tcsetattr".
    public var operation: String
    /// errno, or 0 when the file is simply not a terminal.
    public var code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    public var description: String {
        code == 0 ? "\(operation): not a terminal" : "\(operation): \(String(cString: strerror(code)))"
    }
}

/// The terminal in the mode Keyform draws in, and back exactly as it was.
///
/// `enter()` saves the terminal's settings (termios) and switches to raw mode
/// (`cfmakeraw`: no echo, no line editing, no CR/LF translation, no output
/// processing, 8-bit, one byte at a time), then enters the alternate screen
/// (`ESC [ ? 1049 h`) and turns on bracketed paste (`ESC [ ? 2004 h`) and,
/// when asked, mouse reporting (`ESC [ ? 1000 h ESC [ ? 1006 h`).
/// `restore()` writes `ESC [ 0 m`, `ESC [ ? 25 h` (cursor shown),
/// `ESC [ ? 2004 l`, the mouse's `l`s and `ESC [ ? 1049 l`, and sets the
/// saved termios back, byte for byte.
///
/// **ISIG is off** (as `cfmakeraw` leaves it): Ctrl-C arrives as byte 3 (a
/// `.control("c")` key), Ctrl-Z as byte 26 and Ctrl-\ as byte 28, in order with
/// the keys around them, exactly as the headless `keyform test` feeds `<C-c>`.
/// The caller treats Ctrl-C as an interrupt (save the draft, restore, exit 130)
/// and Ctrl-Z as a suspend (see `SignalSource.suspend`). A SIGINT sent with
/// `kill` still comes through `SignalSource` and ends the same way. XON/XOFF is
/// off too, so Ctrl-S and Ctrl-Q are keys.
///
/// **Restoring** is idempotent and may be called from any exit path, including
/// a signal's: it uses only `write(2)` and `tcsetattr(3)` (TCSANOW, so it never
/// waits for output to drain) on memory prepared in `init`, and allocates
/// nothing. `enter()` after `restore()` enters again, saving the settings
/// afresh (after SIGCONT the shell may have changed them). `deinit` restores.
///
/// Settings are applied with TCSANOW and input is never flushed: keys typed
/// ahead, before the form appears, are not lost.
public final class TerminalMode {
    /// What `enter()` turns on besides raw mode.
    public struct Options: Sendable {
        /// Draw on the alternate screen (the shell's screen comes back on restore).
        public var alternateScreen: Bool
        /// Ask the terminal to bracket pastes (`KeyDecoder` gives them as one `.paste`).
        public var bracketedPaste: Bool
        /// Ask the terminal to report mouse buttons and the wheel (`ESC [ ? 1000 h`)
        /// in SGR form (`ESC [ ? 1006 h`; `KeyDecoder` gives them as `.mouse`).
        /// Off again on every way out, as the rest is: a shell left with mouse
        /// reporting on would type escape sequences at every click.
        public var mouse: Bool

        public init(alternateScreen: Bool = true, bracketedPaste: Bool = true, mouse: Bool = false) {
            self.alternateScreen = alternateScreen
            self.bracketedPaste = bracketedPaste
            self.mouse = mouse
        }
    }

    /// The terminal's file descriptor: poll and read it for keys, write frames to it.
    public let fileDescriptor: Int32
    public let options: Options
    private let ownsDescriptor: Bool
    /// The settings to restore; valid while `isActive`.
    private let saved: UnsafeMutablePointer<termios>
    private let enterSequence: UnsafeMutableBufferPointer<UInt8>
    private let restoreSequence: UnsafeMutableBufferPointer<UInt8>
    /// Whether the terminal is in our mode (and `saved` holds what to restore).
    public private(set) var isActive = false
    /// Whether raw mode is set (`holdKeys`), with or without the screen's
    /// switches; `saved` then holds what to restore.
    public private(set) var holdsKeys = false

    /// Opens the controlling terminal (`/dev/tty`, not stdin or stdout, which may be
    /// pipes) for reading and writing. Throws when there is none.
    public convenience init(path: String = "/dev/tty", options: Options = Options()) throws {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalError(operation: "open \(path)", code: errno) }
        guard isatty(fd) == 1 else {
            close(fd)
            throw TerminalError(operation: "open \(path)", code: 0)
        }
        self.init(fileDescriptor: fd, options: options, closeOnDeinit: true)
    }

    /// Uses a terminal already open (a pty in tests). With `closeOnDeinit`, the
    /// descriptor is closed when this object goes.
    public init(fileDescriptor: Int32, options: Options = Options(), closeOnDeinit: Bool = false) {
        self.fileDescriptor = fileDescriptor
        self.options = options
        self.ownsDescriptor = closeOnDeinit
        saved = .allocate(capacity: 1)
        saved.initialize(to: termios())
        var enter = ""
        var leave = "\u{1B}[0m\u{1B}[?25h"
        if options.alternateScreen { enter += "\u{1B}[?1049h" }
        if options.bracketedPaste {
            enter += "\u{1B}[?2004h"
            leave += "\u{1B}[?2004l"
        }
        if options.mouse {
            enter += "\u{1B}[?1000h\u{1B}[?1006h"
            leave += "\u{1B}[?1006l\u{1B}[?1000l"
        }
        if options.alternateScreen { leave += "\u{1B}[?1049l" }
        enterSequence = Self.buffer(enter)
        restoreSequence = Self.buffer(leave)
    }

    deinit {
        restore()
        if ownsDescriptor { close(fileDescriptor) }
        saved.deallocate()
        enterSequence.deallocate()
        restoreSequence.deallocate()
    }

    private static func buffer(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        return UnsafeMutableBufferPointer(rebasing: buffer[..<bytes.count])
    }

    /// Saves the settings and sets raw mode only, writing nothing: from here on
    /// keys typed ahead are kept as they are typed. With IXON on (a shell's
    /// terminal) the terminal itself takes a Ctrl-S as "stop output" and drops
    /// it, and echoes what is typed; so the runner holds the keys first, before
    /// it opens what the scene needs, and draws afterwards. Does nothing when
    /// already holding them.
    public func holdKeys() throws {
        guard !holdsKeys else { return }
        var current = termios()
        guard tcgetattr(fileDescriptor, &current) == 0 else { throw TerminalError(operation: "tcgetattr", code: errno) }
        var raw = current
        cfmakeraw(&raw)  // also VMIN 1, VTIME 0: a read returns as soon as a byte is there
        saved.pointee = current
        guard Self.setAttributes(fileDescriptor, raw) == 0 else {
            throw TerminalError(operation: "tcsetattr", code: errno)
        }
        holdsKeys = true
    }

    /// Saves the settings and enters raw mode (unless `holdKeys` already did),
    /// the alternate screen and bracketed paste. Does nothing when already active.
    public func enter() throws {
        guard !isActive else { return }
        try holdKeys()
        isActive = true
        _ = Self.writeAll(fileDescriptor, UnsafeBufferPointer(enterSequence))
    }

    /// Puts the terminal back as `holdKeys()` or `enter()` found it: attributes
    /// reset, cursor shown, bracketed paste off, the shell's screen back (when
    /// entered), the saved termios. Does nothing when neither was done; safe on
    /// any exit path (see the type's notes).
    public func restore() {
        guard holdsKeys else { return }
        holdsKeys = false
        if isActive { _ = Self.writeAll(fileDescriptor, UnsafeBufferPointer(restoreSequence)) }
        isActive = false
        _ = Self.setAttributes(fileDescriptor, saved.pointee)
    }

    /// Writes all of `bytes` (a rendered frame: one call, retried only when the
    /// terminal takes less). False when the terminal is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { Self.writeAll(fileDescriptor, $0) }
    }

    /// One `read()` of what the terminal has: bytes (empty when interrupted or
    /// nothing is there yet), or nil at end of file or an error (the terminal hung up).
    public func read(maximum: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, maximum) }
        if n > 0 { return Array(buffer[..<n]) }
        if n < 0, errno == EINTR || errno == EAGAIN { return [] }
        return nil
    }

    /// Columns and rows of the terminal on `fd`, or nil when it is not a terminal
    /// or reports a size of 0 (some serial consoles, detached ptys).
    public static func size(fd: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    // MARK: - System calls that only touch prepared memory

    private static func setAttributes(_ fd: Int32, _ attributes: termios) -> Int32 {
        var attributes = attributes
        while true {
            let result = tcsetattr(fd, TCSANOW, &attributes)
            if result == 0 || errno != EINTR { return result }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n > 0 {
                next += n
                left -= n
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0, errno == EAGAIN {
                var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, -1)
            } else {
                return false
            }
        }
        return true
    }
}
