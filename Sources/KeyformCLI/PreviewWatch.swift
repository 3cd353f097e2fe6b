import Foundation
import KeyformCore
import KeyformFiles
import KeyformTerminal

/// `keyform layout preview --watch` and `keyform form preview --watch`: the authoring
/// loop in one terminal. Every `interval` the watch looks at what the preview read
/// (`look`: the files' bytes, or why they could not be read); when that differs from
/// what was last drawn, it is drawn anew (`draw`) with its diagnostics under it. `draw`
/// returns nil when what it read shows the look was not all it needs (a form that names
/// another layout since): the watch then looks again at once.
/// Comparing bytes, not modification times, sees two saves within one second and an
/// editor's save by rename alike. Ctrl-C stops it (130).
struct PreviewWatch<Look: Equatable> {
    /// The screen a frame is drawn for: its size when on a terminal, and whether styles show.
    struct Screen {
        var terminal: Bool
        var columns: Int?
        var rows: Int?
    }

    var look: () -> Look
    var draw: (Look, Screen) -> [Frame.Line]?
    var interval: useconds_t = 200_000

    /// On a terminal each frame replaces the screen; piped, frames follow each other.
    func run() throws -> Never {
        Self.stopOnSignals()
        let terminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        var drawn: Look?
        while true {
            let now = look()
            if drawn != now {
                let size = terminal ? TerminalMode.size(fd: STDOUT_FILENO) : nil
                guard let lines = draw(now, Screen(terminal: terminal, columns: size?.width, rows: size?.height)) else {
                    continue
                }
                let text =
                    terminal
                    ? "\u{1B}[H\u{1B}[2J" + lines.map(\.styledText).joined(separator: "\n") + "\n"
                    : lines.map(\.text).joined(separator: "\n") + "\n\n"
                try Output.result(text)
                drawn = now
            }
            usleep(interval)
        }
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
}

/// One file as the watch last saw it: its bytes, or why it could not be read
/// (gone between saves, unreadable).
enum WatchedFile: Equatable {
    case bytes([UInt8])
    case unreadable(String)

    static func read(_ path: String) -> WatchedFile {
        do {
            return .bytes(try SourceFiles.read(path))
        } catch {
            return .unreadable(Speaking.describe(error))
        }
    }
}

extension FileManager {
    /// `path` as a person would type it from here: relative when it is inside the current folder.
    func displayPath(_ path: String) -> String {
        let here = currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }
}

extension Frame.Line {
    /// The line with its styles as SGR sequences (its text is already made safe by the
    /// preview), each styled span closed again, so the shell's own colours stay.
    var styledText: String {
        spans.map { span in
            let codes = [
                (TextStyle.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7"), (.error, "31"), (.accent, "36"),
            ]
            .filter { span.style.contains($0.0) }.map(\.1)
            return codes.isEmpty ? span.text : "\u{1B}[\(codes.joined(separator: ";"))m\(span.text)\u{1B}[0m"
        }.joined()
    }
}
