/// Text of several lines laid out as a terminal shows it in rows of at most
/// `width` cells: each line break (`\n`) ends a row, and a line longer than a
/// row wraps at its last space that fits (a word longer than a row is cut where
/// the row ends). Cells are counted as `TextWidth` counts them (CJK and emoji
/// take 2), and every character is drawn as `TerminalSafe` escapes it, so data
/// never acts on the terminal. Positions are Characters of the original text,
/// as an entry's cursor counts them: a field of several lines (`lines:`) is
/// drawn from `rows`, and its cursor moves up and down with `cursor(from:rows:)`.
public struct WrappedText: Equatable, Sendable {
    /// One row: the characters it holds (a row that ends with a line break
    /// holds it, drawn as nothing), drawn as `shown`, `cells` wide.
    public struct Row: Equatable, Sendable {
        public var range: Range<Int>
        public var shown: String
        public var cells: Int
        /// Whether the row ends with the text's line break (not a wrap).
        public var endsLine: Bool
    }

    public let rows: [Row]
    /// Characters in the text.
    public let count: Int
    /// Cells each character covers as drawn (a line break 0).
    private let cells: [Int]

    public init(_ text: String, width: Int) {
        let width = max(1, width)
        var shown: [String] = []
        var cells: [Int] = []
        var breaks: [Bool] = []
        for character in text {
            let isBreak = character == "\n"
            let drawn = isBreak ? "" : TerminalSafe.escaped(String(character))
            shown.append(drawn)
            cells.append(isBreak ? 0 : TextWidth.cells(drawn))
            breaks.append(isBreak)
        }
        var rows: [Row] = []
        func row(_ range: Range<Int>, endsLine: Bool) -> Row {
            var drawn = Row(
                range: range, shown: shown[range].joined(), cells: cells[range].reduce(0, +), endsLine: endsLine)
            // A space that ended a full row is not drawn: it has no cell.
            if drawn.cells > width, drawn.shown.hasSuffix(" ") {
                drawn.shown.removeLast()
                drawn.cells -= 1
            }
            return drawn
        }
        var start = 0
        var used = 0
        var lastSpace: Int?
        var index = 0
        while index < cells.count {
            if breaks[index] {
                rows.append(row(start..<(index + 1), endsLine: true))
                (start, used, lastSpace) = (index + 1, 0, nil)
                index += 1
                continue
            }
            if used + cells[index] > width, index > start {
                // A space that does not fit ends the row (drawn in no cell); else wrap after the last space.
                let end = shown[index] == " " ? index + 1 : (lastSpace.map { $0 + 1 } ?? index)
                rows.append(row(start..<end, endsLine: false))
                start = end
                used = cells[start..<max(start, index)].reduce(0, +)
                lastSpace = nil
                if end > index { index = end }
                continue
            }
            used += cells[index]
            if shown[index] == " " { lastSpace = index }
            index += 1
        }
        rows.append(row(start..<cells.count, endsLine: false))
        // The cursor after a last row that fills its width needs a row of its own.
        if let last = rows.last, last.cells >= width, !last.range.isEmpty {
            rows.append(Row(range: cells.count..<cells.count, shown: "", cells: 0, endsLine: false))
        }
        self.rows = rows
        self.count = cells.count
        self.cells = cells
    }

    /// The row and the cell column where the cursor before character `cursor` is drawn.
    public func position(ofCursor cursor: Int) -> (row: Int, column: Int) {
        let cursor = min(max(0, cursor), count)
        let row = self.row(of: cursor)
        let range = rows[row].range
        return (row, cells[range.lowerBound..<min(cursor, range.upperBound)].reduce(0, +))
    }

    /// The cursor moved `rows` rows up (negative) or down, to the cell column
    /// it is at, or the last character before it; past the first row to the
    /// text's start, past the last to its end.
    public func cursor(from cursor: Int, rows delta: Int) -> Int {
        let (row, column) = position(ofCursor: cursor)
        let target = row + delta
        if target < 0 { return 0 }
        if target >= rows.count { return count }
        let range = rows[target].range
        // The last place on the row: before its line break, or before the wrap (which is the next row's start).
        let isLast = target == rows.count - 1
        let end =
            rows[target].endsLine
            ? range.upperBound - 1 : (isLast ? range.upperBound : max(range.lowerBound, range.upperBound - 1))
        var position = range.lowerBound
        var used = 0
        while position < end, used + cells[position] <= column {
            used += cells[position]
            position += 1
        }
        return position
    }

    /// The row the cursor before character `cursor` is drawn on: the first
    /// whose characters include it, or the last row for the text's end.
    private func row(of cursor: Int) -> Int {
        for (index, row) in rows.enumerated() {
            if row.range.contains(cursor) { return index }
            // A row ending in a line break: its end is the next row's start.
        }
        return rows.count - 1
    }
}
