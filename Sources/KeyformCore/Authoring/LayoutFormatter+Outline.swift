import Yams

extension LayoutFormatter {
    /// A comment or a blank line that goes with an element, by its source line.
    struct Note {
        var line: Int
        /// The comment text; nil for a blank line.
        var text: String?
    }

    /// One piece of the canonical output, with the source lines it came from.
    /// Comments are attached to elements by line, then written around them.
    struct Element {
        enum Body {
            /// The whole element on one line: `title: X`, `- [a, b]`.
            case line(String)
            /// `rows:` or `pages:`, and its entries indented below.
            case header(String, [Element])
            /// A page: its fields, the first one after `- `.
            case page([Element])
        }

        var body: Body
        /// Where it begins in the source: its key, or the `-` of a list entry.
        var start: SourceLocation
        /// Top-level fields and pages (after the first) keep one blank line that preceded them.
        var keepsBlankLine = false
        /// The last source line with code in it (set by `measure`).
        var end = 0
        var leading: [Note] = []
        var trailing: [Note] = []

        init(_ body: Body, start: SourceLocation) {
            self.body = body
            self.start = start
        }

        var children: [Element] {
            get {
                switch body {
                case .line: []
                case .header(_, let children), .page(let children): children
                }
            }
            set {
                switch body {
                case .line: break
                case .header(let text, _): body = .header(text, newValue)
                case .page: body = .page(newValue)
                }
            }
        }

        /// A line of its own (`rows:`) that takes the comments written at its end.
        var isHeader: Bool {
            if case .header = body { true } else { false }
        }
    }

    /// Indices of `elements` in source order (the output order may differ).
    static func sourceOrder(_ elements: [Element]) -> [Int] {
        elements.indices.sorted { elements[$0].start < elements[$1].start }
    }
}

// MARK: - Building

extension LayoutFormatter {
    /// Turns the document's node tree into elements in canonical order.
    struct OutlineBuilder {
        let source: Source

        static let topLevelOrder = ["title", "kind", "rows", "pages"]
        static let pageOrder = ["id", "title", "rows"]
        static let keyOrder = ["label", "text", "hotkey", "span", "action", "to"]

        func topLevel(_ root: Node) throws -> [Element] {
            guard case .mapping(let mapping) = root else {
                throw Failure(
                    "a layout is a mapping of fields (title, kind, rows or pages), not \(Self.describe(root))",
                    at: Self.location(root)
                )
            }
            guard !mapping.isEmpty else {
                throw Failure("the layout has no fields; it needs rows or pages", at: Self.location(root))
            }
            return try Self.ordered(mapping, first: Self.topLevelOrder).map { key, value in
                var element = try field(key, value, allowsPages: true)
                element.keepsBlankLine = true
                return element
            }
        }

        private func field(_ key: Node.Scalar, _ value: Node, allowsPages: Bool) throws -> Element {
            let start = key.mark.map(Self.location) ?? .start
            let name = Self.fieldName(key, inFlow: false)
            switch key.string {
            case "rows":
                return try list(name, value, start: start, entry: row, shape: """
                    `rows` must be a list of rows, each a list of keys, e.g. `- [High, Low]`
                    """)
            case "pages" where allowsPages:
                return try list(name, value, start: start, entry: page, shape: """
                    `pages` must be a list of pages, each a mapping with id, title and rows
                    """)
            default:
                return Element(.line("\(name): \(try Self.inline(value, inFlow: false))"), start: start)
            }
        }

        /// `rows:` or `pages:` with one entry per line; `[]` when empty.
        private func list(
            _ name: String, _ value: Node, start: SourceLocation,
            entry: (Node, Int) throws -> Element, shape: String
        ) throws -> Element {
            guard case .sequence(let sequence) = value else {
                throw Failure("\(shape), not \(Self.describe(value))", at: Self.location(value))
            }
            if sequence.isEmpty { return Element(.line("\(name): []"), start: start) }
            let entries = try sequence.enumerated().map { index, node in try entry(node, index) }
            return Element(.header("\(name):", entries), start: start)
        }

        private func row(_ node: Node, _ index: Int) throws -> Element {
            guard case .sequence(let keys) = node else {
                throw Failure(
                    "a row must be a list of keys, e.g. `- [High, Low]`, not \(Self.describe(node))",
                    at: Self.location(node)
                )
            }
            let texts = try keys.map(Self.gridKey)
            return Element(.line("- [" + texts.joined(separator: ", ") + "]"), start: entryStart(node))
        }

        private func page(_ node: Node, _ index: Int) throws -> Element {
            guard case .mapping(let mapping) = node else {
                throw Failure(
                    "a page must be a mapping with id, title and rows, not \(Self.describe(node))",
                    at: Self.location(node)
                )
            }
            var element: Element
            if mapping.isEmpty {
                element = Element(.line("- {}"), start: entryStart(node))
            } else {
                let fields = try Self.ordered(mapping, first: Self.pageOrder).map { key, value in
                    try field(key, value, allowsPages: false)
                }
                element = Element(.page(fields), start: entryStart(node))
            }
            element.keepsBlankLine = index > 0
            return element
        }

