import Foundation

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
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReadFailure(message: errno == ENOENT ? "no such file" : "cannot read the file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        let isPipe = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        if pipes, isPipe {
            // Read as stdin is read: waiting for the writer, to its end, capped at `limit`.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        } else if info.st_mode & S_IFMT != S_IFREG {
            close(fd)
            throw ReadFailure(message: pipes ? "not a regular file or a pipe (a folder or a device)"
                                             : "not a regular file (a folder, FIFO or device); give a YAML file")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        return [UInt8](data)
    }

    /// Standard input, at most as much as a file may hold: answers and a layout
    /// on stdin are capped like files, so `< /dev/zero` is an error, not a hang.
    /// - Parameter limit: more than `limit` bytes is an error (`records import` allows more than 1 MiB).
    package static func readStandardInput(limit: Int = SourceFiles.limit) throws -> [UInt8] {
        let data = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else {
            throw ReadFailure(message: limit == SourceFiles.limit
                ? "standard input holds more than 1 MiB; answers and layouts are at most 1 MiB"
                : "standard input holds more than \(limit >> 20) MiB")
        }
        return [UInt8](data)
    }

    /// The most a form, layout, test or answers file may hold: 1 MiB.
    package static let limit = 1 << 20

    package struct ReadFailure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
