import Mustache

/// How `keyform run` writes the submitted record on stdout (`--format`, SPEC "Result and exit status").
public enum RecordFormat: String, CaseIterable, Sendable {
    case json, template, env

    /// The record in this format, ending with a newline.
    public func render(_ record: Record, form: Form) throws(TemplateError) -> String {
        switch self {
        case .json: RecordFormat.json(record, form: form)
        case .env: RecordFormat.env(record, form: form)
        case .template: try RecordFormat.template(record, form: form)
        }
    }

    // MARK: - JSON

    /// One JSON object on one line plus "\n", keys in the form's field order; each
    /// value as its kind writes it (`FieldKind.json`):
    ///
    /// - text: a string; an empty text field is `""`.
    /// - integer, number: a JSON number written as `FieldValue.text` (`400`, `1.5`, `1e+21`).
    /// - boolean: `true` / `false`.
    /// - date: `"YYYY-MM-DD"`.
    /// - an empty integer, number, date or boolean field: `null`.
    /// - a field the record does not hold (not asked: its `when` did not hold): left out.
    ///
    /// Strings escape `"`, `\`, every C0 and C1 control and DEL (as `\n`, `\t`, … or
    /// `\u00XX`), bidi controls and invisible characters (`\u202e`, `\u200b`, `\ufeff`;
    /// see `TerminalSafe`, but a zero-width joiner stays, as emoji need it), and
    /// U+2028/U+2029 (so the line is also valid JavaScript): printed JSON never acts on a
    /// terminal. `/` and other non-ASCII text are written as they are (UTF-8).
    public static func json(_ record: Record, form: Form) -> String {
        var out = "{"
        var first = true
        for field in form.fields where record.holds(field.id) {
            if !first { out += "," }
            first = false
            out += jsonString(field.id)
            out += ":"
            out += jsonValue(record[field.id], of: field)
        }
        return out + "}\n"
    }

    /// One value as JSON: as its kind writes it; `""` for an empty text field,
    /// `null` for other empty fields — a `multiple` field's too, whose value is
    /// otherwise an array.
    public static func jsonValue(_ value: FieldValue?, of field: Field) -> String {
        value.map { $0.kind.json($0) } ?? field.kind.jsonWhenEmpty(field: field)
    }

    /// One value as JSON, for a field of `type` (`multiple`: a list field).
    public static func jsonValue(_ value: FieldValue?, type: Field.ValueType, multiple: Bool = false) -> String {
        jsonValue(value, of: Field(id: "value", type: type, multiple: multiple))
    }

    /// `jsonValue(value, of: field)` appended to `out` as UTF-8, text escaped
    /// straight from its bytes: for writing many records (`records list`).
    public static func appendJSONValue(_ value: FieldValue?, of field: Field, to out: inout [UInt8]) {
        switch value {
        case .text(let text)?:
            JSONString.append(text, to: &out)
        case .list(let items)?:
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .date(let date)? where (0...9999).contains(date.year) && date.month < 100 && date.day < 100:
            // `"YYYY-MM-DD"` as `CivilDate.description` writes it (nothing in it to escape), digit by digit.
            func digits(_ number: Int, _ divisor: Int) {
                var divisor = divisor
                while divisor > 0 {
                    out.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
                    divisor /= 10
                }
            }
            out.append(UInt8(ascii: "\""))
            digits(date.year, 1000)
            out.append(UInt8(ascii: "-"))
            digits(date.month, 10)
            out.append(UInt8(ascii: "-"))
            digits(date.day, 10)
            out.append(UInt8(ascii: "\""))
        case let value?:
            out.append(contentsOf: value.kind.json(value).utf8)
        case nil:
            out.append(contentsOf: field.kind.jsonWhenEmpty(field: field).utf8)
        }
    }

    /// `text` as a JSON string literal (`JSONString`, from the UTF-8 bytes).
    public static func jsonString(_ text: String) -> String {
        JSONString.literal(text)
    }

