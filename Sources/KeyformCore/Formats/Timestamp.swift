import Foundation

/// The store's timestamps: UTC, ISO 8601 with milliseconds, `2026-11-21T09:30:00.123Z`.
/// Text sorts in time order, and SQLite's date functions read it
/// (`SELECT datetime(_created, 'localtime') FROM todo`). Here in the core, not the
/// store, because an import reads them too (`_created`, `parse`).
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

    /// A time as a person's file gives it (`_created` of `records import`), or why not:
    /// `YYYY-MM-DDTHH:MM:SS`, a fraction of a second if wanted (the first three
    /// digits count), then `Z` for UTC or an offset `+HH:MM`/`-HH:MM`, which is
    /// taken away (`2026-11-21T18:30:00+09:00` is `2026-11-21T09:30:00Z`). A time
    /// without a zone is refused rather than guessed. The day must be in the calendar.
    public static func parse(_ text: String) -> Result<Date, FieldProblem> {
        let bytes = Array(text.utf8)
        func digits(_ from: Int, _ to: Int) -> Int? {
            to <= bytes.count ? CivilDate.decimal(bytes[from..<to]) : nil
        }
        func isDigit(_ position: Int) -> Bool {
            position < bytes.count && bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9")
        }
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(0, 4), let month = digits(5, 7), let day = digits(8, 10),
            let hours = digits(11, 13), let minutes = digits(14, 16), let seconds = digits(17, 19)
        else { return .failure(FieldProblem(.timestampNotTime(text))) }
        var position = 19
        var milliseconds = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let first = position
            while isDigit(position) {
                if position - first < 3 { milliseconds = milliseconds * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            guard position > first else { return .failure(FieldProblem(.timestampNotTime(text))) }
            for _ in min(3, position - first)..<3 { milliseconds *= 10 }
        }
        // The zone: minutes east of UTC.
        let offset: Int
        if position == bytes.count {
            return .failure(FieldProblem(.timestampWithoutZone(text)))
        } else if bytes[position] == UInt8(ascii: "Z"), position + 1 == bytes.count {
            offset = 0
        } else if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"),
            position + 6 == bytes.count, bytes[position + 3] == UInt8(ascii: ":"),
            let offsetHours = digits(position + 1, position + 3), let offsetMinutes = digits(position + 4, position + 6)
        {
            guard offsetHours < 24, offsetMinutes < 60 else {
                return .failure(FieldProblem(.timestampBadOffset(text)))
            }
            offset = (bytes[position] == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
        } else {
            return .failure(FieldProblem(.timestampNotTime(text)))
        }
        guard let civil = CivilDate(year: year, month: month, day: day) else {
            return .failure(FieldProblem(.timestampNotRealDate(text, year: year, month: month)))
        }
        guard hours < 24, minutes < 60, seconds < 60 else {
            return .failure(FieldProblem(.timestampNotTimeOfDay(text)))
        }
        let whole =
            Int64(civil.daysSinceEpoch) * 86_400 + Int64(hours * 3600 + minutes * 60 + seconds) - Int64(offset * 60)
        // Milliseconds as an integer first, so the time writes back as exactly the same text.
        return .success(Date(timeIntervalSince1970: Double(whole * 1000 + Int64(milliseconds)) / 1000))
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
