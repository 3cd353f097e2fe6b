import Yams

/// A `keyform test` file (SPEC "Scripted tests of forms and layouts"): a form
/// (or a layout, wrapped in a one-field form) and key scripts with what they must give.
public struct FormTestFile: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A form file, relative to the test file's folder.
        case form(String)
        /// A layout name or path, run as a one-field form with the grid open.
        case layout(String)
    }

    public struct Case: Equatable, Sendable {
        public var name: String
        public var keys: String
        /// Expected record values, as text (`distance: 400`, `done: yes`), or a
        /// list for a `multiple` field (`tags: [Beach, "Salt, pepper"]`); nil to not check.
        public var expect: [String: FieldInput]?
        /// `submitted`, `cancelled`, `interrupted` or `open` (the keys ran out first); nil to not check.
        public var outcome: String?
        /// The final screen, trailing spaces ignored; nil to not check.
        public var screen: String?
        public var location: SourceLocation
    }

    public var target: Target
    public var targetLocation: SourceLocation
    public var tests: [Case]
    /// The keys of fields whose choices come from a command or a file, by
    /// field id (`choices: {branch: [main, dev]}`): the tests see these lines,
    /// and the command is not run.
    public var choices: [String: [String]] = [:]

    public static let outcomes = ["submitted", "cancelled", "interrupted", "open"]

    /// A test file's bytes, read as form and layout files are: a byte order
    /// mark dropped, bytes that are not UTF-8 and files over 1 MiB refused.
    public static func parse(bytes: [UInt8]) -> Parsed<FormTestFile> {
        switch YAMLDocument.decode(bytes, kind: "test") {
        case .success(let text): parse(text)
        case .failure(let diagnostic): Parsed(value: nil, diagnostics: [diagnostic])
        }
    }

    public static func parse(_ source: String) -> Parsed<FormTestFile> {
        let root: Node
        switch YAMLDocument.root(
            of: source, kind: "test", emptyMessage: .testFileNeedsFormAndTests)
        {
        case .success(let node): root = node
        case .failure(let diagnostic): return Parsed(value: nil, diagnostics: [diagnostic])
        }
        var reader = NodeReader()
        let file = read(root, &reader)
        return Parsed(value: file, diagnostics: reader.diagnostics)
    }

    private static func read(_ root: Node, _ reader: inout NodeReader) -> FormTestFile? {
        guard let fields = reader.fields(of: root, allowed: ["form", "layout", "choices", "tests"], in: .placeTestFile)
        else { return nil }
        var target: Target?
        switch (fields["form"], fields["layout"]) {
        case (.some, .some):
            reader.report(.error(fields.location(of: "layout"), Message.testFileFormOrLayout))
        case (.some(let node), nil):
            target = reader.text(node, field: "form").map(Target.form)
        case (nil, .some(let node)):
            target = reader.text(node, field: "layout").map(Target.layout)
        case (nil, nil):
            reader.error(root, Message.testFileNeedsTarget)
        }
        guard let testsNode = fields["tests"] else {
            if !fields.hasUnknown { reader.error(root, Message.testFileNeedsTests) }
            return nil
        }
        guard let items = reader.items(of: testsNode, field: "tests") else { return nil }
        let cases = items.enumerated().compactMap { readCase($1, number: $0 + 1, &reader) }
        guard let target, cases.count == items.count else { return nil }
        let location = (fields["form"] ?? fields["layout"])?.location ?? .start
        var file = FormTestFile(target: target, targetLocation: location, tests: cases)
        if let node = fields["choices"] {
            guard let given = reader.fields(of: node, allowed: nil, in: .placeOption("choices")) else { return nil }
            for (id, entry) in given.entries {
                guard let items = reader.items(of: entry.value, field: "choices") else { return nil }
                file.choices[id] = items.compactMap { reader.text($0, field: "choices") }
            }
        }
        return file
    }

    private static func readCase(_ node: Node, number: Int, _ reader: inout NodeReader) -> Case? {
        guard
            let fields = reader.fields(
                of: node, allowed: ["name", "keys", "expect", "outcome", "screen"], in: .placeTest(number))
        else { return nil }
        let name = fields["name"].flatMap { reader.text($0, field: "name") } ?? "test \(number)"
        guard let keysNode = fields["keys"] else {
            reader.error(node, Message.testNeedsKeys(name))
            return nil
        }
        guard let keys = reader.text(keysNode, field: "keys") else { return nil }
        if case .failure(let failure) = KeyScript.parse(keys) {
            reader.error(keysNode, failure.message)
            return nil
        }
        var expect: [String: FieldInput]?
        if let node = fields["expect"], let values = reader.fields(of: node, allowed: nil, in: .placeOption("expect")) {
            expect = values.entries.compactMapValues { entry -> FieldInput? in
                guard case .sequence = entry.value else {
                    return reader.text(entry.value, field: "expect").map(FieldInput.line)
                }
                let items = reader.items(of: entry.value, field: "expect")?.compactMap {
                    reader.text($0, field: "expect")
                }
                return items.map(FieldInput.selection)
            }
        }
        var outcome: String?
        if let node = fields["outcome"], let value = reader.text(node, field: "outcome") {
            if outcomes.contains(value) {
                outcome = value
            } else {
                reader.error(
                    node,
                    Message.unknownName(
                        option: "outcome", TerminalSafe.escaped(value),
                        hint: NodeReader.said(for: value, among: outcomes)))
            }
        }
        let screen = fields["screen"].flatMap { reader.text($0, field: "screen") }
        return Case(name: name, keys: keys, expect: expect, outcome: outcome, screen: screen, location: node.location)
    }
}

