import Foundation
import KeyformCore

/// Reading the YAML files of forms, layouts and tests (the `keyform` command
/// extends it with finding them).
package enum SourceFiles {
    /// Reads at most one byte more than a layout or form may have, so a huge
    /// file is refused quickly instead of read whole. Only regular files are
    /// read: a FIFO or a device named `*.yaml` would block or never end.
    /// - Parameter limit: the most the caller takes; `limit + 1` bytes are read at most.
    /// - Parameter pipes: also read a pipe to its end (`--answers <(jq …)`,
    ///   `records import FORM <(…)`): data a script makes, not a file to watch.
    package static func read(_ path: String, limit: Int = SourceFiles.limit, pipes: Bool = false) throws -> [UInt8] {
        try readTellingPipes(path, limit: limit, pipes: pipes).bytes
    }

    /// `read`, also saying whether what was read was a pipe (which has no folder or
    /// file name that means anything: `/dev/fd/63`).
    package static func readTellingPipes(
        _ path: String, limit: Int = SourceFiles.limit, pipes: Bool = false
    ) throws
        -> (bytes: [UInt8], isPipe: Bool)
    {
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReadFailure(
                message: errno == ENOENT ? .readNoSuchFile : .readFailed(reason: String(cString: strerror(errno))))
        }
        var info = stat()
        let isPipe = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        if pipes, isPipe {
            // Read as stdin is read: waiting for the writer, to its end, capped at `limit`.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        } else if info.st_mode & S_IFMT != S_IFREG {
            close(fd)
            throw ReadFailure(message: pipes ? .readNotRegularFileOrPipe : .readNotRegularFile)
        }
        defer { close(fd) }
        return (try readAll(fd, upTo: limit + 1), isPipe)
    }

    /// `path` opened for reading when it is a FIFO (`<(command)` is one), waiting
    /// for its writer as stdin would; else nil. For a reader that copies the pipe
    /// as it reads (`records import`) instead of holding it, as `read` does.
    package static func openPipe(_ path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// At most `count` bytes from `fd`, to its end. A failed read is said in the
    /// system's words (`/proc/self/mem`: "Input/output error"), not as Foundation's
    /// "NSCocoaErrorDomain Code=256".
    private static func readAll(_ fd: Int32, upTo count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadFailure(message: .readFailed(reason: String(cString: strerror(errno))))
            }
            bytes.append(contentsOf: chunk[..<got])
        }
        return bytes
    }

    /// Standard input, at most as much as a file may hold: answers and a layout
    /// on stdin are capped like files, so `< /dev/zero` is an error, not a hang.
    /// - Parameter limit: more than `limit` bytes is an error (`records import` allows more than 1 MiB).
    package static func readStandardInput(limit: Int = SourceFiles.limit) throws -> [UInt8] {
        let data = try readAll(STDIN_FILENO, upTo: limit + 1)
        guard data.count <= limit else {
            throw ReadFailure(
                message: limit == SourceFiles.limit ? .stdinTooLargeForAnswers : .stdinTooLarge(mebibytes: limit >> 20))
        }
        return data
    }

    /// The most a form, layout, test or answers file may hold: 1 MiB.
    package static let limit = 1 << 20

    /// Why a file could not be read: said in the person's language where shown
    /// (`Language.describe`), in English as its description (a form's diagnostics).
    package struct ReadFailure: MessageError, CustomStringConvertible {
        package var message: Message
        package var description: String { message.english }
    }
}
