import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformStore

struct RecordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "List, export and import stored records.",
        discussion: """
            The records are read by the form's stored name from any folder, as the form file \
            reads them: the store keeps the form's fields with its records. Nothing here \
            creates a database: a --db where there is none is an error (import creates it, \
            as run does).

            Exit status: 0 listed or exported, 1 the store or the output file failed (or no \
            database at --db), 2 bad usage, an invalid form, or a config with errors.
            """,
        subcommands: [
            RecordsListCommand.self, RecordsExportCommand.self, RecordsImportCommand.self, RecordsCopyCommand.self,
        ]
    )
}

/// What `records list` and `records export` share: which records, in which format.
struct RecordQuery: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Argument(
        help: ArgumentHelp(
            "A form file, or the name of one (as for keyform run); else the name of a form with stored records.",
            discussion: "Without the form file, the fields are as the form had them when a record was last stored."),
        completion: NameCompletion.forms)
    var form: String

    @Option(
        name: .customLong("where"), help: "Only records whose FIELD has VALUE (FIELD=VALUE; repeatable).",
        completion: NameCompletion.whereFields)
    var matches: [String] = []

    @Option(help: "At most this many records (the newest).")
    var limit: Int?

    @OptionGroup var store: DatabaseOption

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError(.limitNegative(limit)) }
    }

    /// The form and which of its records, newest first. The form is its file when one is
    /// found (as for `keyform run`), else — for a bare name — the form as the
    /// store holds it (`RecordStore.storedForm`): stored records read from any folder.
    func select() throws -> RecordSelection {
        _ = try Settings.load()  // a broken config stops the command before anything else
        let (form, database) = try resolve()
        let filters: [FieldMatch]
        do {
            filters = try matches.map { (match: String) throws(StoreError) in try FieldMatch(parsing: match, form: form)
            }
        } catch {
            throw Failure(message: Speaking.describe(error))  // a --where naming no field: bad usage (2)
        }
        return RecordSelection(form: form, store: database, filters: filters, limit: limit)
    }

    private func resolve() throws -> (Form, any RecordStore) {
        if FormFiles.locate(form) != nil || form.contains("/") || form.hasSuffix(".yaml") || form.hasSuffix(".yml") {
            let loaded = try FormFiles.loadReporting(form)
            return (loaded.form, try store.openForReading())
        }
        let database = try store.openForReading()
        let stored: Form?
        do {
            // The name as stored, or as a file of that name would store it (`日記` → u65e5_u8a18).
            let derived = FormParser.recordName(fromStem: form)
            stored =
                try database.storedForm(named: form) ?? (derived == form ? nil : database.storedForm(named: derived))
        } catch { throw Failure(message: Speaking.describe(error), status: 1) }
        guard let stored else {
            let names = (try? database.formNames()) ?? []
            throw Failure(
                .storedFormNotFound(
                    form, places: FormFiles.searchedPlaces(for: form),
                    store: (try? store.location().description) ?? "?", held: names,
                    suggestion: Suggestion.closest(to: form, among: names)))
        }
        return (stored, database)
    }
}

struct RecordsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print a form's stored records, newest first.",
        discussion: "json: an array of objects with the field values plus \"_id\" and \"_created\" (ISO 8601)."
    )

    @OptionGroup var query: RecordQuery

    @Option(help: "table (default), json or csv.")
    var format: RecordQuery.Format = .table

    func run() throws {
        try RecordTable.writeToStandardOutput(try query.select(), as: format)
    }
}

struct RecordsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a form's stored records to a file (or stdout), newest first."
    )

    @OptionGroup var query: RecordQuery

    @Option(help: "json (default), csv or table.")
    var format: RecordQuery.Format = .json

    @Option(
        name: .shortAndLong,
        help: "The file to write (default: stdout); a new file is made readable by you only (0600).",
        completion: .file())
    var output: String?

    func run() throws {
        let selection = try query.select()
        guard let output else { return try RecordTable.writeToStandardOutput(selection, as: format) }
        // Private records: a new file is readable by its owner only, an existing one keeps its mode.
        var count = 0
        try FileReplacement.write(to: output, newFileMode: 0o600) { descriptor in
            var file = ChunkedOutput(descriptor: descriptor)
            count = try RecordTable.write(selection, as: format, to: &file)
            try file.flush()
        }
        Output.error("keyform: " + Speaking.language.text(.wroteRecords(count, to: output)))
    }
}

