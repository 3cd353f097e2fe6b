/// Keeps text from user files (labels, titles, texts, typed values) from acting on the terminal.
///
/// Unsafe scalars are the ones that move the cursor, start escape sequences,
/// break the line, reorder the text around them, or are invisible: C0 and C1
/// controls (newline, tab, ESC and DEL included), the line and paragraph
/// separators U+2028 and U+2029, bidi overrides, isolates and marks, and
/// zero-width characters. The layout checker reports them as errors; anything
/// drawn from a user file goes through `escaped` so it is safe even so.
public enum TerminalSafe {
    /// Whether `scalar` must not reach a terminal as is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:  // C0 controls, DEL, C1 controls
            true
        case 0x2028, 0x2029:  // line and paragraph separators: a line break to some
            true
        case 0x202A...0x202E, 0x2066...0x2069,  // bidi embeddings, overrides, isolates
            0x200E, 0x200F, 0x061C:  // bidi marks (LRM, RLM, ALM)
            true
        case 0x200B...0x200D, 0x2060, 0xFEFF:  // zero-width space, (non-)joiner, word joiner, BOM
            true
        default:
            false
        }
    }

    /// Every unsafe scalar of `s`, in order, repeats included. A zero-width joiner
    /// between two emoji (👨‍👩‍👧) is part of the emoji, not hidden text, and is not listed.
    public static func unsafeScalars(in s: String) -> [Unicode.Scalar] {
        let scalars = Array(s.unicodeScalars)
        return unsafeIndices(scalars).map { scalars[$0] }
    }

    /// The positions of the unsafe scalars of `scalars` (an emoji's joiner is safe).
    private static func unsafeIndices(_ scalars: [Unicode.Scalar]) -> [Int] {
        scalars.indices.filter { i in
            guard isUnsafe(scalars[i]) else { return false }
            if scalars[i].value == 0x200D, i > 0, i + 1 < scalars.count {
                return !(isEmojiPart(scalars[i - 1]) && scalars[i + 1].properties.isEmoji)
            }
            return true
        }
    }

    /// `s` with each run of unsafe scalars (as `unsafeScalars` finds them) replaced
    /// by what `replace` makes of it: the one way every output writes them out.
    public static func rewritten(_ s: String, _ replace: (ArraySlice<Unicode.Scalar>) -> String) -> String {
        // The common case, no unsafe scalar at all, without an array of scalars.
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        let scalars = Array(s.unicodeScalars)
        let unsafe = Set(unsafeIndices(scalars))
        guard !unsafe.isEmpty else { return s }
        var out = ""
        var i = 0
        while i < scalars.count {
            var end = i
            while end < scalars.count, unsafe.contains(end) { end += 1 }
            if end > i {
                out += replace(scalars[i..<end])
                i = end
            } else {
                out.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        return out
    }

    /// An emoji, or a modifier or variation selector that ends one.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
    }

    /// What kind of danger the scalar is, for error messages: `U+001B (ESC), a control character`.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        switch scalar.value {
        case 0x1B: return "\(code) (ESC), a control character"
        case 0x09: return "\(code) (tab), a control character"
        case 0x0A, 0x0D: return "\(code) (line break), a control character"
        case 0x2028, 0x2029: return "\(code) (\(scalar.properties.name ?? "line separator")), a line break"
        case 0x00...0x1F, 0x7F...0x9F: return "\(code), a control character"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            return "\(code) (\(scalar.properties.name ?? "bidi control")), a bidi control"
        default: return "\(code) (\(scalar.properties.name ?? "zero-width character")), an invisible character"
        }
    }

    /// `s` with each unsafe scalar written out visibly: `\t`, `\n`, `\r`, or
    /// `\u{1B}`-style hex for the others. Safe text comes back unchanged.
    public static func escaped(_ s: String) -> String {
        rewritten(s) { run in run.map(escape).joined() }
    }

    /// `s` escaped as `escaped` does, but its line breaks (`\n`) kept: text of
    /// several lines (a field with `lines:`) drawn or written line by line. A
    /// line break moves to the next line and nothing else; every other unsafe
    /// scalar (CR, ESC, a bidi control) is still written out.
    public static func escapedKeepingLineBreaks(_ s: String) -> String {
        guard s.unicodeScalars.contains("\n") else { return escaped(s) }
        return s.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(
            separator: "\n")
    }

    /// `s` with only its C0 and C1 controls and DEL written out (`\u{1B}`, `\t`):
    /// for outputs that must stay byte-faithful otherwise (CSV keeps bidi marks and
    /// joiners that right-to-left text needs).
    public static func escapedControls(_ s: String) -> String {
        // From the bytes: a C0 control or DEL is one byte, a C1 control C2 80–9F.
        var previous: UInt8 = 0
        guard
            s.utf8.contains(where: { byte in
                defer { previous = byte }
                return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80)
            })
        else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isControl(scalar) { out.append(contentsOf: escape(scalar).unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": #"\t"#
        case "\n": #"\n"#
        case "\r": #"\r"#
        default: #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
