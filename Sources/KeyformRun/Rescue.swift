import Foundation
import KeyformCore
import KeyformStore

/// A record that could not be stored is never lost: it goes to a file whose
/// path the error names (and, in `keyform run`, to stdout as usual).
public enum Rescue {
    /// Writes the record's JSON (one line) to a new file in the temporary folder;
    /// its path, or nil. The name holds the time and the process id, and the file
    /// is created exclusively: processes that fail at the same moment never
    /// overwrite each other's records (nor follow a link someone left in /tmp).
    /// - Parameters:
    ///   - token: the failed save's token, first in the object as `_token`: a
    ///     server that took the record after all (its answer lost) holds it, and
    ///     `records import` of the file then skips the record instead of doubling it.
    ///   - folder: where; nil: `$TMPDIR`, else `/tmp`.
    public static func save(_ record: Record, form: Form, token: UUID? = nil, in folder: String? = nil) -> String? {
        let folder = folder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Timestamp.string(from: Date()).replacingOccurrences(of: ":", with: "-")
        var json = RecordFormat.json(record, form: form)
        if let token {
            json =
                "{\"_token\":\"\(token.uuidString.lowercased())\"" + (json.hasPrefix("{}") ? "" : ",")
                + json.dropFirst()
        }
        let bytes = Array((json + "\n").utf8)
        for attempt in 0..<100 {
            let suffix = attempt == 0 ? "" : "-\(attempt)"
            let path = "\(folder)/keyform-rescued-\(form.name)-\(stamp)-\(getpid())\(suffix).json"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            _ = fchmod(fd, 0o600)
            let complete = Descriptor.writeAll(bytes, to: fd) == nil
            let synced = fsync(fd) == 0
            close(fd)
            guard complete, synced else {
                unlink(path)
                return nil
            }
            return path
        }
        return nil
    }
}

/// Writing to a file descriptor in full (the rescue file; the CLI's stdout and stderr).
public enum Descriptor {
    /// Writes all of `bytes`, trying again when a signal interrupts; nil when
    /// done, else the errno that stopped it.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }
}
