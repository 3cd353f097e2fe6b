import Foundation

/// Why a field's value is not acceptable: a message value (`Message`) a person
/// can act on, shown under the field in the run's language, and in English in
/// `keyform: field 'ID': REASON` (SPEC "Without a terminal"). Compared by its
/// message, never by its text.
public struct FieldProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, as a value the catalogue renders.
    public var message: Message
    /// The check of the field's own that failed (nil: the kind's format, a control
    /// character): what a form's `messages:` can reword.
    public var check: FieldCheck?
    /// The reason is the form's own message for the check (`messages:`), a
    /// sentence of its own rather than the end of one about the field.
    public var worded = false

    public init(_ message: Message, check: FieldCheck? = nil) {
        self.message = message
        self.check = check
    }

    /// The form's own words (a rule's message), shown as written in every language.
    public init(authored text: String) {
        self.init(.authored(text))
    }

    /// The reason in English: a short lower-case phrase ("must be a number").
    public var reason: String { message.english }

    /// The reason in `language`.
    public func reason(in language: Language) -> String { language.text(message) }

    public var description: String { reason }

    /// What follows the field's label where a line names both (Done's reason, a
    /// notice): " is required", or ": Give the amount on the receipt" for the
    /// form's own message.
    public var afterLabel: Message { .afterLabel(message, worded: worded) }

    /// The problem in the form's words for its check, when the form has them.
    func worded(by messages: [FieldCheck: String]) -> FieldProblem {
        guard let check, let text = messages[check] else { return self }
        var problem = self
        problem.message = .authored(text)
        problem.worded = true
        return problem
    }

    /// The problem said of the value it is about: `'1.5' is not a whole number`.
    func quoting(_ value: some StringProtocol) -> FieldProblem {
        var problem = self
        problem.message = .quoted(String(value), message)
        return problem
    }

    public static let required = FieldProblem(.required, check: .required)

    /// "required when paid is yes": a field whose `required_if` holds, left empty.
    public static func required(when condition: Message) -> FieldProblem {
        FieldProblem(.requiredWhen(condition: condition), check: .required)
    }
    public static let notWholeNumber = FieldProblem(.notWholeNumber)
    public static let notNumber = FieldProblem(.notNumber)
    public static let notDate = FieldProblem(.notDate)
    public static let notBoolean = FieldProblem(.notBoolean)
    public static let oneLine = FieldProblem(.oneLine)

    /// "must be at least 3 characters" (counted as a person sees them).
    public static func tooShort(_ minimum: Int) -> FieldProblem { FieldProblem(.tooShort(minimum), check: .minLength) }

    /// "must be at most 140 characters".
    public static func tooLong(_ maximum: Int) -> FieldProblem { FieldProblem(.tooLong(maximum), check: .maxLength) }

    /// "must be at least 1" (integer and number fields).
    public static func tooSmall(_ minimum: Double) -> FieldProblem { FieldProblem(.tooSmall(minimum), check: .min) }

    /// "must be at most 10".
    public static func tooLarge(_ maximum: Double) -> FieldProblem { FieldProblem(.tooLarge(maximum), check: .max) }

    /// "must match the pattern ^[^@]*$".
    public static func patternMismatch(_ pattern: String) -> FieldProblem {
        FieldProblem(.patternMismatch(pattern), check: .pattern)
    }

    /// "must have at least 2 picks" (a `multiple` field's `min_picks`).
    public static func tooFewPicks(_ minimum: Int) -> FieldProblem {
        FieldProblem(.tooFewPicks(minimum), check: .minPicks)
    }

    /// "must have at most 3 picks" (a `multiple` field's `max_picks`).
    public static func tooManyPicks(_ maximum: Int) -> FieldProblem {
        FieldProblem(.tooManyPicks(maximum), check: .maxPicks)
    }

    /// "must be one of: High, Medium, Low"; past ten choices, the rest are counted.
    public static func notAChoice(_ choices: [String]) -> FieldProblem {
        FieldProblem(.notAChoice(choices), check: .strict)
    }

    /// A date written right but not in the calendar: "must be a real date; February 2026 has 28 days".
    public static func notARealDate(year: Int, month: Int) -> FieldProblem {
        FieldProblem(.notARealDate(year: year, month: month))
    }

    /// A control character: "must not contain U+001B (ESC), a control character".
    public static func controlCharacter(_ scalar: Unicode.Scalar) -> FieldProblem {
        FieldProblem(.controlCharacter(scalar))
    }
}

