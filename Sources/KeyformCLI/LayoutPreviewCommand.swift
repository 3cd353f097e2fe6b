import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformTerminal

struct LayoutPreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a layout's key grid as it will appear in a form.",
        discussion: """
            NAME resolves like a field's `layout:` (./Layouts, $KEYFORM_LAYOUTS, then the \
            shipped layouts); a path ending in .yaml is used as is. Paged layouts are drawn \
            page by page. On a terminal each page's first key is highlighted as in a \
            form, and the width is the terminal's; piped, the drawing is plain text 80 \
            columns wide.

            With --watch the layout's file is drawn again on every save, with its \
            diagnostics under the drawing, until Ctrl-C: edit the file in one window and \
            watch it in another. A shipped layout has no file to watch.
            """
    )

    @Argument(help: "A layout name or a path to a .yaml file.", completion: NameCompletion.layouts)
    var layout: String

    @Option(help: "Draw at this many columns.")
    var width: Int?

    @Flag(help: "Redraw on every save of the layout file, with its diagnostics under the drawing (Ctrl-C stops).")
    var watch = false

    func validate() throws {
        if let width, width < 1 { throw ValidationError(.widthTooSmall(width)) }
    }

    func run() throws {
        let files = LayoutFiles()
        if watch { try startWatching(files) }
        guard let loaded = files.load(layout) else {
            throw Failure(files.resolver.notFound(for: layout, in: Speaking.language))
        }
        for diagnostic in loaded.parsed.diagnostics {
            Output.error(diagnostic.formatted(path: loaded.origin, in: Speaking.language))
        }
        guard let parsed = loaded.parsed.value else { throw ExitCode(2) }
        let columns = width ?? TerminalMode.size(fd: STDOUT_FILENO)?.width ?? 80
        guard isatty(STDOUT_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else {
            try Output.result(LayoutPreview.render(parsed, width: columns, language: Speaking.language) + "\n")
            return
        }
        let lines = LayoutPreview.lines(parsed, width: columns, highlight: true, language: Speaking.language)
        try Output.result(lines.map(\.styledText).joined(separator: "\n") + "\n")
    }

    /// The file NAME resolves to, watched; a shipped layout cannot change.
    private func startWatching(_ files: LayoutFiles) throws {
        switch files.resolver.resolve(layout) {
        case .file(let path)?:
            let origin = FileManager.default.displayPath(path)
            let folder = (path as NSString).deletingLastPathComponent
            let width = width
            try PreviewWatch(
                look: { WatchedFile.read(path) },
                draw: { file, screen in
                    let columns = width ?? screen.columns ?? 80
                    switch file {
                    case .bytes(let bytes):
                        let parsed = files.parse(bytes, folder: folder)
                        return LayoutPreview.watchLines(
                            origin: origin, parsed: parsed, width: columns, highlight: screen.terminal,
                            language: Speaking.language)
                    case .unreadable(let message):
                        return LayoutPreview.watchLines(
                            origin: origin, parsed: nil, readError: message, width: columns, highlight: false,
                            language: Speaking.language)
                    }
                }
            ).run()
        case .shipped(let name)?:
            throw Failure(.layoutShippedNotWatched(name))
        case nil:
            throw Failure(files.resolver.notFound(for: layout, in: Speaking.language))
        }
    }
}
