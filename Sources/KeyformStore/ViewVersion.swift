import KeyformCore

/// What a form's view is made from, as a short text that changes exactly when
/// the view must be made again: the fields' ids, types and `multiple`, in order,
/// and the backend's own `shape` (its view's SQL changes with Keyform's version).
///
/// A backend keeps the version beside the view (SQLite: `_view`) and compares
/// it, never the view's SQL as the server stores it: PostgreSQL rewrites a
/// view's text (`pg_get_viewdef`), so a text compared would differ on every
/// save and the view be dropped and made again each time (DECISIONS 65).
package enum ViewVersion {
    /// `shape:hash`, the hash a 64-bit FNV-1a of the fields' description:
    /// the same on every machine and run (Swift's `Hasher` is seeded per process).
    package static func of(_ form: Form, shape: Int) -> String {
        let description = form.valueFields.map { "\($0.id):\($0.type.rawValue):\($0.multiple ? "list" : "one")" }
            .joined(separator: ";")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\(shape):" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
