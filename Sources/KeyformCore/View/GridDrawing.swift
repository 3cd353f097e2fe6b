/// A page of keys drawn with light box-drawing characters where `GridGeometry`
/// puts them; the highlighted key in reverse video. Returns structure (the
/// key cells, the highlighted one, the rules) that the form's grid view and
/// `keyform layout preview` compose.
public enum GridDrawing {
    /// A key of the page, by row and position in the row.
    public struct KeyIndex: Hashable, Sendable {
        public var row: Int
        public var key: Int
        public init(row: Int, key: Int) {
            self.row = row
            self.key = key
        }
    }

    /// One key as drawn: which key, what it shows, and where.
    public struct KeyCell: Equatable, Sendable {
        public var index: KeyIndex
        public var key: Layout.Key
        /// Its place: the left border's column and the cells between its borders.
        public var cell: GridGeometry.Cell
        /// What the key shows: `[h] High`, or `✓ Milk` for a marked key.
        public var face: String
        /// Whether the key is marked (a `multiple` field's selected key).
        public var marked: Bool
        /// The characters of `face` that matched a grid's filter (offsets,
        /// ascending): drawn underlined, a mark that needs no color.
        public var matched: [Int] = []
        /// Blank cells left and right of the face, inside the borders.
        var left: Int, right: Int

        /// The face and one blank each side (when there is room): the block
        /// that is reversed when the key is highlighted.
        var block: (lead: Int, text: String, trail: Int) {
            let (padLeft, padRight) = (min(1, left), min(1, right))
            let text = TextWidth.blanks(padLeft) + face + TextWidth.blanks(padRight)
            return (left - padLeft, text, right - padRight)
        }

        /// The column (within the grid) where the face starts: where the cursor
        /// sits on a highlighted key, for screen readers and magnifiers.
        public var faceColumn: Int { cell.x + 1 + left - (face.isEmpty ? min(1, left) : 0) }
    }

    /// A page of keys laid out: its key cells row by row, which one is
    /// highlighted, and its lines. The form view composes these (all rows, or
    /// some rows in a border) and never reads back what was drawn.
    public struct Drawing: Equatable, Sendable {
        public let geometry: GridGeometry
        /// The keys of each row, left to right; empty when the page has no keys.
        public let rows: [[KeyCell]]
        /// The highlighted key, when it is one of the page's keys.
        public let highlighted: KeyIndex?

        public var isEmpty: Bool { !rows.contains { !$0.isEmpty } }

        /// The same page with `highlight` highlighted instead (nil: none), as
        /// `draw` makes it: only `keyLine` of the rows the highlight is on differs.
        public func highlighting(_ highlight: KeyIndex?) -> Drawing {
            let valid = highlight.flatMap {
                rows.indices.contains($0.row) && rows[$0.row].indices.contains($0.key) ? $0 : nil
            }
            return Drawing(geometry: geometry, rows: rows, highlighted: valid)
        }

        /// The highlighted key's cell.
        public var highlightedCell: KeyCell? {
            highlighted.map { rows[$0.row][$0.key] }
        }

        /// The whole page: a rule above, between and below the key rows, each line
        /// exactly the geometry's width (a shorter row is padded with spaces).
        public var lines: [Frame.Line] {
            guard !isEmpty else { return [Frame.Line("(no keys on this page)")] }
            var lines = [rule(between: nil, and: 0)]
            for r in rows.indices {
                lines.append(keyLine(r))
                lines.append(rule(between: r, and: r + 1 < rows.count ? r + 1 : nil))
            }
            return lines
        }

        /// `│ label │ label │`, padded to the geometry's width.
        public func keyLine(_ row: Int) -> Frame.Line {
            var line = Frame.Line()
            if !rows[row].isEmpty {
                for key in rows[row] {
                    let block = key.block
                    let style: TextStyle = key.index == highlighted ? [.reverse, .bold] : []
                    line.append("│")
                    line.append(TextWidth.blanks(block.lead))
                    if key.matched.isEmpty {
                        line.append(block.text, style)
                    } else {
                        // The face's matched characters, after the blank the block may open with.
                        let shift = block.text.count - key.face.count - min(1, key.right)
                        let matched = Set(key.matched.map { $0 + shift })
                        for (offset, character) in block.text.enumerated() {
                            line.append(String(character), matched.contains(offset) ? style.union(.underline) : style)
                        }
                    }
                    line.append(TextWidth.blanks(block.trail))
                }
                line.append("│")
            }
            return line.padded(to: geometry.width)
        }

