/// Text as a JSON string literal, written straight from its UTF-8 bytes.
///
/// What is escaped (issue 14; `RecordFormat.json` documents it for users): `"`, `\`,
/// every C0 and C1 control and DEL, bidi controls and invisible characters (those of
/// `TerminalSafe.isUnsafe` but the zero-width joiner, which emoji need), and
/// U+2028/U+2029. Every such scalar is ASCII or begins with one of four lead bytes
/// (C2: C1 controls, D8: U+061C, E2: U+20xx, EF: U+FEFF), so runs of other bytes are
/// copied whole and only those scalars are looked at one by one: listing 100,000
/// records spends its time here (issue 15).
public enum JSONString {
    /// `text` as a JSON string literal, quotes included, appended to `out` (UTF-8).
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &out) }
    }

    /// `text` as a JSON string literal.
    public static func literal(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            // Most values need no escape: then the text between two quotes, without a byte buffer.
            guard bytes.contains(where: mayNeedEscape) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            append(utf8: bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? "\"" + text + "\""
    }

    /// Valid UTF-8 `bytes` (as a Swift string holds them) as a JSON string literal.
    static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var copied = 0  // bytes[..<copied] are in `out` already
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            guard mayNeedEscape(byte) else {
                position += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: position)
            if needsEscape(scalar) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<position]))
                appendEscape(scalar, to: &out)
                copied = position + length
            }
            position += length
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Whether the byte is, or leads, a scalar that may need an escape. Continuation
    /// bytes (80–BF) never do, so a scan never mistakes one for a lead.
    @inline(__always)
    static func mayNeedEscape(_ byte: UInt8) -> Bool {
        if byte < 0x80 {
            return byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
        }
        return byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
    }

    /// The scalar at `position` (ASCII or one of the four leads) and its length in bytes.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[position])
        switch lead {
        case ..<0x80: return (lead, 1)
        case 0xC2, 0xD8: return ((lead & 0x1F) << 6 | UInt32(bytes[position + 1] & 0x3F), 2)
        default:  // E2, EF
            return (
                (lead & 0x0F) << 12 | UInt32(bytes[position + 1] & 0x3F) << 6 | UInt32(bytes[position + 2] & 0x3F), 3
            )
        }
    }

    /// Whether JSON output writes the scalar as an escape.
    static func needsEscape(_ value: UInt32) -> Bool {
        switch value {
        case 0x22, 0x5C, 0x2028, 0x2029: return true
        case 0x200D: return false  // the zero-width joiner inside emoji (👨‍👩‍👧)
        default: return Unicode.Scalar(value).map(TerminalSafe.isUnsafe) ?? false
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch value {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            // Every escaped scalar is below U+10000: four hex digits.
            out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(hexDigits[Int(value >> UInt32(shift) & 0xF)])
            }
        }
    }
}
