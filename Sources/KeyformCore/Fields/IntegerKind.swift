/// `type: integer`: an optional sign and ASCII digits (`-12`, `+7`, `007`),
/// within `min`/`max` (inclusive). Shown in plain decimal.
///
/// JSON: a number. Store: a number without a point; SQL INTEGER.
struct IntegerKind: FieldKind {
    var type: Field.ValueType { .integer }
    var synonyms: [String] { ["int"] }
    var options: Set<String> { ["min", "max", "secret"] }
    var alignsRight: Bool { true }
    var answerWanted: Message { .wantedNumber }
    var takesJSONNumbers: Bool { true }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        let bytes = Array(input.utf8)
        let digits =
            bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(FieldValidator.isDigit) else { return .failure(.notWholeNumber) }
        guard let value = Int(input) else {
            // Past what an integer holds: the field's own bound says it first ("must be at most 100").
            if case .failure(let problem) = rules.checkBounds(bytes.first == UInt8(ascii: "-") ? -.infinity : .infinity)
            {
                return .failure(problem)
            }
            return .failure(
                FieldProblem(bytes.first == UInt8(ascii: "-") ? .integerTooSmall(Int.min) : .integerTooLarge(Int.max)))
        }
        return rules.checkBounds(Double(value)).map { .integer(value) }
    }

    /// A number, so that a template can compare it.
    func templateValue(_ value: FieldValue, field: Field) -> Any {
        if case .integer(let number) = value { return number }
        return value.text
    }

    func json(_ value: FieldValue) -> String { value.text }

    func storedJSON(_ value: FieldValue) -> String? { value.text }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        switch stored {
        case .number(let number):
            if number.rounded() == number, let exact = Int(exactly: number) { return .integer(exact) }
        case .text(let text):
            if let number = Int(text) { return .integer(number) }
        default: break
        }
        return stored
    }

    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        guard let number = Int(raw) else { return .failure(FieldProblem(.quoted(raw, .isNotWholeNumber))) }
        return .success(.integer(number))
    }
}
