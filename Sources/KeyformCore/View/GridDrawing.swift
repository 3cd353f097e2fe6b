/// A page of keys drawn with light box-drawing characters where `GridGeometry`
/// puts them; the highlighted key in reverse video. Used by the form's grid
/// view and by `keyform layout preview`.
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

    /// Box-drawn rows of keys; every line is exactly the geometry's width, so a
    /// row shorter than the widest is padded with spaces past its last key.
    /// Keys for which `marked` is true (a `multiple` field's selected keys) show
    /// `✓ ` before their face: a mark that does not rely on colour.
    public static func lines(of page: Layout.Page, width: Int, highlight: KeyIndex? = nil, marked: (Layout.Key) -> Bool = { _ in false }) -> [Frame.Line] {
        guard page.rows.contains(where: { !$0.isEmpty }) else { return [Frame.Line("(no keys on this page)")] }
        let geometry = GridGeometry(page: page, width: width)
        let pad = { (line: Frame.Line) in line.padded(to: geometry.width) }
        var lines = [pad(Frame.Line(rule(above: [], below: geometry.cells[0])))]
        for (r, row) in page.rows.enumerated() {
            let cells = geometry.cells[r]
            let below = r + 1 < page.rows.count ? geometry.cells[r + 1] : []
            let highlighted = highlight?.row == r ? highlight?.key : nil
            lines.append(pad(keyLine(row, cells, highlighted: highlighted, marked: marked)))
            lines.append(pad(Frame.Line(rule(above: cells, below: below))))
        }
        return lines
    }

    /// `│ label │ label │`: each key's face centred between its borders.
    private static func keyLine(_ keys: [Layout.Key], _ cells: [GridGeometry.Cell], highlighted: Int?, marked: (Layout.Key) -> Bool) -> Frame.Line {
        guard !keys.isEmpty else { return Frame.Line() }
        var line = Frame.Line()
        for (index, (key, cell)) in zip(keys, cells).enumerated() {
            let labelWidth = GridGeometry.labelWidth(innerWidth: cell.innerWidth)
            let face = marked(key)
                ? "✓ " + face(of: key, inCells: max(1, labelWidth - 2))
                : face(of: key, inCells: labelWidth)
            line.append("│")
            // The face and one space on each side are reversed: a solid block that reads
            // at a glance, while a move redraws only the two faces, not two whole keys.
            let free = max(0, cell.innerWidth - TextWidth.cells(face))
            let (left, right) = (free / 2, free - free / 2)
            let (padLeft, padRight) = (min(1, left), min(1, right))
            line.append(String(repeating: " ", count: left - padLeft))
            line.append(String(repeating: " ", count: padLeft) + face + String(repeating: " ", count: padRight),
                        index == highlighted ? [.reverse, .bold] : [])
            line.append(String(repeating: " ", count: right - padRight))
        }
        line.append("│")
        return line
    }

    /// `[y] Yes` when it fits; otherwise the label alone (cut with "…" if need be),
    /// since the label is what tells keys apart.
    static func face(of key: Layout.Key, inCells width: Int) -> String {
        let label = TerminalSafe.escaped(key.label)
        if let hotkey = key.hotkey {
            let withHotkey = "[\(hotkeyName(hotkey))] \(label)"
            if TextWidth.cells(withHotkey) <= width { return withHotkey }
        }
        return TextWidth.truncate(label, toCells: width)
    }

    /// A space would read as an empty checkbox (`[ ]`), so it is named.
    private static func hotkeyName(_ hotkey: Character) -> String {
        hotkey == " " ? "space" : TerminalSafe.escaped(String(hotkey))
    }

    /// The horizontal border between two rows (`above` is empty for the top
    /// border, `below` for the bottom one). It runs as far as the longer row, and
    /// each junction joins the borders that actually meet there.
    private static func rule(above: [GridGeometry.Cell], below: [GridGeometry.Cell]) -> String {
        let up = borders(of: above)
        let down = borders(of: below)
        let end = max(up.max() ?? 0, down.max() ?? 0)
        var line = ""
        for x in 0...end {
            line.append(junction(up: up.contains(x), down: down.contains(x), left: x > 0, right: x < end))
        }
        return line
    }

    /// Screen columns of a row's vertical borders: each key's left border and the
    /// last key's right one.
    private static func borders(of cells: [GridGeometry.Cell]) -> Set<Int> {
        var xs = Set(cells.map(\.x))
        if let last = cells.last { xs.insert(last.x + last.innerWidth + 1) }
        return xs
    }

    /// The light box-drawing character with strokes in the given directions.
    private static func junction(up: Bool, down: Bool, left: Bool, right: Bool) -> Character {
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
