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
/// **What it writes.** Cursor moves, the shortest that gets there (CUP
/// `ESC [ r ; c H`; relative CUU `ESC [ n A`, CUD `ESC [ n B`, LF, CUF `ESC [ n C`,
/// CUB `ESC [ n D`, CR; CHA `ESC [ c G`), a line's content shifted sideways when
/// that writes less than redrawing it (DCH `ESC [ n P`, ICH `ESC [ n @`: a
/// field scrolling horizontally), SGR (`ESC [ 0 ; … m`: bold 1, dim 2, underline 4,
/// reverse 7, and with color the palette's colours, by default error 31 and accent 36; `ESC [ m`
/// before plain text, and only the parameters added when the pen's are the
/// first of the new style's), EL (`ESC [ K`, erase to the end of the line), ED (`ESC [ 2 J`, only on a
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
/// with the cursor's column treated as unknown, so the next run and the cursor
/// are placed by an absolute column (and row, unless the run stopped far enough
/// from the line's end that no terminal could have wrapped it).
/// A cluster whose width terminals are known to disagree on
/// (`TextWidth.isUncertain`: an emoji with a skin tone, a ZWJ sequence, a flag)
/// is drawn on blanked cells, the cursor is placed absolutely after it, and the
/// rest of its line is redrawn: a terminal that draws it wider or narrower
/// leaves no stale cell beside it (it may show it cut short).
///
/// A frame of a different size than the last one, the first frame, and the
/// first frame after `invalidate()` are drawn in full after `ESC [ 0 m ESC [ H ESC [ 2 J`.
public struct ScreenWriter: Sendable {
    /// Whether `.error` and `.accent` are drawn in color (false with NO_COLOR).
    public let color: Bool
    /// The colours of the roles (a config's `colors:`); used only with `color`.
    public let palette: ColorPalette
    /// The SGR bytes after `ESC [` for each style, by its raw value: the
    /// palette's codes, worked out once.
    private let pens: [[UInt8]]

    /// What the screen shows, as last drawn; nil when unknown (a full redraw comes next).
    private var screen: [[Cell]]?
    /// The frame lines `screen` was made from: a row whose line is equal in the
    /// next frame is the same cells, so it is neither rebuilt nor compared.
    private var screenLines: [Frame.Line] = []
    /// Each row's line and cells before its last change (an empty line when
    /// none): a grid move takes the highlight off a row, which then shows what
    /// it showed before, and its cells are not made again. Cells are a pure
    /// function of the line and the width, so these hold until the width changes.
    private var formerLines: [Frame.Line] = []
    private var formerCells: [[Cell]] = []
    /// How many changed rows were made into cells (not found among the former ones): for tests.
    private(set) var rowsMade = 0
    private var screenWidth = 0
    private var screenHeight = 0
    /// The terminal cursor's row and column; nil when unknown. The row is often
    /// known when the column is not (after non-ASCII text, or at the line's end
    /// where the terminal waits to wrap).
    private var cursorRow: Int?
    private var cursorColumn: Int?
    /// The terminal's current SGR attributes; nil when unknown.
    private var pen: TextStyle?
    /// Whether the terminal shows its cursor; nil when unknown.
    private var cursorVisible: Bool?

    /// Unchanged cells between two changes that are rewritten rather than skipped
    /// with a cursor move.
    private static let mergeGap = 3
    /// A blank line end at least this long is cleared with EL instead of spaces.
    private static let eraseThreshold = 4
    /// A row whose changes span fewer cells than this is never tried as a shift.
    private static let shiftMinimum = 8
    /// How many cells must line up after a shift to try it.
    private static let shiftProbe = 6

    public init(color: Bool, palette: ColorPalette = .standard) {
        self.color = color
        self.palette = palette
        pens = palette.pens(color: color)
    }

    /// Forgets what the screen shows: the next `render` clears the screen and draws
    /// the whole frame, and restates the cursor's visibility. Call it after SIGCONT
    /// or whenever something else may have written to the terminal.
    public mutating func invalidate() {
        screen = nil
        cursorRow = nil
        cursorColumn = nil
        pen = nil
        cursorVisible = nil
    }