    /// `text` as a JSON string literal, one scalar at a time: what `JSONString`'s fast
    /// path must equal (the tests compare them); too slow for 100,000 records.
    static func jsonStringScalarwise(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20 || (TerminalSafe.isUnsafe(scalar) && scalar != "\u{200D}"):
                out += "\\u" + String(scalar.value, radix: 16, uppercase: false).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: - env

    /// `id=value` lines in field order, each value in POSIX shell single quotes
    /// (`note='it'\''s'`), `FieldValue.text` inside; an empty field is `id=''`.
    /// The output can be `eval`ed or sourced by any POSIX shell, and gives back
    /// the value exactly; it never acts on a terminal that shows it (see `shellQuoted`).
    public static func env(_ record: Record, form: Form) -> String {
        var out = ""
        for field in form.valueFields {
            out += field.id + "=" + shellQuoted(record[field.id]?.text ?? "") + "\n"
        }
        return out
    }

    /// `text` in single quotes, each `'` written as `'\''`. A bidi control or an
    /// invisible character (`TerminalSafe`; no value holds a control character) is
    /// written as the shell command that prints its UTF-8 bytes,
    /// `'a'"$(printf '\342\200\256')"'b'`: the shell makes the same value of it,
    /// and a terminal shows it as it is written, not reordered or hidden.
    public static func shellQuoted(_ text: String) -> String {
        // `'` first: what replaces the unsafe runs has quotes of its own.
        let inside = TerminalSafe.rewritten(text.replacingOccurrences(of: "'", with: "'\\''")) { run in
            // A line break stays as it is: quoted, it is part of the value (`$(…)` would drop one at the end).
            run.split(separator: "\n", omittingEmptySubsequences: false).map { part in
                guard !part.isEmpty else { return "" }
                let octal = part.flatMap { String($0).utf8 }.map { "\\" + String($0, radix: 8) }.joined()
                return "'\"$(printf '" + octal + "')\"'"
            }.joined(separator: "\n")
        }
        return "'" + inside + "'"
    }

    // MARK: - template

    /// The form's template rendered with the record as plain text (nothing is
    /// HTML-escaped), ending with exactly one newline. See `RecordTemplate`.
    public static func template(_ record: Record, form: Form) throws(TemplateError) -> String {
        guard let text = form.template else { throw .missing(form: form.name) }
        return try RecordTemplate(text).render(record, fields: form.fields)
    }

    /// The field names a template refers to, in order of first use: the names of
    /// `{{name}}`, `{{{name}}}`, `{{&name}}`, `{{#name}}`, `{{^name}}` and `{{/name}}` tags.
    /// For a dotted name (`{{a.b}}`) the first part; for a transform (`{{uppercased(a)}}`)
    /// the argument. Comments, partials, blocks, pragmas and `{{.}}` are skipped;
    /// `{{=<% %>=}}` changes the delimiters as in Mustache.
    public static func templateVariables(_ template: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        // Open sections, and whether each names a variable (not a block or parent).
        var sections: [(name: Substring, isVariable: Bool)] = []
        forEachTag(in: template) { sigil, body, _ in
            switch sigil {
            case "!", ">", "%", "=": break
            case "<", "$": sections.append((body.dropFirst().trimmingWhitespace(), false))
            case "#", "^":
                sections.append((body.dropFirst().trimmingWhitespace(), true))
                add(body.dropFirst())
            case "/":
                let name = body.dropFirst().trimmingWhitespace()
                if let index = sections.lastIndex(where: { $0.name == name }) {
                    let section = sections[index]
                    sections.removeSubrange(index...)
                    if section.isVariable { add(name) }
                } else {
                    add(name)
                }
            case "{": add(body.dropFirst())
            case "&": add(body.dropFirst())
            default: add(body)
            }
        }
        return names

        func add(_ raw: Substring) {
            var name = raw.trimmingWhitespace()
            // uppercased(lowercased(name)) → name
            if let paren = name.lastIndex(of: "(") {
                name = name[name.index(after: paren)...].prefix { $0 != ")" }
            }
            let root = name.split(separator: ".", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            guard !root.isEmpty, !seen.contains(root) else { return }
            seen.insert(root)
            names.append(root)
        }
    }

    /// The deepest sections may nest in a template (`{{#a}}{{^b}}…`, blocks and
    /// parents included). The Mustache parser and renderer go one call deeper per
    /// level: 3,000 levels (a 36 KB form file) overflowed the stack, and every
    /// command that loads the form died with SIGSEGV.
    public static let maxSectionDepth = 100

    /// Where (an index into `template`) the first section opens that nests deeper
    /// than `maxSectionDepth`; nil when none does.
    static func tooDeepSection(in template: String) -> String.Index? {
        var depth = 0
        var found: String.Index?
        forEachTag(in: template) { sigil, _, start in
            guard found == nil else { return }
            switch sigil {
            case "#", "^", "<", "$":
                depth += 1
                if depth > maxSectionDepth { found = start }
            case "/": depth = max(0, depth - 1)
            default: break
            }
        }
        return found
    }

    /// Each tag of a Mustache template in order, as Mustache reads them: its sigil
    /// (the character after the opening delimiter, `{` for `{{{name}}}`), its body
    /// (sigil included, delimiters not) and where the tag starts. `{{=<% %>=}}`
    /// changes the delimiters from there on, as in Mustache. Stops at a tag that is
    /// not closed.
    static func forEachTag(
        in template: String, _ visit: (_ sigil: Character?, _ body: Substring, _ start: String.Index) -> Void
    ) {
        var open = "{{"
        var close = "}}"
        var rest = Substring(template)
        while let start = rest.range(of: open) {
            rest = rest[start.upperBound...]
            let sigil = rest.first
            if sigil == "{", open == "{{" {
                // {{{name}}}
                guard let end = rest.range(of: "}" + close) else { return }
                visit("{", rest[..<end.lowerBound], start.lowerBound)
                rest = rest[end.upperBound...]
                continue
            }
            guard let end = rest.range(of: close) else { return }
            let body = rest[..<end.lowerBound]
            rest = rest[end.upperBound...]
            if sigil == "=" {
                let inner = body.dropFirst().reversed().drop { $0 != "=" }.dropFirst().reversed()
                let parts = String(inner).split(whereSeparator: \.isWhitespace)
                if parts.count == 2 { (open, close) = (String(parts[0]), String(parts[1])) }
            }
            visit(sigil, body, start.lowerBound)
        }
    }
}

/// Why a record cannot be rendered with a template.
public enum TemplateError: MessageError, Hashable, Sendable, CustomStringConvertible {
    /// `--format template` on a form without `template:`.
    case missing(form: String)
    /// The template does not parse; line and column (1-based, in characters) are within the template text.
    case invalid(line: Int, column: Int, reason: Message)

    public var message: Message {
        switch self {
        case .missing(let form): .templateMissing(form: form)
        case .invalid(let line, let column, let reason): .templateInvalidAt(line: line, column: column, reason: reason)
        }
    }

    public var description: String { message.english }
}

/// A form's Mustache template, parsed once, rendering records as plain text.
///
/// Each field is a variable: `{{id}}` is the value's `FieldValue.text` ("" when empty;
/// nothing is HTML-escaped, so `{{id}}`, `{{{id}}}` and `{{&id}}` are the same). In a
/// section, an empty field and a `no` boolean are false, anything else is true:
/// `{{#urgent}}!{{/urgent}}`, `{{^note}}(no note){{/note}}`.
public struct RecordTemplate: Sendable {
    public let text: String
    private let parsed: MustacheTemplate

    public init(_ text: String) throws(TemplateError) {
        self.text = text
        if let start = RecordFormat.tooDeepSection(in: text) {
            let before = text[..<start]
            let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            throw .invalid(
                line: before.count { $0 == "\n" } + 1, column: text[lineStart..<start].count + 1,
                reason: .templateTooDeep(RecordFormat.maxSectionDepth))
        }
        do {
            // Parse the template as written, for errors with the author's line and column.
            _ = try MustacheTemplate(string: text)
            // The TEXT content type turns HTML escaping off; the pragma sits on a line of
            // its own, which Mustache drops from the output.
            parsed = try MustacheTemplate(string: "{{%CONTENT_TYPE:TEXT}}\n" + text)
        } catch let error as MustacheTemplate.ParserError {
            throw .invalid(
                line: error.context.lineNumber, column: error.context.columnNumber, reason: Self.reason(error.error))
        } catch {
            throw .invalid(line: 1, column: 1, reason: .templateOtherwiseInvalid(String(describing: error)))
        }
    }

    /// Throws what `init` throws for `text`, without parsing it when it is only
    /// text and plain variables (`Receipt for {{name}}: {{total}}`), which always
    /// parse: the form's check runs before the first frame, and Mustache's parse
    /// of even `{{name}}` costs ~0.5 M instructions there (DECISIONS 104).
    public static func check(_ text: String) throws(TemplateError) {
        guard !holdsOnlyPlainVariables(text) else { return }
        _ = try RecordTemplate(text)
    }

    /// Whether every `{` of `text` opens a `{{name}}` tag of one or more of the
    /// characters below, closed at once by `}}`. Mustache reads such a tag as a
    /// variable and everything else as text, whatever the line breaks, spaces
    /// and other characters around it; and nothing here is a section, so none
    /// is too deep. Read as `Character`s, as Mustache reads it: a `{` or `}`
    /// that a combining mark joins is another character, and the answer no.
    static func holdsOnlyPlainVariables(_ text: String) -> Bool {
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "{" else { continue }
            guard characters.next() == "{", var next = characters.next(), isPlainNameCharacter(next) else {
                return false
            }
            while isPlainNameCharacter(next) {
                guard let after = characters.next() else { return false }
                next = after
            }
            guard next == "}", characters.next() == "}" else { return false }
        }
        return true
    }

    /// Letters, digits, `_`, `-` and `.` in ASCII: among the characters Mustache
    /// reads as a name, and none of its transforms' brackets.
    private static func isPlainNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// The rendered record with exactly one trailing newline (one is added unless the
    /// template's output already ends with one).
    /// - Parameter fields: the record's fields; each value is shown as its kind
    ///   shows it to a person (`FieldKind.templateValue`): `{{status}}` shows a
    ///   boolean's `states` word ("Complete" rather than "yes").
    public func render(_ record: Record, fields: [Field] = []) -> String {
        var context: [String: Any] = [:]
        for (id, value) in record.values {
            guard let value, value != .text("") else { continue }
            let field = fields.first { $0.id == id } ?? Field(id: id, type: value.kind.type)
            context[id] = Self.terminalSafe(value.kind.templateValue(value, field: field))
        }
        let output = parsed.render(context)
        return output.hasSuffix("\n") ? output : output + "\n"
    }

    /// A value's text with its bidi controls and invisible characters written out
    /// (`\u{202E}`, `TerminalSafe.escaped`): the output is a line for people (a
    /// log, a terminal), where they would reorder or hide the text around them.
    private static func terminalSafe(_ value: Any) -> Any {
        switch value {
        // A value's line breaks (a text of several lines) are lines of the output: a receipt's note.
        case let text as String: TerminalSafe.escapedKeepingLineBreaks(text)
        case let texts as [String]: texts.map(TerminalSafe.escaped)
        case let flag as TemplateBoolean: TemplateBoolean(value: flag.value, text: TerminalSafe.escaped(flag.text))
        default: value
        }
    }

    static func reason(_ error: any Error) -> Message {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: .templateCloseTagMismatch
        case .unfinishedName?: .templateTagNotClosed
        case .expectedSectionEnd?: .templateSectionNotClosed
        case .invalidSetDelimiter?: .templateBadDelimiter
        case .transformAppliedToInheritanceSection?: .templateTransformOnInherited
        case .illegalTokenInsideInheritSection?: .templateTokenInInheritedPartial
        case .textInsideInheritSection?: .templateTextInInheritedPartial
        case .invalidConfigVariableSyntax?: .templateBadPragma
        case .unrecognisedConfigVariable?: .templateUnknownPragma
        case nil where String(describing: error) == "overflow": .templateEndsInTag
        case nil: .templateOtherwiseInvalid(String(describing: error))
        }
    }
}

/// A boolean field in a template: shows as yes/no (or its `states` word), and is a section's condition.
struct TemplateBoolean: MustacheCustomRenderable, MustacheParent {
    let value: Bool
    /// yes/no, or the field's word for the value.
    let text: String
    var renderText: String { text }
    var isNull: Bool { !value }
    /// No children: names inside `{{#flag}}…{{/flag}}` resolve against the record.
    func child(named: String) -> Any? { nil }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = self[start...].lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