extension FormTestFile.Case {
    /// The values `expect` is compared with: the record when the form was
    /// submitted, else what the form holds when the keys ran out (or it was
    /// left): each field's text read as the field reads it, or as typed while
    /// it is not valid (so a failure shows what is there).
    public static func values(of state: FormState, context: FormContext) -> Record {
        if case .submitted(let record)? = state.outcome { return record }
        let evaluation = context.evaluation(of: state)
        // A hidden field and a note are absent, as from the record.
        return Record(
            values: context.fields.indices.filter { evaluation.shown[$0] && context.fields[$0].holdsValue }.map {
                index in
                let input = state.entries[index].input
                switch evaluation.results[index] {
                case .success(let value): return (context.fields[index].id, value)
                case .failure:
                    if case .selection(let items) = input { return (context.fields[index].id, .list(items)) }
                    return (context.fields[index].id, .text(input.text))
                }
            })
    }

    /// What differs between `expect` and the submitted `record`, one line per
    /// field in id order (`distance: expected '400', got '350'`); empty when all
    /// match. Each field's kind compares (`FieldKind.testMismatch`): a boolean
    /// may be expected as yes/no, true/false or its `states` word.
    public static func mismatches(_ expect: [String: FieldInput], in record: Record, context: FormContext) -> [Message]
    {
        var problems: [Message] = []
        for (id, input) in expect.sorted(by: { $0.key < $1.key }) {
            guard let index = context.index(ofField: id) else {
                problems.append(.testExpectNoField(id))
                continue
            }
            let field = context.fields[index]
            guard field.holdsValue else {
                problems.append(.testExpectNote(id))
                continue
            }
            // A value expected of a field the form does not ask (its `when`) is a problem, as in answers.
            if !record.holds(id) {
                if !input.isEmpty {
                    problems.append(
                        .testExpectNotAsked(
                            field: id, expected: input.text,
                            condition: context.condition(ofField: index).said(in: context.form)))
                }
                continue
            }
            // A list is expected item for item, as chosen.
            if case .selection(let items) = input {
                let got: [String] =
                    switch record[id] {
                    case .list(let chosen)?: chosen
                    case let other?: [other.text]
                    case nil: []
                    }
                if got != items {
                    problems.append(
                        .testExpectedGot(field: id, expected: TextKind.jsonArray(items), got: TextKind.jsonArray(got)))
                }
                continue
            }
            let value = input.text
            if let got = field.kind.testMismatch(
                expected: value, actual: record[id], field: field, validator: context.validators[index],
                clock: context.clock)
            {
                problems.append(.testExpectedGot(field: id, expected: "'\(value)'", got: "'\(got)'"))
            }
        }
        return problems
    }
}
