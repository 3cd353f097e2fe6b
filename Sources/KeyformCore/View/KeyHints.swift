/// The footer's key hints, as many as fit: whole hints are left out, the least
/// needed first (the highest number), never cut mid-word.
enum KeyHints {
    /// - Parameter hints: each hint with how dispensable it is (0: always kept while anything is).
    static func fit(_ hints: [(String, Int)], width: Int) -> String {
        let separator = " · "
        var kept = hints
        while kept.count > 1, TextWidth.cells(kept.map(\.0).joined(separator: separator)) > width {
            let worst = kept.indices.max { kept[$0].1 < kept[$1].1 }!
            kept.remove(at: worst)
        }
        return kept.map(\.0).joined(separator: separator)
    }

    /// The footer the inputs make in `width` cells: a pure function of them.
    /// When the hints that always stay (Enter's and Esc's, ranks 0 and 1) do not
    /// all fit, shared hints give up their less needed keys first: at 24
    /// columns `Enter next · Esc cancel` rather than `Enter/Tab next` alone.
    /// When any hint is left out, the hints named only then (`F1 keys`, the
    /// list of them all) come last, if Enter's and Esc's still fit with them.
    static func footer(from inputs: [HintInput], width: Int) -> String {
        let named = inputs.filter { !$0.onlyWhenCut }
        let whole = fitted(named, width: width)
        let more = hints(from: inputs.filter(\.onlyWhenCut)).map(\.text).joined(separator: " · ")
        guard !more.isEmpty, whole.footer != hints(from: named).map(\.text).joined(separator: " · ") else {
            return whole.footer
        }
        let room = width - TextWidth.cells(more) - 3
        guard room > 0 else { return whole.footer }
        let part = fitted(named, width: room)
        guard part.essentials >= whole.essentials, !part.footer.isEmpty, TextWidth.cells(part.footer) <= room else {
            return whole.footer
        }
        return part.footer + " · " + more
    }

    /// The hints that fit in `width`, and how many of those that always stay
    /// (ranks 0 and 1) are among them.
    private static func fitted(_ inputs: [HintInput], width: Int) -> (footer: String, essentials: Int) {
        func fitted(_ hints: [(text: String, rank: Int)]) -> (footer: String, essentials: Int) {
            let footer = fit(hints.map { ($0.text, $0.rank) }, width: width)
            let shown = Set(footer.components(separatedBy: " · "))
            return (footer, hints.filter { $0.rank <= 1 && shown.contains($0.text) }.count)
        }
        let all = hints(from: inputs)
        let full = fitted(all)
        guard full.essentials < all.filter({ $0.rank <= 1 }).count else { return full }
        let lean = fitted(hints(from: inputs, lean: true))
        return lean.essentials > full.essentials ? lean : full
    }

    /// The hints the inputs make: a pure function of them.
    /// - Parameter lean: each shared hint names only the keys of its most needed
    ///   bindings (`Enter next`, not `Enter/Tab next`), to make room.
    static func hints(from inputs: [HintInput], lean: Bool = false) -> [(text: String, rank: Int)] {
        grouped(inputs, lean: lean).map { ($0.keys + " " + $0.words, $0.rank) }
    }

    /// The inputs with the same words as one: their keys' labels joined
    /// (`←↑↓→`, `Enter/Tab`, `Alt-1…9`), the words, the lowest rank.
    /// - Parameter anyCharacter: what to name `anyCharacter` by (`a key`, in the
    ///   reader's language), as the key list does; nil, as in the footer, leaves it out.
    static func grouped(
        _ inputs: [HintInput], lean: Bool = false, anyCharacter: String? = nil
    )
        -> [(keys: String, words: String, rank: Int)]
    {
        var order: [String] = []
        var grouped: [String: (labels: [String], rank: Int)] = [:]
        for input in inputs {
            let labels = input.keys.compactMap { $0 == .anyCharacter ? anyCharacter : $0.label }
            guard !labels.isEmpty else { continue }
            if var group = grouped[input.words] {
                if lean, input.rank > group.rank { continue }
                if lean, input.rank < group.rank { group.labels = [] }
                group.labels += labels.filter { !group.labels.contains($0) }
                group.rank = min(group.rank, input.rank)
                grouped[input.words] = group
            } else {
                order.append(input.words)
                grouped[input.words] = (labels, input.rank)
            }
        }
        return order.map { words in
            let group = grouped[words]!
            return (joined(group.labels), words, group.rank)
        }
    }

    /// Labels as one: arrows read as one word (`←↑↓→`); a run of digits after
    /// the same prefix as a range (`Alt-1…9`); other keys told apart by a slash.
    static func joined(_ labels: [String]) -> String {
        if labels.allSatisfy({ $0.count == 1 && !$0.first!.isLetter && !$0.first!.isNumber }) { return labels.joined() }
        if labels.count >= 3, let first = labels.first, let last = labels.last, let digit = first.last?.wholeNumberValue
        {
            let prefix = first.dropLast()
            let run = labels.enumerated().allSatisfy { index, label in
                label.dropLast() == prefix && label.last?.wholeNumberValue == digit + index
            }
            if run { return first + "…" + String(last.last!) }
        }
        return labels.joined(separator: "/")
    }
}