        /// The rule between two rows (nil above the first or below the last),
        /// padded to the geometry's width. It runs as far as the longer row, and
        /// each junction joins the borders that actually meet there.
        public func rule(between above: Int?, and below: Int?) -> Frame.Line {
            let up = borders(above), down = borders(below)
            let end = max(up.max() ?? 0, down.max() ?? 0)
            var text = String(
                (0...end).map { x in
                    GridDrawing.junction(up: up.contains(x), down: down.contains(x), left: x > 0, right: x < end)
                })
            // Each junction is one cell: padded without measuring the line.
            text += TextWidth.blanks(geometry.width - (end + 1))
            return Frame.Line(text)
        }

        /// The border above `row` when the rows before it are not shown (`top`),
        /// or below it when the rows after it are not shown: only this row's
        /// strokes meet it, and it ends where the row ends.
        public func border(of row: Int, top: Bool) -> Frame.Line {
            let shown = borders(row)
            let hidden = borders(top ? row - 1 : row + 1)
            let end = max(shown.max() ?? 0, hidden.max() ?? 0)
            var text = String(
                (0...end).map { x in
                    GridDrawing.junction(
                        up: !top && shown.contains(x), down: top && shown.contains(x), left: x > 0, right: x < end)
                })
            while let last = text.last, last == "─" || last == " " { text.removeLast() }
            return Frame.Line(text)
        }

        /// Screen columns of a row's vertical borders: each key's left border and
        /// the last key's right one (none for a row that is not there).
        private func borders(_ row: Int?) -> Set<Int> {
            guard let row, rows.indices.contains(row) else { return [] }
            let cells = geometry.cells[row]
            var xs = Set(cells.map(\.x))
            if let last = cells.last { xs.insert(last.x + last.innerWidth + 1) }
            return xs
        }
    }

    /// The page laid out in `width` cells. Keys for which `marked` is true (a
    /// `multiple` field's selected keys) show `✓ ` before their face: a mark that
    /// does not rely on colour.
    /// - Parameter matched: which characters of a key's label matched a
    ///   filter (see `GridFilter.Match.marked`), marked in its face.
    public static func draw(
        _ page: Layout.Page, width: Int, highlight: KeyIndex? = nil, marked: (Layout.Key) -> Bool = { _ in false },
        matched: (KeyIndex) -> [Int] = { _ in [] }
    ) -> Drawing {
        let geometry = GridGeometry(page: page, width: width)
        let rows = page.rows.enumerated().map { r, row in
            zip(row, geometry.cells[r]).enumerated().map { k, pair in
                let (key, cell) = pair
                let isMarked = marked(key)
                let label = face(of: key, room: isMarked ? max(3, cell.innerWidth - 2) : cell.innerWidth)
                let shown = isMarked ? "✓ " + label : label
                // The face is centred; with one blank each side it is the reversed block:
                // a solid block that reads at a glance, while a move redraws only two faces.
                let free = max(0, cell.innerWidth - TextWidth.cells(shown))
                var drawn = KeyCell(
                    index: KeyIndex(row: r, key: k), key: key, cell: cell, face: shown, marked: isMarked,
                    left: free / 2, right: free - free / 2)
                drawn.matched = matchedCharacters(
                    matched(KeyIndex(row: r, key: k)), of: key, in: label, after: shown.count - label.count)
                return drawn
            }
        }
        return Drawing(geometry: geometry, rows: rows, highlighted: nil).highlighting(highlight)
    }

