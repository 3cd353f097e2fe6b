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
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
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
        try write(formatted, to: path)
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

    /// Replaces the file's contents. A symbolic link is followed and its target
    /// formatted (the link stays a link). The file keeps its mode and owner: the
    /// new text is written beside it and renamed over it in one step, unless the
    /// file has other hard links, which a rename would cut: then it is rewritten in place.
    private func write(_ text: String, to path: String) throws {
        func failure(_ doing: String) -> Failure {
            Failure(message: "cannot write \(path): \(doing): \(String(cString: strerror(errno)))", status: 1)
        }
        guard let resolved = realpath(path, nil) else { throw failure("cannot resolve the path") }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure("cannot read its mode") }
        let bytes = Array(text.utf8)
        if info.st_nlink > 1 {
            let fd = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw failure("cannot open it") }
            defer { close(fd) }
            guard Output.writeAll(bytes, to: fd) == nil, fsync(fd) == 0 else { throw failure("cannot write it") }
            return
        }
        let temporary = target + ".keyform-fmt.tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777)
        guard fd >= 0 else { throw failure("cannot create \(temporary)") }
        let written = Output.writeAll(bytes, to: fd) == nil
            && fchmod(fd, info.st_mode & 0o7777) == 0
            && (fchown(fd, info.st_uid, info.st_gid) == 0 || getuid() != 0)
            && fsync(fd) == 0
        close(fd)
        guard written, rename(temporary, target) == 0 else {
            let error = failure("cannot replace it")
            unlink(temporary)
            throw error
        }
    }
}
