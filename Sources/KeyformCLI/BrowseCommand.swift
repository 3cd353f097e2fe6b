import ArgumentParser
import Foundation
import Glibc
import KeyformCore
import KeyformFiles
import KeyformStore
import KeyformTerminal

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a form's stored records: edit, add, toggle and delete them.",
        discussion: """
            FORM is a path to a form file, or a name looked up in ./forms, demo/ and
            $KEYFORM_FORMS. The records are listed newest first on the terminal (/dev/tty).

            With --where FIELD=VALUE (as for keyform records list; repeatable), only the
            records where FIELD holds VALUE are listed (a multiple field: where its list
            holds the item), the title says which, and a record added there starts with
            those values.

            Keys: Up/Down (PageUp, PageDown, Home, End) move; Enter opens the record in the
            form to edit it ("Edit …"; Esc goes back without changing it); a adds a record;
            d deletes one after asking (y/n); Space toggles the form's first yes/no field;
            f (or /) filters: pick a field, then a value from its grid; Esc shows all
            records again when filtered, else leaves; q leaves.

            Exit status: 0 left with q or Esc, 1 the database could not be opened, 2 bad
            usage, an invalid form or no terminal, 130 interrupted (Ctrl-C), 143 SIGTERM,
            129 SIGHUP.
            """
    )

    @Argument(help: "A form file, or the name of one (as for keyform run).")
    var form: String

    @Option(name: .customLong("where"), help: "Only records whose FIELD has VALUE (FIELD=VALUE; repeatable).")
    var matches: [String] = []

    @OptionGroup var store: StoreOptions

    @Flag(help: "No transitions (also when NO_MOTION is set).")
    var noAnimation = false

    func validate() throws {
        if store.noStore { throw ValidationError("--no-store makes no sense here: browse shows the stored records") }
    }

    func run() throws {
        let loaded = try FormFiles.loadReporting(form)
        let scope: [FieldMatch]
        do {
            scope = try matches.map { (match: String) throws(StoreError) in try FieldMatch(parsing: match, form: loaded.form) }
        } catch {
            throw Failure(message: "\(error)")  // a --where naming no field, or a value of the wrong type: bad usage (2)
        }
        let outcome = try Self.browse(loaded, scope: scope, noAnimation: noAnimation) { try store.openOrFail() }
        switch outcome {
        case .quit: return
        case .interrupted: throw ExitCode(130)
        case .terminated(let signal): throw ExitCode(128 + signal)
        }
    }

    /// The list of a loaded form's records on the terminal (those meeting `scope`),
    /// until the person leaves it; `leaveLabel` is what the footer calls leaving.
    /// `open` opens the database (called once signals are blocked: its pool may start threads).
    static func browse(_ loaded: LoadedForm, scope: [FieldMatch] = [], leaveLabel: String = "quit", noAnimation: Bool,
                       open: @escaping @Sendable () throws -> AppDatabase) throws -> RecordListState.Outcome {
        do {
            return try MainActor.assumeIsolated {
                try TerminalRunner.run(options: FormLauncher.terminalOptions(noAnimation: noAnimation)) {
                    let database = try open()
                    // `choices` fields get their grids from the store, as in `keyform run`.
                    let context = try FormLauncher.context(loaded, database: database)
                    // The newest records first; older ones are read as the list scrolls to them.
                    let (total, records): (Int, [StoredRecord])
                    do {
                        total = try database.recordCount(form: context.form, where: scope)
                        records = try database.records(form: context.form, where: scope, limit: RecordListEngine.firstBatch)
                    } catch {
                        throw Failure(message: "\(error)", status: 1)
                    }
                    return RecordBrowser(context: context, rows: records.map(Self.row), total: total, scope: scope,
                                         leaveLabel: leaveLabel, hooks: Self.hooks(database, loaded, context))
                }
            }
        } catch let error as TerminalError {
            throw Failure(message: "cannot use the terminal (\(error)); keyform browse needs one (keyform records list prints the records)")
        }
    }

    static func row(_ stored: StoredRecord) -> RecordListRow {
        RecordListRow(id: stored.id, values: stored.values)
    }

    /// The browser's store work, on the database.
    static func hooks(_ database: AppDatabase, _ loaded: LoadedForm, _ context: FormContext) -> RecordBrowser.Hooks {
        let form = context.form
        return RecordBrowser.Hooks(
            history: { field in ((try? database.history(form: form, field: field)) ?? []).reversed() },
            // `default: last`, under the form's draft when there is one (an entry left
            // unfinished here or in `keyform run`): adding resumes it.
            newValues: { (try? FormLauncher.startingValues(context, database, drafts: .resume))?.values ?? [:] },
            add: { record in
                // The draft was resumed into this record: it is done now.
                RecordListRow(id: try database.saveRecord(record, form: form), values: record)
            },
            update: { id, record in
                try database.updateRecord(id: id, record, form: form)
                return RecordListRow(id: id, values: record)
            },
            delete: { id in _ = try database.deleteRecord(id: id, form: form) },
            load: { before, limit, matching in
                try database.records(form: form, where: matching, limit: limit, beforeID: before).map(row)
            },
            count: { matching in try database.recordCount(form: form, where: matching) },
            // The filter's grid for a field without one: what the records hold, most used first.
            values: { field in
                (try? database.choiceValues(Field.ChoiceSource(form: form.name, field: field, order: .frequent, limit: 30))) ?? []
            },
            // `choices` grids offer what was stored since the list opened.
            context: { try? FormLauncher.context(loaded, database: database) },
            // What the add form held when left unsubmitted (the browser passes only a
            // form that differs from how it opened).
            saveDraft: { values in try? database.saveDraft(form: form, values: values, focus: nil) }
        )
    }
}
