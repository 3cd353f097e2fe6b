/// "Did you mean ...?" for names a person typed (layouts, fields, actions).
public enum Suggestion {
    /// The candidate closest to `name`, ignoring case, if it is close enough to be
    /// a likely typo: at most `max(1, name.count / 3)` edits (insertions, deletions,
    /// substitutions of characters) away. Ties go to the earlier candidate.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased())
        let allowed = max(1, typed.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance, one row of the table at a time.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                let substitution = previous[j] + (x == y ? 0 : 1)
                current.append(min(substitution, previous[j + 1] + 1, current[j] + 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
