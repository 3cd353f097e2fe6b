import Foundation
import KeyformCore
import KeyformStore

/// A record that could not be stored is never lost: it goes to stdout as usual
/// and to a file whose path the error names.
public enum Rescue {
    /// Writes the record's JSON (one line) to a new file in the temporary folder;
    /// its path, or nil. The name holds the time and the process id, and the file
    /// is created exclusively: processes that fail at the same moment never
    /// overwrite each other's records (nor follow a link someone left in /tmp).
    public static func save(_ record: Record, form: Form) -> String? {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Timestamp.string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let bytes = Array((RecordFormat.json(record, form: form) + "\n").utf8)
        for attempt in 0..<100 {
            let suffix = attempt == 0 ? "" : "-\(attempt)"
            let path = "\(folder)/keyform-rescued-\(form.name)-\(stamp)-\(getpid())\(suffix).json"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            _ = fchmod(fd, 0o600)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                written += n
            }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else {
                unlink(path)
                return nil
            }
            return path
        }
        return nil
    }
}