    /// The bytes that turn the screen from the last frame into `frame`, to be written
    /// in one `write()`. Empty when nothing changed.
    public mutating func render(_ frame: Frame) -> [UInt8] {
        var out: [UInt8] = []
        let width = frame.width
        let height = frame.height

        if frame.cursor == nil || width == 0 || height == 0, cursorVisible != false {
            // Hide first, so the cursor does not travel visibly while drawing.
            out += Self.hideCursor
            cursorVisible = false
        }

        let old: [[Cell]]
        var oldLines: [Frame.Line] = []
        if let screen, screenWidth == width, screenHeight == height {
            old = screen
            oldLines = screenLines
        } else {
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            pen = []
            cursorRow = 0
            cursorColumn = 0
            old = Array(repeating: Array(repeating: .blank, count: width), count: height)
        }
        if screenWidth != width || formerLines.count != height {
            formerLines = Array(repeating: Frame.Line(), count: height)
            formerCells = Array(repeating: Self.cells(of: Frame.Line(), width: width, color: color), count: height)
        }
        let lines =
            frame.lines.count == height
            ? frame.lines : (0..<height).map { $0 < frame.lines.count ? frame.lines[$0] : Frame.Line() }
        let cursor = frame.cursor.map {
            (row: min(max($0.row, 0), height - 1), column: min(max($0.column, 0), width - 1))
        }

        var next = old
        func update(_ row: Int) {
            let line = lines[row]
            // Most lines of a frame are the last frame's (a keystroke changes one or two).
            if row < oldLines.count, oldLines[row] == line { return }
            if formerLines[row] == line {
                next[row] = formerCells[row]
            } else {
                next[row] = Self.cells(of: line, width: width, color: color)
                rowsMade += 1
            }
            if row < oldLines.count {
                formerLines[row] = oldLines[row]
                formerCells[row] = old[row]
            }
            drawRow(row, old: old[row], new: next[row], into: &out)
        }
        // The cursor's row last, so that drawing ends beside where the cursor goes:
        // a grid move leaves the highlighted label with a step back, not a jump
        // back from the footer (54 B a move, not 55 down and 58 up).
        let last = height > 0 ? cursor?.row : nil
        for row in 0..<height where row != last { update(row) }
        if let last { update(last) }

        if let cursor, width > 0, height > 0 {
            let (row, column) = cursor
            move(toRow: row, column: column, width: width, into: &out)
            if cursorVisible != true {
                out += Self.showCursor
                cursorVisible = true
            }
        }

        screen = next
        screenLines = lines
        screenWidth = width
        screenHeight = height
        return out
    }