/// A check of a field that the form sets and may word itself (`messages:`),
/// by its name in the form file.
public enum FieldCheck: String, CaseIterable, Hashable, Sendable {
    case required
    case pattern
    case min
    case max
    case minLength = "min_length"
    case maxLength = "max_length"
    case strict
    case minPicks = "min_picks"
    case maxPicks = "max_picks"

    /// Whether `field` sets this check (a message for a check it lacks is a `form check` error).
    public func isSet(on field: Field) -> Bool {
        switch self {
        case .required: field.required || field.requiredIf != nil
        case .pattern: field.pattern != nil
        case .min: field.min != nil
        case .max: field.max != nil
        case .minLength: field.minLength != nil
        case .maxLength: field.maxLength != nil
        case .strict: field.strict
        case .minPicks: field.minPicks != nil
        case .maxPicks: field.maxPicks != nil
        }
    }
}

/// The rules of one field, compiled once (its pattern included), so that validating
/// on every keystroke is cheap.
///
/// Rules, in order:
/// 1. Control characters (C0, DEL, C1) are never accepted; line breaks read "must be one line"
///    (but `\n` in a field of several lines, `lines:`, which is its line break).
/// 2. Empty → no value (`.success(nil)`), or `.required` for a required field. A text
///    value is never trimmed, but one of only whitespace counts as empty for a required
///    field. Values of the other kinds are trimmed of surrounding whitespace (`FieldKind.trimsInput`).
/// 2a. `multiple`: the selection's items (a line given instead is split at commas,
///    `FieldInput.items`); an empty list is an empty field; each item must pass 1, 3
///    and the text rules of 4; then the count of items is held to `min_picks`
///    and `max_picks`; the value is `.list`.
/// 3. `strict` with choices: the value as typed (trimmed for non-text types) must be
///    exactly one of the choices.
/// 4. The field's kind reads the value (`FieldKind.read`): its format and its
///    options' rules (TextKind, IntegerKind, NumberKind, DateKind, BooleanKind, …).
public struct FieldValidator: Sendable {
    /// A `pattern` that is not a valid regular expression (reported by the form checker).
    public struct PatternError: MessageError, Hashable, Sendable, CustomStringConvertible {
        public var pattern: String
        public var reason: String

        public init(pattern: String, reason: String) {
            self.pattern = pattern
            self.reason = reason
        }

        /// "invalid pattern '(': expected ')'" (the parser's reason as it wrote it).
        public var description: String { message.english }
        public var message: Message { .invalidPattern(pattern, reason: reason) }
    }

    public let fieldID: String
    public let type: Field.ValueType
    public let required: Bool
    let kind: any FieldKind
    let rules: FieldRules
    /// Present only for a strict field that has choices.
    let choices: Set<String>?
    let choicesProblem: FieldProblem?
    /// A `multiple` field: the text is split at commas and each item checked.
    let multiple: Bool
    /// The form's own words for the field's checks (`messages:`), replacing the reason.
    let messages: [FieldCheck: String]
    /// A secret field: its problems never quote what was typed.
    let secret: Bool
    /// A `multiple` field's bounds on its count of items.
    let picks: (min: Int?, max: Int?)
    /// A field of several lines (`lines:`): `\n` is its line break, not a problem.
    let multiLine: Bool

    /// Compiles the field's rules. `choices` are the texts of the field's layout
    /// (`Layout.choiceTexts`); they matter only when the field is `strict`. A strict
    /// field without choices (no layout) accepts any value: the form checker reports it.
    public init(field: Field, choices: [String]?) throws(PatternError) {
        try self.init(field: field, choices: choices, compile: CompiledPattern.compile)
    }

    /// `compile` turns a pattern into a matcher; tests count its calls.
    init(
        field: Field, choices: [String]?, compile: (String) throws(PatternError) -> CompiledPattern
    ) throws(PatternError) {
        fieldID = field.id
        type = field.type
        kind = field.type.kind
        required = field.required
        multiple = field.multiple
        messages = field.messages
        secret = field.secret
        picks = (field.minPicks, field.maxPicks)
        multiLine = field.isMultiLine
        if field.strict, let choices {
            self.choices = Set(choices)
            choicesProblem = .notAChoice(choices)
        } else {
            self.choices = nil
            choicesProblem = nil
        }
        rules = FieldRules(field: field, pattern: try field.pattern.map(compile))
    }

