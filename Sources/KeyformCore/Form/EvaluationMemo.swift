import Synchronization

/// The evaluations a prepared form made last, so that asking again costs only
/// what changed: a key in the keyboard changes one entry, and the footer, the
/// Done line, the key maps and the reducer all ask for the evaluation of the
/// same entries. Entries asked for again (the cursor aside) get the evaluation
/// already made; other entries are evaluated after the newest one, validating
/// only the fields whose entries differ (`FormEvaluation.init(_:_:after:)`).
/// An evaluation from the memo is the one made fresh (`EvaluationMemoTests`
/// compares them over random runs). Shared by the copies of one `FormContext`
/// and safe from any thread.
final class EvaluationMemo: Sendable {
    /// One evaluation and what it was made from.
    private struct Kept {
        /// The array last asked for with these inputs, told by its storage (an
        /// array's storage is never changed in place while another holds it);
        /// nil once the reducer said it is about to write into it (`letGo`).
        var asked: [FormState.Entry]?
        /// A state's stamp (`EntryWrites`) whose entries hold these inputs: nil
        /// when none asked for them with its stamps.
        var stamp: UInt64?
        /// The entries the evaluation was made from, the memo's own: never the
        /// state's storage, so that holding them does not make the reducer's
        /// write into the state's entries copy all of them (issue 27).
        var inputs: ByField<FormState.Entry>
        var evaluation: FormEvaluation
    }

    /// The newest last: the state's entries and, in a grid, the entries a pick would make.
    private let kept = Mutex<[Kept]>([])
    private static let keptCount = 2

    /// `writes`: the stamps of the state whose entries these are, when the caller
    /// has it: an evaluation kept at an earlier stamp of it is found by the fields
    /// written since, compared alone (a typed key's one field, not all 200).
    func evaluation(
        of entries: [FormState.Entry], writes: EntryWrites? = nil, in context: FormContext
    ) -> FormEvaluation {
        let counter = FormEvaluation.counter
        // `marked`: the one field changed since `earlier`, or nil when none or
        // several, as the stamps told it; nil outside when they told nothing.
        let (earlier, marked) = kept.withLock { kept -> (Kept?, Int??) in
            // The state's own entries asked for again (the footer, the Done line, the key
            // maps and the reducer of one key): the same array, told without reading it.
            // The newest last: the one asked for now is kept longest.
            if let index = kept.lastIndex(where: { $0.asked.map { Self.sameArray($0, entries) } ?? false }) {
                var found = kept.remove(at: index)
                found.stamp = writes?.stamp ?? found.stamp
                kept.append(found)
                return (found, nil)
            }
            if let writes {
                // One with these inputs first (a Backspace brings back the entries of two
                // keys ago), else the newest the stamps tell the change from.
                var changedFrom: (index: Int, changed: Int?)?
                for index in kept.indices.reversed() {
                    guard let stamp = kept[index].stamp, let written = writes.written(since: stamp) else { continue }
                    let changed = Self.changes(in: written, of: entries, from: kept[index].inputs, counter)
                    guard changed.count == 0 else {
                        changedFrom = changedFrom ?? (index, changed.one)
                        continue
                    }
                    var found = kept.remove(at: index)
                    (found.asked, found.stamp) = (entries, writes.stamp)
                    kept.append(found)
                    return (found, nil)
                }
                if let changedFrom { return (kept[changedFrom.index], .some(changedFrom.changed)) }
            }
            for index in kept.indices.reversed() {
                guard Self.sameInputs(kept[index].inputs, entries, counter) else { continue }
                // Kept under this array from now on: the next ask for it is told by its storage.
                var found = kept.remove(at: index)
                found.asked = entries
                found.stamp = writes?.stamp ?? found.stamp
                kept.append(found)
                return (found, nil)
            }
            return (kept.last, nil)
        }
        if let earlier, let asked = earlier.asked, Self.sameArray(asked, entries) { return earlier.evaluation }
        let changed = marked ?? earlier.flatMap { Self.onlyChange(of: entries, from: $0.inputs) }
        let evaluation = FormEvaluation(
            context, entries, after: earlier.map { ($0.inputs, $0.evaluation) }, changing: changed)
        // One field changed: the earlier inputs with it replaced, shared; else the entries
        // copied into storage of the memo's own (a whole evaluation reads them all anyway).
        let inputs =
            if let earlier, let changed { earlier.inputs.replacing(changed, with: entries[changed]) } else {
                ByField(entries.map { $0 })
            }
        kept.withLock { kept in
            kept.append(Kept(asked: entries, stamp: writes?.stamp, inputs: inputs, evaluation: evaluation))
            if kept.count > Self.keptCount { kept.removeFirst() }
        }
        return evaluation
    }

    /// The reducer is about to write into `entries` (a typed key): the memo stops
    /// holding that array, so the write is made in place instead of copying every
    /// entry first. The evaluation stays, found again by its inputs.
    func letGo(of entries: [FormState.Entry]) {
        kept.withLock { kept in
            for index in kept.indices where kept[index].asked.map({ Self.sameArray($0, entries) }) == true {
                kept[index].asked = nil
            }
        }
    }

    /// Whether two arrays are one storage: equal without comparing an entry
    /// (an array's storage is never changed in place while another holds it).
    private static func sameArray(_ a: [FormState.Entry], _ b: [FormState.Entry]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && a.count == b.count
    }

    /// Entry by entry, stopping at the first that differs: a typed key's field.
    private static func sameInputs(
        _ a: ByField<FormState.Entry>, _ b: [FormState.Entry], _ counter: FormEvaluation.Counter?
    ) -> Bool {
        guard a.count == b.count else { return false }
        let found = a.differences(from: b, limit: 1) { $0.holdsSameInput(as: $1) }
        counter?.compared(found.compared)
        return found.count == 0
    }

    /// Of the fields `written` (any field not among them holds what it held), how
    /// many hold another input than in `earlier` (the cursor aside), counted up
    /// to two, and the one when only one does.
    private static func changes(
        in written: ArraySlice<(from: UInt64, field: Int)>, of entries: [FormState.Entry],
        from earlier: ByField<FormState.Entry>, _ counter: FormEvaluation.Counter?
    ) -> (count: Int, one: Int?) {
        var (first, count, compared) = (Int?.none, 0, 0)
        // A field written twice (a key's text, then its cursor) is compared once.
        for (index, write) in zip(written.indices, written) where count < 2 {
            guard !written[..<index].contains(where: { $0.field == write.field }) else { continue }
            compared += 1
            guard !earlier[write.field].holdsSameInput(as: entries[write.field]) else { continue }
            first = first ?? write.field
            count += 1
        }
        counter?.compared(compared)
        return (count, count == 1 ? first : nil)
    }

    /// The one field whose entry holds another input than in `earlier` (the
    /// cursor aside): a key typed into it. Nil when none or several differ.
    private static func onlyChange(of entries: [FormState.Entry], from earlier: ByField<FormState.Entry>) -> Int? {
        guard entries.count == earlier.count else { return nil }
        let found = earlier.differences(from: entries, limit: 2) { $0.holdsSameInput(as: $1) }
        return found.count == 1 ? found.first : nil
    }
}
