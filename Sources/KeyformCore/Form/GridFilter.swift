/// Type-to-filter on a long grid: what the person typed, and the layout's text
/// keys that match it, laid out as a page of their own that the grid shows and
/// the arrows move on. A view of the keys only: the field's value changes when
/// a key is picked, as from the whole grid.
///
/// A key matches when the query's characters appear in its label in order
/// (a subsequence, as in fzf), compared case-insensitively character by
/// character (grapheme clusters: `é` is one). The matches come best first:
/// labels that begin with the query, then those holding it whole at a word's
/// start or as the initials of words (`nz`: New Zealand), then whole anywhere,
/// then scattered; the layout's order within each (see `match`).
public struct GridFilter: Equatable, Sendable {
    /// One matching key, and which characters of its label matched (offsets in
    /// characters, ascending): the view marks them.
    public struct Match: Equatable, Sendable {
        public var key: Layout.Key
        public var marked: [Int]
        /// Which of the four orders it falls in (0 best): see the type's comment.
        var rank: Int
        /// Its place among the layout's text keys: the order within a rank.
        var position: Int
    }

    /// A grid's text keys as the filter compares them: each label folded
    /// (lowercased, character by character) once for the grid, when the form
    /// is prepared (`FormContext`), not again for every character typed.
    public struct Keys: Equatable, Sendable {
        /// The text keys of every page, in reading order, without hotkeys.
        let keys: [Layout.Key]
        /// Each key's label as matching compares it, by key.
        let folded: [[String]]
        /// The widest row's count of keys.
        let columns: Int

        public init(_ layout: Layout) {
            keys = GridFilter.textKeys(of: layout)
            folded = keys.map { $0.label.map(GridFilter.folded) }
            columns = max(1, layout.pages.flatMap(\.rows).map(\.count).max() ?? 1)
        }
    }

    /// The grid's keys the filter narrows (shared with the context: not copied).
    private let keys: Keys

    /// What was typed, as typed.
    public private(set) var query: String
    /// The keys that match, best first.
    public private(set) var matches: [Match]
    /// How many text keys the layout has (the `3 of 250` the filter line shows).
    public let total: Int
    /// Keys to a row of `page`: as many as the layout's widest row.
    public let columns: Int
    /// The matches as a page of keys, `columns` to a row, without hotkeys:
    /// while the filter is open, typed characters are the query's.
    public private(set) var page: Layout.Page

    /// The filter over a grid's text keys (every page's), holding `query`.
    public init(_ keys: Keys, query: String = "") {
        self.keys = keys
        total = keys.keys.count
        columns = keys.columns
        self.query = query
        matches = Self.matching(query, among: keys.keys.indices, of: keys)
        page = Layout.Page(rows: [])
        page = laidOut()
    }

    /// The filter over `layout`'s text keys, folded now (a form's grids have
    /// theirs folded once by `FormContext.filterKeys`).
    public init(_ layout: Layout, query: String = "") {
        self.init(Keys(layout), query: query)
    }

    /// Whether `layout` gets a filter: a choice grid (not a calendar's month)
    /// with a text key that has no hotkey, so that typing is the way to reach it.
    public static func applies(to layout: Layout, named name: String) -> Bool {
        layout.kind == .choice && !CalendarGrid.isCalendar(name)
            && layout.pages.contains { $0.rows.contains { $0.contains { $0.action == .text && $0.hotkey == nil } } }
    }

    /// The filter with `character` typed after the query: only the keys that
    /// matched before can match now, so only they are tried again.
    public func typing(_ character: Character) -> GridFilter {
        var next = self
        next.query.append(character)
        next.matches = Self.matching(next.query, among: matches.map(\.position), of: keys)
        next.page = next.laidOut()
        return next
    }

    /// The filter with the query's last character erased, tried over every key again.
    public func erasing() -> GridFilter {
        GridFilter(keys, query: String(query.dropLast()))
    }

    /// The match drawn at `index` of `page`.
    public func match(at index: GridDrawing.KeyIndex) -> Match? {
        let at = index.row * columns + index.key
        return matches.indices.contains(at) ? matches[at] : nil
    }

