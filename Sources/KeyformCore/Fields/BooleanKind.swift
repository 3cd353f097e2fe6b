/// `type: boolean`: yes/no, y/n, true/false, on/off, 1/0 (any case), or the
/// field's own `states` words (`states: {no: In progress, yes: Complete}`),
/// which are also how the value shows to a person (the form, the list, templates).
///
/// JSON: `true`/`false`. Store: the same; SQL INTEGER 1/0. Env: `yes`/`no`.
struct BooleanKind: FieldKind {
    var type: Field.ValueType { .boolean }
    var synonyms: [String] { ["bool"] }
    var options: Set<String> { ["states"] }
    var answerWanted: Message { .wantedTrueOrFalse }
    var takesJSONBooleans: Bool { true }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        guard let flag = Self.parse(input, states: rules.states) else {
            guard let states = rules.states else { return .failure(.notBoolean) }
            return .failure(FieldProblem(.notState(no: states.no, yes: states.yes)))
        }
        return .success(.boolean(flag))
    }

    /// yes/no and their synonyms, or the field's own words for them (any case).
    static func parse(_ input: Substring, states: Field.States?) -> Bool? {
        switch input.lowercased() {
        case "yes", "y", "true", "on", "1", "はい": return true
        case "no", "n", "false", "off", "0", "いいえ": return false
        default: break
        }
        guard let states else { return nil }
        let lowered = input.lowercased()
        if lowered == states.yes.lowercased() { return true }
        if lowered == states.no.lowercased() { return false }
        return nil
    }

    func shown(_ value: FieldValue, field: Field) -> String {
        if case .boolean(let flag) = value { return field.shown(flag) }
        return value.text
    }

    /// ✓ or ✗, with the field's word for the value when it has `states`.
    func listCell(_ value: FieldValue, field: Field) -> String {
        guard case .boolean(let flag) = value else { return TerminalSafe.escaped(value.text) }
        guard field.states != nil else { return flag ? "✓" : "✗" }
        return (flag ? "✓ " : "✗ ") + TerminalSafe.escaped(field.shown(flag))
    }

    /// Shows as its word and decides a section: `{{#urgent}}!{{/urgent}}`.
    func templateValue(_ value: FieldValue, field: Field) -> Any {
        guard case .boolean(let flag) = value else { return value.text }
        return TemplateBoolean(value: flag, text: field.shown(flag))
    }

    func json(_ value: FieldValue) -> String {
        if case .boolean(let flag) = value { return flag ? "true" : "false" }
        return RecordFormat.jsonString(value.text)
    }

    func storedJSON(_ value: FieldValue) -> String? { json(value) }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        switch stored {
        case .integer(let number) where number == 0 || number == 1: return .boolean(number == 1)
        case .text(let text) where text == "yes" || text == "no": return .boolean(text == "yes")
        default: return stored
        }
    }

    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        switch raw.lowercased() {
        case "yes", "true", "1": .success(.boolean(true))
        case "no", "false", "0": .success(.boolean(false))
        default: .failure(FieldProblem(.quoted(raw, .isNotYesOrNo)))
        }
    }

    /// Expected as yes/no, true/false or the field's `states` word.
    func testMismatch(
        expected: String, actual: FieldValue?, field: Field, validator: FieldValidator, clock: WallClock
    ) -> String? {
        if case .boolean(let flag)? = actual,
            case .success(.boolean(let wanted)?) = validator.validate(expected, at: clock)
        {
            return flag == wanted ? nil : field.shown(flag)
        }
        let text = actual?.text ?? ""
        return text == expected ? nil : text
    }
}
