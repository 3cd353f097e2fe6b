/// Terminal cell widths of text, as a terminal draws it: East Asian wide and
/// fullwidth characters and emoji take 2 cells, combining marks and zero-width
/// characters 0, everything else 1. Measured per grapheme cluster (what a person
/// sees as one character).
public enum TextWidth {
    /// Cells the whole string covers.
    public static func cells(_ text: some StringProtocol) -> Int {
        // ASCII (most labels and values, every frame's padding): one cell a printable
        // byte, no grapheme breaking needed (CR LF is one cluster of width 0 either way).
        var ascii = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= 0x20, byte < 0x7F { ascii += 1 }
        }
        if isASCII { return ascii }
        if let total = cellsOfLoneScalars(text) { return total }
        var total = 0
        for character in text { total += cells(character) }
        return total
    }

    /// The cells of text made only of scalars that are always a grapheme cluster
    /// of their own (see `loneScalarCells`): then each scalar's width is its
    /// cluster's, and no grapheme breaking is needed. A grid's box drawing, Latin
    /// text with accents, kana and CJK ideographs are measured this way; nil when
    /// the text has any other scalar.
    private static func cellsOfLoneScalars(_ text: some StringProtocol) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let cells = loneScalarCells(scalar) else { return nil }
            total += cells
        }
        return total
    }

    /// The cells of a scalar that is a grapheme cluster of its own whatever is
    /// next to it (no combining mark, joiner, variation selector, Hangul jamo,
    /// regional indicator or emoji modifier), and is next to none of those when
    /// its neighbours are such scalars too; nil for any other scalar.
    public static func loneScalarCells(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x259F, 0x2713:
            1
        case 0..<0x20, 0x7F..<0xA0:
            0  // C0 and C1 controls draw nothing (CR LF is one cluster of width 0 either way)
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x4E00...0x9FFF, 0xFF01...0xFF60:
            2
        default:
            nil
        }
    }

    /// Cells one grapheme cluster covers (0, 1 or 2).
    public static func cells(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji variation selector makes the cluster a 2-cell emoji.
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji {
            return 2
        }
        var width = cells(first)
        if width == 0 {
            // A cluster that starts with a combining mark (no base) still shows its marks
            // on nothing; its visible width is that of the widest scalar in it.
            width = scalars.map(cells).max() ?? 0
        }
        return width
    }

    /// Whether terminals disagree on how many cells the cluster covers: an emoji
    /// sequence (a skin-tone modifier, a ZWJ family, a flag) or one with an emoji
    /// variation selector. `cells` gives what current terminals draw (2); older
    /// width tables (tmux 3.3, glibc's wcwidth) draw each scalar on its own.
    public static func isUncertain(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count > 1 else { return false }
        return scalars.contains { scalar in
            scalar.value == 0x200D || scalar.value == 0xFE0F || scalar.properties.isEmojiModifier
                || (0x1F1E6...0x1F1FF).contains(scalar.value)  // regional indicators (flags)
        }
    }

    /// Cells one Unicode scalar covers on its own.
    public static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        // Box drawing and block elements (every grid's frame): narrow, no emoji among
        // them, so no need for the Unicode property lookups below.
        if (0x2500...0x259F).contains(value) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }  // Hangul medial vowels, ZWSP
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F,        // Hangul Jamo initial consonants
             0x231A...0x231B, 0x2329...0x232A,
             0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x2E80...0x303E,        // CJK radicals, Kangxi, CJK symbols and punctuation
             0x3041...0x33FF,        // Hiragana, Katakana, Bopomofo, compatibility
             0x3400...0x4DBF,        // CJK extension A
             0x4E00...0x9FFF,        // CJK unified ideographs
             0xA000...0xA4CF,        // Yi
             0xA960...0xA97F,        // Hangul Jamo extended A
             0xAC00...0xD7A3,        // Hangul syllables
             0xF900...0xFAFF,        // CJK compatibility ideographs
             0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical forms, CJK compatibility forms
             0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Kana supplement
             0x1F300...0x1F64F, 0x1F900...0x1F9FF,  // pictographs, emoji
             0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK extensions B and beyond
            return true
        default:
            return false
        }
    }

    /// The longest prefix of `text` that fits in `width` cells, with "…" when cut.
    public static func truncate(_ text: String, toCells width: Int) -> String {
        guard width > 0 else { return "" }
        if cells(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = cells(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` padded with spaces to `width` cells, centred (extra space on the right).
    public static func center(_ text: String, inCells width: Int) -> String {
        let fitted = truncate(text, toCells: width)
        let free = max(0, width - cells(fitted))
        let left = free / 2
        return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: free - left)
    }

    /// `text` padded with spaces on the right to `width` cells (cut with "…" if longer).
    public static func pad(_ text: String, toCells width: Int) -> String {
        let fitted = truncate(text, toCells: width)
        return fitted + String(repeating: " ", count: max(0, width - cells(fitted)))
    }
}
