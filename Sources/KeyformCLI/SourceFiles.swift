import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun

/// Finding the YAML files named on the command line (reading them: `SourceFiles.read`, in KeyformFiles).
extension SourceFiles {
    static func isTestFile(_ path: String) -> Bool { path.hasSuffix(".test.yaml") || path.hasSuffix(".test.yml") }

    /// The arguments of `form check`: a form's name, as `keyform run` takes one, stands
    /// for the file it finds (unless a file or folder of that name is here).
    static func formPaths(_ arguments: [String]) -> [String] {
        arguments.map { argument in
            FileManager.default.fileExists(atPath: argument) || FormFiles.isPath(argument)
                ? argument : FormFiles.locate(argument) ?? argument
        }
    }

    /// Where a form name given in place of a path is (`form fmt todo`), as a hint.
    static func formNamed(_ name: String) -> Message? {
        FormFiles.locate(name).map { .formIsAt(name, path: $0) }
    }

    /// Where a layout name given in place of a path is (`layout check priority`), as a hint.
    static func layoutNamed(_ name: String) -> Message? {
        guard !name.contains("/"), !name.hasSuffix(".yaml"), !name.hasSuffix(".yml") else { return nil }
        switch LayoutFiles().resolver.resolve(name) {
        case .file(let path)?: return .layoutIsAt(name, path: FileManager.default.displayPath(path))
        case .shipped?: return .layoutIsShipped(name)
        case nil: return nil
        }
    }

    /// Files as given, and folders replaced by the YAML files under them (sorted).
    /// Symbolic links to folders are followed, each real folder read once (a
    /// link back up the tree cannot loop), so a check of a linked tree checks it.
    /// A path that does not exist is an error a user can act on: when it is a
    /// name (`todo`) that `named` finds, the error says where that file is; a
    /// link that loops or leads nowhere says so.
    /// - Parameter emptyFolder: when given, a folder holding no file to take is an
    ///   error (nothing checked is not a pass), said as "no EMPTYFOLDER in 'PATH'".
    static func expand(
        _ paths: [String], skipping skip: (String) -> Bool = { _ in false },
        named: (String) -> Message? = { _ in nil }, emptyFolder: Message? = nil
    ) throws -> [String] {
        var files: [String] = []
        var visited: Set<String> = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Failure(.pathNotFound(TerminalSafe.escaped(path), why: missing(path), hint: named(path)))
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = yamlFiles(under: path, visited: &visited).filter { !skip($0) }.sorted()
            if found.isEmpty, let emptyFolder {
                throw Failure(.emptyFolder(kind: emptyFolder, path: TerminalSafe.escaped(path)))
            }
            files += found
        }
        return files
    }

    /// Why `path` is not there: nothing by that name, or a symbolic link that loops or leads nowhere.
    private static func missing(_ path: String) -> Message {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return .pathMissing }
        if stat(path, &info) != 0, errno == ELOOP { return .pathLinkLoops }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map(TerminalSafe.escaped)
        return .pathLinkToNothing(target: target)
    }

    /// The YAML files under `folder`, through linked folders, skipping hidden names.
    private static func yamlFiles(under folder: String, visited: inout Set<String>) -> [String] {
        guard let resolved = realpath(folder, nil) else { return [] }
        let real = String(cString: resolved)
        free(resolved)
        guard visited.insert(real).inserted,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return [] }
        var found: [String] = []
        for name in names where !name.hasPrefix(".") {
            let full = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += yamlFiles(under: full, visited: &visited)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                found.append(full)
            }
        }
        return found
    }
}

