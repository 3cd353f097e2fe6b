import Foundation

/// Why a field's value is not acceptable: a short lower-case phrase a person can act
/// on, shown under the field and in `keyform: field 'ID': REASON` (SPEC "Without a terminal").
public struct FieldProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    /// The problem as the end of a sentence about the field: "Text is required",
    /// "Due must be a date like …".
    public var predicate: String { self == .required ? "is required" : reason }

    public static let required = FieldProblem("required")
    public static let notWholeNumber = FieldProblem("must be a whole number")
    public static let notNumber = FieldProblem("must be a number")
    public static let notDate = FieldProblem("must be a date like 2026-11-21, today or yesterday")
    public static let notBoolean = FieldProblem("must be yes or no")
    public static let oneLine = FieldProblem("must be one line")

    /// "must be at least 3 characters" (counted as a person sees them).
    public static func tooShort(_ minimum: Int) -> FieldProblem {
        FieldProblem("must be at least \(characters(minimum))")
    }

    /// "must be at most 140 characters".
    public static func tooLong(_ maximum: Int) -> FieldProblem {
        FieldProblem("must be at most \(characters(maximum))")
    }

    /// "must be at least 1" (integer and number fields).
    public static func tooSmall(_ minimum: Double) -> FieldProblem {
        FieldProblem("must be at least \(FieldValue.format(minimum))")
    }

    /// "must be at most 10".
    public static func tooLarge(_ maximum: Double) -> FieldProblem {
        FieldProblem("must be at most \(FieldValue.format(maximum))")
    }

    /// "must match the pattern ^[^@]*$".
    public static func patternMismatch(_ pattern: String) -> FieldProblem {
        FieldProblem("must match the pattern \(pattern)")
    }

    /// "must be one of: High, Medium, Low"; past ten choices, the rest are counted.
    public static func notAChoice(_ choices: [String]) -> FieldProblem {
        let shown = choices.prefix(10).joined(separator: ", ")
        let more = choices.count > 10 ? " (and \(choices.count - 10) more)" : ""
        return FieldProblem(choices.isEmpty ? "must be one of the layout's keys" : "must be one of: \(shown)\(more)")
    }

    /// A date written right but not in the calendar: "must be a real date; February 2026 has 28 days".
    public static func notARealDate(year: Int, month: Int) -> FieldProblem {
        guard (1...12).contains(month) else { return FieldProblem("must be a real date; months go from 1 to 12") }
        let days = CivilDate.daysInMonth(year: year, month: month)
        return FieldProblem("must be a real date; \(CivilDate.monthName(month)) \(year) has \(days) days")
    }

    /// A control character: "must not contain U+001B (ESC), a control character".
    public static func controlCharacter(_ scalar: Unicode.Scalar) -> FieldProblem {
        FieldProblem("must not contain \(TerminalSafe.describe(scalar))")
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }
}

/// The rules of one field, compiled once (its pattern included), so that validating
/// on every keystroke is cheap.
///
/// Rules, in order:
/// 1. Control characters (C0, DEL, C1) are never accepted; line breaks read "must be one line".
/// 2. Empty → no value (`.success(nil)`), or `.required` for a required field. A text
///    value is never trimmed, but one of only whitespace counts as empty for a required
///    field. Integer, number, date and boolean values are trimmed of surrounding whitespace.
/// 2a. `multiple`: the text is split at commas (`FieldValue.split`); an empty list is an
///    empty field; each item must pass 3 and the text rules of 4; the value is `.list`.
/// 3. `strict` with choices: the value as typed (trimmed for non-text types) must be
///    exactly one of the choices.
/// 4. By type:
///    - text: `min_length`/`max_length` in characters a person sees (grapheme clusters),
///      then `pattern`, which must match the whole value.
///    - integer: optional sign and ASCII digits (`-12`, `+7`, `007`); then `min`/`max`, inclusive.
///    - number: optional sign, digits with an optional decimal point (`3.14`, `.5`, `2.`),
///      an optional exponent (`1e3`); no commas, no `inf`/`nan`/hex; then `min`/`max`.
///    - date: `2026-11-21`, `2026/11/21` (month and day may have one digit), `today`,
///      `yesterday`, `tomorrow` (case-insensitive); a real calendar day.
///    - boolean: yes/no, y/n, true/false, on/off, 1/0 (case-insensitive).
public struct FieldValidator: Sendable {
    /// A `pattern` that is not a valid regular expression (reported by the form checker).
    public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
        public var pattern: String
        public var reason: String