        private func entryStart(_ node: Node) -> SourceLocation {
            source.entryStart(Self.location(node))
        }

        // MARK: Keys of the grid

        /// A key: plain text when it has only a label (or only a text) that can be plain,
        /// else a flow mapping with its fields in canonical order.
        static func gridKey(_ node: Node) throws -> String {
            switch node {
            case .scalar(let scalar):
                return Scalars.text(scalar, inFlow: true)
            case .mapping(let mapping):
                if let plain = collapsedKey(mapping) { return plain }
                return try flowMapping(ordered(mapping, first: keyOrder))
            case .sequence, .alias:
                throw Failure(
                    "a key must be a text or a mapping (label, text, hotkey, span, action, to), not \(describe(node))",
                    at: location(node)
                )
            }
        }

        /// `{label: X}` and `{text: X}` mean the same key as `X`.
        private static func collapsedKey(_ mapping: Node.Mapping) -> String? {
            guard mapping.count == 1, let (key, value) = mapping.first,
                  let name = key.scalar?.string, name == "label" || name == "text",
                  case .scalar(let scalar) = value
            else { return nil }
            return Scalars.plain(scalar, inFlow: true)
        }

        // MARK: Any value

        /// Any value on one line: a scalar, or flow collections.
        static func inline(_ node: Node, inFlow: Bool) throws -> String {
            switch node {
            case .scalar(let scalar):
                return Scalars.text(scalar, inFlow: inFlow)
            case .sequence(let sequence):
                let items = try sequence.map { try inline($0, inFlow: true) }
                return "[" + items.joined(separator: ", ") + "]"
            case .mapping(let mapping):
                return try flowMapping(pairs(mapping))
            case .alias:
                throw Failure("anchors and aliases are not supported by the formatter", at: location(node))
            }
        }

        private static func flowMapping(_ pairs: [(Node.Scalar, Node)]) throws -> String {
            let fields = try pairs.map { key, value in
                "\(fieldName(key, inFlow: true)): \(try inline(value, inFlow: true))"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }

        /// Field names are written like any scalar, so an odd unknown key keeps its quotes.
        static func fieldName(_ key: Node.Scalar, inFlow: Bool) -> String {
            Scalars.text(key, inFlow: inFlow)
        }

        // MARK: Helpers

        /// The pairs with the named keys first, in the given order, then the others as written.
        static func ordered(_ mapping: Node.Mapping, first names: [String]) throws -> [(Node.Scalar, Node)] {
            let all = try pairs(mapping)
            let named = names.flatMap { name in all.filter { $0.0.string == name } }
            let others = all.filter { !names.contains($0.0.string) }
            return named + others
        }

        static func pairs(_ mapping: Node.Mapping) throws -> [(Node.Scalar, Node)] {
            try mapping.map { key, value in
                guard case .scalar(let scalar) = key else {
                    throw Failure("mapping keys must be texts, not \(describe(key))", at: location(key))
                }
                return (scalar, value)
            }
        }

        static func location(_ node: Node) -> SourceLocation {
            node.mark.map(location) ?? .start
        }

        static func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(line: mark.line, column: mark.column)
        }

        static func describe(_ node: Node) -> String {
            switch node {
            case .scalar(let scalar): "a text (\(Scalars.doubleQuoted(String(scalar.string.prefix(40)))))"
            case .sequence: "a list"
            case .mapping: "a mapping"
            case .alias: "an alias"
            }
        }
    }
}

// MARK: - Comments

extension LayoutFormatter {
    /// The elements of the document with their comments and blank lines attached.
    struct Outline {
        var header: [Note] = []
        var elements: [Element]
        var footer: [Note] = []

        init(elements: [Element], source: Source) {
            self.elements = elements
            let order = sourceOrder(elements)
            guard let first = order.first, let last = order.last else { return }
            Self.measure(&self.elements, until: source.lineCount, source: source)
            let firstLine = self.elements[first].start.line
            let lastLine = self.elements[last].end
            for comment in source.comments {
                attach(comment, firstLine: firstLine, lastLine: lastLine)
            }
            header += (1..<firstLine).filter(source.isBlank).map { Note(line: $0, text: nil) }
            if lastLine < source.lineCount {
                footer += (lastLine + 1...source.lineCount).filter(source.isBlank).map { Note(line: $0, text: nil) }
            }
            Self.addBlankLines(&self.elements, source: source)
        }

