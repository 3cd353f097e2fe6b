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
            NAME resolves like a field's `layout:` (./Layouts, $KEYFORM_LAYOUTS, then the
            shipped layouts); a path ending in .yaml is used as is. Paged layouts are drawn
            page by page. The drawing is plain text; its width is the terminal's when
            stdout is a terminal, else 80.
            """
    )

    @Argument(help: "A layout name or a path to a .yaml file.")
    var layout: String

    @Option(help: "Draw at this many columns.")
    var width: Int?

    func validate() throws {
        if let width, width < 1 { throw ValidationError("--width must be at least 1, got \(width)") }
    }

    func run() throws {
        let files = LayoutFiles()
        guard let loaded = files.load(layout) else {
            throw Failure(message: files.resolver.notFoundMessage(for: layout))
        }
        for diagnostic in loaded.parsed.diagnostics { Output.error(diagnostic.formatted(path: loaded.origin)) }
        guard let parsed = loaded.parsed.value else { throw ExitCode(2) }
        let columns = width ?? TerminalMode.size(fd: STDOUT_FILENO)?.width ?? 80
        try Output.result(LayoutPreview.render(parsed, width: columns) + "\n")
    }
}