    /// The text keys of every page of `layout`, in reading order, without hotkeys.
    static func textKeys(of layout: Layout) -> [Layout.Key] {
        layout.allKeys.filter { $0.action == .text }.map { key in
            var key = key
            key.hotkey = nil
            key.span = 1
            return key
        }
    }

    private func laidOut() -> Layout.Page {
        let keys = matches.map(\.key)
        return Layout.Page(
            rows: stride(from: 0, to: keys.count, by: columns).map { Array(keys[$0..<min($0 + columns, keys.count)]) })
    }

    /// The keys at `positions` (in the layout's order) that match `query`, each
    /// with its marks and rank, best first.
    private static func matching(_ query: String, among positions: some Collection<Int>, of keys: Keys) -> [Match] {
        let wanted = query.map(folded)
        guard !wanted.isEmpty else {
            return positions.sorted().map { Match(key: keys.keys[$0], marked: [], rank: 0, position: $0) }
        }
        var out: [Match] = []
        out.reserveCapacity(positions.count)
        for position in positions {
            guard let (marked, rank) = match(wanted, in: keys.folded[position]) else { continue }
            out.append(Match(key: keys.keys[position], marked: marked, rank: rank, position: position))
        }
        return out.sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }
    }

    /// A character as matching compares it: lowercased (`É` as `é`); an ASCII
    /// character without going through Unicode's case tables.
    static func folded(_ character: Character) -> String {
        guard let ascii = character.asciiValue else { return character.lowercased() }
        return String(UnicodeScalar((65...90).contains(ascii) ? ascii + 32 : ascii))
    }

    /// Where `wanted` sits in `label` as a subsequence, and how well (0 best),
    /// nil when it does not. The first fit found, in this order: the whole
    /// query at a word's start (0 when that is the label's start, else 1);
    /// runs of it each at a word's start, as initials (`nz` in New Zealand, 1);
    /// the whole query anywhere (2); else the leftmost fit tightened from its
    /// end (fzf's first pass, 3), so the marks are as close as that fit allows.
    static func match(_ wanted: [String], in label: [String]) -> (marks: [Int], rank: Int)? {
        guard !wanted.isEmpty, wanted.count <= label.count else { return nil }
        func isWordStart(_ i: Int) -> Bool { i == 0 || !label[i - 1].allSatisfy { $0.isLetter || $0.isNumber } }
        var anywhere: Int?
        for start in 0...(label.count - wanted.count) where label[start] == wanted[0] {
            guard (1..<wanted.count).allSatisfy({ label[start + $0] == wanted[$0] }) else { continue }
            if isWordStart(start) { return (Array(start..<(start + wanted.count)), start == 0 ? 0 : 1) }
            anywhere = anywhere ?? start
        }
        if let initials = initials(of: wanted, in: label, isWordStart: isWordStart) { return (initials, 1) }
        if let start = anywhere { return (Array(start..<(start + wanted.count)), 2) }
        return leftmost(wanted, in: label).map { ($0, 3) }
    }

    /// The query as runs that each begin at a word's start, greedily: a run
    /// goes on while the next character follows it, else the next word that
    /// begins with the query's next character starts one.
    private static func initials(of wanted: [String], in label: [String], isWordStart: (Int) -> Bool) -> [Int]? {
        var marks: [Int] = []
        for character in wanted {
            if let last = marks.last, last + 1 < label.count, label[last + 1] == character {
                marks.append(last + 1)
                continue
            }
            let from = (marks.last ?? -1) + 1
            guard from < label.count,
                let next = (from..<label.count).first(where: { isWordStart($0) && label[$0] == character })
            else { return nil }
            marks.append(next)
        }
        return marks
    }

    /// The leftmost fit, tightened from its end.
    private static func leftmost(_ wanted: [String], in label: [String]) -> [Int]? {
        var w = 0, end = -1
        for (i, character) in label.enumerated() where character == wanted[w] {
            w += 1
            if w == wanted.count { end = i; break }
        }
        guard end >= 0 else { return nil }
        var marks: [Int] = []
        var i = end
        for character in wanted.reversed() {
            while label[i] != character { i -= 1 }
            marks.append(i)
            i -= 1
        }
        return marks.reversed()
    }
}