/// The one way the CLI writes: stdout for results only, stderr for the rest.
///
/// Writes never crash the program: a full disk, `/dev/full`, a closed stdout
/// or a file-size limit make a write fail, and the failure is a value the
/// caller acts on (Foundation's `FileHandle.write` traps on them).
enum Output {
    /// One message for the person on stderr, on one line: it quotes paths,
    /// arguments, answers and file contents, and none of them may act on the
    /// terminal or fake a line of its own, so every control, bidi and invisible
    /// character is written out, a line break included (`\n`). A failed write is
    /// ignored: there is nowhere left to say it.
    static func error(_ text: String) {
        _ = Descriptor.writeAll(Array((TerminalSafe.escaped(text) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Several lines at once (usage, a list of problems), each escaped as `error` escapes one.
    static func error(lines text: String) {
        _ = Descriptor.writeAll(Array((escapedLines(text) + "\n").utf8), to: STDERR_FILENO)
    }

    /// The result on stdout, or a `Failure` (status 74, EX_IOERR) that says why it could not be written.
    static func result(_ text: String) throws {
        if let code = Descriptor.writeAll(Array(text.utf8), to: STDOUT_FILENO) {
            throw notWritten(ChunkedOutput.WriteFailure(code: code))
        }
    }

    /// Lines for the person on stdout (`keyform test`'s report): escaped as
    /// stderr's are, since they quote test names, expected values and screens,
    /// and paths. A failed write is a `Failure` (74), as for `result`.
    static func report(_ text: String) throws {
        try result(escapedLines(text))
    }

    /// Each line of `text` with its control, bidi and invisible characters written out (`\u{1B}`).
    static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafe.escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// What every command that prints exits with when stdout cannot take its result: 74 (EX_IOERR).
    static func notWritten(_ failure: ChunkedOutput.WriteFailure) -> Failure {
        Failure(.stdoutNotWritten(reason: "\(failure)"), status: 74)
    }
}

/// Output written in pieces as it is made (`records list|export`): gathered up
/// to 64 KiB, then written, so that memory stays flat however long it is.
struct ChunkedOutput {
    /// A write that failed: the errno, in words.
    struct WriteFailure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    let descriptor: Int32
    private var buffer: [UInt8] = []
    private static let size = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.size + 4096)
    }

    mutating func write(_ text: String) throws(WriteFailure) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.size { try flush() }
    }

    /// Bytes made straight into the buffer (no String in between); written once 64 KiB are gathered.
    mutating func append(_ make: (inout [UInt8]) -> Void) throws(WriteFailure) {
        make(&buffer)
        if buffer.count >= Self.size { try flush() }
    }

    mutating func flush() throws(WriteFailure) {
        defer { buffer.removeAll(keepingCapacity: true) }
        if let code = Descriptor.writeAll(buffer, to: descriptor) { throw WriteFailure(code: code) }
    }
}

extension FormFiles {
    /// FORM (a path or a name) located and loaded with its layouts; its errors
    /// printed on stderr. Not found is bad usage; an invalid form exits 2.
    /// - Parameter needs: what the command needs the file for, said when it is not
    ///   found ("browse needs the form's file to show its records").
    /// - Parameter pipes: also read FORM from a pipe (`keyform run <(…)`), for a command that reads it once.
    static func loadReporting(_ form: String, needs: Message? = nil, pipes: Bool = false) throws -> LoadedForm {
        guard let path = locate(form) else {
            // A path is looked for as it is: what the command needs it for is said of a name.
            let said = Message.formNotFound(form, places: searchedPlaces(for: form), needs: isPath(form) ? nil : needs)
            throw Failure(message: Speaking.language.text(said))
        }
        let (loaded, diagnostics) = load(path: path, pipes: pipes)
        reportErrors(diagnostics)
        guard let loaded else { throw ExitCode(ExitStatus.badUsage) }
        return loaded
    }

    /// Prints the errors of a form and its layouts. Warnings (a label too wide,
    /// uneven rows) are for `keyform form check` and `layout check`: a command
    /// that uses the form does not repeat them each time (nor leave them on the
    /// screen under the form); an error still stops it.
    static func reportErrors(_ diagnostics: [(path: String, diagnostic: Diagnostic)]) {
        for (origin, diagnostic) in diagnostics where diagnostic.isError {
            Output.error(diagnostic.formatted(path: origin, in: Speaking.language))
        }
    }
}

/// Writing a file the person named (`layout fmt`, `form fmt`, `records export -o`)
/// without surprising them: a symbolic link of theirs is followed and its target
/// written (the link stays a link); an existing file keeps its mode and owner, and
/// is replaced in one step (written beside it, then renamed over it) unless it has
/// other hard links, which a rename would cut: then it is rewritten in place. A
/// new file is created exclusively (`O_EXCL | O_NOFOLLOW`) with `newFileMode`.
///
/// Nothing is written through a symbolic link that another user owns, nor over
/// a file another user owns: in a sticky world-writable folder (`/tmp`) anyone
/// may plant `out.json -> ~/.bashrc`, and `records export -o /tmp/out.json`
/// replaced the link's target.
enum FileReplacement {
    static func write(_ bytes: [UInt8], to path: String, newFileMode: mode_t = 0o644) throws {
        try write(to: path, newFileMode: newFileMode) { descriptor in
            if let code = Descriptor.writeAll(bytes, to: descriptor) { throw ChunkedOutput.WriteFailure(code: code) }
        }
    }

