import KeyformCore

/// Turns frames into the bytes that make the terminal show them, writing only
/// what changed since the last frame. Pure: it returns bytes for the caller to
/// write in one `write()`; it never touches a file descriptor.
///
/// **Assumptions.** The frame is drawn from the top-left cell of the screen, and
/// the frame is no larger than the terminal: the caller has entered the
/// alternate screen (`ESC [ ? 1049 h`, see `TerminalMode`) and sizes frames to
/// `TerminalMode.size(fd:)`. Nothing else writes to the screen between renders;
/// when something may have (after SIGCONT, or after another program drew), call
/// `invalidate()` and the next render redraws everything.
///
/// **What it writes.** Cursor moves (CUP `ESC [ r ; c H`, CUF `ESC [ n C`, CUB
/// `ESC [ n D`, CR, CR LF), SGR (`ESC [ 0 ; … m`: bold 1, dim 2, underline 4,
/// reverse 7, and with color error 31 and accent 36; `ESC [ 0 m` before plain
/// text), EL (`ESC [ K`, erase to the end of the line), ED (`ESC [ 2 J`, only on a
/// full redraw), and cursor show/hide (`ESC [ ? 25 h` / `l`). Text from the frame
/// never adds a control character of its own: grapheme clusters containing C0 or
/// C1 controls or DEL, and clusters of width 0 (bidi controls, zero-width
/// characters, a lone combining mark), are not drawn; other invisible scalars
/// (bidi marks, zero-width spaces) are stripped from inside clusters.
///
/// **Wide characters** cover two cells. A change touching either half of a wide
/// character, in the old screen or the new, redraws the whole character. A
/// wide character that would not fit at the end of a line is not drawn.
/// Terminals that measure a character differently from `TextWidth` may place
/// the rest of that run off by a cell; every run containing non-ASCII text ends
/// with the cursor's position treated as unknown, so the next run and the cursor
/// are placed absolutely.
///
/// A frame of a different size than the last one, the first frame, and the
/// first frame after `invalidate()` are drawn in full after `ESC [ 0 m ESC [ H ESC [ 2 J`.
public struct ScreenWriter: Sendable {
    /// Whether `.error` and `.accent` are drawn in color (false with NO_COLOR).
    public let color: Bool

    /// What the screen shows, as last drawn; nil when unknown (a full redraw comes next).
    private var screen: [[Cell]]?
    private var screenWidth = 0
    private var screenHeight = 0
    /// Where the terminal's cursor is; nil when unknown.
    private var cursor: Frame.Position?
    /// The terminal's current SGR attributes; nil when unknown.
    private var pen: TextStyle?
    /// Whether the terminal shows its cursor; nil when unknown.
    private var cursorVisible: Bool?

    /// Unchanged cells between two changes that are rewritten rather than skipped
    /// with a cursor move.
    private static let mergeGap = 3
    /// A blank line end at least this long is cleared with EL instead of spaces.
    private static let eraseThreshold = 4

    public init(color: Bool) {
        self.color = color
    }

    /// Forgets what the screen shows: the next `render` clears the screen and draws
    /// the whole frame, and restates the cursor's visibility. Call it after SIGCONT
    /// or whenever something else may have written to the terminal.
    public mutating func invalidate() {
        screen = nil
        cursor = nil
        pen = nil
        cursorVisible = nil
    }

    /// The bytes that turn the screen from the last frame into `frame`, to be written
    /// in one `write()`. Empty when nothing changed.
    public mutating func render(_ frame: Frame) -> [UInt8] {
        var out: [UInt8] = []
        let next = Self.cells(of: frame, color: color)
        let width = frame.width
        let height = frame.height

        if frame.cursor == nil || width == 0 || height == 0, cursorVisible != false {
            // Hide first, so the cursor does not travel visibly while drawing.
            out += Self.hideCursor
            cursorVisible = false
        }

        let old: [[Cell]]
        if let screen, screenWidth == width, screenHeight == height {
            old = screen
        } else {
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            pen = []
            cursor = Frame.Position(row: 0, column: 0)
            old = Array(repeating: Array(repeating: .blank, count: width), count: height)
        }

        for row in 0..<height where old[row] != next[row] {
            drawRow(row, old: old[row], new: next[row], into: &out)
        }

        if let position = frame.cursor, width > 0, height > 0 {
            let row = min(max(position.row, 0), height - 1)
            let column = min(max(position.column, 0), width - 1)
            move(toRow: row, column: column, width: width, into: &out)
            if cursorVisible != true {
                out += Self.showCursor
                cursorVisible = true
            }
        }

        screen = next
        screenWidth = width
        screenHeight = height
        return out
    }