        /// Sets each element's `end`: the last code line before the next sibling begins.
        private static func measure(_ elements: inout [Element], until limit: Int, source: Source) {
            let order = sourceOrder(elements)
            for (position, index) in order.enumerated() {
                let start = elements[index].start.line
                let nextStart = position + 1 < order.count ? elements[order[position + 1]].start.line - 1 : limit
                let territory = max(start, nextStart)
                elements[index].end = source.lastCodeLine(in: start...territory) ?? start
                measure(&elements[index].children, until: territory, source: source)
            }
        }

        private mutating func attach(_ comment: Source.Comment, firstLine: Int, lastLine: Int) {
            let note = Note(line: comment.line, text: comment.text)
            if comment.line < firstLine {
                header.append(note)
            } else if comment.line > lastLine {
                footer.append(note)
            } else if comment.isFullLine {
                if !Self.attachAbove(note, in: &elements) { footer.append(note) }
            } else {
                if !Self.attachAtEnd(note, in: &elements) { header.append(note) }
            }
        }

        /// A full-line comment goes above the element that follows it, at the deepest
        /// level; one inside an element that has no finer parts (a row written over
        /// several lines) goes above that element.
        private static func attachAbove(_ note: Note, in elements: inout [Element]) -> Bool {
            let order = sourceOrder(elements)
            if let index = order.last(where: { elements[$0].start.line <= note.line }),
               note.line <= elements[index].end {
                if !elements[index].children.isEmpty, attachAbove(note, in: &elements[index].children) {
                    return true
                }
                elements[index].leading.append(note)
                return true
            }
            guard let next = order.first(where: { elements[$0].start.line > note.line }) else { return false }
            elements[next].leading.append(note)
            return true
        }

        /// A comment after code goes with the deepest element whose code is on that line;
        /// a header (`rows:`) keeps the comment written on its own line.
        private static func attachAtEnd(_ note: Note, in elements: inout [Element]) -> Bool {
            let order = sourceOrder(elements)
            guard let index = order.last(where: { elements[$0].start.line <= note.line }) else { return false }
            let onHeaderLine = elements[index].isHeader && elements[index].start.line == note.line
            if !onHeaderLine, !elements[index].children.isEmpty, attachAtEnd(note, in: &elements[index].children) {
                return true
            }
            elements[index].trailing.append(note)
            return true
        }

        /// Blank lines between top-level fields and between pages: one where the source had any.
        private static func addBlankLines(_ elements: inout [Element], source: Source) {
            let order = sourceOrder(elements)
            for (position, index) in order.enumerated() {
                if position > 0 && elements[index].keepsBlankLine {
                    let previousEnd = elements[order[position - 1]].end
                    let gap = (previousEnd + 1)..<max(previousEnd + 1, elements[index].start.line)
                    elements[index].leading += gap.filter(source.isBlank).map { Note(line: $0, text: nil) }
                }
                addBlankLines(&elements[index].children, source: source)
            }
        }
    }
}

// MARK: - Rendering

extension LayoutFormatter {
    /// Output lines: two-space indentation, at most one blank line in a row, none at the ends.
    struct Output {
        private var lines: [String] = []

        mutating func line(_ indent: Int, _ text: String) {
            lines.append(String(repeating: " ", count: indent) + text)
        }

        mutating func blank() {
            if let last = lines.last, !last.isEmpty { lines.append("") }
        }

        mutating func notes(_ notes: [Note], indent: Int) {
            for note in notes.sorted(by: { $0.line < $1.line }) {
                if let text = note.text { line(indent, text) } else { blank() }
            }
        }

        var text: String {
            var lines = lines
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static func render(_ outline: Outline) -> String {
        var output = Output()
        output.notes(outline.header, indent: 0)
        for element in outline.elements {
            render(element, indent: 0, dash: false, into: &output)
        }
        output.notes(outline.footer, indent: 0)
        return output.text
    }

    /// Writes comments above, then the element's line(s). A single end-of-line comment stays
    /// at the end of the line; several (from an element written over several lines) go above.
    private static func render(_ element: Element, indent: Int, dash: Bool, into output: inout Output) {
        // A page has no line of its own: its first line belongs to its first field.
        let isPage = if case .page = element.body { true } else { false }
        let endComment = element.trailing.count == 1 && !isPage ? element.trailing[0].text : nil
        output.notes(element.leading + (endComment == nil ? element.trailing : []), indent: indent)

        let prefix = dash ? "- " : ""
        let suffix = endComment.map { " " + $0 } ?? ""
        switch element.body {
        case .line(let text):
            output.line(indent, prefix + text + suffix)
        case .header(let text, let children):
            output.line(indent, prefix + text + suffix)
            for child in children {
                render(child, indent: indent + prefix.count + 2, dash: false, into: &output)
            }
        case .page(let fields):
            for (index, field) in fields.enumerated() {
                render(field, indent: index == 0 ? indent : indent + 2, dash: index == 0, into: &output)
            }
        }
    }
}