/// The records a `records` command reads: a form's, filtered, at most `limit`.
struct RecordSelection {
    var form: Form
    var store: any RecordStore
    var filters: [FieldMatch]
    var limit: Int?

    /// Each record, newest first, as the store reads it; a store failure (a
    /// damaged file) exits 1, as when opening it.
    func forEach(_ body: (StoredRecord) throws -> Void) throws {
        do {
            try store.forEachRecord(form: form, where: filters, limit: limit, body)
        } catch let error as StoreError {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
    }

    /// Each record's id, creation time and values in the form's field order, as
    /// the store reads them (`RecordStore.forEachRecordValues`); failures as `forEach`.
    func forEachValues(_ body: (_ id: Int64, _ created: Date, _ values: [FieldValue?]) throws -> Void) throws {
        do {
            try store.forEachRecordValues(form: form, where: filters, limit: limit, body)
        } catch let error as StoreError {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
    }
}

/// Stored records as a table, JSON or CSV.
///
/// JSON and CSV are written record by record as the store reads them, so that
/// memory stays flat however many there are; a table needs every row for its
/// column widths, and is for people, who do not read 100,000 rows.
enum RecordTable {
    /// Writes the selected records on stdout; a failed write is exit 74, as for every result.
    static func writeToStandardOutput(_ selection: RecordSelection, as format: RecordQuery.Format) throws {
        var output = ChunkedOutput(descriptor: STDOUT_FILENO)
        do {
            try write(selection, as: format, to: &output, onTerminal: isatty(STDOUT_FILENO) == 1)
            try output.flush()
        } catch let failure as ChunkedOutput.WriteFailure {
            throw Output.notWritten(failure)
        }
    }

    /// Writes the selected records in `format`; returns how many there were.
    /// - Parameter onTerminal: whether people read it as it is written: CSV then
    ///   writes out bidi controls and invisible characters too (`csvValue`).
    @discardableResult
    static func write(
        _ selection: RecordSelection, as format: RecordQuery.Format, to output: inout ChunkedOutput,
        onTerminal: Bool = false
    ) throws -> Int {
        let form = selection.form
        var count = 0
        switch format {
        case .json:
            // Each field's `,"id":` made once, then every value written straight into the output's bytes.
            let fields = form.valueFields  // computed from the pages: once, not per record
            let keys = fields.map { field in
                var key = Array(",".utf8)
                JSONString.append(field.id, to: &key)
                key.append(UInt8(ascii: ":"))
                return key
            }
            try fields.withUnsafeBufferPointer { fields in  // each field in place, not copied per value
                try selection.forEachValues { id, created, values in
                    try output.append { out in
                        out.append(contentsOf: (count == 0 ? "[\n  {\"_id\":" : ",\n  {\"_id\":").utf8)
                        out.append(contentsOf: String(id).utf8)
                        out.append(contentsOf: ",\"_created\":".utf8)
                        JSONString.append(Timestamp.string(from: created), to: &out)
                        for index in fields.indices {
                            out.append(contentsOf: keys[index])
                            RecordFormat.appendJSONValue(values[index], of: fields[index], to: &out)
                        }
                        out.append(UInt8(ascii: "}"))
                    }
                    count += 1
                }
            }
            try output.write(count == 0 ? "[]\n" : "\n]\n")
        case .csv:
            try output.write(csvLine(["_id", "_created"] + form.valueFields.map(\.id)))
            try selection.forEachValues { id, created, values in
                try output.append { out in
                    out.append(contentsOf: String(id).utf8)
                    out.append(UInt8(ascii: ","))
                    out.append(contentsOf: Timestamp.string(from: created).utf8)
                    for value in values {
                        out.append(UInt8(ascii: ","))
                        if let value { appendCSVField(csvValue(value, onTerminal: onTerminal), to: &out) }
                    }
                    out.append(contentsOf: "\r\n".utf8)
                }
                count += 1
            }
        case .table:
            var records: [StoredRecord] = []
            try selection.forEach { records.append($0) }
            count = records.count
            try output.write(table(records, form: form, filters: selection.filters))
        }
        return count
    }

    /// RFC 4180: a header row, CRLF line ends, fields quoted when they hold `,`, `"` or a line break.
    static func csvLine(_ fields: [String]) -> String {
        func quoted(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        return fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// One field of a row as `csvLine` writes it, appended as UTF-8 from the text's
    /// bytes. A line break is what `Character.isNewline` calls one: LF, VT, FF, CR,
    /// NEL (C2 85), LS and PS (E2 80 A8/A9).
    static func appendCSVField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var quoted = false
            for (position, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A...0x0D: quoted = true
                case 0xC2: quoted = bytes[position + 1] == 0x85
                case 0xE2:
                    quoted = bytes[position + 1] == 0x80 && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9)
                default: continue
                }
                if quoted { break }
            }
            guard quoted else { return out.append(contentsOf: bytes) }
            out.append(UInt8(ascii: "\""))
            for byte in bytes {
                out.append(byte)
                if byte == UInt8(ascii: "\"") { out.append(byte) }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    /// A value as text; a C0 or C1 control (which no value can be typed or answered
    /// with, but a database edited by hand may hold) written out as `\u{1B}`,
    /// but for the line breaks of a text of several lines, kept to a file or a pipe.
    /// CSV is data for programs: to a file or a pipe, bidi marks and joiners stay
    /// (right-to-left text needs them, and an export imports back byte for byte);
    /// on a terminal they are written out too, as in the table (DECISIONS 31).
    private static func csvValue(_ value: FieldValue, onTerminal: Bool) -> String {
        if case .boolean(let flag) = value { return flag ? "true" : "false" }
        if case .list(let items) = value {
            let cell = RecordImport.csvCell(items)
            return onTerminal ? TerminalSafe.escaped(cell) : TerminalSafe.escapedControls(cell)
        }
        if onTerminal { return TerminalSafe.escaped(value.text) }
        // A text of several lines (`lines:`) keeps its line breaks: quoted, they are part of the cell.
        return value.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafe.escapedControls(String($0)) }.joined(separator: "\n")
    }

    /// Aligned columns for people: labels as headers, values as the form shows
    /// them (a boolean's `states` words) made terminal-safe, wide columns cut.
    static func table(_ records: [StoredRecord], form: Form, filters: [FieldMatch] = []) -> String {
        guard !records.isEmpty else {
            // With --where: none meets the conditions, which is not the same as none at all.
            let conditions = filters.map { $0.describe(in: form, language: Speaking.language) }
            let said = Message.noRecordsOf(
                form: form.name, conditions: filters.isEmpty ? nil : Speaking.language.text(.spokenList(conditions)))
            return Speaking.language.text(said) + "\n"
        }
        let headers =
            ["#", Speaking.language.text(.tableCreated)] + form.valueFields.map { TerminalSafe.escaped($0.label) }
        let rows = records.map { stored in
            [String(stored.id), RunCommand.describeShort(stored.created)]
                + form.valueFields.map { field in
                    TerminalSafe.escaped(stored.values[field.id].map { field.shown($0, in: Speaking.language) } ?? "")
                }
        }
        let widths = headers.indices.map { column in
            min(40, ([headers[column]] + rows.map { $0[column] }).map(TextWidth.cells).max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { TextWidth.pad($0, toCells: $1) }.joined(separator: "  ").trimmingTrailingSpaces
        }
        return ([line(headers), line(widths.map { String(repeating: "─", count: $0) })] + rows.map(line)).joined(
            separator: "\n") + "\n"
    }
}

extension RunCommand {
    /// "2026-11-22 14:05" in local time.
    static func describeShort(_ date: Date) -> String {
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
