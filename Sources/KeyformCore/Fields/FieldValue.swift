/// A typed value of one field, after validation.
public enum FieldValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
    case number(Double)
    case date(CivilDate)
    case boolean(Bool)
    /// A `multiple` field's selection: key texts in the order they were picked.
    case list([String])

    /// How the value shows: in the field, in templates and in `--format env`.
    ///
    /// - text: as typed.
    /// - integer: plain decimal (`-42`).
    /// - number: the shortest text that reads back as the same Double, written the
    ///   way JavaScript writes numbers (and so valid JSON): `400`, not `400.0`;
    ///   `1.5`; `0.000001`; exponents only below 1e-6 or from 1e21 on (`1e-7`, `1e+21`).
    ///   `-0` shows as `0`.
    /// - date: `YYYY-MM-DD`.
    /// - boolean: `yes` or `no` (how a person answers the question, and what a
    ///   boolean field accepts back).
    /// - list: the texts joined with `, ` (what the entry holds, and reads back).
    public var text: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .number(let value): FieldValue.format(value)
        case .date(let date): date.description
        case .boolean(let value): value ? "yes" : "no"
        case .list(let items): FieldValue.joined(items)
        }
    }

    /// A selection as an entry shows it: `Beach, Food`.
    public static func joined(_ items: [String]) -> String {
        items.joined(separator: ", ")
    }

    /// An entry's selection: the text split at commas, each item trimmed of
    /// surrounding spaces, empty items and repeats dropped.
    public static func split(_ text: String) -> [String] {
        var items: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let item = String(FieldValidator.trimmed(String(part)))
            if !item.isEmpty, !items.contains(item) { items.append(item) }
        }
        return items
    }

    /// The shortest round-trip form of `value`, written like ECMAScript's Number::toString.
    /// Not-finite values (which validation never produces) are written `nan`, `inf`, `-inf`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        if value == 0 { return "0" }
        // Swift's description is already the shortest round-trip digit string, as
        // "123.45", "1e-07" or "1.2345e+17"; take its digits and decimal exponent apart.
        let plain = String(value.magnitude)
        var mantissa = Substring(plain)
        var exponent = 0
        if let e = plain.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = plain[..<e]
            exponent = Int(plain[plain.index(after: e)...]) ?? 0
        }
        var digits = ""
        var pointAt = mantissa.count  // digits before the decimal point
        if let dot = mantissa.firstIndex(of: ".") {
            pointAt = mantissa.distance(from: mantissa.startIndex, to: dot)
            digits = String(mantissa[..<dot]) + String(mantissa[mantissa.index(after: dot)...])
        } else {
            digits = String(mantissa)
        }
        // Strip leading zeros (moving the point) and trailing zeros.
        while digits.first == "0" { digits.removeFirst(); pointAt -= 1 }
        while digits.last == "0" { digits.removeLast() }
        // value = 0.d1d2...dk × 10^n
        let n = pointAt + exponent
        let k = digits.count
        let sign = value < 0 ? "-" : ""
        let body: String
        if k <= n && n <= 21 {
            body = digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            body = String(digits.prefix(n)) + "." + String(digits.dropFirst(n))
        } else if -6 < n && n <= 0 {
            body = "0." + String(repeating: "0", count: -n) + digits
        } else {
            let e = n - 1
            let rest = digits.dropFirst()
            body = String(digits.prefix(1)) + (rest.isEmpty ? "" : "." + rest) + "e" + (e < 0 ? "-" : "+") + String(abs(e))
        }
        return sign + body
    }
}
