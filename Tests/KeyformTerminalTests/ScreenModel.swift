import KeyformCore

/// A tiny terminal: just the sequences `ScreenWriter` is allowed to emit (cursor
/// moves CUP, CUU, CUD, CUF, CUB, CHA, CR, LF; DCH, ICH, EL, ED, SGR, cursor
/// show/hide), with xterm's behaviour (autowrap with a pending wrap at the last column, wide
/// characters in two cells, LF without CR as in raw mode). Anything else (an
/// unknown sequence, a stray control character, a zero-width cluster) is
/// recorded in `problems`, and a wide character broken in half by an overwrite
/// leaves a poison cell, so a writer relying on any terminal's repair of that
/// fails the comparison.
struct ScreenModel {
    struct Cell: Equatable, CustomStringConvertible {
        var text: String
        var style: TextStyle
        /// 1, 2 (left half of a wide character) or 0 (right half).
        var width: Int

        static let blank = Cell(text: " ", style: [], width: 1)
        static let poison = Cell(text: "¤", style: [], width: 1)
        var description: String { "\(text)\(style.isEmpty ? "" : "[\(style.rawValue)]")" }
    }

    private(set) var width: Int
    private(set) var height: Int
    private(set) var cells: [[Cell]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var wrapPending = false
    private(set) var pen: TextStyle = []
    private(set) var cursorVisible = true
    private(set) var problems: [String] = []

    /// Characters this terminal draws one cell wide whatever `TextWidth` says (an
    /// older terminal's width table).
    let narrow: Set<Character>
    /// Whether this terminal draws each visible scalar of an emoji sequence on
    /// its own (`👍🏽` as `👍` and `🏽`, four cells), as tmux 3.3 does.
    let splitsEmojiSequences: Bool

    init(
        width: Int, height: Int, filledWith fill: Cell = .blank, narrow: Set<Character> = [],
        splitsEmojiSequences: Bool = false
    ) {
        self.narrow = narrow
        self.splitsEmojiSequences = splitsEmojiSequences
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: fill, count: width), count: height)
    }

    /// A terminal resized: content kept from the top-left, cropped or padded.
    mutating func resize(width: Int, height: Int) {
        var resized = Array(repeating: Array(repeating: Cell.blank, count: width), count: height)
        for r in 0..<min(height, self.height) {
            for c in 0..<min(width, self.width) { resized[r][c] = cells[r][c] }
            if width < self.width, width > 0, resized[r][width - 1].width == 2 { resized[r][width - 1] = .blank }
        }
        self.width = width
        self.height = height
        cells = resized
        row = min(row, max(0, height - 1))
        column = min(column, max(0, width - 1))
        wrapPending = false
    }

    var cursor: Frame.Position { Frame.Position(row: row, column: column) }

    /// The screen as text, one line per row, continuation cells skipped.
    var text: String {
        cells.map { $0.filter { $0.width != 0 }.map(\.text).joined() }.joined(separator: "\n")
    }

    mutating func apply(_ bytes: [UInt8]) {
        var text: [UInt8] = []
        var i = 0
        func flush(_ model: inout ScreenModel) {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { model.put(character) }
            text = []
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x1B:
                flush(&self)
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    problems.append("ESC not followed by [ at \(i)")
                    i += 1
                    continue
                }
                var j = i + 2
                while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count, (0x40...0x7E).contains(bytes[j]) else {
                    problems.append("unterminated CSI at \(i)")
                    i = j
                    continue
                }
                csi(String(decoding: bytes[(i + 2)..<j], as: UTF8.self), final: bytes[j])
                i = j + 1
            case 0x0D:
                flush(&self)
                column = 0
                wrapPending = false
                i += 1
            case 0x08:
                flush(&self)
                // BS after the last column: terminals disagree on where it lands.
                if wrapPending { problems.append("BS with a pending wrap") }
                column = max(0, column - 1)
                wrapPending = false
                i += 1
            case 0x0A:
                flush(&self)
                lineFeed()
                wrapPending = false
                i += 1
            case 0x00..<0x20, 0x7F:
                flush(&self)
                problems.append("control byte \(byte) at \(i)")
                i += 1
            default:
                text.append(byte)
                i += 1
            }
        }
        flush(&self)
    }

    private mutating func lineFeed() {
        if row + 1 < height {
            row += 1
        } else {
            cells.removeFirst()
            cells.append(Array(repeating: .blank, count: width))
            problems.append("scrolled")
        }
    }

    private mutating func put(_ character: Character) {
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            problems.append("control character U+\(String(character.unicodeScalars.first!.value, radix: 16)) in text")
            return
        }
        if splitsEmojiSequences, TextWidth.isUncertain(character) {
            for scalar in character.unicodeScalars where TextWidth.cells(scalar) > 0 { put(Character(scalar)) }
            return
        }
        let w = narrow.contains(character) ? 1 : TextWidth.cells(character)
        guard w > 0 else {
            problems.append("zero-width cluster \(character.unicodeScalars.map { String($0.value, radix: 16) })")
            return
        }
        if wrapPending {
            column = 0
            lineFeed()
            wrapPending = false
            problems.append("autowrapped")
        }
        if column + w > width {
            problems.append("wide character at the last column")
            column = 0
            lineFeed()
        }
        breakWide(at: column)
        if w == 2 { breakWide(at: column + 1) }
        cells[row][column] = Cell(text: String(character), style: pen, width: w)
        if w == 2 { cells[row][column + 1] = Cell(text: "", style: pen, width: 0) }
        column += w
        if column >= width {
            column = width - 1
            wrapPending = true
        }
    }

    /// Overwriting one half of a wide character breaks the other half.
    private mutating func breakWide(at c: Int) {
        let cell = cells[row][c]
        if cell.width == 0, c > 0 { cells[row][c - 1] = .poison }
        if cell.width == 2, c + 1 < width { cells[row][c + 1] = .poison }
    }

    private mutating func csi(_ params: String, final: UInt8) {
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ k: Int, default value: Int) -> Int {
            k < numbers.count ? (numbers[k] ?? value) : value
        }
        switch final {
        case UInt8(ascii: "H"):
            row = min(max(number(0, default: 1), 1), height) - 1
            column = min(max(number(1, default: 1), 1), width) - 1
            wrapPending = false
        case UInt8(ascii: "C"):
            if wrapPending { problems.append("CUF with a pending wrap") }
            column = min(column + max(number(0, default: 1), 1), width - 1)
            wrapPending = false
        case UInt8(ascii: "D"):
            if wrapPending { problems.append("CUB with a pending wrap") }
            column = max(column - max(number(0, default: 1), 1), 0)
            wrapPending = false
        case UInt8(ascii: "A"), UInt8(ascii: "B"):
            if wrapPending { problems.append("CUU/CUD with a pending wrap") }
            let n = max(number(0, default: 1), 1)
            row = final == UInt8(ascii: "A") ? max(row - n, 0) : min(row + n, height - 1)
            wrapPending = false
        case UInt8(ascii: "G"):
            column = min(max(number(0, default: 1), 1), width) - 1
            wrapPending = false
        case UInt8(ascii: "P"), UInt8(ascii: "@"):
            // DCH / ICH: the rest of the line moves left / right; the cells shifted in are
            // blank in the pen's colours, so a writer must reset the pen first.
            if !pen.isEmpty { problems.append("DCH/ICH with attributes set") }
            if wrapPending { problems.append("DCH/ICH with a pending wrap") }
            let n = min(max(number(0, default: 1), 1), width - column)
            var line = cells[row]
            if line[column].width == 0 { problems.append("DCH/ICH on the right half of a wide character") }
            if final == UInt8(ascii: "P") {
                if column + n < width, line[column + n].width == 0 { line[column + n] = .poison }
                line = Array(line[..<column]) + Array(line[(column + n)...]) + Array(repeating: .blank, count: n)
            } else {
                if line[width - n].width == 0 { line[width - n - 1] = .poison }
                line = Array(line[..<column]) + Array(repeating: .blank, count: n) + Array(line[column..<(width - n)])
            }
            cells[row] = line
        case UInt8(ascii: "K"):
            guard params.isEmpty || params == "0" else { return problems.append("EL \(params)") }
            if !pen.isEmpty { problems.append("EL with attributes set") }
            if wrapPending { problems.append("EL with a pending wrap") }
            breakWide(at: column)
            for c in column..<width { cells[row][c] = .blank }
        case UInt8(ascii: "J"):
            guard params == "2" else { return problems.append("ED \(params)") }
            if !pen.isEmpty { problems.append("ED with attributes set") }
            cells = Array(repeating: Array(repeating: .blank, count: width), count: height)
        case UInt8(ascii: "m"):
            for code in params.split(separator: ";", omittingEmptySubsequences: false) {
                switch code {
                case "", "0": pen = []
                case "1": pen.insert(.bold)
                case "2": pen.insert(.dim)
                case "4": pen.insert(.underline)
                case "7": pen.insert(.reverse)
                case "31": pen.insert(.error)
                case "36": pen.insert(.accent)
                default: problems.append("SGR \(code)")
                }
            }
        case UInt8(ascii: "h") where params == "?25": cursorVisible = true
        case UInt8(ascii: "l") where params == "?25": cursorVisible = false
        default:
            problems.append("CSI \(params)\(Character(Unicode.Scalar(final)))")
        }
    }

    /// What a frame should look like on this screen: the oracle, computed
    /// independently of the writer (clean text only: no controls in the frame).
    static func expected(_ frame: Frame, color: Bool) -> [[Cell]] {
        frame.lines.map { line in
            var row: [Cell] = []
            outer: for span in line.spans {
                var style = span.style.intersection([.bold, .dim, .underline, .reverse])
                if color, span.style.contains(.error) { style.insert(.error) }
                if color, span.style.contains(.accent), !span.style.contains(.error) { style.insert(.accent) }
                for character in span.text {
                    let w = TextWidth.cells(character)
                    if w == 0 { continue }
                    if row.count + w > frame.width { break outer }
                    row.append(Cell(text: String(character), style: style, width: w))
                    if w == 2 { row.append(Cell(text: "", style: style, width: 0)) }
                }
            }
            return row + Array(repeating: .blank, count: frame.width - row.count)
        }
    }
}
