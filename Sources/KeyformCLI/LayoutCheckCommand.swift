import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

struct LayoutCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report problems in layout files.",
        discussion: """
            Prints one diagnostic a line on stderr, PATH:LINE:COLUMN: error: MESSAGE \
            (or warning). A folder is searched for *.yaml files. Exits 1 if any \
            error was found, else 0.
            """
    )

    @Argument(help: "Layout files or folders of layout files.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    func run() throws {
        var errors = 0
        for file in try SourceFiles.expand(
            paths, skipping: SourceFiles.isTestFile, named: SourceFiles.layoutNamed,
            emptyFolder: .layoutFilesKind)
        {
            let diagnostics = check(file)
            for diagnostic in diagnostics { Output.error(diagnostic.formatted(path: file, in: Speaking.language)) }
            errors += diagnostics.filter(\.isError).count
        }
        if errors > 0 { throw ExitCode(1) }
    }

    private func check(_ path: String) -> [Diagnostic] {
        let bytes: [UInt8]
        do {
            bytes = try SourceFiles.read(path)
        } catch {
            return [.error(.start, (error as? any MessageError)?.message ?? .authored("\(error)"))]
        }
        return LayoutFiles().parse(bytes, folder: (path as NSString).deletingLastPathComponent).diagnostics
    }
}
