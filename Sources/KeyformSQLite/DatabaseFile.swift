import KeyformCore
import KeyformStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system side of opening a database: its folder (created `0700`), the file
/// (created `0600` before SQLite sees it, so it is never world-readable, whatever
/// the umask), and the checks that turn "SQLite could not open it" into a message
/// that says why.
enum DatabaseFile {
    static func prepare(path: String) throws(StoreError) {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: .reasonPathEmpty) }
        let folder = folder(of: path)
        try createFolder(folder)

        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(path: path, reason: .reasonIsFolder) }
        } else if errno == ENOENT {
            // O_EXCL: never touch a file that exists, which SQLite may have open (closing
            // another descriptor of it would drop this process's SQLite locks).
            let fd = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
            if fd >= 0 {
                _ = fchmod(fd, 0o600)
                _ = close(fd)
            } else if errno == EACCES || errno == EROFS {
                throw .readOnlyFile(path: path)
            } else if errno != EEXIST {
                throw .cannotOpen(path: path, reason: reason(errno))
            }
        } else {
            throw .cannotOpen(path: path, reason: reason(errno))
        }
        guard access(path, R_OK) == 0 else { throw .cannotOpen(path: path, reason: reason(errno)) }
        guard access(path, W_OK) == 0 else { throw .readOnlyFile(path: path) }
        // SQLite creates PATH-wal and PATH-shm beside the file unless both are there.
        if access(folder, W_OK) != 0, access(path + "-wal", W_OK) != 0 || access(path + "-shm", W_OK) != 0 {
            throw .readOnlyFile(path: path)
        }
    }

    /// For a store opened only to read: a file this process can read (a folder,
    /// or a file it may not read, says why).
    static func checkReadable(path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotOpen(path: path, reason: reason(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(path: path, reason: .reasonIsFolder) }
        guard access(path, R_OK) == 0 else { throw .cannotOpen(path: path, reason: reason(errno)) }
    }

    /// Whether the file system holding `path` has (next to) no room left for this
    /// process: less than 256 KiB, less than a write of the WAL and its index needs.
    static func hasNoRoom(for path: String) -> Bool {
        var info = statvfs()
        return statvfs(folder(of: path), &info) == 0 && UInt64(info.f_bavail) * UInt64(info.f_frsize) < 256 << 10
    }

    /// Whether a reader of the database at `path` cannot make its WAL index because
    /// the file system is read-only or full, and may read the file as it is: no
    /// WAL with changes beside it (`PATH-wal` missing or empty).
    static func cannotHoldIndex(for path: String) -> Bool {
        var info = statvfs()
        guard statvfs(folder(of: path), &info) == 0,
            info.f_flag & UInt(ST_RDONLY) != 0 || hasNoRoom(for: path)
        else { return false }
        var wal = stat()
        return stat(path + "-wal", &wal) != 0 ? errno == ENOENT : wal.st_size == 0
    }

    /// `path` as a SQLite URI that opens it as a file nothing changes.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentFolder() + "/" + path
        var uri = "file:"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return uri + "?immutable=1"
    }

    private static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "." }
        defer { free(folder) }
        return String(cString: folder)
    }

    /// Whether anything is at `path` (a file, or a folder that `prepare` refuses).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// Creates `folder` and any missing parent, each `0700`; leaves existing ones alone.
    static func createFolder(_ folder: String) throws(StoreError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreateFolder(path: folder, reason: .reasonFileInTheWay)
            }
            return
        }
        guard errno == ENOENT else { throw .cannotCreateFolder(path: folder, reason: reason(errno)) }
        let parent = self.folder(of: folder)
        if parent != folder { try createFolder(parent) }
        if mkdir(folder, 0o700) == 0 {
            _ = chmod(folder, 0o700)  // whatever the umask
        } else if errno != EEXIST {
            throw .cannotCreateFolder(path: folder, reason: reason(errno))
        }
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
    static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// `errno` in words: "permission denied"; others as the system says them.
    static func reason(_ code: Int32) -> StoreReason {
        switch code {
        case ENOTDIR: return .reasonPathPartIsFile
        case EACCES, EPERM: return .reasonPermissionDenied
        case EROFS: return .reasonReadOnlyFileSystem
        case ENOSPC: return .reasonDiskFull
        default:
            guard let text = strerror(code) else { return .systemSaid("error \(code)") }
            let message = String(cString: text)
            return .systemSaid(message.prefix(1).lowercased() + message.dropFirst())
        }
    }
}
