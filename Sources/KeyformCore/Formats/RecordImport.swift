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
/// file's order. `_token` (a rescue file's: the save that could not say it stored
/// the record) is kept, so a store that holds that save's record skips it. Others
/// (`_updated`) are skipped.
public enum RecordImport {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    /// One problem, at the line where its row (or the file's trouble) starts.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var fieldID: String?
        /// What is wrong, said in the reader's language (`said(in:)`).
        public var said: Message
        /// What is wrong, in English.
        public var reason: String { said.english }

        public init(line: Int, field fieldID: String? = nil, _ said: Message) {
            self.line = line
            self.fieldID = fieldID
            self.said = said
        }

        public init(line: Int, field fieldID: String? = nil, _ reason: String) {
            self.init(line: line, field: fieldID, .authored(reason))
        }

        /// `LINE: field 'ID': REASON` (the caller puts the file's name before it).
        public var description: String { said(in: .english) }

        /// `description` in `language`.
        public func said(in language: Language) -> String {
            "\(line): " + language.text(fieldID.map { .answerOfField($0, said) } ?? said)
        }

        /// The same problem when it says the same, in English.
        public static func == (a: Problem, b: Problem) -> Bool {
            a.line == b.line && a.fieldID == b.fieldID && a.reason == b.reason
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
        /// The row's `_token` (a rescue file's), when it has one.
        public var token: UUID?

        public init(
            line: Int, answers: [String: FieldInput], exportedID: Int64? = nil, created: Date? = nil,
            token: UUID? = nil
        ) {
            self.line = line
            self.answers = answers
            self.exportedID = exportedID
            self.created = created
            self.token = token
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
    /// row does not ask is a problem); or every problem. All of them at once:
    /// an import holds one at a time (`plan`, then `record(at:of:in:context:)`).
    public static func records(
        _ bytes: [UInt8], format: Format, context: FormContext
    ) -> Result<[DatedRecord], Problems> {
        bytes.withUnsafeBufferPointer { buffer in
            plan(buffer, format: format, context: context).map { plan in
                plan.places(in: buffer).compactMap { record(at: $0, of: plan, in: buffer, context: context) }
            }
        }
    }

    // MARK: - Two passes, one row at a time

    /// Where a row is in the input, to read it again when it is stored.
    public struct Place: Sendable {
        /// The line the row starts on.
        public var line: Int
        var start: Int
        var end: Int
        var exportedID: Int64?
    }

    /// What the first pass found in an input with no problem: how many rows
    /// there are, the order they are stored in, and what reading them again
    /// needs. It holds no row: `places(in:)` finds them again in the bytes.
    public struct Plan: Sendable {
        public var format: Format
        /// A CSV's header row (a JSON object names its fields itself).
        var header: [String]
        /// How many rows are stored.
        public var count: Int
        var order: Order
        /// Where the scan stood before each `chunk` rows (the first: after a CSV's header).
        var checkpoints: [ScanPoint]

        /// The order rows are stored in: by exported id, oldest first, when every
        /// row has one (an export lists the newest first), else as given.
        enum Order: Sendable {
            /// The file's order: no ids, or ids rising.
            case asGiven
            /// Against the file's order: ids falling, as an export writes them.
            case reversed
            /// Ids in no order: every row's place, sorted (the one case that holds them).
            case sorted([Place])
        }

        /// Rows read back at a time when they are stored against the file's order.
        static let chunk = 1024

        /// The rows' places in the order they are stored, found again in `bytes`
        /// (the bytes `plan` read).
        public func places(in bytes: UnsafeBufferPointer<UInt8>) -> Places {
            Places(plan: self, bytes: bytes)
        }
    }

    /// The rows' places, in the order they are stored (`Plan.places(in:)`).
    /// Against the file's order they are read a chunk at a time from the last
    /// checkpoint back: memory does not grow with the rows.
    public struct Places: Sequence, IteratorProtocol {
        let plan: Plan
        let bytes: UnsafeBufferPointer<UInt8>
        private var scan: RowScan?
        private var handed = 0
        private var nextChunk: Int
        private var held: [Place] = []
        private var sortedIndex = 0

        init(plan: Plan, bytes: UnsafeBufferPointer<UInt8>) {
            self.plan = plan
            self.bytes = bytes
            nextChunk = plan.checkpoints.count - 1
            if case .asGiven = plan.order, let start = plan.checkpoints.first {
                scan = RowScan(plan.format, bytes, at: start)
            }
        }

        public mutating func next() -> Place? {
            switch plan.order {
            case .asGiven:
                guard handed < plan.count, let place = scan?.next() else { return nil }
                handed += 1
                return place
            case .reversed:
                if held.isEmpty {
                    guard nextChunk >= 0 else { return nil }
                    var chunkScan = RowScan(plan.format, bytes, at: plan.checkpoints[nextChunk])
                    let count = Swift.min(Plan.chunk, plan.count - nextChunk * Plan.chunk)
                    held.reserveCapacity(count)
                    while held.count < count, let place = chunkScan.next() { held.append(place) }
                    nextChunk -= 1
                }
                return held.popLast()
            case .sorted(let places):
                guard sortedIndex < places.count else { return nil }
                defer { sortedIndex += 1 }
                return places[sortedIndex]
            }
        }
    }

    /// Where a scan stands between two rows: enough to go on from there.
    struct ScanPoint: Sendable {
        var index: Int
        var line: Int
        /// A JSON file's shape, once known (`JSONObjectScanner.inArray`).
        var inArray: Bool?
    }

    /// The rows of a CSV (blank lines skipped) or a JSON file, from a scan point on.
    struct RowScan {
        private var csv: CSVRowScanner?
        private var json: JSONObjectScanner?
        private let bytes: UnsafeBufferPointer<UInt8>

        init(_ format: Format, _ bytes: UnsafeBufferPointer<UInt8>, at point: ScanPoint) {
            self.bytes = bytes
            switch format {
            case .csv: csv = CSVRowScanner(bytes, at: point)
            case .json: json = JSONObjectScanner(bytes, at: point)
            }
        }

        /// The next row's place (its exported id unread); nil at the end.
        mutating func next() -> Place? {
            if var scanner = csv {
                defer { csv = scanner }
                while case .success(let (line, range)?) = scanner.next() {
                    // A blank line is no row (the first pass skipped it too).
                    if case .success(nil) = csvCells(bytes, range, line: line) { continue }
                    return Place(line: line, start: range.lowerBound, end: range.upperBound)
                }
                return nil
            }
            guard var scanner = json else { return nil }
            defer { json = scanner }
            guard case .success(let (line, range)?) = scanner.next() else { return nil }
            return Place(line: line, start: range.lowerBound, end: range.upperBound)
        }
    }

    /// The order of the rows' exported ids, watched as the first pass reads them.
    struct IDOrder {
        private(set) var all = true
        private(set) var rising = true
        private(set) var falling = true
        private var last: Int64?

        mutating func add(_ id: Int64?) {
            guard let id else {
                all = false
                return
            }
            if let last {
                if id <= last { rising = false }
                if id >= last { falling = false }
            }
            last = id
        }
    }

    /// The first pass over an import: each row read and validated as a run's
    /// answers are, one at a time, keeping only where it is, so that memory
    /// does not grow with the records (issue 27: 300,000 held 467 MiB); or every
    /// problem, in the file's order. `release`, when given, is called every few
    /// thousand rows: the caller may let go of the bytes read so far (a mapped
    /// file's pages; they are read again in the second pass).
    public static func plan(
        _ bytes: UnsafeBufferPointer<UInt8>, format: Format, context: FormContext, release: (() -> Void)? = nil
    ) -> Result<Plan, Problems> {
        var count = 0
        var ids = IDOrder()
        var checkpoints: [ScanPoint] = []
        var problems: [Problem] = []
        var header: [String] = []
        var read = 0
        /// Where the scan stands before a row: kept before each chunk's first row.
        func before(_ point: ScanPoint) {
            if checkpoints.count * Plan.chunk == count { checkpoints.append(point) }
        }
        func take(_ line: Int, _ range: Range<Int>, _ found: (row: Row?, problems: [Problem])) {
            problems += found.problems
            if let row = found.row {
                switch HeadlessFill.fill(context, answers: row.answers) {
                case .success where found.problems.isEmpty:
                    count += 1
                    ids.add(row.exportedID)
                case .success: break
                case .failure(let found):
                    // A broken rule is named as answers name it: `rule 'NAME': MESSAGE`.
                    problems += found.map { problem in
                        Problem(
                            line: row.line, field: problem.fieldID,
                            problem.ruleName.map { .answerOfRule($0, problem.said) } ?? problem.said)
                    }
                }
            }
            read += 1
            if read % 4096 == 0 { release?() }
        }
        switch format {
        case .csv:
            var scanner = CSVRowScanner(bytes)
            var multiple: Set<String> = []
            var hasHeader = false
            while true {
                if hasHeader { before(scanner.point) }
                let next: (line: Int, range: Range<Int>)?
                switch scanner.next() {
                case .success(let found): next = found
                case .failure(let problem): return .failure(Problems([problem]))
                }
                guard let (line, range) = next else { break }
                let cells: [String]
                switch csvCells(bytes, range, line: line) {
                case .success(nil): continue  // a blank line
                case .success(let found?): cells = found
                case .failure(let problem): return .failure(Problems([problem]))
                }
                guard hasHeader else {
                    hasHeader = true
                    header = cells
                    let found = csvHeaderProblems(header, line: line, form: context.form)
                    guard found.isEmpty else { return .failure(Problems(found)) }
                    multiple = Set(context.form.fields.filter(\.multiple).map(\.id))
                    continue
                }
                take(line, range, csvRow(line: line, cells: cells, header: header, multiple: multiple))
            }
            guard hasHeader else {
                return .failure(
                    Problems([Problem(line: 1, .importNoHeader)]))
            }
        case .json:
            var scanner = JSONObjectScanner(bytes)
            while true {
                before(scanner.point)
                let next: (line: Int, range: Range<Int>)?
                switch scanner.next() {
                case .success(let found): next = found
                case .failure(let problem): return .failure(Problems([problem]))
                }
                guard let (line, range) = next else { break }
                take(line, range, jsonRow(Array(bytes[range]), line: line, form: context.form))
            }
        }
        guard problems.isEmpty else {
            // In the file's order.
            return .failure(
                Problems(
                    problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(
                        \.element)))
        }
        var plan = Plan(format: format, header: header, count: count, order: .asGiven, checkpoints: checkpoints)
        // By exported id, oldest first, when every row has one; else as given.
        if count > 0, ids.all, !ids.rising {
            if ids.falling {
                plan.order = .reversed
            } else {
                plan.order = .sorted(sortedPlaces(plan, bytes, context: context, release: release))
            }
        }
        return .success(plan)
    }

    /// Every row's place with its exported id, sorted by it (a row's offset in the
    /// file breaks ties): the one order that needs them all at once.
    private static func sortedPlaces(
        _ plan: Plan, _ bytes: UnsafeBufferPointer<UInt8>, context: FormContext, release: (() -> Void)?
    ) -> [Place] {
        var places: [Place] = []
        places.reserveCapacity(plan.count)
        let multiple = Set(context.form.fields.filter(\.multiple).map(\.id))
        for var place in plan.places(in: bytes) {
            let range = place.start..<place.end
            switch plan.format {
            case .csv:
                if case .success(let cells?) = csvCells(bytes, range, line: place.line) {
                    place.exportedID =
                        csvRow(line: place.line, cells: cells, header: plan.header, multiple: multiple).row?.exportedID
                }
            case .json:
                place.exportedID = jsonRow(Array(bytes[range]), line: place.line, form: context.form).row?.exportedID
            }
            places.append(place)
            if places.count % 4096 == 0 { release?() }
        }
        // In place, so the index is not copied.
        places.sort { ($0.exportedID ?? .max, $0.start) < ($1.exportedID ?? .max, $1.start) }
        return places
    }

    /// The second pass: the record of the row at `place`, read again from the
    /// same bytes (nil only if they changed since `plan` read them).
    public static func record(
        at place: Place, of plan: Plan, in bytes: UnsafeBufferPointer<UInt8>, context: FormContext
    ) -> DatedRecord? {
        let range = place.start..<place.end
        let read: (row: Row?, problems: [Problem])
        switch plan.format {
        case .csv:
            guard case .success(let cells?) = csvCells(bytes, range, line: place.line) else { return nil }
            read = csvRow(
                line: place.line, cells: cells, header: plan.header,
                multiple: Set(context.form.fields.filter(\.multiple).map(\.id)))
        case .json:
            read = jsonRow(Array(bytes[range]), line: place.line, form: context.form)
        }
        guard let row = read.row, read.problems.isEmpty,
            case .success(let record) = HeadlessFill.fill(context, answers: row.answers)
        else { return nil }
        return DatedRecord(record, created: row.created, token: row.token)
    }

    static func isStoreColumn(_ name: String) -> Bool { name.hasPrefix("_") }

    /// The store's columns an import reads; each may be given once.
    static let readStoreColumns: Set<String> = ["_id", "_created", "_token"]

    /// A row's `_created` text: nil when empty (made now), else the time or the problem.
    static func created(_ text: String, line: Int) -> Result<Date?, Problem> {
        guard !text.isEmpty else { return .success(nil) }
        switch Timestamp.parse(text) {
        case .success(let date): return .success(date)
        case .failure(let problem): return .failure(Problem(line: line, field: "_created", problem.message))
        }
    }

    /// A row's `_token` text: nil when empty, else the save's token (a UUID) or the problem.
    static func token(_ text: String, line: Int) -> Result<UUID?, Problem> {
        guard !text.isEmpty else { return .success(nil) }
        guard let token = UUID(uuidString: text) else { return .failure(notAToken(line: line)) }
        return .success(token)
    }

    static func notAToken(line: Int) -> Problem {
        Problem(line: line, field: "_token", .importTokenNotAToken(example: "1b4e28ba-2fa1-11d2-883f-0016d3cca427"))
    }

    // MARK: - CSV

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
            return ([], [Problem(line: 1, .importNoHeader)])
        }
        var problems = csvHeaderProblems(header.cells, line: header.line, form: form)
        guard problems.isEmpty else { return ([], problems) }
        let multiple = Set(form.fields.filter(\.multiple).map(\.id))
        var rows: [Row] = []
        for (line, cells) in table.dropFirst() {
            let found = csvRow(line: line, cells: cells, header: header.cells, multiple: multiple)
            if let row = found.row { rows.append(row) }
            problems += found.problems
        }
        return (rows, problems)
    }

