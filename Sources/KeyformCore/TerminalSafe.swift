/// Keeps text from user files (labels, titles, texts) from acting on the terminal.
///
/// Unsafe scalars are the ones that move the cursor, start escape sequences,
/// reorder the text around them, or are invisible: C0 and C1 controls (newline,
/// tab, ESC and DEL included), bidi overrides, isolates and marks, and
/// zero-width characters. The layout checker reports them as errors; anything
/// drawn from a user file goes through `escaped` so it is safe even so.
public enum TerminalSafe {
    /// Whether `scalar` must not reach a terminal as is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:             // C0 controls, DEL, C1 controls
            true
        case 0x202A...0x202E, 0x2066...0x2069,     // bidi embeddings, overrides, isolates
             0x200E, 0x200F, 0x061C:               // bidi marks (LRM, RLM, ALM)
            true
        case 0x200B...0x200D, 0x2060, 0xFEFF:      // zero-width space, (non-)joiner, word joiner, BOM
            true
        default:
            false
        }
    }

    /// Every unsafe scalar of `s`, in order, repeats included.
    public static func unsafeScalars(in s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter(isUnsafe)
    }

    /// `s` with each unsafe scalar written out visibly: `\t`, `\n`, `\r`, or
    /// `\u{1B}`-style hex for the others. Safe text comes back unchanged.
    public static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isUnsafe(scalar) {
                out.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
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
