/// One problem with answers given without a terminal (SPEC "Without a terminal"), for stderr.
public struct AnswerProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field the problem is about; nil for the answers as a whole (syntax, unknown fields).
    public var fieldID: String?
    /// What is wrong, said in the reader's language (`said(in:)`).
    public var said: Message
    /// What is wrong, in English.
    public var reason: String { said.english }
    /// The form's rule the answers break (`rules:`); the reason is its message.
    public var ruleName: String?

    public init(field fieldID: String?, _ said: Message) {
        self.fieldID = fieldID
        self.said = said
    }

    public init(field fieldID: String?, _ reason: String) {
        self.init(field: fieldID, .authored(reason))
    }

    /// A broken rule of the form: `keyform: rule 'NAME': MESSAGE`.
    public init(rule: FormRule) {
        self.init(field: nil, rule.said)
        ruleName = rule.name
    }

    /// `keyform: field 'ID': REASON`, `keyform: rule 'NAME': MESSAGE` or `keyform: answers: REASON`.
    public var description: String { said(in: .english) }

    /// `description` in `language`.
    public func said(in language: Language) -> String {
        "keyform: " + language.text(placed)
    }

    /// The problem with what it is about: `field 'ID': …`, `rule 'NAME': …`, `answers: …`.
    public var placed: Message {
        if let fieldID { return .answerOfField(fieldID, said) }
        if let ruleName { return .answerOfRule(ruleName, said) }
        return .answersProblem(said)
    }

    /// Two problems are the same when they say the same, in English.
    public static func == (a: AnswerProblem, b: AnswerProblem) -> Bool {
        a.fieldID == b.fieldID && a.ruleName == b.ruleName && a.reason == b.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fieldID)
        hasher.combine(ruleName)
        hasher.combine(reason)
    }

    /// An answer naming a note (`type: note`), which is text to read and takes none.
    static func note(_ id: String) -> AnswerProblem {
        AnswerProblem(field: id, .answerIsNote(id))
    }

    static func unknownField(_ id: String, form: Form) -> AnswerProblem {
        AnswerProblem(
            field: nil,
            .answerUnknownField(id, suggestion: Suggestion.closest(to: id, among: form.fields.map(\.id))))
    }
}

/// The problems found in answers, in order: the failure of `Answers` and `HeadlessFill`.
/// (A plain `[AnswerProblem]` cannot be a `Result` failure, since arrays are not errors.)
public struct AnswerProblems: Error, Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    public var problems: [AnswerProblem]

    public init(_ problems: [AnswerProblem]) { self.problems = problems }
    public init(arrayLiteral problems: AnswerProblem...) { self.problems = problems }

    public var startIndex: Int { problems.startIndex }
    public var endIndex: Int { problems.endIndex }
    public subscript(position: Int) -> AnswerProblem { problems[position] }

    /// One line per problem, each ending with a newline: what goes to stderr.
    public var description: String { said(in: .english) }

    /// `description` in `language`.
    public func said(in language: Language) -> String {
        problems.map { $0.said(in: language) + "\n" }.joined()
    }
}

