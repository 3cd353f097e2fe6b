import Foundation

/// A regular file mapped read-only: an input read twice without being held
/// (`records import`). Its pages are the kernel's page cache: `release` lets
/// go of those read so far (read again from the cache when touched), so what
/// the process holds stays flat however long the file is.
package final class MappedFile {
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Nil when `path` is not a regular file that can be mapped (an empty
    /// one, a pipe, one that cannot be opened): `SourceFiles.read` then reads it, or says why not.
    package init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
            let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED
        else { return nil }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
    }

    /// Lets go of the pages read so far: they leave this process's memory.
    package func release() {
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
