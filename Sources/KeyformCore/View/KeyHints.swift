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
    static func footer(from inputs: [HintInput], width: Int) -> String {
        func fitted(_ hints: [(text: String, rank: Int)]) -> (footer: String, essentials: Int) {
            let footer = fit(hints.map { ($0.text, $0.rank) }, width: width)
            let shown = Set(footer.components(separatedBy: " · "))
            return (footer, hints.filter { $0.rank <= 1 && shown.contains($0.text) }.count)
        }
        let all = hints(from: inputs)
        let full = fitted(all)
        guard full.essentials < all.filter({ $0.rank <= 1 }).count else { return full.footer }
        let lean = fitted(hints(from: inputs, lean: true))
        return lean.essentials > full.essentials ? lean.footer : full.footer
    }

    /// The hints the inputs make: a pure function of them.
    /// - Parameter lean: each shared hint names only the keys of its most needed
    ///   bindings (`Enter next`, not `Enter/Tab next`), to make room.
    static func hints(from inputs: [HintInput], lean: Bool = false) -> [(text: String, rank: Int)] {
        var order: [String] = []
        var grouped: [String: (labels: [String], rank: Int)] = [:]
        for input in inputs {
            let labels = input.keys.filter { $0 != .anyCharacter }.map(\.label)
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
            // Arrows read as one word (←↑↓→); other keys are told apart by a slash.
            let keys = group.labels.allSatisfy { $0.count == 1 && !$0.first!.isLetter && !$0.first!.isNumber }
                ? group.labels.joined() : group.labels.joined(separator: "/")
            return (keys + " " + words, group.rank)
        }
    }
}
