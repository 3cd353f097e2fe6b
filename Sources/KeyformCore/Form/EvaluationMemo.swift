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
    /// The newest last: the state's entries and, in a grid, the entries a pick would make.
    private let kept = Mutex<[(entries: [FormState.Entry], evaluation: FormEvaluation)]>([])
    private static let keptCount = 2

    func evaluation(of entries: [FormState.Entry], in context: FormContext) -> FormEvaluation {
        let counter = FormEvaluation.counter
        let earlier = kept.withLock { kept -> (entries: [FormState.Entry], evaluation: FormEvaluation)? in
            // The state's own entries asked for again (the footer, the Done line, the key
            // maps and the reducer of one key): the same array, told without reading it.
            // The newest last: the one asked for now is kept longest.
            if let index = kept.lastIndex(where: { Self.sameArray($0.entries, entries) }) {
                let found = kept.remove(at: index)
                kept.append(found)
                return found
            }
            for index in kept.indices.reversed() {
                guard Self.sameInputs(kept[index].entries, entries, counter) else { continue }
                // Kept under this array from now on: the next ask for it is told by its storage.
                var found = kept.remove(at: index)
                found.entries = entries
                kept.append(found)
                return found
            }
            return kept.last
        }
        if let earlier, Self.sameArray(earlier.entries, entries) { return earlier.evaluation }
        let evaluation = FormEvaluation(context, entries, after: earlier)
        kept.withLock { kept in
            kept.append((entries, evaluation))
            if kept.count > Self.keptCount { kept.removeFirst() }
        }
        return evaluation
    }

    /// Whether two arrays are one storage: equal without comparing an entry
    /// (an array's storage is never changed in place while another holds it).
    private static func sameArray(_ a: [FormState.Entry], _ b: [FormState.Entry]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && a.count == b.count
    }

    /// Entry by entry, stopping at the first that differs: a typed key's field.
    private static func sameInputs(
        _ a: [FormState.Entry], _ b: [FormState.Entry], _ counter: FormEvaluation.Counter?
    ) -> Bool {
        guard a.count == b.count else { return false }
        var compared = 0
        defer { counter?.compared(compared) }
        for index in a.indices {
            compared += 1
            guard a[index].holdsSameInput(as: b[index]) else { return false }
        }
        return true
    }
}
