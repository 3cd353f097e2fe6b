import Foundation
import KeyformCore
import KeyformFiles
import KeyformTerminal

/// `keyform layout preview FILE --watch`: the authoring loop of a layout file in one
/// terminal. The file is read every `interval`; when its bytes differ from the last
/// drawn (or it cannot be read any more, or again), the preview is drawn anew with
/// its diagnostics under it. Comparing bytes, not modification times, sees two saves
/// within one second and an editor's save by rename alike. Ctrl-C stops it (130).
struct LayoutPreviewWatch {
    var path: String
    var origin: String
    var files: LayoutFiles
    var width: Int?
    var interval: useconds_t = 200_000

    /// On a terminal each frame replaces the screen; piped, frames follow each other.
    func run() throws -> Never {
        Self.stopOnSignals()
        let terminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        var drawn: Result<[UInt8], Unreadable>?
        while true {
            let now = Result { () throws(Unreadable) in try Self.read(path) }
            if drawn.map({ !Self.same($0, now) }) ?? true {
                try draw(now, terminal: terminal)
                drawn = now
            }
            usleep(interval)
        }
    }

    private func draw(_ state: Result<[UInt8], Unreadable>, terminal: Bool) throws {
        let columns = width ?? (terminal ? TerminalMode.size(fd: STDOUT_FILENO)?.width : nil) ?? 80
        let lines: [Frame.Line]
        switch state {
        case .success(let bytes):
            let parsed = files.parse(bytes, folder: (path as NSString).deletingLastPathComponent)
            lines = LayoutPreview.watchLines(origin: origin, parsed: parsed, width: columns, highlight: terminal)
        case .failure(let failure):
            lines = LayoutPreview.watchLines(origin: origin, parsed: nil, readError: failure.message, width: columns, highlight: false)
        }
        let text = terminal
            ? "\u{1B}[H\u{1B}[2J" + lines.map(LayoutPreviewCommand.styled).joined(separator: "\n") + "\n"
            : lines.map(\.text).joined(separator: "\n") + "\n\n"
        try Output.result(text)
    }

    /// Ctrl-C, SIGTERM and SIGHUP end the loop as they end any command (nothing to
    /// save or restore), even when the parent left them blocked for its children.
    private static func stopOnSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&signals, signal)
            Foundation.signal(signal, SIG_DFL)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Why the file could not be read this time (gone between saves, unreadable).
    struct Unreadable: Error {
        var message: String
    }

    private static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        do {
            return try SourceFiles.read(path)
        } catch {
            throw Unreadable(message: "\(error)")
        }
    }

    private static func same(_ a: Result<[UInt8], Unreadable>, _ b: Result<[UInt8], Unreadable>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): x == y
        case (.failure(let x), .failure(let y)): x.message == y.message
        default: false
        }
    }
}
