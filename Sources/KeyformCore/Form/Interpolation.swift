/// `{{field}}` in a label, a page title, a description or a note: the earlier
/// answer as the field shows it (`States of {{country}}` → `States of Canada`).
///
/// One pass over the text: a value that itself holds `{{x}}` is put in as it
/// is, never expanded again. Only `{{ id }}` (an identifier, spaces allowed
/// inside the braces) is a tag; any other `{{` is text. The result is plain
/// text: the view escapes it (`TerminalSafe`) with the rest of the line.
public enum Interpolation {
    /// A tag found in `text`: the field id it names, and where the tag starts
    /// (in Unicode scalars from the start of the text).
    public struct Tag: Equatable, Sendable {
        public var id: String
        public var offset: Int
    }

    /// The tags of `text`, in order.
    public static func tags(in text: String) -> [Tag] {
        var found: [Tag] = []
        scan(text) { id, offset in
            found.append(Tag(id: id, offset: offset))
            return nil
        }
        return found
    }

    /// `text` with each tag replaced by `value(id)`; a tag whose value is nil
    /// (no such field) is left as written.
    public static func fill(_ text: String, _ value: (String) -> String?) -> String {
        guard mayHoldTags(text) else { return text }
        return scan(text) { id, _ in value(id) }
    }

    /// Whether `text` holds `{{` (a tag needs it, and five bytes at least): a
    /// search of its UTF-8 bytes. Every label on the page asks on every frame,
    /// and Foundation's `contains` on a `String` goes through CFString (14% of a
    /// key in a 200-field form, docs/PERFORMANCE.md).
    public static func mayHoldTags(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(holdsTwoBraces) ?? holdsTwoBraces(text.utf8)
    }

    private static func holdsTwoBraces<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard bytes.count >= 5 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "{"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// Walks `text`'s tags, replacing each with what `replacement` gives (nil
    /// keeps it as written); the text with the replacements made.
    @discardableResult
    private static func scan(_ text: String, _ replacement: (String, Int) -> String?) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + 1 < scalars.count, scalars[index] == "{", scalars[index + 1] == "{",
                let (id, end) = tag(in: scalars, at: index + 2)
            {
                if let value = replacement(id, index) {
                    out.append(contentsOf: value.unicodeScalars)
                } else {
                    out.append(contentsOf: scalars[index..<end])
                }
                index = end
                continue
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// `  id }}` from `start`: the id and the index after the closing braces.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var cursor = start
        while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
        let first = cursor
        while cursor < scalars.count, isIDScalar(scalars[cursor]) { cursor += 1 }
        guard cursor > first else { return nil }
        let id = String(String.UnicodeScalarView(scalars[first..<cursor]))
        guard FormParser.isIdentifier(id) else { return nil }
        while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
        guard cursor + 1 < scalars.count, scalars[cursor] == "}", scalars[cursor + 1] == "}" else { return nil }
        return (id, cursor + 2)
    }

    private static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}

extension FormContext {
    /// `text` with each `{{field}}` replaced by that field's answer as the field
    /// shows it (a boolean's state word, a date as stored), or nothing while
    /// the field is empty or not valid. A tag naming no field stays as written
    /// (`form check` reports it).
    public func interpolated(_ text: String, _ entries: [FormState.Entry]) -> String {
        Interpolation.fill(text) { id in
            guard let index = index(ofField: id), index < entries.count else { return nil }
            guard case .success(let value?) = validators[index].validate(entries[index].input, at: clock) else {
                return ""
            }
            // A secret shows masked here as in its field (form check refuses the tag).
            return fields[index].masked(fields[index].shown(value, in: language))
        }
    }

    /// Field `index`'s label with the answers it names.
    public func label(ofField index: Int, _ entries: [FormState.Entry]) -> String {
        interpolated(fields[index].label, entries)
    }
}
