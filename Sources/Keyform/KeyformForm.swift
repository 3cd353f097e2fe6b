import Foundation
internal import KeyformCore
internal import KeyformFiles

/// A form: fields (optionally in pages) that a person fills in on the terminal
/// to make one record.
///
/// Write it in Swift:
///
/// ```swift
/// let form = KeyformForm("New To-Do", name: "todo") {
///     TextField("text", label: "Text", required: true, maxLength: 140)
///     ChoiceField("priority", label: "Priority", layout: .named("priority"), default: "Medium")
///     DateField("due", label: "Due")
/// }
/// ```
///
/// or load a form file (docs/form-format.md):
///
/// ```swift
/// let form = try KeyformForm(contentsOf: URL(fileURLWithPath: "forms/todo.yaml"))
/// ```
///
/// Either way the form has the same rules and behaves the same: a form written in
/// Swift is checked exactly as its form file would be (by `keyform form check`),
/// when it is first run, tested or ``check()``ed.
///
/// Then ask for a record with ``run()`` or ``run(as:)``, and test it with
/// ``test(keys:width:height:today:)``. A form is a value: ``store(at:drafts:)`` and
/// ``animated(_:)`` return a changed copy.
public struct KeyformForm: Sendable {
    /// What to do with a draft the store holds for the form when it starts.
    public enum DraftPolicy: Sendable, Hashable {
        /// Ask on the terminal, as `keyform run` does (the test double leaves it alone).
        case ask
        /// Continue from the draft without asking.
        case resume
        /// Delete the draft and start afresh.
        case discard
    }

    enum Origin: Sendable {
        case code(CodeForm)
        case file(Compiled)
    }

    /// A form written in Swift, compiled when it is used.
    struct CodeForm: Sendable {
        var title: String?
        var name: String?
        var template: String?
        var layouts: [KeyformLayout]
        var content: FormContent
    }

    /// A form ready to run: the core's form, its layouts, and the warnings found.
    struct Compiled: Sendable {
        var form: Form
        var layouts: [String: Layout]
        var warnings: [String]
        /// The keys of `choices: {file:}` fields, read when compiled.
        var lines: [String: ChoiceLines] = [:]
    }

    let origin: Origin
    var storePath: String?
    var draftPolicy: DraftPolicy = .ask
    var isAnimated = true
    /// Set by ``timeout(_:)``: over the form file's own `timeout:`.
    var timeLimit: Int?

    /// A form written in Swift.
    /// - Parameters:
    ///   - title: shown at the top of the screen.
    ///   - name: the kind of record, `[a-z][a-z0-9_]*` (the store keeps records by
    ///     it); made from the title when nil (`New To-Do` → `new_to_do`).
    ///   - template: a Mustache line that renders a record (``KeyformRecord/templateLine``),
    ///     like `"{{#due}}{{due}} {{/due}}{{text}} [{{priority}}]"`.
    ///   - layouts: layouts written in Swift (each with a `name`) or layout files
    ///     (found by their file name without `.yaml`) that the fields, and keys that
    ///     turn to another layout, can name. A layout given to a field needs not be here.
    ///   - content: the fields, and pages of fields.
    public init(
        _ title: String? = nil, name: String? = nil, template: String? = nil, layouts: [KeyformLayout] = [],
        @FormBuilder content: () -> FormContent
    ) {
        origin = .code(CodeForm(title: title, name: name, template: template, layouts: layouts, content: content()))
    }

    /// The form in a form file, with the layouts it names (looked up beside the
    /// file in `Layouts/`, in `./Layouts`, in `$KEYFORM_LAYOUTS`, and among the
    /// shipped layouts, in that order).
    /// - Parameters:
    ///   - url: the form file.
    ///   - layouts: layouts written in Swift (each with a `name`) or other layout
    ///     files (found by their file name without `.yaml`), which the form's
    ///     fields can name; found before the places above.
    /// - Throws: ``KeyformError/invalidForm(_:)`` with every problem, as
    ///   `keyform form check` reports it: `PATH:LINE:COLUMN: error: MESSAGE`.
    public init(contentsOf url: URL, layouts: [KeyformLayout] = []) throws {
        let path = url.isFileURL ? url.relativePath : url.absoluteString
        var problems: [String] = []
        var predefined = SwiftSource.Layouts()
        predefined.add(given: layouts, context: path, problems: &problems)
        let compiled = SwiftSource.compileFile(path: path, layouts: predefined)
        switch compiled {
        case .success(let compiled) where problems.isEmpty:
            origin = .file(compiled)
        case .success:
            throw KeyformError.invalidForm(problems)
        case .failure(let error):
            if case .invalidForm(let lines) = error { throw KeyformError.invalidForm(problems + lines) }
            throw error
        }
    }

    /// The title shown at the top of the screen.
    public var title: String? {
        switch origin {
        case .code(let code): code.title
        case .file(let compiled): compiled.form.title
        }
    }

    /// The kind of record (`name:` in a form file, else made from the title or the file name).
    public var name: String {
        switch origin {
        case .code(let code): code.name ?? FormParser.recordName(fromStem: code.title ?? "form")
        case .file(let compiled): compiled.form.name
        }
    }

    /// The form with its records kept in the SQLite database at `path` (created when
    /// missing), as `keyform run` keeps them: every submitted record is saved; a
    /// draft is saved as each field is committed and when the form is left
    /// unfinished (Esc, Ctrl-C, SIGTERM); fields remember earlier values (Up in the
    /// keyboard view), and `default: .last` starts from the last record. Without
    /// this, nothing is stored.
    ///
    /// Use the same database as the `keyform` command (`~/.local/share/keyform/keyform.sqlite`)
    /// to see the records with `keyform records list NAME`.
    /// - Parameters:
    ///   - path: the database file.
    ///   - drafts: what to do with a draft left by an earlier run.
    public func store(at path: String, drafts: DraftPolicy = .ask) -> KeyformForm {
        var form = self
        form.storePath = path
        form.draftPolicy = drafts
        return form
    }

    /// The form with a time limit (a form file's `timeout:`, `keyform run
    /// --timeout`): the footer counts the seconds down, and when they run out
    /// the form ends as Esc ends it, its draft kept, with
    /// ``KeyformError/timedOut`` (exit status 124). The test double ignores it.
    public func timeout(_ seconds: Int) -> KeyformForm {
        var form = self
        form.timeLimit = seconds
        return form
    }

    /// The form with or without its short transitions (page turns, the grid rising
    /// in). On by default; off anyway under `NO_MOTION` or `TERM=dumb`.
    public func animated(_ animated: Bool) -> KeyformForm {
        var form = self
        form.isAnimated = animated
        return form
    }

    /// Checks the form and the layouts it uses as `keyform form check` does.
    /// - Returns: the warnings (labels too wide for their keys, rows of different widths…).
    /// - Throws: ``KeyformError/invalidForm(_:)`` with every problem.
    @discardableResult
    public func check() throws -> [String] {
        try compile().warnings
    }

    /// The form ready to run, or ``KeyformError/invalidForm(_:)``.
    func compile() throws(KeyformError) -> Compiled {
        switch origin {
        case .file(let compiled): return compiled
        case .code(let code): return try SwiftSource.compile(code).get()
        }
    }
}
