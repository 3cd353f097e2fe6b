import Dispatch
import KeyformCore
import KeyformStore
import Synchronization

/// A form's store and what the form reads from it before the person needs it
/// (the `choices: {from:}` values, `default: last`, each field's history),
/// filled once: at once (``init(store:problem:)``, then ``read(_:)``), or off
/// the terminal's loop after the first frame (``init(opening:)``: the store is
/// opened there too). Whoever needs the store before it came waits for it
/// (``store``): a draft on `DraftWorker`'s queue, the record saved after the form.
final class StoreReading: Sendable {
    /// What the form reads from its store.
    struct Read: Sendable {
        var values: [(source: Field.ChoiceSource, values: [String])] = []
        var pairs: [(source: Field.ChoiceSource, pairs: [(value: String, key: String)])] = []
        /// The `default: last` values (with `--repeat`, every field without a default of its own too).
        var last: [String: FieldInput] = [:]
        /// Each field's earlier values, newest first, as the store gives them (no
        /// secret field's); read ahead only off the loop, else when a field is focused.
        var history: [String: [String]] = [:]
    }

    /// Opens the store; nil: no store (`--no-store`).
    typealias Opening = @Sendable () -> Result<(any RecordStore)?, StoreError>

    private let opening: Opening?
    private let state: Mutex<(opened: Result<(any RecordStore)?, StoreError>?, read: Read?)>
    /// Left when the store is open and read (`fill`): waited on by ``store`` and ``read``.
    private let done = DispatchGroup()

    /// A store opened already (or its problem): `fill` reads it on the caller's thread.
    init(store: (any RecordStore)?, problem: StoreError?) {
        opening = nil
        state = Mutex((problem.map { .failure($0) } ?? .success(store), nil))
        done.enter()
    }

    /// A store to open off the loop, with the rest (`fill`).
    init(opening: @escaping Opening) {
        self.opening = opening
        state = Mutex((nil, nil))
        done.enter()
    }

    /// Whether the store is open and read.
    var isRead: Bool { state.withLock { $0.read != nil } }

    /// Opens the store if it is not yet, reads what `form` needs from it
    /// — its choices; with `ahead`, the `default: last` values (`repeatLast`: see
    /// `StoredFormRun.start`) and each field's history too — and wakes whoever
    /// waits; `discardingDraft`: the form's draft goes first (`--fresh`). Called once.
    func fill(form: Form, ahead: Bool, repeatLast: Bool = false, discardingDraft: Bool = false) {
        if let opening {
            let opened = opening()
            state.withLock { $0.opened = opened }
        }
        let store = try? state.withLock { $0.opened }?.get()
        if discardingDraft { _ = try? store?.deleteDraft(form: form) }
        let read = store.map { Self.read(form, from: $0, ahead: ahead, repeatLast: repeatLast) } ?? Read()
        state.withLock { $0.read = read }
        done.leave()
    }

    /// The store, waiting for it to be opened and read; nil without one.
    var store: (any RecordStore)? {
        done.wait()
        return try? state.withLock { $0.opened }?.get()
    }

    /// Why the store could not be opened, waiting as ``store`` does.
    var problem: StoreError? {
        done.wait()
        guard case .failure(let error)? = state.withLock({ $0.opened }) else { return nil }
        return error
    }

    /// What was read, once it was (nil before: it is on its way).
    var readSoFar: Read? { state.withLock { $0.read } }

    /// What was read, waiting for it.
    var read: Read {
        done.wait()
        return state.withLock { $0.read } ?? Read()
    }

    /// One read of everything the form needs from `store`: a failed read is nothing read.
    static func read(_ form: Form, from store: any RecordStore, ahead: Bool, repeatLast: Bool) -> Read {
        var read = Read()
        let sources = form.fields.compactMap(\.choices)
        read.values = sources.filter { $0.by == nil }.map { source in (source, (try? store.choiceValues(source)) ?? [])
        }
        read.pairs = sources.compactMap { source in
            source.by.map { by in (source, (try? store.choicePairs(source, by: by)) ?? []) }
        }
        // A secret starts empty: never the last record's (DECISIONS 38); it has no history either.
        for field in form.fields where ahead && !field.secret {
            if field.defaultValue == .last || (repeatLast && field.defaultValue == nil),
                let last = try? store.lastValue(form: form, field: field.id)
            {
                read.last[field.id] = last
            }
            read.history[field.id] = (try? store.history(form: form, field: field.id)) ?? []
        }
        return read
    }
}
