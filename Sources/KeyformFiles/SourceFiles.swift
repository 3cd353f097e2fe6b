import Foundation

/// Reading the YAML files of forms, layouts and tests (the `keyform` command
/// extends it with finding them).
package enum SourceFiles {
    /// Reads at most one byte more than a layout or form may have, so a huge
    /// file is refused quickly instead of read whole. Only regular files are
    /// read: a FIFO or a device named `*.yaml` would block or never end.
    package static func read(_ path: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReadFailure(message: errno == ENOENT ? "no such file" : "cannot read the file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ReadFailure(message: "not a regular file (a folder, FIFO or device); give a YAML file")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = try handle.read(upToCount: (1 << 20) + 1) ?? Data()
        return [UInt8](data)
    }

    package struct ReadFailure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
