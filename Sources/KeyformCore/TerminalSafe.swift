/// Keeping data from ever driving the terminal: text from files and users can
/// hold control characters, ESC sequences, bidi overrides or invisible characters.
public enum TerminalSafe {
    /// Scalars that must never reach the screen as they are.
    public static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter(isUnsafe)
    }

    /// Whether the scalar is a C0/C1 control (tab, newline, ESC, DEL included),
    /// a bidi control, or a zero-width character.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true                       // C0, DEL, C1
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true  // bidi
        case 0x200B...0x200D, 0x2060, 0xFEFF: true                // zero-width
        default: false
        }
    }

    /// What kind of danger the scalar is, for error messages.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        switch scalar.value {
        case 0x1B: return "\(code) (ESC), a control character"
        case 0x09: return "\(code) (tab), a control character"
        case 0x0A, 0x0D: return "\(code) (line break), a control character"
        case 0x00...0x1F, 0x7F...0x9F: return "\(code), a control character"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            return "\(code) (\(scalar.properties.name ?? "bidi control")), a bidi control"
        default: return "\(code) (\(scalar.properties.name ?? "zero-width character")), an invisible character"
        }
    }

    /// `text` with every unsafe scalar written visibly as `\u{…}` (ESC as `\e`,
    /// tab as `\t`, newline as `\n`), so it can be shown on a terminal as is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else { out.append(scalar); continue }
            let visible: String = switch scalar {
            case "\u{1B}": "\\e"
            case "\t": "\\t"
            case "\n": "\\n"
            case "\r": "\\r"
            default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: visible.unicodeScalars)
        }
        return String(out)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
