import Yams

extension YAMLFormatter {
    /// How a scalar is written: plain when that reads back as the same string, else double-quoted;
    /// or, `keepingQuotes`, in the quotes it was written with.
    enum Scalars {
        /// The scalar as canonical text, for a block (`key: value`) or flow (`[...]`, `{...}`) context.
        /// - Parameter keepingQuotes: a quoted scalar keeps its quotes (single ones while the
        ///   text needs no escape), a plain one stays plain unless it must be quoted.
        static func text(_ scalar: Node.Scalar, inFlow: Bool, keepingQuotes: Bool = false) -> String {
            if keepingQuotes {
                switch scalar.style {
                case .singleQuoted: return singleQuoted(scalar.string) ?? doubleQuoted(scalar.string)
                case .doubleQuoted: return doubleQuoted(scalar.string)
                default: break
                }
            }
            return plain(scalar, inFlow: inFlow) ?? doubleQuoted(scalar.string)
        }

        /// A literal block scalar's header (`|` keeps one final line break, `|-` none) and
        /// lines; nil when the text would not read back the same or tidy that way: no text,
        /// a first line starting with a space (it would be taken for indentation), spaces at
        /// a line's end, more than one final line break, a character only an escape can write.
        static func literal(_ string: String) -> (header: String, lines: [String])? {
            let clipped = string.hasSuffix("\n")
            let body = clipped ? String(string.dropLast()) : string
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let first = lines.first(where: { !$0.isEmpty }), !first.hasPrefix(" "),
                !body.hasSuffix("\n"), lines.last?.isEmpty == false,
                lines.allSatisfy({ $0.last != " " }),
                !body.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) })
            else { return nil }
            return (clipped ? "|" : "|-", lines)
        }

        /// `'it''s'`; nil when the text has a character only an escape can write.
        static func singleQuoted(_ string: String) -> String? {
            guard !string.unicodeScalars.contains(where: needsEscape) else { return nil }
            return "'" + string.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }

        /// The plain form, when it is safe and keeps the string a string for generic tools.
        ///
        /// Keyform reads every plain scalar as text, so `no` or `1.10` written plain stay plain;
        /// but a value that was quoted and would look like a bool, number, null or date
        /// to a YAML 1.1 tool keeps its quotes.
        static func plain(_ scalar: Node.Scalar, inFlow: Bool) -> String? {
            let wasQuoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
            guard canBePlain(scalar.string, inFlow: inFlow) else { return nil }
            if wasQuoted && looksTyped(scalar.string) { return nil }
            return scalar.string
        }

        /// Whether YAML reads `string` written plain back as exactly `string`.
        /// Errs on the side of quoting: `#` anywhere and a leading `-`, `?` or `:` always quote,
        /// and in flow context so do `,`, `[`, `]`, `{` and `}` anywhere.
        static func canBePlain(_ string: String, inFlow: Bool) -> Bool {
            let scalars = Array(string.unicodeScalars)
            guard let first = scalars.first, let last = scalars.last else { return false }
            if first == " " || last == " " { return false }
            if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
            // A top-level key `... x` would end the document.
            if !inFlow && string.hasPrefix("...") { return false }
            for (index, scalar) in scalars.enumerated() {
                if scalar == "\t" || scalar == "#" || needsEscape(scalar) { return false }
                if inFlow && ",[]{}".unicodeScalars.contains(scalar) { return false }
                if scalar == ":" {
                    // `: ` starts a mapping value; in flow, so does `:` before an indicator.
                    guard index + 1 < scalars.count else { return false }
                    let next = scalars[index + 1]
                    if next == " " || (inFlow && ",?[]{}".unicodeScalars.contains(next)) { return false }
                }
            }
            return true
        }

        /// Whether a YAML 1.1 tool (or a YAML 1.2 core one) would read the plain form as not a string.
        static func looksTyped(_ string: String) -> Bool {
            if ["y", "Y", "n", "N"].contains(string) { return true }
            return Resolver.default.resolveTag(of: Node(string)) != .str
        }

        /// Characters never written raw: controls, invisible format characters, line and
        /// paragraph separators, unusual spaces and private or non-characters.
        static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate:
                return true
            case .format:
                // Zero-width joiners are part of emoji and of some scripts' spelling.
                return scalar != "\u{200C}" && scalar != "\u{200D}"
            case .spaceSeparator:
                return scalar != " " && scalar != "\u{3000}"
            default:
                return scalar.properties.isNoncharacterCodePoint
            }
        }

        static func doubleQuoted(_ string: String) -> String {
            var out = "\""
            for scalar in string.unicodeScalars {
                out += escaped(scalar)
            }
            return out + "\""
        }

        private static let namedEscapes: [Unicode.Scalar: String] = [
            "\\": "\\\\", "\"": "\\\"", "\0": "\\0", "\u{07}": "\\a", "\u{08}": "\\b",
            "\t": "\\t", "\n": "\\n", "\u{0B}": "\\v", "\u{0C}": "\\f", "\r": "\\r",
            "\u{1B}": "\\e", "\u{85}": "\\N", "\u{A0}": "\\_", "\u{2028}": "\\L", "\u{2029}": "\\P",
        ]

        private static func escaped(_ scalar: Unicode.Scalar) -> String {
            if let named = namedEscapes[scalar] { return named }
            guard needsEscape(scalar) else { return String(scalar) }
            let value = scalar.value
            switch value {
            case ..<0x100: return "\\x" + hex(value, digits: 2)
            case ..<0x10000: return "\\u" + hex(value, digits: 4)
            default: return "\\U" + hex(value, digits: 8)
            }
        }

        private static func hex(_ value: UInt32, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }
}