    /// What is wrong with a CSV's header row: a column that is no field, or one given twice.
    static func csvHeaderProblems(_ header: [String], line: Int, form: Form) -> [Problem] {
        var problems: [Problem] = []
        var seen: Set<String> = []
        for name in header where !isStoreColumn(name) || readStoreColumns.contains(name) {
            if !isStoreColumn(name), form.field(id: name) == nil {
                problems.append(Problem(line: line, AnswerProblem.unknownField(name, form: form).said))
            } else if !seen.insert(name).inserted {
                problems.append(Problem(line: line, field: name, .importColumnTwice))
            }
        }
        return problems
    }

    /// One CSV row under its header: its answers, `_id` and `_created` (nil when
    /// they cannot be read), and its problems.
    static func csvRow(
        line: Int, cells: [String], header: [String], multiple: Set<String>
    ) -> (row: Row?, problems: [Problem]) {
        guard cells.count == header.count else {
            return (nil, [Problem(line: line, .importCellCount(cells.count, columns: header.count))])
        }
        var answers: [String: FieldInput] = [:]
        var exportedID: Int64?
        var createdAt: Date?
        var token: UUID?
        var problems: [Problem] = []
        for (name, value) in zip(header, cells) {
            if !isStoreColumn(name) {
                if !value.isEmpty { answers[name] = csvInput(value, multiple: multiple.contains(name)) }
            } else if name == "_id" {
                exportedID = Int64(value)
            } else if name == "_created" {
                switch created(value, line: line) {
                case .success(let date): createdAt = date
                case .failure(let problem): problems.append(problem)
                }
            } else if name == "_token" {
                switch Self.token(value, line: line) {
                case .success(let found): token = found
                case .failure(let problem): problems.append(problem)
                }
            }
        }
        return (
            Row(line: line, answers: answers, exportedID: exportedID, created: createdAt, token: token), problems
        )
    }