    private static let hideCursor = Array("\u{1B}[?25l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)

    // MARK: - Cells

    /// One terminal cell: a grapheme cluster with its style, or the right half of a
    /// wide character. A plain value (no `String` for the usual one-scalar
    /// cluster), so that building and comparing frames allocates nothing per cell.
    struct Cell: Equatable, Sendable {
        /// The cluster's first scalar; NUL for the right half of a wide character.
        var scalar: Unicode.Scalar
        /// The cluster's other scalars (a combining mark, an emoji sequence); nil for most.
        var rest: String?
        /// The style as drawn (`.error` and `.accent` removed without color).
        var style: TextStyle
        /// 1, 2 (a wide character's left half), or 0 (its right half).
        var width: UInt8

        static let blank = Cell(scalar: " ", rest: nil, style: [], width: 1)
        /// The cluster's other scalars compared last, and only when there are any:
        /// rows are compared cell by cell on every frame.
        static func == (a: Cell, b: Cell) -> Bool {
            a.scalar == b.scalar && a.style == b.style && a.width == b.width
                && (a.rest == nil ? b.rest == nil : a.rest == b.rest)
        }
        var isContinuation: Bool { width == 0 }
        /// Terminals disagree on this cluster's width (see `TextWidth.isUncertain`).
        var isUncertain: Bool {
            guard let rest else { return false }
            var cluster = String(Character(scalar))
            cluster += rest
            return cluster.first.map(TextWidth.isUncertain) == true
        }
        var isPlainBlank: Bool { self == .blank }
        var isASCII: Bool { scalar.value < 0x80 && rest == nil }

        /// The cluster's UTF-8, appended to `out` (nothing for a right half).
        func write(into out: inout [UInt8]) {
            guard width > 0 else { return }
            if scalar.value < 0x80 {
                out.append(UInt8(scalar.value))
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
            if let rest { out.append(contentsOf: rest.utf8) }
        }

        /// At most how many cells a terminal with another width table could give it
        /// beyond ours: one per scalar that could be drawn wide.
        var possibleDrift: Int {
            isASCII ? 0 : 2 * (1 + (rest?.unicodeScalars.count ?? 0)) - Int(width)
        }
    }

    /// A line as exactly `width` cells.
    static func cells(of line: Frame.Line, width: Int, color: Bool) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(width)
        for span in line.spans {
            let style = drawnStyle(span.style, color: color)
            guard appendQuickly(span.text, style: style, width: width, to: &cells) else { break }
        }
        cells.append(contentsOf: repeatElement(.blank, count: width - cells.count))
        return cells
    }

    /// A line as exactly `width` cells, every cluster measured: what
    /// `cells(of:width:color:)` must equal (its byte path is only a shortcut).
    static func measuredCells(of line: Frame.Line, width: Int, color: Bool) -> [Cell] {
        var cells: [Cell] = []
        spans: for span in line.spans {
            let style = drawnStyle(span.style, color: color)
            var index = span.text.startIndex
            while index < span.text.endIndex {
                guard let next = appendMeasured(span.text, at: index, style: style, width: width, to: &cells) else {
                    break spans
                }
                index = next
            }
        }
        cells.append(contentsOf: repeatElement(.blank, count: width - cells.count))
        return cells
    }

    /// Appends `text`'s drawable clusters up to `width` cells; false when one did not
    /// fit (nothing after it on the line is drawn). Most of a frame's text (labels,
    /// hints, keys, titles) is printable ASCII between a few box-drawing lines and
    /// dots: a printable ASCII byte before another (or before the span's end) is a
    /// cluster of its own, one cell, and is taken as it is, without decoding scalars
    /// or asking widths; anything else is measured.
    private static func appendQuickly(_ text: String, style: TextStyle, width: Int, to cells: inout [Cell]) -> Bool {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if (0x20..<0x7F).contains(byte), next == bytes.endIndex || (0x20..<0x7F).contains(bytes[next]) {
                if cells.count == width { return false }
                cells.append(Cell(scalar: Unicode.Scalar(byte), rest: nil, style: style, width: 1))
                index = next
                continue
            }
            guard let after = appendMeasured(text, at: index, style: style, width: width, to: &cells) else {
                return false
            }
            index = after
        }
        return true
    }

