/// What a screen shows at one moment: lines of styled text and the cursor.
/// Rendering a state to a `Frame` is pure; the terminal's screen writer turns
/// frames into bytes, writing only what changed.
public struct Frame: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Exactly `height` lines; each at most `width` cells wide.
    public var lines: [Line]
    /// Where the terminal cursor sits (0-based row and cell column), or nil to hide it.
    public var cursor: Position?
    /// What a click on the frame acts on: laid down by the view in the same
    /// pass as the cells it covers, so a click means what the person sees.
    public var regions: [Region] = []

    public struct Position: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public init(width: Int, height: Int, lines: [Line] = [], cursor: Position? = nil, regions: [Region] = []) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.lines =
            Array(lines.prefix(self.height)) + Array(repeating: Line(), count: max(0, self.height - lines.count))
        self.cursor = cursor
        self.regions = regions.filter { $0.row < self.height }
    }

    /// A part of a row that a click acts on.
    public struct Region: Equatable, Sendable {
        public var row: Int
        /// The cell columns it covers.
        public var columns: Range<Int>
        public var target: Target

        public init(row: Int, columns: Range<Int>, _ target: Target) {
            self.row = row
            self.columns = columns
            self.target = target
        }
    }

    /// What a click on a region means.
    public enum Target: Hashable, Sendable {
        /// A field of the form (its index): focus it.
        case field(Int)
        /// A key of the grid on screen (its place on the page drawn): press it.
        case gridKey(GridDrawing.KeyIndex)
        /// The Done button.
        case done
        /// A record of the browse list (its index in the list's rows): open it, as Enter does.
        case record(Int)
    }

    /// What a click at `row`, `column` acts on; nil where nothing is.
    public func target(row: Int, column: Int) -> Target? {
        regions.last { $0.row == row && $0.columns.contains(column) }?.target
    }

    /// The frame as plain text, trailing spaces removed: what snapshots compare.
    /// With `markCursor`, the cursor's cell is shown as `▏` inserted before it.
    public func text(markCursor: Bool = false) -> String {
        lines.enumerated().map { row, line in
            var text = line.text
            if markCursor, let cursor, cursor.row == row {
                text = TextWidth.insert("▏", atCell: cursor.column, in: text)
            }
            return text.trimmingTrailingSpaces
        }.joined(separator: "\n")
    }

    /// One line per frame line marking styled cells (`R` reverse, `B` bold, `D` dim,
    /// `E` error, `A` accent, `U` underline; the strongest wins), for snapshots of styles.
    public func styleMap() -> String {
        lines.map { line in
            var marks = ""
            for span in line.spans {
                let mark = span.style.mark
                for character in span.text {
                    marks += String(repeating: String(mark), count: TextWidth.cells(character))
                }
            }
            return marks.trimmingTrailingSpaces
        }.joined(separator: "\n")
    }
}

extension Frame {
    /// A line of styled spans.
    ///
    /// It keeps its width once known (measured, or counted as it was appended
    /// to), so a line drawn to fit, such as a grid's rule or row, is not measured
    /// again each time a frame cuts its lines to the width (DECISIONS 91).
    public struct Line: Equatable, Sendable {
        public var spans: [Span] { didSet { knownCells = nil } }
        /// What `cells` measures, when known; nil when not measured yet.
        private var knownCells: Int?

        public init(_ spans: [Span] = []) {
            self.spans = spans
            knownCells = spans.isEmpty ? 0 : nil
        }
        public init(_ text: String, _ style: TextStyle = []) { self.spans = [Span(text, style)] }

        public static func == (lhs: Line, rhs: Line) -> Bool { lhs.spans == rhs.spans }

        public var text: String { spans.map(\.text).joined() }
        public var cells: Int { knownCells ?? spans.reduce(0) { $0 + TextWidth.cells($1.text) } }

        /// The line with its width measured and kept.
        func measured() -> Line {
            guard knownCells == nil else { return self }
            var line = self
            line.knownCells = cells
            return line
        }

        public mutating func append(_ text: String, _ style: TextStyle = []) {
            guard !text.isEmpty else { return }
            let known = knownCells
            if let last = spans.last, last.style == style {
                // Text joined to a span is one count only when no character spans the
                // join (both scalars there a cluster of their own, as `TextWidth` knows them).
                let endMayJoin = last.text.unicodeScalars.last.map { TextWidth.loneScalarCells($0) == nil } ?? false
                let startMayJoin = text.unicodeScalars.first.map { TextWidth.loneScalarCells($0) == nil } ?? false
                spans[spans.count - 1].text += text
                knownCells = endMayJoin || startMayJoin ? nil : known.map { $0 + TextWidth.cells(text) }
            } else {
                spans.append(Span(text, style))
                knownCells = known.map { $0 + TextWidth.cells(text) }
            }
        }

        public mutating func append(_ line: Line) {
            for span in line.spans { append(span.text, span.style) }
        }

        /// The line cut to `width` cells (ending in "…" when cut), styles kept;
        /// a line that fits comes back with its width kept.
        public func truncated(to width: Int) -> Line {
            guard width > 0 else { return Line() }
            let line = measured()
            guard line.cells > width else { return line }
            var out = Line()
            var used = 0
            for span in spans {
                var piece = ""
                for character in span.text {
                    let cells = TextWidth.cells(character)
                    if used + cells > width - 1 {
                        out.append(piece + "…", span.style)
                        return out
                    }
                    piece.append(character)
                    used += cells
                }
                out.append(piece, span.style)
            }
            return out
        }

        /// The line padded with plain spaces to `width` cells.
        public func padded(to width: Int) -> Line {
            var out = measured()
            out.append(TextWidth.blanks(width - out.cells))
            return out
        }
    }

    /// Text in one style. Text is always terminal-safe: renderers escape what comes from data.
    public struct Span: Equatable, Sendable {
        public var text: String
        public var style: TextStyle
        public init(_ text: String, _ style: TextStyle = []) {
            self.text = text
            self.style = style
        }
    }
}

/// How text is drawn. Meaning never rests on color alone: `.error` and `.accent`
/// are colors only when color is on, and the renderer always adds a marker
/// (✗, ›) or another attribute beside them.
public struct TextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let dim = TextStyle(rawValue: 1 << 1)
    public static let reverse = TextStyle(rawValue: 1 << 2)
    public static let underline = TextStyle(rawValue: 1 << 3)
    /// Red when color is on.
    public static let error = TextStyle(rawValue: 1 << 4)
    /// The accent color (cyan) when color is on.
    public static let accent = TextStyle(rawValue: 1 << 5)

    var mark: Character {
        if contains(.reverse) { return "R" }
        if contains(.error) { return "E" }
        if contains(.bold) { return "B" }
        if contains(.accent) { return "A" }
        if contains(.dim) { return "D" }
        if contains(.underline) { return "U" }
        return " "
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension TextWidth {
    /// `mark` inserted before the character at cell `column` (or padded out to it).
    static func insert(_ mark: String, atCell column: Int, in text: String) -> String {
        var out = ""
        var used = 0
        var inserted = false
        for character in text {
            if !inserted, used >= column {
                out += mark
                inserted = true
            }
            out.append(character)
            used += cells(character)
        }
        if !inserted { out += String(repeating: " ", count: max(0, column - used)) + mark }
        return out
    }
}
