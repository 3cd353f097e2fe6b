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
}
