import Foundation
import KeyformCore

/// A regular file mapped read-only: an input read twice without being held
/// (`records import`). Its pages are the kernel's page cache: `release` lets
/// go of those read so far (read again from the cache when touched), so what
/// the process holds stays flat however long the file is.
package final class MappedFile {
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Nil when `path` is not a regular file that can be mapped (an empty
    /// one, a pipe, one that cannot be opened): `SourceFiles.read` then reads it, or says why not.
    package convenience init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        self.init(regularFile: fd)
    }

    /// The whole of the regular file open on `fd` (which stays open, and the caller's).
    private init?(regularFile fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
            let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED
        else { return nil }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
    }

    /// What `fd` reads to its end (standard input, a pipe), mapped as a file so
    /// that it too is read twice and never held: a regular file read from its
    /// start is mapped as it is; anything else is copied, as it is read, into a
    /// file in `folder` that is unlinked at once (no name left behind, whatever
    /// ends the process), then mapped. Nil when there was nothing to read.
    /// - Throws: `TooLarge` past `limit` bytes; `SourceFiles.ReadFailure`: a
    ///   failed read, or a copy that could not be written (a full disk:
    ///   `writeCannotCreateTemporary`, the system's words why).
    package static func spooling(_ fd: Int32, limit: Int, folder: String) throws -> MappedFile? {
        if lseek(fd, 0, SEEK_CUR) == 0, let file = MappedFile(regularFile: fd) {
            guard file.bytes.count <= limit else { throw TooLarge() }
            return file
        }
        var template = Array("\(folder)/keyform-import-XXXXXX".utf8CString)
        // mkstemp: a new file only its owner may read or write (0600); not passed to a child.
        let copy = mkstemp(&template)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if copy >= 0 { _ = fcntl(copy, F_SETFD, FD_CLOEXEC) }
        guard copy >= 0 else { throw cannotCopy(path) }
        defer { close(copy) }
        unlink(path)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw SourceFiles.ReadFailure(message: .readFailed(reason: String(cString: strerror(errno))))
            }
            total += got
            guard total <= limit else { throw TooLarge() }
            var written = 0
            while written < got {
                let wrote = chunk.withUnsafeBytes { write(copy, $0.baseAddress! + written, got - written) }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { throw cannotCopy(path) }
                written += wrote
            }
        }
        return total == 0 ? nil : MappedFile(regularFile: copy)
    }

    /// More than the limit to read: the caller says so in its own words (stdin or the file's name).
    package struct TooLarge: Error {}

    private static func cannotCopy(_ path: String) -> SourceFiles.ReadFailure {
        SourceFiles.ReadFailure(
            message: .writeCannotCreateTemporary(path, reason: String(cString: strerror(errno == 0 ? ENOSPC : errno))))
    }

    /// Lets go of the pages read so far: they leave this process's memory.
    package func release() {
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
