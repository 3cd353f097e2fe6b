import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

/// `keyform layout fmt` and `keyform form fmt`: one run over the files named, the
/// kind of file being data (how it is checked, how it is formatted).
struct SourceFormatting {
    /// `layout`, `form`: the command the messages tell the person to run.
    var noun: String
    var kind: YAMLFormatter.Kind
    /// The errors of the file itself, as its `check` command reports them; a file with
    /// any is not formatted. `folder` is where the file is, for the layout names it
    /// resolves; nil for stdin, whose names are not looked up: the same text formats
    /// the same way from any folder.
    var errors: (_ bytes: [UInt8], _ path: String, _ folder: String?) -> [Diagnostic]
    var check: Bool

    /// Formats stdin (`-`) to stdout and every file in place (or only checks them).
    /// Exit 1 when a file had errors or, with `check`, was not canonical.
    func run(_ paths: [String]) throws {
        var failed = false
        for path in paths where path == "-" {
            let bytes: [UInt8]
            do { bytes = try SourceFiles.readStandardInput() } catch {
                throw Failure(message: "<stdin>: \(Speaking.describe(error))")
            }
            if let formatted = format(bytes, path: "<stdin>", folder: nil) {
                try Output.result(formatted)
            } else {
                failed = true
            }
        }
        let files = try SourceFiles.expand(
            paths.filter { $0 != "-" }, skipping: SourceFiles.isTestFile,
            named: { name in
                noun == "form" ? SourceFiles.formNamed(name) : SourceFiles.layoutNamed(name)
            }, emptyFolder: noun == "form" ? .formFilesKind : .layoutFilesKind)
        for path in files {
            if try !formatFile(path) { failed = true }
        }
        if failed { throw ExitCode(1) }
    }

    /// Formats one file in place (or checks it); false when it had problems or was not canonical.
    private func formatFile(_ path: String) throws -> Bool {
        let bytes: [UInt8]
        do {
            bytes = try SourceFiles.read(path)
        } catch {
            // Said at the file, as `check` says it, and the other files are still formatted.
            let said = (error as? any MessageError)?.message ?? .authored(String(describing: error))
            Output.error(Diagnostic.error(.start, said).formatted(path: path, in: Speaking.language))
            return false
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard let formatted = format(bytes, path: path, folder: folder.isEmpty ? "." : folder) else { return false }
        if formatted.utf8.elementsEqual(bytes) { return true }
        if check {
            Output.error(Speaking.language.text(.notCanonical(path: path, noun: noun)))
            return false
        }
        try FileReplacement.write(Array(formatted.utf8), to: path)
        return true
    }

    /// The canonical text, or nil after reporting why there is none.
    private func format(_ bytes: [UInt8], path: String, folder: String?) -> String? {
        let errors = errors(bytes, path, folder)
        guard errors.isEmpty else {
            errors.forEach { Output.error($0.formatted(path: path, in: Speaking.language)) }
            return nil
        }
        do {
            return try YAMLFormatter.format(String(decoding: bytes, as: UTF8.self), as: kind)
        } catch let failure as YAMLFormatter.Failure {
            Output.error(failure.diagnostic.formatted(path: path, in: Speaking.language))
        } catch {
            Output.error("\(path): \(error)")
        }
        return nil
    }
}

struct LayoutFmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite layout files in canonical form (comments kept, meaning unchanged).",
        discussion: """
            One row per line, fields in a fixed order, quotes only where needed, two-space \
            indentation. Files with errors are reported (as by `layout check`) and left \
            alone. `-` formats stdin to stdout; the layout names in it are not looked \
            up (stdin has no folder), so the same text formats alike in any folder. With \
            --check nothing is written; files that are not canonical are listed on stderr \
            and the exit status is 1.
            """
    )

    @Flag(help: "Change nothing; exit 1 if a file is not in canonical form.")
    var check = false

    @Argument(
        help: "Layout files or folders of layout files, or - for stdin.",
        completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    func run() throws {
        let formatting = SourceFormatting(
            noun: "layout", kind: .layout,
            errors: { bytes, _, folder in
                let parsed = folder.map { LayoutFiles().parse(bytes, folder: $0) } ?? LayoutParser.parse(bytes: bytes)
                return parsed.diagnostics.filter(\.isError)
            }, check: check)
        try formatting.run(paths)
    }
}

struct FormFmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite form files in canonical form (comments kept, meaning unchanged).",
        discussion: """
            Fields in a fixed order (title, name, compact, fields or pages, template; a \
            field's id first), one option a line, quotes only where needed, two-space \
            indentation. Files with errors are reported (as by `form check`) and left \
            alone; anchors, aliases and block scalars (| and >) are refused rather than \
            lost. `-` formats stdin to stdout; the layout names in it are not looked up \
            (stdin has no folder), so the same text formats alike in any folder. With \
            --check nothing is written; files that are not canonical are listed on stderr \
            and the exit status is 1.
            """
    )

    @Flag(help: "Change nothing; exit 1 if a file is not in canonical form.")
    var check = false

    @Argument(
        help: "Form files or folders of form files, or - for stdin.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    func run() throws {
        let formatting = SourceFormatting(
            noun: "form", kind: .form,
            errors: { bytes, path, folder in
                let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                guard let folder else {
                    return FormParser.parse(bytes: bytes, stem: "stdin", layouts: { _ in .notLookedUp }).diagnostics
                        .filter(\.isError)
                }
                let layouts = LayoutSet(files: LayoutFiles(formFolder: folder))
                // The form's own errors (a layout's own problems are its file's, not this one's).
                return FormFiles.load(bytes: bytes, path: path, stem: stem, layouts: layouts).diagnostics
                    .filter { $0.path == path && $0.diagnostic.isError }.map(\.diagnostic)
            }, check: check)
        try formatting.run(paths)
    }
}
