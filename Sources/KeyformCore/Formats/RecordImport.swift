import Foundation

/// Reading records to import (`keyform records import FORM FILE`): CSV with a
/// header row of field ids, or a JSON array of objects — what `records export`
/// writes. Each row becomes answers, then a record exactly as `run --answers`
/// makes one (`Answers`, `HeadlessFill`): the same conversions, defaults and
/// validation. Every problem is collected with the line its row starts on, so
/// one run reports them all; the caller stores nothing unless there are none.
///
/// Columns and members starting with `_` are the store's, not fields. `_created`
/// is kept: the record was made then, not at the import (see `Timestamp.parse`
/// for what it may be; empty or `null` is now). `_id` is not: the new database
/// numbers its records itself, but when every row has an `_id` they are stored in
/// the order of those ids, oldest first, so an export (newest first) imported
/// into a new database lists as it did; rows without ids are stored in the
/// file's order. Others (`_updated`) are skipped.
public enum RecordImport {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    /// One problem, at the line where its row (or the file's trouble) starts.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var fieldID: String?
        public var reason: String

        public init(line: Int, field fieldID: String? = nil, _ reason: String) {
            self.line = line
            self.fieldID = fieldID
            self.reason = reason
        }

        /// `LINE: field 'ID': REASON` (the caller puts the file's name before it).
        public var description: String {
            fieldID.map { "\(line): field '\($0)': \(reason)" } ?? "\(line): \(reason)"
        }
    }

    /// Every problem found, in the order of the file.
    public struct Problems: Error, Equatable, Sendable {
        public var problems: [Problem]

        public init(_ problems: [Problem]) { self.problems = problems }
    }

    /// The answers of one row, and the line it starts on.
    public struct Row: Equatable, Sendable {
        public var line: Int
        public var answers: [String: FieldInput]
        /// The row's `_id` from an export, when it has a whole number there.
        public var exportedID: Int64?
        /// The row's `_created`, when it has one (nil: the record is made now).
        public var created: Date?

        public init(line: Int, answers: [String: FieldInput], exportedID: Int64? = nil, created: Date? = nil) {
            self.line = line
            self.answers = answers
            self.exportedID = exportedID
            self.created = created
        }
    }

    /// `json` when the first thing in the bytes is `[`, else `csv`: for stdin (`-`),
    /// where there is no file name to tell.
    public static func guessFormat(_ bytes: [UInt8]) -> Format {
        let skipped: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
        return bytes.first { !skipped.contains($0) } == UInt8(ascii: "[") ? .json : .csv
    }

    /// The records in `bytes` with their `_created`, in order, each filled in as
    /// answers to the prepared form are (`HeadlessFill`: a value for a field its
    /// row does not ask is a problem); or every problem.
    public static func records(
        _ bytes: [UInt8], format: Format, context: FormContext
    ) -> Result<[DatedRecord], Problems> {
        let form = context.form
        var (rows, problems) =
            switch format {
            case .csv:
                switch csvText(bytes) {
                case .success(let text): csvRows(text, form: form)
                case .failure(let problem): ([Row](), [problem])
                }
            case .json: jsonRows(bytes, form: form)
            }
        var records: [DatedRecord] = []
        for row in inStoringOrder(rows) {
            switch HeadlessFill.fill(context, answers: row.answers) {
            case .success(let record): records.append(DatedRecord(record, created: row.created))
            case .failure(let found):
                // A broken rule is named as answers name it: `rule 'NAME': MESSAGE`.
                problems += found.map {
                    Problem(line: row.line, field: $0.fieldID, ($0.ruleName.map { "rule '\($0)': " } ?? "") + $0.reason)
                }
            }
        }
        // In the file's order, whatever order the rows are stored in.
        let sorted = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(
            \.element)
        return sorted.isEmpty ? .success(records) : .failure(Problems(sorted))
    }

    static func isStoreColumn(_ name: String) -> Bool { name.hasPrefix("_") }

    /// The store's columns an import reads; each may be given once.
    static let readStoreColumns: Set<String> = ["_id", "_created"]

    /// A row's `_created` text: nil when empty (made now), else the time or the problem.
    static func created(_ text: String, line: Int) -> Result<Date?, Problem> {
        guard !text.isEmpty else { return .success(nil) }
        switch Timestamp.parse(text) {
        case .success(let date): return .success(date)
        case .failure(let problem): return .failure(Problem(line: line, field: "_created", problem.reason))
        }
    }

    /// By exported id, oldest first, when every row has one; else as given.
    static func inStoringOrder(_ rows: [Row]) -> [Row] {
        guard !rows.isEmpty, rows.allSatisfy({ $0.exportedID != nil }) else { return rows }
        return rows.enumerated().sorted { ($0.element.exportedID!, $0.offset) < ($1.element.exportedID!, $1.offset) }
            .map(\.element)
    }

    // MARK: - CSV

    /// The CSV's text; bytes that are not UTF-8 are a problem at their line (as
    /// a JSON file's are), never values with U+FFFD in them.
    static func csvText(_ bytes: [UInt8]) -> Result<String, Problem> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
        return .failure(Problem(line: line, "not valid UTF-8; save the file as UTF-8"))
    }

    /// RFC 4180: a header row of field ids, then one row a record. Quoted values may
    /// hold commas, `""` and line breaks; an empty value is no answer (the field's
    /// default applies, as for `run --answers`). Blank lines are skipped. The rows
    /// read, and the problems of the others (none are read past a bad header).
    public static func csvRows(_ text: String, form: Form) -> (rows: [Row], problems: [Problem]) {
        let table: [(line: Int, cells: [String])]
        switch csvTable(text) {
        case .success(let parsed): table = parsed
        case .failure(let problem): return ([], [problem])
        }
        guard let header = table.first else {
            return ([], [Problem(line: 1, "no header row: the first line names the fields (like id1,id2)")])
        }
        var problems: [Problem] = []
        var seen: Set<String> = []
        for name in header.cells where !isStoreColumn(name) || readStoreColumns.contains(name) {
            if !isStoreColumn(name), form.field(id: name) == nil {
                problems.append(Problem(line: header.line, AnswerProblem.unknownField(name, form: form).reason))
            } else if !seen.insert(name).inserted {
                problems.append(Problem(line: header.line, field: name, "is a column more than once"))
            }
        }
        guard problems.isEmpty else { return ([], problems) }
        let multiple = Set(form.fields.filter(\.multiple).map(\.id))
        var rows: [Row] = []
        for (line, cells) in table.dropFirst() {
            guard cells.count == header.cells.count else {
                problems.append(
                    Problem(line: line, "has \(cells.count) values; the header names \(header.cells.count) columns"))
                continue
            }
            var answers: [String: FieldInput] = [:]
            var exportedID: Int64?
            var createdAt: Date?
            for (name, value) in zip(header.cells, cells) {
                if !isStoreColumn(name) {
                    if !value.isEmpty { answers[name] = csvInput(value, multiple: multiple.contains(name)) }
                } else if name == "_id" {
                    exportedID = Int64(value)
                } else if name == "_created" {
                    switch created(value, line: line) {
                    case .success(let date): createdAt = date
                    case .failure(let problem): problems.append(problem)
                    }
                }
            }
            rows.append(Row(line: line, answers: answers, exportedID: exportedID, created: createdAt))
        }
        return (rows, problems)
    }

    /// A CSV cell as the field's input: a `multiple` field's cell written as a
    /// JSON array of strings (what export writes when an item holds a comma,
    /// `["Salt, pepper","Lettuce"]`) is its items; any other cell is a line, a
    /// list's items split at its commas as ever.
    static func csvInput(_ cell: String, multiple: Bool) -> FieldInput {
        if multiple, cell.hasPrefix("["), let items = JSONReader.stringArray(cell) { return .selection(items) }
        return .line(cell)
    }

    /// A `multiple` field's list as one CSV cell: its items joined with `, `, or,
    /// when joining would blur them (an item holding a comma, or a first item
    /// that opens with `[`), a JSON array that `csvInput` reads back whole.
    public static func csvCell(_ items: [String]) -> String {
        let joined = FieldValue.joined(items)
        guard items.contains(where: { $0.contains(",") }) || joined.hasPrefix("[") else { return joined }
        return TextKind.jsonArray(items)
    }

    /// The rows of a CSV text, each with the line it starts on; blank lines left out.
    static func csvTable(_ text: String) -> Result<[(line: Int, cells: [String])], Problem> {
        var rows: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell = ""
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        if pending == "\u{FEFF}" { pending = scalars.next() }
        func endRow() {
            cells.append(cell)
            cell = ""
            if !(cells.count == 1 && cells[0].isEmpty) { rows.append((rowLine, cells)) }
            cells = []
        }
        while let scalar = pending {
            pending = scalars.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        cell.unicodeScalars.append("\"")
                        pending = scalars.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty:
                quoted = true
                quoteLine = line
            case ",":
                cells.append(cell)
                cell = ""
            case "\r" where pending == "\n":
                break
            case "\n":
                endRow()
                line += 1
                rowLine = line
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if quoted { return .failure(Problem(line: quoteLine, "a quoted value is not closed (a \" is missing)")) }
        if !cell.isEmpty || !cells.isEmpty { endRow() }
        return .success(rows)
    }

    // MARK: - JSON

    /// A JSON array of objects, each read as `run --answers` reads one (`Answers.fromJSON`),
    /// once, for its answers, `_id` and `_created`: the rows read, and the problems of the others.
    public static func jsonRows(_ bytes: [UInt8], form: Form) -> (rows: [Row], problems: [Problem]) {
        let elements: [(line: Int, bytes: [UInt8])]
        switch jsonObjects(bytes) {
        case .success(let found): elements = found
        case .failure(let problem): return ([], [problem])
        }
        var rows: [Row] = []
        var problems: [Problem] = []
        for (line, object) in elements {
            let members: [(key: String, value: JSONValue)]
            var reader = JSONReader(object)
            do throws(JSONSyntaxError) {
                members = try reader.readObjectMembers()
            } catch {
                problems.append(Problem(line: line, error.description))
                continue
            }
            let createdAt: Date?
            switch created(in: members, line: line) {
            case .success(let date): createdAt = date
            case .failure(let problem):
                problems.append(problem)
                createdAt = nil
            }
            switch Answers.fromMembers(members, form: form, skipping: isStoreColumn) {
            case .success(let answers):
                rows.append(Row(line: line, answers: answers, exportedID: exportedID(in: members), created: createdAt))
            case .failure(let found): problems += found.map { Problem(line: line, field: $0.fieldID, $0.reason) }
            }
        }
        return (rows, problems)
    }

    /// An object's `_id` member, when it is a whole number.
    static func exportedID(in members: [(key: String, value: JSONValue)]) -> Int64? {
        guard case .number(let text)? = members.first(where: { $0.key == "_id" })?.value else { return nil }
        return Int64(text)
    }

    /// An object's `_created` member: a time as text; `null`, `""` or none is now.
    static func created(in members: [(key: String, value: JSONValue)], line: Int) -> Result<Date?, Problem> {
        var found: JSONValue?
        for member in members where member.key == "_created" {
            guard found == nil else {
                return .failure(Problem(line: line, field: "_created", "is given more than once"))
            }
            found = member.value
        }
        guard let value = found else { return .success(nil) }
        switch value {
        case .string(let text): return created(text, line: line)
        case .null: return .success(nil)
        default:
            return .failure(
                Problem(
                    line: line, field: "_created",
                    "must be a time as text, like \"2026-11-21T09:30:00.123Z\" (as records export writes it)"))
        }
    }

    /// The objects of a top-level JSON array, each with the line it starts on; or
    /// objects one after another (`{…}` a line: a rescue file of `keyform run`, or
    /// several of them put together), so that what a run could not store imports as
    /// it was rescued. Only the shape is read here; each object's own syntax is
    /// `Answers.fromJSON`'s.
    static func jsonObjects(_ bytes: [UInt8]) -> Result<[(line: Int, bytes: [UInt8])], Problem> {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }
        /// The object at `index` (a `{`), up to its closing `}`.
        func object() -> Problem? {
            let start = index, startLine = line
            var depth = 0
            var inString = false
            var escaped = false
            repeat {
                let byte = bytes[index]
                if byte == 0x0A { line += 1 }
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                }
                index += 1
            } while depth > 0 && index < bytes.count
            guard depth == 0 else { return Problem(line: startLine, "this record is not closed (a } is missing)") }
            objects.append((startLine, Array(bytes[start..<index])))
            return nil
        }
        var objects: [(line: Int, bytes: [UInt8])] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            // Records one after another, as rescued.
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "{") else {
                    return .failure(Problem(line: line, "expected another record ({...}) or the end of the file"))
                }
                if let problem = object() { return .failure(problem) }
                skipWhitespace()
            }
            return .success(objects)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
            return .failure(
                Problem(
                    line: line,
                    "expected a JSON array of records ([{...}, ...]), as records export writes, "
                        + "or records one after another ({...}), as a rescue file holds"))
        }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
                    return .failure(Problem(line: line, "each record must be a JSON object ({\"field\": value, ...})"))
                }
                if let problem = object() { return .failure(problem) }
                skipWhitespace()
                guard index < bytes.count else {
                    return .failure(Problem(line: line, "the array is not closed (a ] is missing)"))
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else {
                    return .failure(Problem(line: line, "expected , or ] after a record"))
                }
                index += 1
                break
            }
        }
        skipWhitespace()
        guard index == bytes.count else { return .failure(Problem(line: line, "text after the array's closing ]")) }
        return .success(objects)
    }
}
