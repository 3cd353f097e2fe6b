import Glibc
import KeyformCore
import Testing

@testable import KeyformTerminal

/// A pseudo-terminal: the slave is the terminal under test, the master is the
/// terminal emulator's side, where what the program writes can be read.
private final class Pty {
    let master: Int32
    let slave: Int32

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw TerminalError(operation: "openpty", code: errno)
        }
        self.master = master
        self.slave = slave
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// The slave's termios as raw bytes.
    func attributes() -> [UInt8] {
        var t = termios()
        #expect(tcgetattr(slave, &t) == 0)
        return withUnsafeBytes(of: &t) { Array($0) }
    }

    func termiosValue() -> termios {
        var t = termios()
        _ = tcgetattr(slave, &t)
        return t
    }

    /// Everything written to the slave so far (waits briefly for it to arrive).
    func output() -> String {
        var bytes: [UInt8] = []
        var waiting = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&waiting, 1, 200) > 0 {
            var buffer = [UInt8](repeating: 0, count: 1024)
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[..<n]
            waiting.revents = 0
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite struct TerminalModeTests {
    @Test func enterMakesTheTerminalRaw() throws {
        let pty = try Pty()
        let mode = TerminalMode(fileDescriptor: pty.slave)
        try mode.enter()
        let t = pty.termiosValue()
        #expect(t.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(t.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(t.c_oflag & tcflag_t(OPOST) == 0)
        #expect(t.c_cflag & tcflag_t(CS8) == tcflag_t(CS8))
        #expect(mode.isActive)
        #expect(pty.output() == "\u{1B}[?1049h\u{1B}[?2004h")
        mode.restore()
    }

    @Test func restoreGivesBackTheTermiosByteForByte() throws {
        let pty = try Pty()
        // Unusual settings, to be sure they are restored and not replaced by defaults.
        var t = pty.termiosValue()
        t.c_cc.2 = 8  // VERASE ^H
        t.c_lflag &= ~tcflag_t(ECHOCTL)
        #expect(tcsetattr(pty.slave, TCSANOW, &t) == 0)
        let before = pty.attributes()

        let mode = TerminalMode(fileDescriptor: pty.slave)
        try mode.enter()
        #expect(pty.attributes() != before)
        mode.restore()
        #expect(pty.attributes() == before)
        #expect(!mode.isActive)
        #expect(pty.output() == "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l")
    }

    @Test func restoreIsIdempotent() throws {
        let pty = try Pty()
        let before = pty.attributes()
        let mode = TerminalMode(fileDescriptor: pty.slave)
        mode.restore()  // never entered: nothing happens
        #expect(pty.output() == "")
        try mode.enter()
        try mode.enter()  // entering twice does not save the raw settings as "original"
        mode.restore()
        mode.restore()
        #expect(pty.attributes() == before)
        #expect(pty.output() == "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l")
    }

    @Test func enterAgainAfterASuspendSavesTheSettingsAfresh() throws {
        let pty = try Pty()
        let mode = TerminalMode(fileDescriptor: pty.slave)
        try mode.enter()
        mode.restore()
        // While we were stopped, the shell changed the settings.
        var t = pty.termiosValue()
        t.c_cc.0 = 7  // VINTR
        #expect(tcsetattr(pty.slave, TCSANOW, &t) == 0)
        let changed = pty.attributes()
        try mode.enter()
        mode.restore()
        #expect(pty.attributes() == changed)
    }

    @Test func deinitRestores() throws {
        let pty = try Pty()
        let before = pty.attributes()
        do {
            let mode = TerminalMode(fileDescriptor: pty.slave)
            try mode.enter()
            #expect(pty.attributes() != before)
        }
        #expect(pty.attributes() == before)
        #expect(pty.output().hasSuffix("\u{1B}[?1049l"))
    }

    @Test func optionsLeaveOutTheAlternateScreenAndPaste() throws {
        let pty = try Pty()
        let mode = TerminalMode(
            fileDescriptor: pty.slave, options: .init(alternateScreen: false, bracketedPaste: false))
        try mode.enter()
        mode.restore()
        #expect(pty.output() == "\u{1B}[0m\u{1B}[?25h")
    }

    @Test func writeAndRead() throws {
        let pty = try Pty()
        let mode = TerminalMode(
            fileDescriptor: pty.slave, options: .init(alternateScreen: false, bracketedPaste: false))
        try mode.enter()
        #expect(mode.write(Array("frame\r\n".utf8)))
        #expect(pty.output() == "frame\r\n")
        // Raw mode: keys come through unchanged, Ctrl-C as byte 3, CR not turned into LF.
        let typed: [UInt8] = [0x61, 0x03, 0x0D, 0x1B, 0x5B, 0x41]
        #expect(Glibc.write(pty.master, typed, typed.count) == typed.count)
        var waiting = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 1000) == 1)
        #expect(mode.read() == typed)
        mode.restore()
    }

    @Test func notATerminal() {
        #expect(throws: TerminalError(operation: "open /dev/null", code: 0)) { try TerminalMode(path: "/dev/null") }
        #expect(throws: TerminalError.self) { try TerminalMode(path: "/nonexistent/tty") }
        let mode = TerminalMode(fileDescriptor: -1)
        #expect(throws: TerminalError(operation: "tcgetattr", code: EBADF)) { try mode.enter() }
        #expect(!mode.isActive)
    }

    @Test func size() throws {
        let pty = try Pty()
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        let got = TerminalMode.size(fd: pty.slave)
        #expect(got?.width == 80 && got?.height == 24)
        size = winsize(ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalMode.size(fd: pty.slave) == nil)
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        #expect(TerminalMode.size(fd: pipeEnds[0]) == nil)
        close(pipeEnds[0])
        close(pipeEnds[1])
    }
}

/// Keys typed while a scene is being made (the store opened, readline set up),
/// before the first frame: the runner holds them in raw mode first.
@MainActor
@Suite(.serialized) struct TypeAheadTests {
    /// A scene that ends with the first bytes it is given.
    final class FirstBytes: TerminalScene {
        var outcome: [UInt8]?
        var hasPendingEscape: Bool { false }
        func receive(_ bytes: [UInt8]) -> [TerminalRequest] {
            outcome = bytes
            return []
        }
        func flushPendingEscape() -> [TerminalRequest] { [] }
        func stop(signal: Int32) -> [UInt8] { outcome ?? [] }
        func frame(width: Int, height: Int, color: Bool) -> Frame { Frame(width: width, height: height) }
    }

    /// Issue #20: a Ctrl-S typed ahead was lost. The terminal's settings were
    /// a shell's (IXON on) until the scene was made, and the terminal took the
    /// Ctrl-S as XOFF and dropped it.
    @Test func ctrlSTypedWhileTheSceneIsMadeIsAKey() throws {
        let pty = try Pty()
        let path = String(cString: ttyname(pty.slave))
        #expect(pty.termiosValue().c_iflag & tcflag_t(IXON) != 0, "a fresh terminal has flow control on, as a shell's")
        let typed = try TerminalRunner.run(options: TerminalRunner.Options(color: false, animate: false, ttyPath: path))
        {
            // The person types Ctrl-S and x while keyform opens what the form needs.
            _ = [UInt8]([0x13, UInt8(ascii: "x")]).withUnsafeBytes { write(pty.master, $0.baseAddress, 2) }
            var waiting = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
            _ = poll(&waiting, 1, 200)
            return FirstBytes()
        }
        #expect(typed == [0x13, UInt8(ascii: "x")])
        #expect(pty.termiosValue().c_iflag & tcflag_t(IXON) != 0, "the settings are given back")
    }
}
