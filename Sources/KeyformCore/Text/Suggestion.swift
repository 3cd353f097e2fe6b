/// "Did you mean" suggestions for misspelt names.
public enum Suggestion {
    /// The candidate closest to `name` (case-insensitive edit distance at most
    /// max(1, length / 3)), else one that starts with `name` (3 characters or more),
    /// or nil when nothing is close. Ties go to the earlier candidate.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, target.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if let best { return best.candidate }
        // An abbreviation (`prio` for `priority`) is too many edits away but just as clear.
        guard target.count >= 3 else { return nil }
        return candidates.first { $0.lowercased().hasPrefix(String(target)) }
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
