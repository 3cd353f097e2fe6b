import Foundation
import KeyformCore

/// A record as stored: its id, when it was created and last updated, and its values.
public struct StoredRecord: Equatable, Sendable {
    /// Unique in the database and never reused, even after a delete.
    public var id: Int64
    /// When the record was first saved (millisecond precision).
    public var created: Date
    /// When the record was last saved (equal to `created` until it is updated).
    public var updated: Date
    /// The values, in the form's field order (a field added after the record was
    /// saved is nil).
    public var values: KeyformCore.Record

    public init(id: Int64, created: Date, updated: Date, values: KeyformCore.Record) {
        self.id = id
        self.created = created
        self.updated = updated
        self.values = values
    }
}

/// The values of a form not yet submitted, as typed: raw text per field, so a
/// half-typed value (`2026-1`) is kept too.
public struct Draft: Equatable, Sendable {
    /// The form's name.
    public var form: String
    /// Field id → the text in the field. Fields never typed into are absent.
    public var values: [String: String]
    /// The field that had focus, to resume there.
    public var focus: String?
    /// When the draft was last saved.
    public var saved: Date

    public init(form: String, values: [String: String], focus: String?, saved: Date) {
        self.form = form
        self.values = values
        self.focus = focus
        self.saved = saved
    }
}

extension FieldMatch {
    /// `FIELD=VALUE` text (what `--where` takes), its value read as the field's type:
    /// integer and number as decimals, date as `YYYY-MM-DD`, boolean as
    /// yes/no/true/false/1/0 (any case), text as written. `FIELD=` matches empty fields.
    /// `clock` resolves words as the form does (`due=tomorrow`, `start=now`).
    public init(parsing text: String, form: Form, clock: WallClock = .now()) throws(StoreError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw .invalidValue(field: text, reason: "expected FIELD=VALUE")
        }
        let id = String(text[..<equals])
        let raw = String(text[text.index(after: equals)...])
        guard let field = form.field(id: id) else { throw .unknownField(form: form.name, field: id) }
        self = FieldMatch(field: id, value: try Self.value(raw, of: field, clock: clock))
    }

    /// The field's kind reads the value (`FieldKind.matchValue`).
    private static func value(_ raw: String, of field: Field, clock: WallClock) throws(StoreError) -> FieldValue? {
        if raw.isEmpty { return nil }
        switch field.kind.matchValue(raw, clock: clock) {
        case .success(let value): return value
        case .failure(let problem): throw .invalidValue(field: field.id, reason: problem.reason)
        }
    }
}

/// The store's timestamps: UTC, ISO 8601 with milliseconds, `2026-11-21T09:30:00.123Z`.
/// Text sorts in time order, and SQLite's date functions read it
/// (`SELECT datetime(_created, 'localtime') FROM todo`).
public enum Timestamp {
    /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC, to the nearest millisecond).
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let msPerDay: Int64 = 86_400_000
        var days = milliseconds / msPerDay
        var ofDay = milliseconds % msPerDay
        if ofDay < 0 {
            days -= 1
            ofDay += msPerDay
        }
        let day = CivilDate(daysSinceEpoch: Int(days))
        let hours = ofDay / 3_600_000, minutes = ofDay / 60_000 % 60, seconds = ofDay / 1000 % 60
        guard (0...9999).contains(day.year) else {
            return "\(day)T\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(seconds, 2)).\(padded(ofDay % 1000, 3))Z"
        }
        // The usual years digit by digit: listing writes one per record.
        return String(unsafeUninitializedCapacity: 24) { out in
            var position = 0
            func put(_ value: Int64, _ width: Int, then separator: UInt8) {
                var value = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    out[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                out[position + width] = separator
                position += width + 1
            }
            put(Int64(day.year), 4, then: UInt8(ascii: "-"))
            put(Int64(day.month), 2, then: UInt8(ascii: "-"))
            put(Int64(day.day), 2, then: UInt8(ascii: "T"))
            put(hours, 2, then: UInt8(ascii: ":"))
            put(minutes, 2, then: UInt8(ascii: ":"))
            put(seconds, 2, then: UInt8(ascii: "."))
            put(ofDay % 1000, 3, then: UInt8(ascii: "Z"))
            return position
        }
    }

    /// The date of `YYYY-MM-DDTHH:MM:SS[.fff…]Z` text, or nil.
    public static func date(from text: String) -> Date? {
        var text = text
        // Straight from the UTF-8 bytes, without copies: listing reads two per record.
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  bytes[bytes.count - 1] == UInt8(ascii: "Z"),
                  let year = decimal(bytes, 0, 4), let month = decimal(bytes, 5, 7), let day = decimal(bytes, 8, 10),
                  let civil = CivilDate(year: year, month: month, day: day),
                  let hours = decimal(bytes, 11, 13), let minutes = decimal(bytes, 14, 16),
                  let seconds = decimal(bytes, 17, 19), hours < 24, minutes < 60, seconds < 61
            else { return nil }
            var milliseconds = 0
            if bytes.count > 20 {
                // A fraction: "." and 1 or more digits; the first three count.
                guard bytes[19] == UInt8(ascii: "."), bytes.count > 21,
                      decimal(bytes, 20, bytes.count - 1) != nil
                else { return nil }
                for position in 20..<23 {
                    let digit = position < bytes.count - 1 ? Int(bytes[position] - UInt8(ascii: "0")) : 0
                    milliseconds = milliseconds * 10 + digit
                }
            } else if bytes[19] != UInt8(ascii: "Z") {
                return nil
            }
            let whole = Int64(civil.daysSinceEpoch) * 86_400 + Int64(hours * 3600 + minutes * 60 + seconds)
            // Milliseconds as an integer first, so a stored time reads back as exactly the same Date.
            return Date(timeIntervalSince1970: Double(whole * 1000 + Int64(milliseconds)) / 1000)
        }
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The value of the ASCII digits `bytes[from..<to]`, or nil if any is not a digit.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        guard from < to, to - from <= 18 else { return nil }
        var value = 0
        for position in from..<to {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
