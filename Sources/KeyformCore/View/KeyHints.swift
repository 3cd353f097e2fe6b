/// The footer's key hints, as many as fit: whole hints are left out, the least
/// needed first (the highest number), never cut mid-word.
enum KeyHints {
    /// One hint as the footer shows it (`Enter pick Felt strong`), how
    /// dispensable it is (0: always kept while anything is), and whether it says
    /// what Enter does (see `HintInput.emphasized`).
    struct Hint: Equatable {
        var text: String
        var rank: Int
        var emphasized = false
    }

    static let separator = " · "

    /// As many of `hints` as fit in `width` cells, the least needed left out first.
    static func fit(_ hints: [Hint], width: Int) -> [Hint] {
        var kept = hints
        while kept.count > 1, TextWidth.cells(joined(kept)) > width {
            let worst = kept.indices.max { kept[$0].rank < kept[$1].rank }!
            kept.remove(at: worst)
        }
        return kept
    }

    /// The hints as one line of text, as the footer shows them.
    static func joined(_ hints: [Hint]) -> String {
        hints.map(\.text).joinedText(separator: separator)
    }

    /// The footer the inputs make in `width` cells: a pure function of them.
    static func footer(from inputs: [HintInput], width: Int) -> String {
        joined(shown(from: inputs, width: width))
    }

    /// The footer as a form draws it: dimmed, but for the hint of what Enter
    /// does, which is what a person reads before pressing it (the key a grid's
    /// highlight would pick, DECISIONS 22), at the text's own weight. A pure
    /// function of the inputs, as `footer(from:width:)`, whose text it has.
    static func footerLine(from inputs: [HintInput], width: Int) -> Frame.Line {
        footerLine(shown(from: inputs, width: width))
    }

    /// The hints drawn as the footer's line (see `footerLine(from:width:)`).
    static func footerLine(_ hints: [Hint]) -> Frame.Line {
        var line = Frame.Line()
        for (index, hint) in hints.enumerated() {
            if index > 0 { line.append(separator, .dim) }
            line.append(hint.text, hint.emphasized ? [] : .dim)
        }
        return line.measured()
    }

    /// The hints the footer shows in `width` cells, in order.
    /// When the hints that always stay (Enter's and Esc's, ranks 0 and 1) do not
    /// all fit, shared hints give up their less needed keys first: at 24
    /// columns `Enter next · Esc cancel` rather than `Enter/Tab next` alone.
    /// When any hint is left out, the hints named only then (`F1 keys`, the
    /// list of them all) come last, if Enter's and Esc's still fit with them.
    static func shown(from inputs: [HintInput], width: Int) -> [Hint] {
        shown(Candidates(inputs), width: width)
    }

    /// The hints a footer is chosen from, grouped as the inputs make them: all
    /// that `shown` needs to know of the inputs, so a footer kept under other
    /// words for Enter is chosen again without grouping its inputs anew.
    struct Candidates {
        /// The hints of the inputs named in the footer (not only when others are cut).
        var named: [Hint]
        /// The same, each shared hint naming only its most needed keys (see `hints(from:lean:)`).
        var lean: [Hint]
        /// The hints named only when others are left out (`F1 keys`).
        var more: [Hint]

        init(_ inputs: [HintInput]) {
            let named = inputs.filter { !$0.onlyWhenCut }
            self.named = KeyHints.hints(from: named)
            lean = KeyHints.hints(from: named, lean: true)
            more = KeyHints.hints(from: inputs.filter(\.onlyWhenCut))
        }

        /// The candidates with `words` after the emphasized hint's keys: made
        /// from inputs whose emphasized one had no words, where the emphasized
        /// input's words are no other input's (so it is a hint of its own, in
        /// the same place, whatever they are), this is what those inputs with
        /// `words` for it make.
        func sayingEnter(_ words: String) -> Candidates {
            func said(_ hints: [Hint]) -> [Hint] {
                hints.map { hint in
                    guard hint.emphasized else { return hint }
                    var hint = hint
                    hint.text += words
                    return hint
                }
            }
            var candidates = self
            (candidates.named, candidates.lean, candidates.more) = (said(named), said(lean), said(more))
            return candidates
        }
    }