    private static let hideCursor = Array("\u{1B}[?25l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)

    // MARK: - Cells

    /// One terminal cell: a grapheme cluster with its style, or the right half of a
    /// wide character.
    struct Cell: Equatable, Sendable {
        /// The cluster drawn here; empty for the right half of a wide character.
        var text: String
        /// The style as drawn (`.error` and `.accent` removed without color).
        var style: TextStyle
        /// 1, 2 (a wide character's left half), or 0 (its right half).
        var width: Int

        static let blank = Cell(text: " ", style: [], width: 1)
        var isContinuation: Bool { width == 0 }
        var isPlainBlank: Bool { self == .blank }
    }

    /// The frame as rows of exactly `width` cells.
    static func cells(of frame: Frame, color: Bool) -> [[Cell]] {
        let width = frame.width
        return (0..<frame.height).map { row in
            var cells: [Cell] = []
            cells.reserveCapacity(width)
            if row < frame.lines.count {
                spans: for span in frame.lines[row].spans {
                    let style = drawnStyle(span.style, color: color)
                    for character in span.text {
                        guard let (text, cellWidth) = drawable(character) else { continue }
                        if cells.count + cellWidth > width { break spans }
                        cells.append(Cell(text: text, style: style, width: cellWidth))
                        if cellWidth == 2 { cells.append(Cell(text: "", style: style, width: 0)) }
                    }
                }
            }
            cells += Array(repeating: .blank, count: width - cells.count)
            return cells
        }
    }

    /// The attributes a style is drawn with: without color, error and accent are nothing;
    /// with color, error (red) wins over accent (cyan).
    static func drawnStyle(_ style: TextStyle, color: Bool) -> TextStyle {
        var drawn = style.intersection([.bold, .dim, .reverse, .underline])
        if color {
            if style.contains(.error) {
                drawn.insert(.error)
            } else if style.contains(.accent) {
                drawn.insert(.accent)
            }
        }
        return drawn
    }

    /// The text and width of a cluster as drawn, or nil when it is not drawn at all.
    private static func drawable(_ character: Character) -> (String, Int)? {
        if character.isASCII {
            guard let byte = character.asciiValue, (0x20..<0x7F).contains(byte) else { return nil }
            return (String(character), 1)
        }
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return nil }
        var text = String(character)
        if scalars.contains(where: { TerminalSafe.isUnsafe($0) && $0.value != 0x200D }) {
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.filter { !TerminalSafe.isUnsafe($0) || $0.value == 0x200D })
            text = String(kept)
        }
        guard let first = text.first, text.count == 1 else { return nil }
        let width = TextWidth.cells(first)
        return width == 0 ? nil : (text, min(width, 2))
    }

    // MARK: - Drawing

    private mutating func drawRow(_ row: Int, old: [Cell], new: [Cell], into out: inout [UInt8]) {
        let width = new.count
        for run in Self.changedRuns(old: old, new: new) {
            // A changed line end that is all plain blanks is erased rather than written.
            var drawEnd = run.upperBound
            if run.upperBound == width {
                var blankStart = width
                while blankStart > run.lowerBound, new[blankStart - 1].isPlainBlank { blankStart -= 1 }
                if width - blankStart >= Self.eraseThreshold { drawEnd = blankStart }
            }

            move(toRow: row, column: run.lowerBound, width: width, into: &out)
            var column = run.lowerBound
            var drifted = false
            while column < drawEnd {
                let cell = new[column]
                setPen(cell.style, into: &out)
                out += Array(cell.text.utf8)
                if !cell.text.utf8.allSatisfy({ $0 < 0x80 }) { drifted = true }
                column += cell.width
            }
            // After the last column the terminal waits to wrap: the position is not
            // one we can move relative to.
            cursor = column >= width || drifted ? nil : Frame.Position(row: row, column: column)

            if drawEnd < run.upperBound {
                move(toRow: row, column: drawEnd, width: width, into: &out)
                setPen([], into: &out)
                out += Array("\u{1B}[K".utf8)
            }
        }
    }

    /// Ranges of cells to redraw: every changed cell, close changes merged, each
    /// range widened to whole wide characters of the old and the new line.
    static func changedRuns(old: [Cell], new: [Cell]) -> [Range<Int>] {
        let width = new.count
        var runs: [Range<Int>] = []
        var column = 0
        while column < width {
            guard old[column] != new[column] else {
                column += 1
                continue
            }
            var start = column
            var end = column + 1
            var look = end
            while look < width, look - end <= mergeGap {
                if old[look] != new[look] { end = look + 1 }
                look += 1
            }
            while start > 0, new[start].isContinuation || old[start].isContinuation { start -= 1 }
            while end < width, new[end].isContinuation || old[end].isContinuation { end += 1 }
            if let last = runs.last, last.upperBound >= start {
                runs[runs.count - 1] = last.lowerBound..<max(end, last.upperBound)
            } else {
                runs.append(start..<end)
            }
            column = end
        }
        return runs
    }

    private mutating func setPen(_ style: TextStyle, into out: inout [UInt8]) {
        guard pen != style else { return }
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.reverse) { codes.append("7") }
        if style.contains(.error) { codes.append("31") }
        if style.contains(.accent) { codes.append("36") }
        out += Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
        pen = style
    }

    /// Moves the cursor with the shortest of the sequences that get it there.
    private mutating func move(toRow row: Int, column: Int, width: Int, into out: inout [UInt8]) {
        let target = Frame.Position(row: row, column: column)
        if cursor == target { return }
        var best = column == 0 ? "\u{1B}[\(row + 1)H" : "\u{1B}[\(row + 1);\(column + 1)H"
        func consider(_ candidate: String) {
            if candidate.utf8.count < best.utf8.count { best = candidate }
        }
        func forward(_ n: Int) -> String { n == 0 ? "" : n == 1 ? "\u{1B}[C" : "\u{1B}[\(n)C" }
        if let cursor {
            if cursor.row == row {
                if column > cursor.column {
                    consider(forward(column - cursor.column))
                } else {
                    let n = cursor.column - column
                    consider(n == 1 ? "\u{1B}[D" : "\u{1B}[\(n)D")
                }
                consider("\r" + forward(column))
            } else if row == cursor.row + 1 {
                // LF only moves down (raw mode has no output processing; with ONLCR the CR is repeated, harmless).
                consider("\r\n" + forward(column))
            }
        }
        out += Array(best.utf8)
        cursor = target
    }
}