        public init(pattern: String, reason: String) {
            self.pattern = pattern
            self.reason = reason
        }

        /// "invalid pattern '(': expected ')'"
        public var description: String { "invalid pattern '\(pattern)': \(reason)" }
    }

    public let fieldID: String
    public let type: Field.ValueType
    public let required: Bool
    let minLength: Int?
    let maxLength: Int?
    let minimum: Double?
    let maximum: Double?
    /// Present only for a strict field that has choices.
    let choices: Set<String>?
    let choicesProblem: FieldProblem?
    /// A `multiple` field: the text is split at commas and each item checked.
    let multiple: Bool
    /// A boolean field's own words for no and yes, accepted besides yes/no.
    let states: Field.States?
    let pattern: CompiledPattern?

    /// Compiles the field's rules. `choices` are the texts of the field's layout
    /// (`Layout.choiceTexts`); they matter only when the field is `strict`. A strict
    /// field without choices (no layout) accepts any value: the form checker reports it.
    public init(field: Field, choices: [String]?) throws(PatternError) {
        try self.init(field: field, choices: choices, compile: CompiledPattern.compile)
    }

    /// `compile` turns a pattern into a matcher; tests count its calls.
    init(field: Field, choices: [String]?, compile: (String) throws(PatternError) -> CompiledPattern) throws(PatternError) {
        fieldID = field.id
        type = field.type
        required = field.required
        minLength = field.minLength
        maxLength = field.maxLength
        minimum = field.min
        maximum = field.max
        multiple = field.multiple
        states = field.type == .boolean ? field.states : nil
        if field.strict, let choices {
            self.choices = Set(choices)
            choicesProblem = .notAChoice(choices)
        } else {
            self.choices = nil
            choicesProblem = nil
        }
        pattern = try field.pattern.map(compile)
    }

    /// Checks `raw` (the field's text as typed) and gives its typed value, nil for an
    /// empty optional field, or the first problem. `today` resolves `today`/`yesterday`.
    public func validate(_ raw: String, today: CivilDate) -> Result<FieldValue?, FieldProblem> {
        if let scalar = raw.unicodeScalars.first(where: Self.isControl) {
            return .failure(scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{0B}" || scalar == "\u{0C}"
                ? .oneLine : .controlCharacter(scalar))
        }
        if multiple { return validateList(raw) }
        let input = type == .text ? Substring(raw) : Self.trimmed(raw)
        if input.isEmpty || (required && input.allSatisfy(\.isWhitespace)) {
            return required ? .failure(.required) : .success(nil)
        }
        if let choices, let choicesProblem, !choices.contains(String(input)) {
            return .failure(choicesProblem)
        }
        switch type {
        case .text: return validateText(raw)
        case .integer: return validateInteger(input)
        case .number: return validateNumber(input)
        case .date: return Self.parseDate(input, today: today).map { .date($0) }
        case .boolean: return parseState(input).map { .success(.boolean($0)) } ?? .failure(notBooleanProblem)
        }
    }

    /// A `multiple` field: each item (see `FieldValue.split`) must be a choice when
    /// strict, and pass the text rules; an empty selection is an empty field.
    private func validateList(_ raw: String) -> Result<FieldValue?, FieldProblem> {
        let items = FieldValue.split(raw)
        if items.isEmpty { return required ? .failure(.required) : .success(nil) }
        for item in items {
            if let choices, let choicesProblem, !choices.contains(item) {
                return .failure(FieldProblem("'\(item)' \(choicesProblem.reason)"))
            }
            if case .failure(let problem) = validateText(item) { return .failure(FieldProblem("'\(item)' \(problem.reason)")) }
        }
        return .success(.list(items))
    }

    /// yes/no and their synonyms, or the field's own words for them (any case).
    private func parseState(_ input: Substring) -> Bool? {
        if let flag = Self.parseBoolean(input) { return flag }
        guard let states else { return nil }
        let lowered = input.lowercased()
        if lowered == states.yes.lowercased() { return true }
        if lowered == states.no.lowercased() { return false }
        return nil
    }

    private var notBooleanProblem: FieldProblem {
        guard let states else { return .notBoolean }
        return FieldProblem("must be \(states.no) or \(states.yes) (or yes or no)")
    }

    private func validateText(_ text: String) -> Result<FieldValue?, FieldProblem> {
        if minLength != nil || maxLength != nil {
            let count = text.count
            if let minLength, count < minLength { return .failure(.tooShort(minLength)) }
            if let maxLength, count > maxLength { return .failure(.tooLong(maxLength)) }
        }
        if let pattern, !pattern.matchesWhole(text) { return .failure(.patternMismatch(pattern.source)) }
        return .success(.text(text))
    }

    private func validateInteger(_ input: Substring) -> Result<FieldValue?, FieldProblem> {
        let bytes = Array(input.utf8)
        let digits = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(Self.isDigit) else { return .failure(.notWholeNumber) }
        guard let value = Int(input) else {
            return .failure(FieldProblem(bytes.first == UInt8(ascii: "-") ? "must be at least \(Int.min)" : "must be at most \(Int.max)"))
        }
        return checkBounds(Double(value)).map { .integer(value) }
    }

    private func validateNumber(_ input: Substring) -> Result<FieldValue?, FieldProblem> {
        guard Self.isDecimalNumber(input.utf8), let value = Double(input), value.isFinite else {
            return .failure(.notNumber)
        }
        return checkBounds(value).map { .number(value == 0 ? 0 : value) }
    }

    private func checkBounds(_ value: Double) -> Result<Void, FieldProblem> {
        if let minimum, value < minimum { return .failure(.tooSmall(minimum)) }
        if let maximum, value > maximum { return .failure(.tooLarge(maximum)) }
        return .success(())
    }

    // MARK: - Parsing pieces, shared with answers

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, ASCII only.
    static func isDecimalNumber(_ text: Substring.UTF8View) -> Bool {
        var bytes = text[...]
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
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            bytes = bytes.dropFirst(exponent.count)
        }
        return bytes.isEmpty
    }

    /// A date as a person types it; see the type's documentation.
    static func parseDate(_ input: Substring, today: CivilDate) -> Result<CivilDate, FieldProblem> {
        switch input.lowercased() {
        case "today": return .success(today)
        case "yesterday": return .success(today.adding(days: -1))
        case "tomorrow": return .success(today.adding(days: 1))
        default: break
        }
        let bytes = Array(input.utf8)
        guard bytes.count >= 8, bytes.count <= 10, bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "/"),
              let year = CivilDate.decimal(bytes[0..<4])
        else { return .failure(.notDate) }
        let rest = bytes[5...].split(separator: bytes[4], omittingEmptySubsequences: false)
        guard rest.count == 2, (1...2).contains(rest[0].count), (1...2).contains(rest[1].count),
              let month = CivilDate.decimal(rest[0]), let day = CivilDate.decimal(rest[1])
        else { return .failure(.notDate) }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            return .failure(.notARealDate(year: year, month: month))
        }
        return .success(date)
    }

    static func parseBoolean(_ input: Substring) -> Bool? {
        switch input.lowercased() {
        case "yes", "y", "true", "on", "1": true
        case "no", "n", "false", "off", "0": false
        default: nil
        }
    }

    static func trimmed(_ text: String) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text[start...].lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<end]
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// C0 controls, DEL and C1 controls: never part of a value.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// A field's pattern, compiled once. NSRegularExpression (ICU syntax) is used because it
/// is Sendable; Swift's `Regex` is not.
struct CompiledPattern: Sendable {
    /// The pattern as written in the form.
    let source: String
    /// `\A(?:source)\z`: matches the whole value only.
    let whole: NSRegularExpression

    func matchesWhole(_ text: String) -> Bool {
        whole.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    static func compile(_ pattern: String) throws(FieldValidator.PatternError) -> CompiledPattern {
        do {
            // The pattern alone first, so that an unbalanced ")" cannot close the wrapper's group.
            _ = try NSRegularExpression(pattern: pattern)
            return CompiledPattern(source: pattern, whole: try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z"))
        } catch {
            throw FieldValidator.PatternError(pattern: pattern, reason: reason(pattern))
        }
    }

    /// ICU's errors say only "The value is invalid."; Swift's regex parser says why.
    private static func reason(_ pattern: String) -> String {
        if #available(macOS 13, *) {
            do { _ = try Regex(pattern) } catch { return String(describing: error) }
        }
        return "not a valid regular expression"
    }
}
