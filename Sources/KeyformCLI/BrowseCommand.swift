import ArgumentParser
import Foundation
import Glibc
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformStore
import KeyformTerminal

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a form's stored records: edit, add, toggle and delete them.",
        discussion: """
            FORM is a path to a form file, or a name looked up as for keyform run (./forms, \
            demo/, $KEYFORM_FORMS, ~/.config/keyform/forms). The records are listed newest first on the terminal (/dev/tty).

            With --where FIELD=VALUE (as for keyform records list; repeatable), only the \
            records where FIELD holds VALUE are listed (a multiple field: where its list \
            holds the item), the title says which, and a record added there starts with \
            those values.

            Keys: Up/Down (PageUp, PageDown, Home, End) move; Enter opens the record in the \
            form to edit it ("Edit ..."; Esc goes back without changing it); a adds a record; \
            d deletes one after asking (y/n); Space toggles the form's first yes/no field; \
            f (or /) filters: pick a field, then a value from its grid; s sorts by each date \
            field, then by each strict grid field in its grid's order, then newest first \
            again; Esc shows all records again when filtered, else leaves; q leaves.

            Exit status: 0 left with q or Esc, 1 the database could not be opened, 2 bad \
            usage, an invalid form or config, or no terminal, 130 interrupted (Ctrl-C), 143 SIGTERM, \
            129 SIGHUP.
            """
    )

    @Argument(help: "A form file, or the name of one (as for keyform run).", completion: NameCompletion.forms)
    var form: String

    @Option(
        name: .customLong("where"), help: "Only records whose FIELD has VALUE (FIELD=VALUE; repeatable).",
        completion: NameCompletion.whereFields)
    var matches: [String] = []

    @OptionGroup var store: DatabaseOption

    @Flag(help: "No transitions (also when NO_MOTION is set, or the config says animation: false).")
    var noAnimation = false

    @Flag(help: "No clicks or wheel: the terminal keeps the mouse (also when the config says mouse: false).")
    var noMouse = false

    func run() throws {
        _ = try Settings.load()  // a broken config stops the command before anything else
        let loaded = try FormFiles.loadReporting(form, needs: .browseNeedsFormFile)
        let scope: [FieldMatch]
        do {
            scope = try matches.map { (match: String) throws(StoreError) in
                try FieldMatch(parsing: match, form: loaded.form)
            }
        } catch {
            // a --where naming no field, or a value of the wrong type: bad usage (2)
            throw Failure(message: Speaking.describe(error))
        }
        try store.checkGiven()
        try MainActor.assumeIsolated {
            try Self.browse(
                loaded, scope: scope, noAnimation: noAnimation, noMouse: noMouse,
                withoutTerminal: WithoutTerminal.browse
            ) {
                try store.openOrFail()
            }.leftNormally()
        }
    }

    /// The list of a loaded form's records on the terminal (those meeting `scope`),
    /// until the person leaves it; `leaveLabel` is what the footer calls leaving.
    /// `open` opens the store (called once signals are blocked: its pool may start threads).
    /// Adding and editing run the form as `StoredFormRun` does.
    @MainActor
    static func browse(
        _ loaded: LoadedForm, scope: [FieldMatch] = [], leaveLabel: Message = .hintQuit, notice: String? = nil,
        noAnimation: Bool, noMouse: Bool = false,
        withoutTerminal: Message, open: @escaping () throws -> any RecordStore
    ) throws -> RecordListState.Outcome {
        do {
            let options = TerminalRunner.Options.fromEnvironment(
                animate: !noAnimation, mouse: !noMouse, config: try Settings.load())
            return try TerminalRunner.run(options: options) {
                let store = try open()
                // `choices` fields get their grids from the store, as in `keyform run`.
                let run = try StoredFormRun(loaded, store: store)
                // The list and the forms it opens speak the run's language.
                var context = run.context
                context.language = options.language
                // The newest records first, read off the loop (the list says it loads over a slow
                // server); older ones are read as the list scrolls to them.
                return RecordBrowser(
                    context: context, rows: nil, scope: scope,
                    leaveLabel: leaveLabel, notice: notice,
                    hooks: run.browserHooks(on: store, language: options.language),
                    keys: options.keys.list, formKeys: options.keys.form)
            }
        } catch let error as TerminalError {
            throw WithoutTerminal.failure(error, withoutTerminal)
        }
    }
}
