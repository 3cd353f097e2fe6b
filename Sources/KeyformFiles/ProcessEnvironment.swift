import CArguments
import Synchronization

/// This process's environment as it is now, by name. Foundation's
/// `ProcessInfo.environment` builds a new dictionary of every variable on
/// each read (0.4 M instructions here), and one start read it in the
/// handover, the config, the form's search, the language and the terminal's
/// options (issue 27's profile). This reads the C library's `environ` and
/// decodes it again only when it changed since the last read (a `setenv` or
/// `unsetenv` changes its entries): a read is then a walk over its pointers.
package enum ProcessEnvironment {
    /// The entries of the last read (their addresses) and what they said.
    private static let last = Mutex<(entries: [UInt], variables: [String: String])?>(nil)

    /// Every variable, `NAME=value` split at its first `=`; an entry without
    /// one is not a variable, and a name given twice keeps its first value (as
    /// `getenv` reads it).
    package static func current() -> [String: String] {
        var entries: [UInt] = []
        if var entry = keyform_environment() {
            while let pointer = entry.pointee {
                entries.append(UInt(bitPattern: pointer))
                entry += 1
            }
        }
        if let kept = last.withLock({ $0?.entries == entries ? $0?.variables : nil }) { return kept }
        // Split as bytes, each side decoded once, into a dictionary made large enough at once: the
        // first read is before the first frame. An `=` ends no UTF-8 sequence, so each side decodes
        // (and repairs) as the whole entry decoded and split did.
        var variables = [String: String](minimumCapacity: entries.count)
        for address in entries {
            guard let pointer = UnsafePointer<UInt8>(bitPattern: address) else { continue }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            let entry = UnsafeBufferPointer(start: pointer, count: length)
            if let equals = entry.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: entry[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: entry[(equals + 1)...], as: UTF8.self)
                }
            }
        }
        last.withLock { $0 = (entries, variables) }
        return variables
    }
}
