/// Where each key of a layout page sits on screen, for a given width.
///
/// The grid is drawn with a one-cell border between keys:
/// `│ High   │ Medium │ Low    │`. Every column has the same width; a key that
/// spans `n` columns covers `n` columns and the `n - 1` borders between them.
/// A row covering fewer columns than the widest is stretched to the full width.
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
    /// A row that covers fewer columns than the widest is widened: its keys
    /// share the whole width in proportion to their spans, so that every row
    /// meets both outer borders (a shorter row left a ragged edge, its last
    /// border dangling under the row above).
    public init(spans rows: [[Int]], width: Int) {
        let columns = max(1, rows.map { $0.reduce(0) { $0 + max(1, $1) } }.max() ?? 1)
        self.columns = columns
        let unit = max(2, (max(width, 0) - 1) / columns)
        self.unit = unit
        var laidOut: [[Cell]] = []
        for (r, row) in rows.enumerated() {
            let covered = row.reduce(0) { $0 + max(1, $1) }
            /// The screen column of the border after `column` columns of this row.
            func edge(_ column: Int) -> Int {
                covered == columns ? column * unit : (column * columns * unit + covered / 2) / covered
            }
            var column = 0
            var cellsOfRow: [Cell] = []
            for span in row {
                let s = max(1, span)
                let (x, end) = (edge(column), edge(column + s))
                cellsOfRow.append(Cell(row: r, column: column, span: s, innerWidth: end - x - 1, x: x))
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
