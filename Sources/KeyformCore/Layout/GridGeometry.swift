/// Where each key of a layout page sits on screen, for a given width.
///
/// The grid is drawn with a one-cell border between keys:
/// `│ High   │ Medium │ Low    │`. Every column has the same width; a key that
/// spans `n` columns covers `n` columns and the `n - 1` borders between them.
/// Both the preview and the form's grid view draw from this one geometry, and the
/// layout checker uses it to warn about labels that would not fit at 80 columns.
public struct GridGeometry: Equatable, Sendable {
    /// One key's place: its row, its first column, and its inner width in cells.
    public struct Cell: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public var span: Int
        /// Cells between the key's borders.
        public var innerWidth: Int
        /// Screen column (0-based, within the grid) of the key's left border.
        public var x: Int
    }

    /// Columns of the widest row (spans added up).
    public let columns: Int
    /// Cells per column, border included.
    public let unit: Int
    /// Cells per row of keys for each row of the page, in key order.
    public let cells: [[Cell]]

    /// Total width in cells, both outer borders included.
    public var width: Int { columns * unit + 1 }

    /// Cells left on each side of a label inside a key.
    public static let labelPadding = 1

    /// Lays `rows` (given as their keys' spans) out in at most `width` cells.
    public init(spans rows: [[Int]], width: Int) {
        let columns = max(1, rows.map { $0.reduce(0) { $0 + max(1, $1) } }.max() ?? 1)
        self.columns = columns
        self.unit = max(2, (max(width, 0) - 1) / columns)
        var laidOut: [[Cell]] = []
        for (r, row) in rows.enumerated() {
            var column = 0
            var cellsOfRow: [Cell] = []
            for span in row {
                let s = max(1, span)
                cellsOfRow.append(Cell(row: r, column: column, span: s, innerWidth: s * unit - 1, x: column * unit))
                column += s
            }
            laidOut.append(cellsOfRow)
        }
        self.cells = laidOut
    }

    public init(page: Layout.Page, width: Int) {
        self.init(spans: page.rows.map { $0.map(\.span) }, width: width)
    }

    /// Cells available to a label in a key of this inner width.
    public static func labelWidth(innerWidth: Int) -> Int { max(0, innerWidth - 2 * labelPadding) }
}