    /// The cells of the CSV row in `range` (what `CSVRowScanner` found), starting
    /// on `line`; nil for a blank line; a problem when its bytes are not UTF-8.
    static func csvCells(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int
    ) -> Result<
        [String]?, Problem
    > {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard let text = String(validating: slice, as: UTF8.self) else {
            // The line of the row the bad bytes are on (a quoted value may span lines).
            let lines = slice.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let offset = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            return .failure(Problem(line: line + offset, .importNotUTF8))
        }
        switch csvTable(text) {
        case .success(let rows): return .success(rows.first?.cells)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The rows of a CSV, one at a time, each as the bytes it spans (its line
    /// break left out) and the line it starts on: the same rows `csvTable` reads
    /// (a quote opens a quoted value only at the start of a value), found by their
    /// bytes alone, since quotes, commas and line breaks are ASCII.
    struct CSVRowScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var line = 1

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// Going on from where another scan of the same bytes stood.
        init(_ bytes: UnsafeBufferPointer<UInt8>, at point: ScanPoint) {
            self.bytes = bytes
            (index, line) = (point.index, point.line)
        }

        var point: ScanPoint { ScanPoint(index: index, line: line) }

        /// The next row; nil after the last; a problem for a quoted value never closed.
        mutating func next() -> Result<(line: Int, range: Range<Int>)?, Problem> {
            guard index < bytes.count else { return .success(nil) }
            let start = index, startLine = line
            var quoted = false
            var quoteLine = line
            var cellEmpty = true
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            index += 1
                            cellEmpty = false
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        cellEmpty = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\"") where cellEmpty:
                    quoted = true
                    quoteLine = line
                case UInt8(ascii: ","):
                    cellEmpty = true
                case UInt8(ascii: "\n"):
                    line += 1
                    // A CR before the line break is the break's, not the row's.
                    let end = index - 1 > start && bytes[index - 2] == UInt8(ascii: "\r") ? index - 2 : index - 1
                    return .success((startLine, start..<end))
                case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                    break
                default:
                    cellEmpty = false
                }
            }
            if quoted { return .failure(Problem(line: quoteLine, .importQuoteNotClosed)) }
            return .success((startLine, start..<index))
        }
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
        if quoted { return .failure(Problem(line: quoteLine, .importQuoteNotClosed)) }
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
            let found = jsonRow(object, line: line, form: form)
            if let row = found.row { rows.append(row) }
            problems += found.problems
        }
        return (rows, problems)
    }

    /// One object's answers, `_id` and `_created` (nil when they cannot be read), and its problems.
    static func jsonRow(_ object: [UInt8], line: Int, form: Form) -> (row: Row?, problems: [Problem]) {
        let members: [(key: String, value: JSONValue)]
        var reader = JSONReader(object)
        do throws(JSONSyntaxError) {
            members = try reader.readObjectMembers()
        } catch {
            return (nil, [Problem(line: line, error.said)])
        }
        var problems: [Problem] = []
        let createdAt: Date?
        switch created(in: members, line: line) {
        case .success(let date): createdAt = date
        case .failure(let problem):
            problems.append(problem)
            createdAt = nil
        }
        let token: UUID?
        switch Self.token(in: members, line: line) {
        case .success(let found): token = found
        case .failure(let problem):
            problems.append(problem)
            token = nil
        }
        switch Answers.fromMembers(members, form: form, skipping: isStoreColumn) {
        case .success(let answers):
            return (
                Row(
                    line: line, answers: answers, exportedID: exportedID(in: members), created: createdAt,
                    token: token),
                problems
            )
        case .failure(let found):
            return (nil, problems + found.map { Problem(line: line, field: $0.fieldID, $0.said) })
        }
    }

    /// An object's `_id` member, when it is a whole number.
    static func exportedID(in members: [(key: String, value: JSONValue)]) -> Int64? {
        guard case .number(let text)? = members.first(where: { $0.key == "_id" })?.value else { return nil }
        return Int64(text)
    }

    /// An object's `_token` member: a rescue file's token as text; `null`, `""` or none is none.
    static func token(in members: [(key: String, value: JSONValue)], line: Int) -> Result<UUID?, Problem> {
        let found = members.filter { $0.key == "_token" }
        guard found.count <= 1 else { return .failure(Problem(line: line, field: "_token", .answerGivenTwice)) }
        switch found.first?.value {
        case nil, .null?: return .success(nil)
        case .string(let text)?: return token(text, line: line)
        default: return .failure(notAToken(line: line))
        }
    }

    /// An object's `_created` member: a time as text; `null`, `""` or none is now.
    static func created(in members: [(key: String, value: JSONValue)], line: Int) -> Result<Date?, Problem> {
        var found: JSONValue?
        for member in members where member.key == "_created" {
            guard found == nil else {
                return .failure(Problem(line: line, field: "_created", .answerGivenTwice))
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
                    .importCreatedNotText))
        }
    }

    /// The objects of a top-level JSON array, each with the line it starts on; or
    /// objects one after another (`{…}` a line: a rescue file of `keyform run`, or
    /// several of them put together), so that what a run could not store imports as
    /// it was rescued. Only the shape is read here; each object's own syntax is
    /// `Answers.fromJSON`'s.
    static func jsonObjects(_ bytes: [UInt8]) -> Result<[(line: Int, bytes: [UInt8])], Problem> {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(buffer)
            var objects: [(line: Int, bytes: [UInt8])] = []
            while true {
                switch scanner.next() {
                case .success(let found?): objects.append((found.line, Array(buffer[found.range])))
                case .success(nil): return .success(objects)
                case .failure(let problem): return .failure(problem)
                }
            }
        }
    }

    /// The objects `jsonObjects` finds, one at a time, as the bytes they span.
    struct JSONObjectScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var line = 1
        /// Nil before the first object; then whether they are in an array (else one after another).
        var inArray: Bool?
        var finished = false

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// Going on from where another scan of the same bytes stood.
        init(_ bytes: UnsafeBufferPointer<UInt8>, at point: ScanPoint) {
            self.bytes = bytes
            (index, line, inArray) = (point.index, point.line, point.inArray)
        }

        var point: ScanPoint { ScanPoint(index: index, line: line, inArray: inArray) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        /// The object at `index` (a `{`), up to its closing `}`.
        mutating func object() -> Result<(line: Int, range: Range<Int>), Problem> {
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
            guard depth == 0 else {
                return .failure(Problem(line: startLine, .importRecordNotClosed))
            }
            return .success((startLine, start..<index))
        }

        /// The next object; nil after the last; the problem of a file of another shape.
        mutating func next() -> Result<(line: Int, range: Range<Int>)?, Problem> {
            guard !finished else { return .success(nil) }
            guard let inArray else { return first() }
            if !inArray {
                // Records one after another, as rescued.
                skipWhitespace()
                guard index < bytes.count else { return end() }
                guard bytes[index] == UInt8(ascii: "{") else {
                    return .failure(Problem(line: line, .importExpectedRecord))
                }
                return object().map { $0 }
            }
            skipWhitespace()
            guard index < bytes.count else {
                return .failure(Problem(line: line, .importArrayNotClosed))
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                skipWhitespace()
                guard index == bytes.count else {
                    return .failure(Problem(line: line, .importTextAfterArray))
                }
                return end()
            }
            guard bytes[index] == UInt8(ascii: ",") else {
                return .failure(Problem(line: line, .importExpectedCommaOrBracket))
            }
            index += 1
            return element()
        }

        /// The first object, after what tells the file's shape.
        private mutating func first() -> Result<(line: Int, range: Range<Int>)?, Problem> {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                inArray = false
                return object().map { $0 }
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
                return .failure(
                    Problem(
                        line: line,
                        .importExpectedArray))
            }
            inArray = true
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                skipWhitespace()
                guard index == bytes.count else {
                    return .failure(Problem(line: line, .importTextAfterArray))
                }
                return end()
            }
            return element()
        }

        /// An object of the array, at `index` after whitespace.
        private mutating func element() -> Result<(line: Int, range: Range<Int>)?, Problem> {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
                return .failure(Problem(line: line, .importRecordNotObject))
            }
            return object().map { $0 }
        }

        private mutating func end() -> Result<(line: Int, range: Range<Int>)?, Problem> {
            finished = true
            return .success(nil)
        }
    }
}
