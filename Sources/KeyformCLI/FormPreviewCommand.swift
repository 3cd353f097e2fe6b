import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformTerminal

/// `keyform form preview FORM [--watch]`: the form's first screen without a terminal
/// session, and with `--watch` the authoring loop of a form in one terminal.
struct FormPreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a form's first screen as `keyform run` shows it, without running it.",
        discussion: """
            FORM is a path or a name, found as for `keyform run`. The screen is drawn once, \
            before any key: the defaults filled in (nothing is read from the store, so \
            `default: last` is empty and a `choices` field shows as with nothing stored), \
            the first field focused. On a terminal it has the terminal's size and styles; \
            piped, it is plain text 80x24. Problems in the form and its layouts go to stderr.

            With --watch the form is drawn again on every save of its file or of the layout \
            files it uses, with their diagnostics under the drawing, until Ctrl-C: edit in \
            one window and watch in another.
            """
    )

    @Argument(help: "A form file, or the name of one (as for keyform run).", completion: NameCompletion.forms)
    var form: String

    @Option(help: "Draw at this many columns.")
    var width: Int?

    @Option(help: "Draw at this many lines.")
    var height: Int?

    @Flag(help: "Redraw on every save of the form or its layouts, with diagnostics under the drawing (Ctrl-C stops).")
    var watch = false

    func validate() throws {
        if let width, width < 1 { throw ValidationError(.widthTooSmall(width)) }
        if let height, height < 1 { throw ValidationError(.heightTooSmall(height)) }
    }

    func run() throws {
        guard let path = FormFiles.locate(form) else {
            throw Failure(.formNotFound(form, places: FormFiles.searchedPlaces(for: form), needs: nil))
        }
        if watch { try FormPreviewWatch(path: path, width: width, height: height).run() }
        let (loaded, diagnostics) = FormFiles.load(path: path)
        for (origin, diagnostic) in diagnostics {
            Output.error(diagnostic.formatted(path: origin, in: Speaking.language))
        }
        guard let loaded else { throw ExitCode(ExitStatus.badUsage) }
        let terminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let size = terminal ? TerminalMode.size(fd: STDOUT_FILENO) : nil
        // A line is left for the shell's prompt, so the title stays on the screen.
        let frame = try FormPreview.frame(
            loaded.form, layouts: loaded.layouts,
            width: width ?? size?.width ?? 80, height: height ?? size.map { max(1, $0.height - 1) } ?? 24,
            clock: WallClock.now(), color: terminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        )
        let lines = FormPreview.drawing(frame, styled: terminal)
        try Output.result(lines.map { terminal ? $0.styledText : $0.text }.joined(separator: "\n") + "\n")
    }
}

/// What the watch of a form reads: the form file and each layout it names (where the
/// name resolves now, and that file's bytes), so a save of either, a layout made where
/// a name now finds it, or one removed, redraws.
struct FormPreviewWatch {
    struct Look: Equatable {
        var form: WatchedFile
        var layouts: [LayoutLook]
    }

    struct LayoutLook: Equatable {
        var name: String
        var source: LayoutResolver.Source?
        var file: WatchedFile?
    }

    /// The layout names the last drawing asked for: what the next look reads.
    private final class Asked {
        var names: [String] = []
    }

    var path: String
    var width: Int?
    var height: Int?

    func run() throws -> Never {
        let folder = (path as NSString).deletingLastPathComponent
        let files = LayoutFiles(formFolder: folder.isEmpty ? "." : folder)
        let origin = FileManager.default.displayPath(path)
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let asked = Asked()
        let (width, height) = (width, height)
        try PreviewWatch(
            look: {
                Look(
                    form: WatchedFile.read(path),
                    layouts: asked.names.map { name in
                        let source = files.resolver.resolve(name)
                        guard case .file(let file)? = source else { return LayoutLook(name: name, source: source) }
                        return LayoutLook(name: name, source: source, file: WatchedFile.read(file))
                    })
            },
            draw: { look, screen in
                let bytes: [UInt8]
                switch look.form {
                case .unreadable(let message):
                    return FormPreview.watchLines(
                        origin: origin, frame: nil, diagnostics: [], readError: message, language: Speaking.language)
                case .bytes(let read):
                    bytes = read
                }
                var layouts = LayoutSet(files: files)
                let (loaded, diagnostics) = FormFiles.load(bytes: bytes, path: origin, stem: stem, layouts: &layouts)
                // It asked for layouts the look did not read: look again before drawing.
                guard layouts.names == asked.names else {
                    asked.names = layouts.names
                    return nil
                }
                // Under the frame: the diagnostics, a blank and the status line, and the cursor's line.
                let rows = height ?? screen.rows.map { max(FormView.minimumHeight, $0 - 3 - diagnostics.count) } ?? 24
                let frame = loaded.flatMap { loaded in
                    try? FormPreview.frame(
                        loaded.form, layouts: loaded.layouts, width: width ?? screen.columns ?? 80, height: rows,
                        clock: WallClock.now(),
                        color: screen.terminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
                    )
                }
                return FormPreview.watchLines(
                    origin: origin, frame: frame, diagnostics: diagnostics, styled: screen.terminal,
                    language: Speaking.language)
            }
        ).run()
    }
}