    /// The file's content written by `produce` into the descriptor it is given,
    /// as it is made. A `ChunkedOutput.WriteFailure` is reported as a write
    /// that failed; anything else `produce` throws (the store failed) leaves the
    /// file as it was (when it is replaced in one step; a new file is removed) and
    /// is rethrown.
    static func write(to path: String, newFileMode: mode_t = 0o644, _ produce: (Int32) throws -> Void) throws {
        func failure(_ because: (String) -> Message) -> Failure {
            Failure(.cannotWrite(path: path, because: because(String(cString: strerror(errno)))), status: 1)
        }
        /// `produce` run on `fd`: true when it wrote everything, false when a write
        /// failed (errno says why); what else it throws, it throws.
        func produced(_ fd: Int32) throws -> Bool {
            do {
                try produce(fd)
                return true
            } catch let error as ChunkedOutput.WriteFailure {
                errno = error.code
                return false
            }
        }
        guard let target = try ownTarget(of: path) else {
            // Nothing there: a new file, made here and now or not at all (never through a link planted since).
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, newFileMode)
            guard fd >= 0 else { throw failure(Message.writeCannotCreateIt) }
            let written: Bool
            do {
                written = try produced(fd) && fchmod(fd, newFileMode) == 0 && fsync(fd) == 0
            } catch {
                close(fd)
                unlink(path)
                throw error
            }
            close(fd)
            guard written else {
                let error = failure(Message.writeCannotWriteIt)
                unlink(path)
                throw error
            }
            return
        }
        var info = stat()
        guard lstat(target, &info) == 0 else { throw failure(Message.writeCannotReadMode) }
        if info.st_nlink > 1 {
            let fd = open(target, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw failure(Message.writeCannotOpenIt) }
            defer { close(fd) }
            // The file opened is the one checked (not one swapped in since), then emptied.
            var opened = stat()
            guard fstat(fd, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
                errno = EAGAIN
                throw failure(Message.writeChangedWhileOpened)
            }
            guard ftruncate(fd, 0) == 0, try produced(fd), fsync(fd) == 0 else {
                throw failure(Message.writeCannotWriteIt)
            }
            return
        }
        let temporary = target + ".keyform.tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777)
        guard fd >= 0 else { throw failure { .writeCannotCreateTemporary(temporary, reason: $0) } }
        let written: Bool
        do {
            written =
                try produced(fd)
                && fchmod(fd, info.st_mode & 0o7777) == 0
                && (fchown(fd, info.st_uid, info.st_gid) == 0 || getuid() != 0)
                && fsync(fd) == 0
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard written, rename(temporary, target) == 0 else {
            let error = failure(Message.writeCannotReplaceIt)
            unlink(temporary)
            throw error
        }
    }

    /// The file that writing `path` would replace, following the person's own
    /// symbolic links one by one; nil when nothing is there. Throws when a link
    /// on the way, or the file, belongs to another user.
    static func ownTarget(of path: String) throws -> String? {
        let me = geteuid()
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT, current == path { return nil }
                if errno == ENOENT {
                    // A link of the person's own to nothing: made through the link, the file could land anywhere.
                    throw Failure(.cannotWrite(path: path, because: .writeLinkToNothing(current)), status: 1)
                }
                throw Failure(
                    .cannotWrite(path: path, because: .writeCannotReadIt(reason: String(cString: strerror(errno)))),
                    status: 1)
            }
            let isLink = info.st_mode & S_IFMT == S_IFLNK
            guard info.st_uid == me else {
                let owned = Message.writeOwnedByAnother(
                    current == path ? nil : current, isLink: isLink, uid: Int(info.st_uid))
                throw Failure(.cannotWrite(path: path, because: owned), status: 1)
            }
            guard isLink else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                throw Failure(
                    .cannotWrite(path: path, because: .writeCannotReadLink(reason: String(cString: strerror(errno)))),
                    status: 1)
            }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = (current as NSString).deletingLastPathComponent
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        throw Failure(.cannotWrite(path: path, because: .writeTooManyLinks), status: 1)
    }
}
