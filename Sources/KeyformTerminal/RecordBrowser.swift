import Glibc
import KeyformCore

/// `keyform browse` as one terminal scene: the list of a form's records
/// (`RecordListEngine`, drawn by `RecordListView`) and the form that edits or
/// adds one (a `FormSession`), pushed over the list with a page slide forward
/// and popped with a slide back when it ends. One key decoder serves both, so
/// keys typed ahead across a push or a pop go where they were meant. The store
/// is reached only through `Hooks`; what it answers goes back to the list as events.
@MainActor
public final class RecordBrowser: TerminalScene {
    /// What the browser needs from the store (the CLI wires them to `AppDatabase`).
    public struct Hooks {
        /// A field's earlier values, oldest first (readline's Up in the form).
        public var history: (String) -> [String]
        /// The starting text of a new record's fields (`default: last`), by field id.
        public var newValues: () -> [String: String]
        /// Stores a new record; returns its row (with the id it got).
        public var add: (Record) throws -> RecordListRow
        /// Stores new values for the record with this id; returns its row.
        public var update: (Int64, Record) throws -> RecordListRow
        /// Deletes the record with this id (one already gone is not an error).
        public var delete: (Int64) throws -> Void
        /// The records older than the one with this id, newest first, at most
        /// this many (nil: all): the next rows of a long list.
        public var load: (Int64, Int?) throws -> [RecordListRow]

        public init(
            history: @escaping (String) -> [String] = { _ in [] },
            newValues: @escaping () -> [String: String] = { [:] },
            add: @escaping (Record) throws -> RecordListRow,
            update: @escaping (Int64, Record) throws -> RecordListRow,
            delete: @escaping (Int64) throws -> Void,
            load: @escaping (Int64, Int?) throws -> [RecordListRow] = { _, _ in [] }
        ) {
            self.history = history
            self.newValues = newValues
            self.add = add
            self.update = update
            self.delete = delete
            self.load = load
        }
    }

    public let form: Form
    /// The list, also while the form is open over it.
    public private(set) var list: RecordListState
    private let hooks: Hooks
    /// The form as it adds a record (its own title) and as it edits one ("Edit …").
    private let addContext: FormContext
    private let editContext: FormContext
    private var editor: Editor?
    private var decoder = KeyDecoder()

    /// The form open over the list, and the record it edits (nil: a new one).
    private struct Editor {
        var session: FormSession
        var editing: Int64?
    }

    /// - Parameters:
    ///   - rows: the records, newest first: all of them, or the newest `total`
    ///     (the others are read with `Hooks.load` as the list scrolls to them).
    public init(context: FormContext, rows: [RecordListRow], total: Int? = nil, hooks: Hooks) {
        form = context.form
        list = RecordListState(rows: rows, total: total)
        self.hooks = hooks
        addContext = context
        editContext = context.retitled(RecordListEngine.editTitle(of: context.form))
    }

    /// Whether the form is open over the list.
    public var isEditing: Bool { editor != nil }

    // MARK: TerminalScene

    public var outcome: RecordListState.Outcome? { list.outcome }
    public var hasPendingEscape: Bool { decoder.hasPendingEscape }

    public func receive(_ bytes: [UInt8]) -> [TerminalRequest] {
        decoder.feed(bytes).flatMap(handle)
    }

    public func flushPendingEscape() -> [TerminalRequest] {
        decoder.flushPendingEscape().flatMap(handle)
    }

