import Foundation

/// A record with the time it was made, when that is known: what an import hands
/// the store (`RecordStore.saveRecords`), so records moved to a new database keep
/// their `_created`. nil: made now, at the store.
public struct DatedRecord: Equatable, Sendable {
    public var record: Record
    public var created: Date?

    public init(_ record: Record, created: Date? = nil) {
        self.record = record
        self.created = created
    }
}
