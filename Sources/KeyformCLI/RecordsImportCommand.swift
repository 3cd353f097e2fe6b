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
            of the old ones. A rescue file's _token (written by keyform run when a save \
            failed) is kept: a PostgreSQL store that took that save after all, its \
            answer lost, skips the record rather than store it twice. - reads stdin. \
            Every value is read and validated as keyform run --answers reads it (dates \
            like 2026/11/21 or today, booleans as true/false or the field's states \
            words, the form's defaults for empty values). Every problem is reported, \
            one a line on stderr, FILE:LINE: field 'ID': REASON, and then nothing is \
            stored; otherwise all the records are stored in one transaction, and their \
            number is said on stderr.

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
        // A file is mapped, not read: its rows are read twice (checked, then stored) and never held.
        // Stdin or a pipe is copied to an unlinked file as it is read, and mapped the same way.
        var mapped: MappedFile?
        var read: [UInt8] = []
        do {
            if file == "-" {
                mapped = try MappedFile.spooling(STDIN_FILENO, limit: Self.limit, folder: Self.temporaryFolder)
            } else if let regular = MappedFile(file) {
                mapped = regular
            } else if let pipe = SourceFiles.openPipe(file) {
                defer { close(pipe) }
                mapped = try MappedFile.spooling(pipe, limit: Self.limit, folder: Self.temporaryFolder)
            } else {
                // An empty file, or one that cannot be read: read says which, in the person's words.
                read = try SourceFiles.read(file, limit: Self.limit, pipes: true)
            }
        } catch is MappedFile.TooLarge {
            throw file == "-"
                ? Failure(
                    message:
                        "\(Self.said(file)): \(Speaking.language.text(.stdinTooLarge(mebibytes: Self.limit >> 20)))")
                : Failure(.importTooLarge(file: file, mebibytes: Self.limit >> 20))
        } catch {
            throw Failure(message: "\(Self.said(file)): \(Speaking.describe(error))")
        }
        guard (mapped?.bytes.count ?? read.count) <= Self.limit else {
            throw Failure(.importTooLarge(file: file, mebibytes: Self.limit >> 20))
        }
        let context: FormContext
        do {
            // The one preparation: a strict field's keys written in the form are what its values must be.
            context = try FormContext.prepared(loaded.form, layouts: loaded.layouts, clock: .now())
        } catch {
            throw Failure(message: "\(loaded.path): \(Speaking.describe(error))")
        }
        // The place before a row's problem is `stdin` in every language (tools read it); a sentence says it in words.
        let place = file == "-" ? "stdin" : file
        let name = Self.said(file)
        try read.withUnsafeBufferPointer { held in
            let bytes = mapped?.bytes ?? held
            let release: () -> Void = { mapped?.release() }
            let format = format ?? Self.format(of: file, Array(bytes.prefix(4096)))
            // All or none: every row is checked before any is stored, keeping only where each is.
            let plan: RecordImport.Plan
            switch RecordImport.plan(bytes, format: format, context: context, release: release) {
            case .failure(let found):
                let problems = found.problems
                for problem in problems { Output.error("\(place):" + problem.said(in: Speaking.language)) }
                throw Failure(.nothingImportedProblems(problems.count, in: name))
            case .success(let found): plan = found
            }
            release()
            let database = try store.openOrFail(existing: false)
            var places = plan.places(in: bytes)
            var handed = 0
            let stored: Int
            do {
                // Read again one at a time as the store takes them, in one transaction.
                stored = try database.saveRecords(form: context.form) {
                    guard let place = places.next() else { return nil }
                    handed += 1
                    if handed % 4096 == 0 { release() }
                    guard let dated = RecordImport.record(at: place, of: plan, in: bytes, context: context) else {
                        throw InputChanged(name: name)
                    }
                    // The store keeps a secret only when its field says `store: true`, as a run does.
                    return DatedRecord(
                        dated.record.storable(in: context.form), created: dated.created, token: dated.token)
                }
            } catch {
                throw Failure(.nothingImported(reason: Speaking.describe(error)), status: 1)
            }
            // A rescued record whose save reached the server after all is held already (its token): not doubled.
            let imported = Message.importedRecords(stored, form: context.form.name, into: "\(database.location)")
            Output.error(
                Speaking.language.text(
                    stored == handed
                        ? imported : .importedRecordsAlreadyStored(imported, alreadyStored: handed - stored)))
        }
    }

    /// The file as a sentence names it: `-` is the standard input, in words of the language.
    static func said(_ file: String) -> String { file == "-" ? Speaking.language.text(.standardInput) : file }

    /// A row read well at first that reads otherwise the second time: the file changed meanwhile.
    struct InputChanged: MessageError {
        var name: String
        var message: Message { .importInputChanged(file: name) }
    }

    /// The most an import reads, from a file or stdin: 64 MiB (DECISIONS 31). A
    /// file's rows are checked, then read again as they are stored, one at a time,
    /// so memory stays flat (DECISIONS 74); stdin and pipes too, from their copy (DECISIONS 94).
    static let limit = 64 << 20

    /// Where stdin's copy is made, as the editor's text is.
    static var temporaryFolder: String { TemporaryFolder.path(tmpdir: ProcessEnvironment.current()["TMPDIR"]) }

    /// By the file's extension, else by its first character.
    static func format(of file: String, _ bytes: [UInt8]) -> RecordImport.Format {
        let lowered = file.lowercased()
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".json") { return .json }
        return RecordImport.guessFormat(bytes)
    }
}

extension RecordImport.Format: ExpressibleByArgument {}
