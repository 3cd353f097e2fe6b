import Foundation
import KeyformCore

/// `keyform records copy`: the records of some forms moved from one store to
/// another (a person's SQLite file to the team's server, and back), as they
/// were — created and updated times, authors — through the interface alone, so
/// any two backends copy alike.
///
/// A record already in the target is not copied again: a record is the same
/// when its form, created time (to the millisecond), author and values are, so
/// a second run, or a copy back to where the records came from, doubles
/// nothing (DECISIONS 65). Each form is copied in one transaction.
public enum RecordCopy {
    /// What one form's copy did.
    public struct Copied: Equatable, Sendable {
        public var form: String
        /// Records stored in the target.
        public var copied: Int
        /// Records left out: the target held them already.
        public var present: Int
    }

    /// Copies the records of each form named in `forms` (stored names, each
    /// with records in `source`) into `target`, oldest first, so that their new
    /// ids keep their order. The form is as `source` stored it (`storedForm`).
    public static func copy(
        from source: any RecordStore, to target: any RecordStore, forms: [String]
    ) throws(StoreError) -> [Copied] {
        var result: [Copied] = []
        for name in forms {
            guard let form = try source.storedForm(named: name) else { continue }
            let present = try identities(in: target, form: form)
            var copying: [StoredRecord] = []
            var skipped = 0
            for record in try source.records(form: form).reversed() {
                if present.contains(try Identity(record, form: form)) { skipped += 1 } else { copying.append(record) }
            }
            if !copying.isEmpty { try target.copyRecords(copying, form: form) }
            result.append(Copied(form: name, copied: copying.count, present: skipped))
        }
        return result
    }

    /// What makes two records the same one.
    struct Identity: Hashable {
        var created: String
        var author: String?
        var values: String

        init(_ record: StoredRecord, form: Form) throws(StoreError) {
            created = Timestamp.string(from: record.created)
            author = record.author
            values = try StoredValues.json(record.values, form: form)
        }
    }

    private static func identities(in store: any RecordStore, form: Form) throws(StoreError) -> Set<Identity> {
        var found = Set<Identity>()
        do {
            try store.forEachRecord(form: form, where: [], limit: nil) { found.insert(try Identity($0, form: form)) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(path: store.location, message: "\(error)")
        }
        return found
    }
}
