import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformStore

/// `keyform records import FORM FILE`: records from CSV or JSON, each validated as
/// `run --answers` validates answers, stored all or none in one transaction.
struct RecordsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store records from a CSV or JSON file, all or none.",
        discussion: """
            FILE is CSV with a header row of field ids, or a JSON array of objects of \
            field id to value: what keyform records export writes. A record keeps its \
            _created (a UTC time like 2026-11-21T09:30:00.123Z, or with an offset like \
            +09:00; empty is now); _id is not kept, the records get new ids in the order \
            of the old ones. - reads stdin. Every value is read and validated as \
            keyform run --answers reads it (dates like 2026/11/21 or today, booleans as \
            true/false or the field's states words, the form's defaults for empty \
            values). Every problem is reported, one a line on stderr, \
            FILE:LINE: field 'ID': REASON, and then nothing is stored; otherwise all the \
            records are stored in one transaction, and their number is said on stderr.

            Exit status: 0 imported, 1 the store failed (nothing stored), 2 bad usage, an \
            invalid form, a config with errors, or a problem in FILE (nothing stored).
            """
    )

    @Argument(help: "A form file, or the name of one (as for keyform run).", completion: NameCompletion.forms)
    var form: String

    @Argument(help: "The CSV or JSON file, or - for stdin.", completion: .file(extensions: ["csv", "json"]))
    var file: String

    @Option(help: "csv or json (default: by FILE's extension; for - or another, json when it starts with [).")
    var format: RecordImport.Format?

    @OptionGroup var store: DatabaseOption

    func run() throws {
        _ = try Settings.load()  // a broken config stops the command before anything else
        let loaded = try FormFiles.loadReporting(form, needs: .importNeedsFormFile)
        let bytes: [UInt8]
        do {
            // Not the 1 MiB of a form or answers file: see `limit`.
            bytes =
                file == "-"
                ? try SourceFiles.readStandardInput(limit: Self.limit)
                : try SourceFiles.read(file, limit: Self.limit, pipes: true)
        } catch {
            throw Failure(message: "\(file == "-" ? "stdin" : file): \(Speaking.describe(error))")
        }
        guard bytes.count <= Self.limit else {
            throw Failure(.importTooLarge(file: file, mebibytes: Self.limit >> 20))
        }
        let context: FormContext
        do {
            // The one preparation: a strict field's keys written in the form are what its values must be.
            context = try FormContext.prepared(loaded.form, layouts: loaded.layouts, clock: .now())
        } catch {
            throw Failure(message: "\(loaded.path): \(Speaking.describe(error))")
        }
        let name = file == "-" ? "stdin" : file
        switch RecordImport.records(bytes, format: format ?? Self.format(of: file, bytes), context: context) {
        case .failure(let found):
            let problems = found.problems
            for problem in problems { Output.error("\(name):\(problem)") }
            throw Failure(.nothingImportedProblems(problems.count, in: name))
        case .success(let records):
            let database = try store.openOrFail(existing: false)
            do {
                // The store keeps a secret only when its field says `store: true`, as a run does.
                try database.saveRecords(
                    records.map { DatedRecord($0.record.storable(in: context.form), created: $0.created) },
                    form: context.form)
            } catch {
                throw Failure(.nothingImported(reason: Speaking.describe(error)), status: 1)
            }
            Output.error(
                Speaking.language.text(
                    .importedRecords(records.count, form: context.form.name, into: "\(database.location)")))
        }
    }

    /// The most an import reads, from a file or stdin: 64 MiB. Every record is held
    /// (and checked) before any is stored, so memory grows with it; an export of
    /// 100,000 records is 14 MiB, so this is some 450,000 records (DECISIONS 31).
    static let limit = 64 << 20

    /// By the file's extension, else by its first character.
    static func format(of file: String, _ bytes: [UInt8]) -> RecordImport.Format {
        let lowered = file.lowercased()
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".json") { return .json }
        return RecordImport.guessFormat(bytes)
    }
}

extension RecordImport.Format: ExpressibleByArgument {}