/// Reading answers given without a terminal into what each field was given (field id →
/// a line as if typed, or a `multiple` field's list). They are validated afterwards by
/// `HeadlessFill`. An empty line or list is no answer.
public enum Answers {
    /// `--answers FILE`: one JSON object of field id to value.
    ///
    /// - a string: any field.
    /// - a number: integer, number and text fields, exactly as written (`400`, `1.5`, `1e3`).
    /// - `true` / `false`: boolean fields.
    /// - a list of strings: `multiple` fields, item for item (an item may hold a
    ///   comma). A string `"a, b"` works too, read as its items.
    /// - `null`: no answer.
    /// - anything else (a list, an object, a number for a date…): a problem naming what the field wants.
    ///
    /// Unknown ids, repeated ids and values with a line break are problems; all are
    /// collected. Malformed JSON is one problem with its line and column.
    /// - Parameter skipping: names that are not fields and are passed over (an
    ///   import reads the `_id` and `_created` that `records export` adds itself).
    public static func fromJSON(
        _ bytes: [UInt8], form: Form, skipping: (String) -> Bool = { _ in false }
    ) -> Result<[String: FieldInput], AnswerProblems> {
        let members: [(key: String, value: JSONValue)]
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            members = try reader.readObjectMembers()
        } catch {
            return .failure([AnswerProblem(field: nil, error.said)])
        }
        return fromMembers(members, form: form, skipping: skipping)
    }

    /// The answers of an object's members already read (`fromJSON`; an import reads
    /// each object once, for its `_id` and `_created` too).
    static func fromMembers(
        _ members: [(key: String, value: JSONValue)], form: Form, skipping: (String) -> Bool
    ) -> Result<[String: FieldInput], AnswerProblems> {
        var answers: [String: FieldInput] = [:]
        var seen: Set<String> = []
        var problems: [AnswerProblem] = []
        for (id, value) in members where !skipping(id) {
            guard let field = form.field(id: id) else {
                problems.append(.unknownField(id, form: form))
                continue
            }
            guard seen.insert(id).inserted else {
                problems.append(AnswerProblem(field: id, .answerGivenTwice))
                continue
            }
            guard field.holdsValue else {
                problems.append(.note(id))
                continue
            }
            switch convert(value, for: field) {
            case .success(let text?): answers[id] = text
            case .success(nil): break
            case .failure(let problem): problems.append(problem)
            }
        }
        return problems.isEmpty ? .success(answers) : .failure(AnswerProblems(problems))
    }

    /// `fromLines` on the bytes of stdin: a UTF-8 byte order mark (Windows
    /// editors write one) is dropped, as `--answers` drops it, and bytes that are
    /// not UTF-8 are a problem at their line, never turned into U+FFFD.
    public static func fromLines(_ bytes: [UInt8], form: Form) -> Result<[String: FieldInput], AnswerProblems> {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        for (index, line) in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where String(validating: line, as: UTF8.self) == nil {
            return .failure([AnswerProblem(field: nil, .answerLineNotUTF8(index + 1))])
        }
        return fromLines(String(decoding: text, as: UTF8.self), form: form)
    }

    /// stdin that is not a terminal: one value per line, in field order across pages
    /// (a note takes no line). Lines end with LF or CRLF. A missing or empty line
    /// is no answer. Non-empty lines beyond the last field are a problem.
    public static func fromLines(_ text: String, form: Form) -> Result<[String: FieldInput], AnswerProblems> {
        // "\r\n" is one Character in Swift.
        func isLineBreak(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
        if let last = text.last, isLineBreak(last) { lines.removeLast() }
        let fields = form.fields.filter(\.holdsValue)
        var answers: [String: FieldInput] = [:]
        for (index, value) in lines.enumerated() {
            if index < fields.count {
                if !value.isEmpty { answers[fields[index].id] = .line(String(value)) }
            } else if !value.allSatisfy(\.isWhitespace) {
                return .failure([AnswerProblem(field: nil, .answerTooManyLines(index + 1, fields: fields.count))])
            }
        }
        return .success(answers)
    }

    private static func convert(_ value: JSONValue, for field: Field) -> Result<FieldInput?, AnswerProblem> {
        let kind = field.kind
        let wanted = kind.answerWanted
        func wrong(_ given: Message) -> Result<FieldInput?, AnswerProblem> {
            .failure(AnswerProblem(field: field.id, .answerWrongKind(wanted: wanted, given: given)))
        }
        switch value {
        case .null:
            return .success(nil)
        case .string(let text) where field.isMultiLine:
            // A text of several lines: its breaks are `\n` (a CR LF from another system is one).
            return .success(.line(text.replacingOccurrences(of: "\r\n", with: "\n")))
        case .string(let text):
            if text.contains(where: \.isNewline) {
                return .failure(AnswerProblem(field: field.id, .oneLine))
            }
            return .success(.line(text))
        case .number(let written):
            return kind.takesJSONNumbers ? .success(.line(written)) : wrong(.jsonNumber)
        case .bool(let flag):
            return kind.takesJSONBooleans ? .success(.line(flag ? "true" : "false")) : wrong(.jsonBool(flag))
        case .array(let items):
            guard field.multiple else { return wrong(.jsonList) }
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    return .failure(AnswerProblem(field: field.id, .answerListOfTexts))
                }
                if text.contains(where: \.isNewline) {
                    return .failure(AnswerProblem(field: field.id, .quoted(TerminalSafe.escaped(text), .oneLine)))
                }
                texts.append(text)
            }
            return .success(texts.isEmpty ? nil : .selection(texts))
        case .object:
            return wrong(.jsonObject)
        }
    }
}

/// Filling a form from answers without a terminal: the same validation as typing,
/// and the same evaluation (`FormEvaluation`: which fields are asked, the record).
public enum HeadlessFill {
    /// Each field takes its answer (a non-empty line or list), else its `starting`
    /// value (a draft's, `default: last`), else its `.value` default, else nothing;
    /// then the form is evaluated as the terminal evaluates it. A `.last` default
    /// must be resolved by the caller into `starting`. All problems are collected:
    /// one per shown field in field order, one per answer to a field that is not
    /// asked (its `when` does not hold: nothing given is silently dropped), then
    /// one per broken rule of the form, then one per answer naming no field. A
    /// hidden field is absent from the record.
    public static func fill(
        _ context: FormContext, answers: [String: FieldInput], starting: [String: FieldInput] = [:]
    ) -> Result<Record, AnswerProblems> {
        let fields = context.fields
        let inputs = fields.map { field -> FieldInput in
            if let answer = answers[field.id], !answer.isEmpty { return answer }
            if let start = starting[field.id], !start.isEmpty { return start }
            if case .value(let given)? = field.defaultValue { return given }
            return .line("")
        }
        let evaluation = FormEvaluation(context, inputs: inputs)
        var problems: [AnswerProblem] = []
        for (index, field) in fields.enumerated() {
            if !field.holdsValue {
                if let answer = answers[field.id], !answer.isEmpty { problems.append(.note(field.id)) }
            } else if !evaluation.shown[index] {
                if let answer = answers[field.id], !answer.isEmpty {
                    problems.append(
                        AnswerProblem(
                            field: nil,
                            .answerNotAsked(
                                field.id, condition: context.condition(ofField: index).said(in: context.form))
                        ))
                }
            } else if let problem = evaluation.problem(ofField: index) {
                problems.append(AnswerProblem(field: field.id, problem.message))
            }
        }
        // The form's rules over the valid values (one comparing a field in error waits), each broken one said.
        for rule in context.form.rules where rule.truth(values: evaluation.typedValues, clock: context.clock) == .broken
        {
            problems.append(AnswerProblem(rule: rule))
        }
        let known = Set(fields.map(\.id))
        for id in answers.keys.sorted() where !known.contains(id) {
            problems.append(.unknownField(id, form: context.form))
        }
        guard problems.isEmpty, case .success(let record) = evaluation.record else {
            return .failure(AnswerProblems(problems))
        }
        return .success(record)
    }
}
