import Foundation

/// A record with the time it was made, when that is known: what an import hands
/// the store (`RecordStore.saveRecords`), so records moved to a new database keep
/// their `_created`. nil: made now, at the store.
public struct DatedRecord: Equatable, Sendable {
    public var record: Record
    public var created: Date?
    /// The token of the save that rescued it (a rescue file's `_token`): a store
    /// that already holds a record of that token (its save reached a server whose
    /// answer was lost) does not store it again. nil: any other record.
    public var token: UUID?

    public init(_ record: Record, created: Date? = nil, token: UUID? = nil) {
        self.record = record
        self.created = created
        self.token = token
    }
}