    /// Checks `raw` (the field's text as typed) and gives its typed value, nil for an
    /// empty optional field, or the first problem. `clock` resolves `today`, `now`, ….
    public func validate(_ raw: String, at clock: WallClock) -> Result<FieldValue?, FieldProblem> {
        validate(.line(raw), at: clock)
    }

    /// Checks what the field was given (a line as typed, or a `multiple` field's
    /// selection) and gives its typed value, nil for an empty optional field, or
    /// the first problem. A selection given to a field that is not `multiple` is
    /// read as its joined text.
    /// A problem of a check the form words itself (`messages:`) is said in its words.
    public func validate(_ input: FieldInput, at clock: WallClock) -> Result<FieldValue?, FieldProblem> {
        let result = check(input, at: clock)
        guard !messages.isEmpty, case .failure(let problem) = result else { return result }
        return .failure(problem.worded(by: messages))
    }

    private func check(_ input: FieldInput, at clock: WallClock) -> Result<FieldValue?, FieldProblem> {
        if multiple {
            if case .line(let raw) = input, let problem = Self.controlProblem(raw) { return .failure(problem) }
            return validateList(input.items)
        }
        let raw = input.text
        if let problem = Self.controlProblem(raw, lineBreaks: multiLine) { return .failure(problem) }
        let input = kind.trimsInput ? Self.trimmed(raw) : Substring(raw)
        if input.isEmpty || (required && input.allSatisfy(\.isWhitespace)) {
            return required ? .failure(.required) : .success(nil)
        }
        if let choices, let choicesProblem, !choices.contains(String(input)) {
            return .failure(choicesProblem)
        }
        return kind.read(input, rules: rules, clock: clock).map { $0 }.mapError {
            secret ? Self.concealing(input, in: $0) : $0
        }
    }

    /// A secret's problem without the value it quotes: `'12a4' is not a whole
    /// number` says `is not a whole number`, on the screen, in answers' errors
    /// and in the footer alike. Any other quote of it gives the problem without words from it.
    /// The check stays, so a form's `messages:` for it still words it.
    static func concealing(_ value: Substring, in problem: FieldProblem) -> FieldProblem {
        var concealed = problem
        if case .quoted(let quoted, let said) = problem.message, quoted == value { concealed.message = said }
        if concealed.reason.contains("'\(value)'") { concealed.message = .notValid }
        return concealed
    }

    /// A `multiple` field: each item must be a choice when
    /// strict, and pass the text rules; an empty selection is an empty field.
    private func validateList(_ given: [String]) -> Result<FieldValue?, FieldProblem> {
        // A selection holds each key once; an empty item is no item.
        var items: [String] = []
        for item in given where !item.isEmpty && !items.contains(item) { items.append(item) }
        if items.isEmpty { return required ? .failure(.required) : .success(nil) }
        for item in items {
            if let problem = Self.controlProblem(item) { return .failure(problem) }
            if let choices, let choicesProblem, !choices.contains(item) {
                return .failure(choicesProblem.quoting(item))
            }
            if case .failure(let problem) = TextKind.check(item, rules: rules) {
                return .failure(problem.quoting(item))
            }
        }
        if let minimum = picks.min, items.count < minimum { return .failure(.tooFewPicks(minimum)) }
        if let maximum = picks.max, items.count > maximum { return .failure(.tooManyPicks(maximum)) }
        return .success(.list(items))
    }

    /// A control character in `text`: "must be one line" for a line break
    /// (`lineBreaks`: a field of several lines, where `\n` is one and not a problem).
    private static func controlProblem(_ text: String, lineBreaks: Bool = false) -> FieldProblem? {
        guard let scalar = text.unicodeScalars.first(where: { isControl($0) && !(lineBreaks && $0 == "\n") }) else {
            return nil
        }
        // In text of several lines a CR or a separator is no line break of its own: a control character.
        if lineBreaks { return .controlCharacter(scalar) }
        return scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{0B}" || scalar == "\u{0C}"
            || scalar == "\u{2028}" || scalar == "\u{2029}" ? .oneLine : .controlCharacter(scalar)
    }

    // MARK: - Parsing pieces, shared with the kinds

    static func trimmed(_ text: String) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text[start...].lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<end]
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// C0 controls, DEL, C1 controls, and the line and paragraph separators
    /// (U+2028, U+2029: a line break to some): never part of a value.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
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
            return CompiledPattern(
                source: pattern, whole: try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z"))
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