    /// The offsets in the face of a label's matched characters that it shows:
    /// none when the label is shown escaped or with a hotkey's badge (its
    /// characters are not where they were), those before a cut's "…" otherwise.
    private static func matchedCharacters(
        _ marks: [Int], of key: Layout.Key, in label: String, after lead: Int
    ) -> [Int] {
        guard !marks.isEmpty, key.hotkey == nil, TerminalSafe.escaped(key.label) == key.label else { return [] }
        let whole = label == key.label
        let shown = whole ? label.count : label.count - 1
        return marks.filter { $0 < shown }.map { $0 + lead }
    }

    /// The page's lines (`draw(…).lines`), for a view that shows the whole page.
    public static func lines(
        of page: Layout.Page, width: Int, highlight: KeyIndex? = nil, marked: (Layout.Key) -> Bool = { _ in false }
    ) -> [Frame.Line] {
        draw(page, width: width, highlight: highlight, marked: marked).lines
    }

    /// Cells a key's label has to be shown whole in a key of `innerWidth`
    /// cells: all of them, less the hotkey's badge (`[h] `) when it has one.
    /// `face` draws by it and `keyform layout check` warns by it, so the check
    /// warns exactly about the labels the drawing cuts.
    public static func labelRoom(of key: Layout.Key, innerWidth: Int) -> Int {
        guard let hotkey = key.hotkey else { return innerWidth }
        return innerWidth - TextWidth.cells(badge(hotkey)) - 1
    }

    /// What a key shows in `room` cells (its inner width, less a mark's):
    /// `[y] Yes` with a blank each side when that fits, else without the blanks;
    /// else the label shrinks (to its whole words when one fits, else cut, with
    /// "…") and then goes, but a hotkey is never dropped: it is what presses the
    /// key, and nothing else on the screen shows it.
    public static func face(of key: Layout.Key, room: Int) -> String {
        let label = TerminalSafe.escaped(key.label)
        let whole = TextWidth.cells(label) <= labelRoom(of: key, innerWidth: room)
        guard let hotkey = key.hotkey else {
            return whole ? label : TextWidth.truncate(label, toCells: GridGeometry.labelWidth(innerWidth: room))
        }
        let mark = badge(hotkey)
        if whole { return "\(mark) \(label)" }
        let left = labelRoom(of: key, innerWidth: room)
        if left >= 2 { return "\(mark) \(shortened(label, toCells: left))" }
        return TextWidth.cells(mark) <= room ? mark : TextWidth.truncate(hotkeyName(hotkey), toCells: max(1, room))
    }

    /// `[h]`: the hotkey as a key shows it before its label.
    private static func badge(_ hotkey: Character) -> String { "[\(hotkeyName(hotkey))]" }

    /// `label` in `width` cells: whole, else as many whole words as fit before
    /// "…" ("Open…", not "Open w…"), else cut.
    static func shortened(_ label: String, toCells width: Int) -> String {
        if TextWidth.cells(label) <= width { return label }
        var words = label.split(separator: " ")
        while words.count > 1 {
            words.removeLast()
            let candidate = words.joined(separator: " ") + "…"
            if TextWidth.cells(candidate) <= width { return candidate }
        }
        return TextWidth.truncate(label, toCells: width)
    }

    /// A space would read as an empty checkbox (`[ ]`), so it is named.
    private static func hotkeyName(_ hotkey: Character) -> String {
        hotkey == " " ? "space" : TerminalSafe.escaped(String(hotkey))
    }

    /// The light box-drawing character with strokes in the given directions.
    fileprivate static func junction(up: Bool, down: Bool, left: Bool, right: Bool) -> Character {
        switch (up, down, left, right) {
        case (false, false, false, false): " "
        case (false, false, _, _): "─"
        case (_, _, false, false): "│"
        case (false, true, false, true): "┌"
        case (false, true, true, false): "┐"
        case (false, true, true, true): "┬"
        case (true, false, false, true): "└"
        case (true, false, true, false): "┘"
        case (true, false, true, true): "┴"
        case (true, true, false, true): "├"
        case (true, true, true, false): "┤"
        case (true, true, true, true): "┼"
        }
    }
}
