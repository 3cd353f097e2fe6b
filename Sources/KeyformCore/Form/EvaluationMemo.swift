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
        let earlier = kept.withLock { kept -> (entries: [FormState.Entry], evaluation: FormEvaluation)? in
            if let index = kept.lastIndex(where: { Self.sameInputs($0.entries, entries) }) {
                let found = kept.remove(at: index)
                kept.append(found)
                return found
            }
            return kept.last
        }
        if let earlier, Self.sameInputs(earlier.entries, entries) { return earlier.evaluation }
        let evaluation = FormEvaluation(context, entries, after: earlier)
        kept.withLock { kept in
            kept.append((entries, evaluation))
            if kept.count > Self.keptCount { kept.removeFirst() }
        }
        return evaluation
    }

    private static func sameInputs(_ a: [FormState.Entry], _ b: [FormState.Entry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.holdsSameInput(as: $1) }
    }
}