    public func stop(signal: Int32) -> RecordListState.Outcome {
        if let editor {
            _ = editor.session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal))
            closeEditor()
        }
        _ = send(signal == SIGINT ? .interrupted : .terminated(signal: signal))
        return list.outcome ?? (signal == SIGINT ? .interrupted : .terminated(signal: signal))
    }

    public func frame(width: Int, height: Int, color: Bool) -> Frame {
        let rows = RecordListView.visibleRows(height: height)
        if rows != list.visibleRows { _ = send(.resized(visibleRows: rows)) }
        if let editor { return editor.session.frame(width: width, height: height, color: color) }
        return RecordListView.render(list, form, width: width, height: height, color: color)
    }

    public func close() { closeEditor() }

    // MARK: Keys

    private func handle(_ press: KeyPress) -> [TerminalRequest] {
        guard list.outcome == nil else { return [] }
        if let editor { return handleInEditor(press, editor.session) }
        switch press.key {
        case .control("z"): return [.suspend]
        case .control("l"): return [.redraw]
        default: break
        }
        guard let event = Self.event(for: press.key, confirming: list.confirmingDelete != nil) else { return [.bell] }
        return send(event)
    }

    /// What a key means on the list; nil for keys that do nothing there.
    /// While "Delete …? (y/n)" is asked, y (or Y) is yes and any other key no.
    static func event(for key: Key, confirming: Bool) -> RecordListEvent? {
        if key == .control("c") { return .interrupted }
        if confirming { return .confirmAnswered(key == .character("y") || key == .character("Y")) }
        switch key {
        case .up, .character("k"): return .moved(.up)
        case .down, .character("j"): return .moved(.down)
        case .pageUp: return .moved(.pageUp)
        case .pageDown: return .moved(.pageDown)
        case .home: return .moved(.first)
        case .end: return .moved(.last)
        case .enter: return .openPressed
        case .character("a"): return .addPressed
        case .character("d"), .delete: return .deletePressed
        case .character(" "): return .togglePressed
        case .character("q"), .escape: return .quitPressed
        default: return nil
        }
    }

    /// Sends an event to the list and carries out its effects, feeding the
    /// store's answers back in as events, until there is nothing left to do.
    private func send(_ event: RecordListEvent) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        var events = [event]
        while !events.isEmpty {
            for effect in RecordListEngine.reduce(&list, events.removeFirst(), form) {
                switch effect {
                case .edit(let row):
                    requests += openEditor(addContext: false, values: Self.texts(of: row.values), editing: row.id)
                case .add:
                    requests += openEditor(addContext: true, values: hooks.newValues(), editing: nil)
                case .update(let id, let values):
                    events.append(storing { .recordSaved(try hooks.update(id, values)) })
                case .delete(let id):
                    events.append(storing {
                        try hooks.delete(id)
                        return .recordDeleted(id: id)
                    })
                case .loadRows(let before, let limit):
                    events.append(storing { .rowsLoaded(try hooks.load(before, limit)) })
                case .bell:
                    requests.append(.bell)
                case .finish:
                    break  // the outcome ends the run
                }
            }
        }
        return requests
    }

    private func storing(_ body: () throws -> RecordListEvent) -> RecordListEvent {
        do { return try body() } catch { return .storeFailed(Self.describe(error)) }
    }

    // MARK: The form over the list

    private func openEditor(addContext adding: Bool, values: [String: String], editing: Int64?, focus: Int = 0, notice: String? = nil) -> [TerminalRequest] {
        closeEditor()
        let context = adding ? addContext : editContext
        var state = FormState.start(context, values: values, focus: focus)
        state.notice = notice
        editor = Editor(session: FormSession(context: context, state: state, history: hooks.history), editing: editing)
        return notice == nil ? [.transition(.page(forward: true))] : [.bell]
    }

    private func closeEditor() {
        editor?.session.close()
        editor = nil
    }

    private func handleInEditor(_ press: KeyPress, _ session: FormSession) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        for effect in session.receive([press]) {
            switch effect {
            case .bell: requests.append(.bell)
            case .transition(let transition): requests.append(.transition(transition))
            default: break  // drafts are for `keyform run`; submit and finish: the outcome below
            }
        }
        requests += session.takeRequests()
        if let outcome = session.state.outcome { requests += editorEnded(outcome) }
        return requests
    }

    /// The form ended: store what was submitted and go back to the list.
    private func editorEnded(_ outcome: FormState.Outcome) -> [TerminalRequest] {
        let editing = editor?.editing
        switch outcome {
        case .submitted(let record):
            do {
                let row = try editing.map { try hooks.update($0, record) } ?? hooks.add(record)
                closeEditor()
                return send(editing == nil ? .recordAdded(row) : .recordSaved(row)) + [.transition(.page(forward: false))]
            } catch {
                // Nothing typed is lost: the form opens again with the values, on
                // the last field (Enter tries again), and says why; Esc leaves it.
                let fields = (editing == nil ? addContext : editContext).fields
                return openEditor(addContext: editing == nil, values: Self.texts(of: record), editing: editing,
                                  focus: fields.count - 1, notice: "Not saved: \(Self.describe(error))")
            }
        case .cancelled:
            closeEditor()
            return [.transition(.page(forward: false))]
        case .interrupted:
            closeEditor()
            return send(.interrupted)
        case .terminated(let signal):
            closeEditor()
            return send(.terminated(signal: signal))
        }
    }

    /// A record's values as the form's fields show them (an empty value stays
    /// empty: a default is for new records only).
    static func texts(of record: Record) -> [String: String] {
        Dictionary(record.values.map { ($0.id, $0.value?.text ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    static func describe(_ error: any Error) -> String {
        var text = String(describing: error)
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
