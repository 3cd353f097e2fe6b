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
        /// The entries the evaluation was made from, the memo's own: never the
        /// state's storage, so that holding them does not make the reducer's
        /// write into the state's entries copy all of them (issue 27).
        var inputs: ByField<FormState.Entry>
        var evaluation: FormEvaluation
    }

    /// The newest last: the state's entries and, in a grid, the entries a pick would make.
    private let kept = Mutex<[Kept]>([])
    private static let keptCount = 2

    func evaluation(of entries: [FormState.Entry], in context: FormContext) -> FormEvaluation {
        let counter = FormEvaluation.counter
        let earlier = kept.withLock { kept -> Kept? in
            // The state's own entries asked for again (the footer, the Done line, the key
            // maps and the reducer of one key): the same array, told without reading it.
            // The newest last: the one asked for now is kept longest.
            if let index = kept.lastIndex(where: { $0.asked.map { Self.sameArray($0, entries) } ?? false }) {
                let found = kept.remove(at: index)
                kept.append(found)
                return found
            }
            for index in kept.indices.reversed() {
                guard Self.sameInputs(kept[index].inputs, entries, counter) else { continue }
                // Kept under this array from now on: the next ask for it is told by its storage.
                var found = kept.remove(at: index)
                found.asked = entries
                kept.append(found)
                return found
            }
            return kept.last
        }
        if let earlier, let asked = earlier.asked, Self.sameArray(asked, entries) { return earlier.evaluation }
        let changed = earlier.flatMap { Self.onlyChange(of: entries, from: $0.inputs) }
        let evaluation = FormEvaluation(
            context, entries, after: earlier.map { ($0.inputs, $0.evaluation) }, changing: changed)
        // One field changed: the earlier inputs with it replaced, shared; else the entries
        // copied into storage of the memo's own (a whole evaluation reads them all anyway).
        let inputs =
            if let earlier, let changed { earlier.inputs.replacing(changed, with: entries[changed]) } else {
                ByField(entries.map { $0 })
            }
        kept.withLock { kept in
            kept.append(Kept(asked: entries, inputs: inputs, evaluation: evaluation))
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

    /// The one field whose entry holds another input than in `earlier` (the
    /// cursor aside): a key typed into it. Nil when none or several differ.
    private static func onlyChange(of entries: [FormState.Entry], from earlier: ByField<FormState.Entry>) -> Int? {
        guard entries.count == earlier.count else { return nil }
        let found = earlier.differences(from: entries, limit: 2) { $0.holdsSameInput(as: $1) }
        return found.count == 1 ? found.first : nil
    }
}