    /// The hints `shown(from:width:)` chooses from the candidates.
    static func shown(_ candidates: Candidates, width: Int) -> [Hint] {
        let whole = fitted(candidates, width: width)
        let more = candidates.more
        guard !more.isEmpty, whole.hints != candidates.named else { return whole.hints }
        let room = width - TextWidth.cells(joined(more)) - separator.count
        guard room > 0 else { return whole.hints }
        let part = fitted(candidates, width: room)
        guard part.essentials >= whole.essentials, !part.hints.isEmpty, TextWidth.cells(joined(part.hints)) <= room
        else {
            return whole.hints
        }
        return part.hints + more
    }

    /// The hints that fit in `width`, and how many of those that always stay
    /// (ranks 0 and 1) are among them.
    private static func fitted(_ candidates: Candidates, width: Int) -> (hints: [Hint], essentials: Int) {
        func fitted(_ hints: [Hint]) -> (hints: [Hint], essentials: Int) {
            let kept = fit(hints, width: width)
            return (kept, kept.filter { $0.rank <= 1 }.count)
        }
        let all = candidates.named
        let full = fitted(all)
        guard full.essentials < all.filter({ $0.rank <= 1 }).count else { return full }
        let lean = fitted(candidates.lean)
        return lean.essentials > full.essentials ? lean : full
    }

    /// The hints the inputs make: a pure function of them.
    /// - Parameter lean: each shared hint names only the keys of its most needed
    ///   bindings (`Enter next`, not `Enter/Tab next`), to make room.
    static func hints(from inputs: [HintInput], lean: Bool = false) -> [Hint] {
        grouped(inputs, lean: lean).map {
            Hint(text: $0.keys + " " + $0.words, rank: $0.rank, emphasized: $0.emphasized)
        }
    }

    /// The inputs with the same words as one: their keys' labels joined
    /// (`←↑↓→`, `Enter/Tab`, `Alt-1…9`), the words, the lowest rank; emphasized
    /// when one of them is.
    /// - Parameter anyCharacter: what to name `anyCharacter` by (`a key`, in the
    ///   reader's language), as the key list does; nil, as in the footer, leaves it out.
    static func grouped(
        _ inputs: [HintInput], lean: Bool = false, anyCharacter: String? = nil
    )
        -> [(keys: String, words: String, rank: Int, emphasized: Bool)]
    {
        var order: [String] = []
        var grouped: [String: (labels: [String], rank: Int, emphasized: Bool)] = [:]
        for input in inputs {
            let labels = input.keys.compactMap { $0 == .anyCharacter ? anyCharacter : $0.label }
            guard !labels.isEmpty else { continue }
            if var group = grouped[input.words] {
                if lean, input.rank > group.rank { continue }
                if lean, input.rank < group.rank { group.labels = [] }
                group.labels += labels.filter { !group.labels.contains($0) }
                group.rank = min(group.rank, input.rank)
                group.emphasized = group.emphasized || input.emphasized
                grouped[input.words] = group
            } else {
                order.append(input.words)
                grouped[input.words] = (labels, input.rank, input.emphasized)
            }
        }
        return order.map { words in
            let group = grouped[words]!
            return (joined(group.labels), words, group.rank, group.emphasized)
        }
    }

    /// Labels as one: arrows read as one word (`←↑↓→`); a run of digits after
    /// the same prefix as a range (`Alt-1…9`); other keys told apart by a slash.
    static func joined(_ labels: [String]) -> String {
        if labels.allSatisfy({ $0.count == 1 && !$0.first!.isLetter && !$0.first!.isNumber }) {
            return labels.joinedText()
        }
        if labels.count >= 3, let first = labels.first, let last = labels.last, let digit = first.last?.wholeNumberValue
        {
            let prefix = first.dropLast()
            let run = labels.enumerated().allSatisfy { index, label in
                label.dropLast() == prefix && label.last?.wholeNumberValue == digit + index
            }
            if run { return first + "…" + String(last.last!) }
        }
        return labels.joinedText(separator: "/")
    }
}
