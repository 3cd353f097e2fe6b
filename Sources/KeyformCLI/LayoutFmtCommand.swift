import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

struct LayoutFmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite layout files in canonical form (comments kept, meaning unchanged).",
        discussion: """
            One row per line, fields in a fixed order, quotes only where needed, two-space
            indentation. Files with errors are reported (as by `layout check`) and left
            alone. `-` formats stdin to stdout. With --check nothing is written; files
            that are not canonical are listed on stderr and the exit status is 1.
            """
    )

    @Flag(help: "Change nothing; exit 1 if a file is not in canonical form.")
    var check = false

    @Argument(help: "Layout files or folders of layout files, or - for stdin.")
    var paths: [String]

    func run() throws {
        var failed = false
        for path in paths where path == "-" {
            let bytes: [UInt8]
            do { bytes = try SourceFiles.readStandardInput() } catch { throw Failure(message: "<stdin>: \(error)") }
            if let formatted = format(bytes, path: "<stdin>", folder: ".") {
                try Output.result(formatted)
            } else {
                failed = true
            }
        }
        for path in try SourceFiles.expand(paths.filter { $0 != "-" }, skipping: SourceFiles.isTestFile) {
            if try !formatFile(path) { failed = true }
        }
        if failed { throw ExitCode(1) }
    }

    /// Formats one file in place (or checks it); false when it had problems or was not canonical.
    private func formatFile(_ path: String) throws -> Bool {
        let bytes = try SourceFiles.read(path)
        guard let formatted = format(bytes, path: path, folder: (path as NSString).deletingLastPathComponent) else { return false }
        if formatted.utf8.elementsEqual(bytes) { return true }
        if check {
            Output.error("\(path): not in canonical form; run: keyform layout fmt \(path)")
            return false
        }
        try FileReplacement.write(Array(formatted.utf8), to: path)
        return true
    }

    /// The canonical text, or nil after reporting why there is none.
    private func format(_ bytes: [UInt8], path: String, folder: String) -> String? {
        let parsed = LayoutFiles().parse(bytes, folder: folder)
        guard !parsed.diagnostics.hasErrors else {
            parsed.diagnostics.filter(\.isError).forEach { Output.error($0.formatted(path: path)) }
            return nil
        }
        do {
            return try LayoutFormatter.format(String(decoding: bytes, as: UTF8.self))
        } catch let failure as LayoutFormatter.Failure {
            Output.error(failure.diagnostic.formatted(path: path))
        } catch {
            Output.error("\(path): \(error)")
        }
        return nil
    }
}
