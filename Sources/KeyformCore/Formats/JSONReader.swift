/// A JSON value as far as answers care: strings decoded, numbers kept exactly as written.
enum JSONValue: Equatable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    /// A list's items (kept for `multiple` fields).
    case array([JSONValue])
    case object
}

/// A malformed JSON text: where (1-based line, column in Unicode scalars) and why.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var reason: Message

    /// `line 2, column 5: expected …`, in the reader's language where it is shown.
    var said: Message { .jsonAt(line: line, column: column, reason) }
    var description: String { said.english }
}

/// A small strict RFC 8259 reader for `--answers`: one object at the top, member order
/// kept, numbers kept as written. Lists keep their items; objects are checked and skipped.
struct JSONReader {
    private let bytes: [UInt8]
    private var position = 0
    private static let maxDepth = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed and skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The members of the top-level object, in order (repeated keys included).
    mutating func readObjectMembers() throws(JSONSyntaxError) -> [(key: String, value: JSONValue)] {
        skipWhitespace()
        guard position < bytes.count else { throw error(.jsonExpectedObjectFoundNothing) }
        guard bytes[position] == UInt8(ascii: "{") else { throw error(.jsonExpectedObject) }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw error(.jsonExpectedFieldID) }
                let key = try readString()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw error(.jsonExpectedColonAfterID) }
                position += 1
                let value = try readValue(depth: 1)
                members.append((key, value))
                skipWhitespace()
                if peek == UInt8(ascii: ",") { position += 1; continue }
                if peek == UInt8(ascii: "}") { position += 1; break }
                throw error(.jsonExpectedCommaOrBrace)
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw error(.jsonTextAfterObject) }
        return members
    }

    /// The whole text as one JSON array of strings (a CSV cell holding a
    /// `multiple` field's list); nil when it is anything else.
    static func stringArray(_ text: String) -> [String]? {
        var reader = JSONReader(Array(text.utf8))
        guard case .array(let items)? = try? reader.readValue(depth: 0) else { return nil }
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else { return nil }
            strings.append(string)
        }
        return strings
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw error(.jsonExpectedValueFoundEnd) }
        switch byte {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        case UInt8(ascii: "t"): try readWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try readWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try readWord("null"); return .null
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error(.jsonNestedTooDeeply) }
            let isArray = byte == UInt8(ascii: "[")
            let closer = isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
            position += 1
            skipWhitespace()
            var items: [JSONValue] = []
            if peek == closer { position += 1; return isArray ? .array(items) : .object }
            while true {
                if !isArray {
                    skipWhitespace()
                    guard peek == UInt8(ascii: "\"") else { throw error(.jsonExpectedKey) }
                    _ = try readString()
                    skipWhitespace()
                    guard peek == UInt8(ascii: ":") else { throw error(.jsonExpectedColonAfterKey) }
                    position += 1
                }
                let item = try readValue(depth: depth + 1)
                if isArray { items.append(item) }
                skipWhitespace()
                if peek == UInt8(ascii: ",") { position += 1; continue }
                if peek == closer { position += 1; return isArray ? .array(items) : .object }
                throw error(isArray ? .jsonExpectedCommaInList : .jsonExpectedCommaInObject)
            }
        default:
            throw error(.jsonExpectedValue)
        }
    }

    private mutating func readWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else {
            throw error(.jsonExpectedValue)
        }
        position += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
            return position - from
        }
        if peek == UInt8(ascii: "-") { position += 1 }
        if peek == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw error(.jsonExpectedDigit)
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error(.jsonExpectedDigitAfterPoint) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error(.jsonExpectedExponentDigit) }
        }
        if let byte = peek, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: ".") {
            throw error(.jsonLeadingZeros)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A string starting at the opening quote; escapes decoded, UTF-8 checked.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        var text = ""
        while true {
            guard let byte = peek else { throw error(.jsonStringNotClosed) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return text
            case 0x20..<0x80 where byte != UInt8(ascii: "\\"):
                // A run of plain ASCII at once (most of an import's text), not a scalar at a time.
                let start = position
                while position < bytes.count, bytes[position] >= 0x20, bytes[position] < 0x80,
                    bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\")
                {
                    position += 1
                }
                text += String(decoding: bytes[start..<position], as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = peek else { throw error(.jsonStringNotClosed) }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                case UInt8(ascii: "b"): text.unicodeScalars.append("\u{08}")
                case UInt8(ascii: "f"): text.unicodeScalars.append("\u{0C}")
                case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                case UInt8(ascii: "u"): text.unicodeScalars.append(try readUnicodeEscape())
                default:
                    position -= 2
                    throw error(.jsonUnknownEscape)
                }
            case 0x00..<0x20:
                throw error(.jsonControlCharacter)
            default:
                text.unicodeScalars.append(try readUTF8Scalar())
            }
        }
    }

    /// After `\u`: four hex digits, a surrogate pair taken together.
    private mutating func readUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = position - 2
        let high = try readHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                position = escapeStart
                throw error(.jsonHalfSurrogate)
            }
            position += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                position = escapeStart
                throw error(.jsonHalfSurrogate)
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else {
            position = escapeStart
            throw error(.jsonHalfSurrogate)
        }
        return scalar
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw error(.jsonExpectedHex)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// One multi-byte UTF-8 sequence (strict: no overlongs, no surrogates, at most U+10FFFF).
    private mutating func readUTF8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let lead = bytes[position]
        let (length, minimum, initial): (Int, UInt32, UInt32) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
            default: (0, 0, 0)
            }
        guard length > 0, position + length <= bytes.count else { throw error(.jsonNotUTF8) }
        var value = initial
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { throw error(.jsonNotUTF8) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error(.jsonNotUTF8) }
        position += length
        return scalar
    }

    /// An error at the current position.
    private func error(_ reason: Message) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
