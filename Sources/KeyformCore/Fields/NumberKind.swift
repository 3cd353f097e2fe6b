/// `type: number`: an optional sign, digits with an optional decimal point
/// (`3.14`, `.5`, `2.`) and an optional exponent (`1e3`); no commas, no
/// `inf`/`nan`/hex; within `min`/`max` (inclusive). Shown the way JavaScript
/// writes numbers (`FieldValue.format`).
///
/// JSON: a number. Store: a number that always carries a point or an exponent
/// (`400.0`), so that SQLite reads it as REAL, not INTEGER.
struct NumberKind: FieldKind {
    var type: Field.ValueType { .number }
    var synonyms: [String] { ["float", "double", "decimal"] }
    var options: Set<String> { ["min", "max", "secret"] }
    var alignsRight: Bool { true }
    var answerWanted: Message { .wantedNumber }
    var takesJSONNumbers: Bool { true }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        guard Self.isDecimalNumber(input.utf8), let value = Double(input), value.isFinite else {
            return .failure(.notNumber)
        }
        return rules.checkBounds(value).map { .number(value == 0 ? 0 : value) }
    }

    func json(_ value: FieldValue) -> String { value.text }

    func storedJSON(_ value: FieldValue) -> String? {
        guard case .number(let number) = value else { return value.text }
        guard number.isFinite else { return nil }
        let text = FieldValue.format(number)
        return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
    }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        switch stored {
        case .integer(let number):
            return .number(Double(number))
        case .text(let text):
            if let number = Double(text), number.isFinite { return .number(number) }
        default: break
        }
        return stored
    }

    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        guard let number = Double(raw), number.isFinite else {
            return .failure(FieldProblem(.quoted(raw, .isNotNumber)))
        }
        return .success(.number(number))
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, ASCII only.
    static func isDecimalNumber(_ text: Substring.UTF8View) -> Bool {
        var bytes = text[...]
        let isDigit = FieldValidator.isDigit
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            let digits = bytes.prefix(while: isDigit)
            fraction = digits.count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole.count + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            let exponent = bytes.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            bytes = bytes.dropFirst(exponent.count)
        }
        return bytes.isEmpty
    }
}

extension FieldValue {
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
            body =
                String(digits.prefix(1)) + (rest.isEmpty ? "" : "." + rest) + "e" + (e < 0 ? "-" : "+") + String(abs(e))
        }
        return sign + body
    }
}