    /// Appends the cells of the cluster at `index` (a cluster's start) when it is
    /// drawn; the index after it, or nil when it did not fit in `width` cells.
    private static func appendMeasured(
        _ text: String, at index: String.Index, style: TextStyle, width: Int, to cells: inout [Cell]
    ) -> String.Index? {
        let scalars = text.unicodeScalars
        let scalar = scalars[index]
        let next = scalars.index(after: index)
        // A scalar that is always a cluster of its own, before one that is too (or
        // before nothing), is a cell as it is: no grapheme breaking for ASCII, box
        // drawing, accented letters, kana or CJK. Controls are dropped (CR LF too).
        if let lone = TextWidth.loneScalarCells(scalar),
            next == scalars.endIndex || TextWidth.loneScalarCells(scalars[next]) != nil
        {
            guard lone > 0 else { return next }
            if cells.count + lone > width { return nil }
            cells.append(Cell(scalar: scalar, rest: nil, style: style, width: UInt8(lone)))
            if lone == 2 { cells.append(Cell(scalar: "\u{0}", rest: nil, style: style, width: 0)) }
            return next
        }
        let character = text[index]
        let after = text.index(after: index)
        guard var cell = drawable(character) else { return after }
        if cells.count + Int(cell.width) > width { return nil }
        cell.style = style
        cells.append(cell)
        if cell.width == 2 { cells.append(Cell(scalar: "\u{0}", rest: nil, style: style, width: 0)) }
        return after
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

    /// The cluster as drawn (its style left to the caller), or nil when it is not drawn at all.
    private static func drawable(_ character: Character) -> Cell? {
        if character.isASCII {
            guard let byte = character.asciiValue, (0x20..<0x7F).contains(byte) else { return nil }
            return Cell(scalar: Unicode.Scalar(byte), rest: nil, style: [], width: 1)
        }
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return nil }
        var text = String(character)
        if scalars.contains(where: { TerminalSafe.isUnsafe($0) && $0.value != 0x200D }) {
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.filter { !TerminalSafe.isUnsafe($0) || $0.value == 0x200D })
            text = String(kept)
        }
        guard let first = text.first, text.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        let width = TextWidth.cells(first)
        guard width > 0 else { return nil }
        let rest = text.unicodeScalars.count > 1 ? String(text.unicodeScalars.dropFirst()) : nil
        return Cell(scalar: scalar, rest: rest, style: [], width: UInt8(min(width, 2)))
    }

    // MARK: - Drawing

    /// Draws the changes of one row: as they are, or after shifting the row's
    /// content sideways when that writes fewer bytes.
    /// Nothing when the row's cells are the same.
    private mutating func drawRow(_ row: Int, old: [Cell], new: [Cell], into out: inout [UInt8]) {
        // The changes lie from the first cell that differs to the last: found once,
        // for the shift and the runs (a move restyles a face in the middle of a row).
        var start = 0
        while start < new.count, old[start] == new[start] { start += 1 }
        guard start < new.count else { return }
        var end = new.count
        while old[end - 1] == new[end - 1] { end -= 1 }
        guard let shift = Self.shift(old: old, new: new, changed: start..<end) else {
            return drawRuns(row, old: old, new: new, changed: start..<end, into: &out)
        }
        var plain = self
        var plainBytes: [UInt8] = []
        plain.drawRuns(row, old: old, new: new, changed: start..<end, into: &plainBytes)
        var shifting = self
        var shiftBytes: [UInt8] = []
        let shifted = shifting.shiftRow(row, old: old, at: shift.column, by: shift.by, into: &shiftBytes)
        shifting.drawRuns(row, old: shifted, new: new, changed: 0..<new.count, into: &shiftBytes)
        if shiftBytes.count < plainBytes.count {
            self = shifting
            out += shiftBytes
        } else {
            self = plain
            out += plainBytes
        }
    }

    /// A sideways shift that would line up much of a changed row: from `column`
    /// on, the old content moved left (`by` > 0, DCH) or right (`by` < 0, ICH).
    /// Nil for a small change, or when no shift lines up `shiftProbe` cells.
    /// - Parameter changed: from the first cell that differs to the last.
    static func shift(old: [Cell], new: [Cell], changed: Range<Int>) -> (column: Int, by: Int)? {
        let width = new.count
        let (start, end) = (changed.lowerBound, changed.upperBound)
        guard end - start >= shiftMinimum, !old[start].isContinuation, !new[start].isContinuation else { return nil }
        // The same characters restyled (a grid's highlight moving) are drawn where they are.
        guard (start..<end).contains(where: { old[$0].scalar != new[$0].scalar || old[$0].rest != new[$0].rest })
        else { return nil }
        func lined(_ a: ArraySlice<Cell>, _ b: ArraySlice<Cell>) -> Bool {
            a.count == shiftProbe && a.elementsEqual(b) && a.contains { !$0.isPlainBlank }
        }
        for k in 1..<(end - start) where start + k + shiftProbe <= width {
            // Left: what was at start + k is now at start.
            if lined(new[start..<(start + shiftProbe)], old[(start + k)..<(start + k + shiftProbe)]),
                !old[start + k].isContinuation
            {
                return (start, k)
            }
            // Right: what was at start is now at start + k; the cells pushed off the
            // end must not split a wide character.
            if lined(new[(start + k)..<(start + k + shiftProbe)], old[start..<(start + shiftProbe)]),
                !old[width - k].isContinuation
            {
                return (start, -k)
            }
        }
        return nil
    }

    /// Shifts the terminal's row from `column` on by `by` cells (left when
    /// positive) and returns the row as it now shows.
    private mutating func shiftRow(_ row: Int, old: [Cell], at column: Int, by: Int, into out: inout [UInt8]) -> [Cell]
    {
        let width = old.count
        move(toRow: row, column: column, width: width, into: &out)
        setPen([], into: &out)  // the cells shifted in take the pen's background
        out += [0x1B, UInt8(ascii: "[")]
        Self.appendNumber(abs(by), to: &out)
        out.append(by > 0 ? UInt8(ascii: "P") : UInt8(ascii: "@"))
        var shifted = Array(old[..<column])
        if by > 0 {
            shifted += old[(column + by)...]
            shifted += repeatElement(Cell.blank, count: by)
        } else {
            shifted += repeatElement(Cell.blank, count: -by)
            shifted += old[column..<(width + by)]
        }
        return shifted
    }

    /// - Parameter changed: the cells outside it are the same in `old` and `new`.
    private mutating func drawRuns(
        _ row: Int, old: [Cell], new: [Cell], changed: Range<Int>, into out: inout [UInt8]
    ) {
        let width = new.count
        var runs = Self.changedRuns(old: old, new: new, within: changed)
        // After a cluster of uncertain width, the terminal's cells may be off:
        // everything from its run to the end of the line is redrawn.
        if let first = runs.firstIndex(where: { $0.contains { new[$0].isUncertain } }) {
            runs = Array(runs[..<first]) + [runs[first].lowerBound..<width]
        }
        for run in runs {
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
            var drift = 0
            while column < drawEnd {
                let cell = new[column]
                setPen(cell.style, into: &out)
                if cell.isUncertain {
                    // Blank its cells first (a terminal drawing it narrower leaves nothing
                    // old beside it), draw it from its first cell, and go on from where
                    // `TextWidth` says it ends (a terminal drawing it wider is overwritten there).
                    let cells = Int(cell.width)
                    out += repeatElement(UInt8(ascii: " "), count: cells)
                    // At the line's end the terminal waits to wrap: no relative move from there.
                    (cursorRow, cursorColumn) = (row, column + cells < width ? column + cells : nil)
                    move(toRow: row, column: column, width: width, into: &out)
                    cell.write(into: &out)
                    cursorColumn = nil
                    column += cells
                    if column < drawEnd { move(toRow: row, column: column, width: width, into: &out) }
                    drifted = true
                    continue
                }
                cell.write(into: &out)
                if !cell.isASCII {
                    drifted = true
                    drift += cell.possibleDrift
                }
                column += max(Int(cell.width), 1)
            }
            // After the last column the terminal waits to wrap: the row is known, the
            // column is not one to move relative to. After non-ASCII text the column
            // is the terminal's guess; the row too when the line might have wrapped.
            if column + drift < width {
                cursorRow = row
                cursorColumn = column < width && !drifted ? column : nil
            } else if !drifted {
                cursorRow = row
                cursorColumn = nil
            } else {
                cursorRow = nil
                cursorColumn = nil
            }

            if drawEnd < run.upperBound {
                move(toRow: row, column: drawEnd, width: width, into: &out)
                setPen([], into: &out)
                out += [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")]
            }
        }
    }

    /// Ranges of cells to redraw: every changed cell, close changes merged, each
    /// range widened to whole wide characters of the old and the new line.
    /// - Parameter changed: the cells outside it are the same in `old` and `new`.
    static func changedRuns(old: [Cell], new: [Cell], within changed: Range<Int>) -> [Range<Int>] {
        let width = new.count
        var runs: [Range<Int>] = []
        var column = changed.lowerBound
        while column < changed.upperBound {
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

    /// SGR for `style`. A style's parameters (the palette's, after a reset:
    /// `0;1;7`) that begin with the pen's (`0`) are set by the rest alone
    /// (`ESC [ 1 ; 7 m`): the terminal has applied the first ones already, and
    /// SGR applies its parameters in order. Else all of them; `ESC [ m` for
    /// plain text (an empty parameter is 0).
    private mutating func setPen(_ style: TextStyle, into out: inout [UInt8]) {
        guard pen != style else { return }
        out += [0x1B, UInt8(ascii: "[")]
        let params = pens[Int(style.rawValue)].dropLast()  // without the final `m`
        let kept = pen.map { pens[Int($0.rawValue)].dropLast() }
        if let kept, params.count > kept.count, params.starts(with: kept),
            params[params.startIndex + kept.count] == UInt8(ascii: ";")
        {
            out += params.dropFirst(kept.count + 1)
        } else if !params.elementsEqual([UInt8(ascii: "0")]) {
            out += params
        }
        out.append(UInt8(ascii: "m"))
        pen = style
    }

    /// `n` in decimal.
    static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// How many bytes `appendNumber` writes for `n`.
    private static func digits(_ n: Int) -> Int {
        var (count, rest) = (1, n)
        while rest >= 10 { (count, rest) = (count + 1, rest / 10) }
        return count
    }

    /// `ESC [ n X`, or `ESC [ X` for 1.
    private static func csi(_ n: Int, _ final: UInt8, into out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if n != 1 { appendNumber(n, to: &out) }
        out.append(final)
    }

    /// How many bytes `csi` writes for `n`.
    private static func csiLength(_ n: Int) -> Int { n == 1 ? 3 : 3 + digits(n) }

    /// Moves the cursor with the shortest of the sequences that get it there:
    /// absolute, or relative to where it is (up, down, left, right, to the
    /// line's start), or to a column of the row it is on. A relative move is
    /// only made from a known column, never from a pending wrap. The ways are
    /// weighed by their lengths and only the shortest is written (the first
    /// of equals, in the order below): a frame moves the cursor a few times,
    /// and making every way's bytes to compare them cost a tenth of a grid move.
    private mutating func move(toRow row: Int, column: Int, width: Int, into out: inout [UInt8]) {
        if cursorRow == row, cursorColumn == column { return }
        enum Way { case absolute, relative, lineStart, toColumn }
        var way = Way.absolute
        // CUP: `ESC [ r ; c H`, `ESC [ r H` in the first column.
        var best = 3 + Self.digits(row + 1) + (column > 0 ? 1 + Self.digits(column + 1) : 0)
        // Vertical part: LF only moves down (raw mode has no output processing).
        var vertical = 0
        if let from = cursorRow {
            vertical = row == from ? 0 : row == from + 1 ? 1 : Self.csiLength(abs(row - from))
            // Horizontal part, first: CR and CHA also end a pending wrap.
            if let at = cursorColumn {
                // BS: one byte where `ESC [ D` is three (a grid move steps back one).
                let relative = column == at ? 0 : column == at - 1 ? 1 : Self.csiLength(abs(column - at))
                if relative + vertical < best { (way, best) = (.relative, relative + vertical) }
            }
            let lineStart = 1 + (column > 0 ? Self.csiLength(column) : 0)
            if lineStart + vertical < best { (way, best) = (.lineStart, lineStart + vertical) }
            let toColumn = Self.csiLength(column + 1)
            if toColumn + vertical < best { (way, best) = (.toColumn, toColumn + vertical) }
        }
        switch way {
        case .absolute:
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendNumber(row + 1, to: &out)
            if column > 0 {
                out.append(UInt8(ascii: ";"))
                Self.appendNumber(column + 1, to: &out)
            }
            out.append(UInt8(ascii: "H"))
        case .relative, .lineStart, .toColumn:
            let (from, at) = (cursorRow ?? row, cursorColumn ?? column)
            switch way {
            case .relative where column > at: Self.csi(column - at, UInt8(ascii: "C"), into: &out)
            case .relative where column == at - 1: out.append(0x08)
            case .relative where column < at: Self.csi(at - column, UInt8(ascii: "D"), into: &out)
            case .lineStart:
                out.append(0x0D)
                if column > 0 { Self.csi(column, UInt8(ascii: "C"), into: &out) }
            case .toColumn: Self.csi(column + 1, UInt8(ascii: "G"), into: &out)
            case .relative, .absolute: break  // the same column: the vertical part alone
            }
            if row == from + 1 {
                out.append(0x0A)
            } else if row > from {
                Self.csi(row - from, UInt8(ascii: "B"), into: &out)
            } else if row < from {
                Self.csi(from - row, UInt8(ascii: "A"), into: &out)
            }
        }
        cursorRow = row
        cursorColumn = column
    }
}
