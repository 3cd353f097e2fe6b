import Yams

extension YAMLFormatter {
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
            /// `rows:`, `pages:`, `choices:`: a key and its entries or fields indented below.
            case header(String, [Element])
            /// A block mapping as a list entry (a page, a form's field): its fields,
            /// the first one after `- `.
            case entry([Element])
            /// `key: |` and the lines of a literal block scalar, one indent deeper.
            case literal(String, [String])
        }

        var body: Body
        /// Where it begins in the source: its key, or the `-` of a list entry.
        var start: SourceLocation
        /// Top-level fields and entries of lists that keep blank lines (pages, form fields)
        /// keep one blank line that preceded them.
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
                case .line, .literal: []
                case .header(_, let children), .entry(let children): children
                }
            }
            set {
                switch body {
                case .line, .literal: break
                case .header(let text, _): body = .header(text, newValue)
                case .entry: body = .entry(newValue)
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

extension YAMLFormatter {
    /// Turns the document's node tree into elements in canonical order, as the kind says.
    struct OutlineBuilder {
        let source: Source
        let kind: Kind

        func topLevel(_ root: Node) throws -> [Element] {
            guard case .mapping(let mapping) = root else {
                throw Failure(.fmtNotShape(kind.rootHint, found: Self.describe(root)), at: Self.location(root))
            }
            guard !mapping.isEmpty else {
                throw Failure(.fmtNoFields(noun: kind.noun, kind.emptyHint), at: Self.location(root))
            }
            return try fields(mapping, kind.root).map { element in
                var element = element
                element.keepsBlankLine = true
                return element
            }
        }

        /// A block mapping's `key: value` elements, in the block's order.
        private func fields(_ mapping: Node.Mapping, _ block: Block) throws -> [Element] {
            try Self.ordered(mapping, first: block.order).map { key, value in
                try field(key, value, block.values[key.string])
            }
        }

        private func field(_ key: Node.Scalar, _ value: Node, _ shape: Value?) throws -> Element {
            let start = key.mark.map(Self.location) ?? .start
            let name = fieldName(key, inFlow: false)
            switch shape {
            case .list(let entry, let shape, let keepsBlankLines)?:
                guard case .sequence(let sequence) = value else {
                    throw Failure(.fmtNotShape(shape, found: Self.describe(value)), at: Self.location(value))
                }
                if sequence.isEmpty { return Element(.line("\(name): []"), start: start) }
                let entries = try sequence.enumerated().map { index, node in
                    var element = try self.entry(node, entry)
                    element.keepsBlankLine = keepsBlankLines && index > 0
                    return element
                }
                return Element(.header("\(name):", entries), start: start)
            case .block(let block, let shape)?:
                guard case .mapping(let mapping) = value else {
                    throw Failure(.fmtNotShape(shape, found: Self.describe(value)), at: Self.location(value))
                }
                if mapping.isEmpty { return Element(.line("\(name): {}"), start: start) }
                return Element(.header("\(name):", try fields(mapping, block)), start: start)
            case .blockOrInline(let block)? where value.mapping != nil:
                return try field(key, value, .block(block, shape: .choices))
            case .flowMapping(let order)?:
                if case .mapping(let mapping) = value {
                    return Element(
                        .line("\(name): \(try flowMapping(Self.ordered(mapping, first: order)))"), start: start)
                }
                return Element(.line("\(name): \(try inline(value, inFlow: false))"), start: start)
            case nil, .blockOrInline?:
                if case .scalar(let scalar) = value, scalar.style == .literal {
                    if let literal = Scalars.literal(scalar.string) {
                        return Element(.literal("\(name): \(literal.header)", literal.lines), start: start)
                    }
                    return Element(.line("\(name): \(Scalars.doubleQuoted(scalar.string))"), start: start)
                }
                return Element(.line("\(name): \(try inline(value, inFlow: false))"), start: start)
            }
        }

        private func entry(_ node: Node, _ entry: Entry) throws -> Element {
            let start = source.entryStart(Self.location(node))
            switch entry {
            case .row(let item, let shape):
                guard case .sequence(let items) = node else {
                    throw Failure(.fmtNotShape(shape, found: Self.describe(node)), at: Self.location(node))
                }
                let texts = try items.map { try flowItem($0, item) }
                return Element(.line("- [" + texts.joined(separator: ", ") + "]"), start: start)
            case .block(let block, let shape):
                guard case .mapping(let mapping) = node else {
                    throw Failure(.fmtNotShape(shape, found: Self.describe(node)), at: Self.location(node))
                }
                if mapping.isEmpty { return Element(.line("- {}"), start: start) }
                return Element(.entry(try fields(mapping, block)), start: start)
            }
        }

        // MARK: Items of a row

        /// An item: plain text when it is a mapping of one collapsing key to a text that
        /// can be plain, else a flow mapping with its keys in canonical order.
        func flowItem(_ node: Node, _ item: FlowItem) throws -> String {
            switch node {
            case .scalar(let scalar):
                try Self.refuseLiteral(scalar)
                return text(scalar, inFlow: true)
            case .mapping(let mapping):
                if let plain = Self.collapsed(mapping, item) { return plain }
                return try flowMapping(Self.ordered(mapping, first: item.order))
            case .sequence, .alias:
                throw Failure(.fmtNotShape(item.shape, found: Self.describe(node)), at: Self.location(node))
            }
        }

        /// `{label: X}` and `{text: X}` mean the same key as `X`.
        private static func collapsed(_ mapping: Node.Mapping, _ item: FlowItem) -> String? {
            guard let scalar = collapsible(mapping, item) else { return nil }
            return Scalars.plain(scalar, inFlow: true)
        }

        /// The scalar a mapping of one collapsing key stands for.
        static func collapsible(_ mapping: Node.Mapping, _ item: FlowItem) -> Node.Scalar? {
            guard mapping.count == 1, let (key, value) = mapping.first,
                let name = key.scalar?.string, item.collapsing.contains(name),
                case .scalar(let scalar) = value
            else { return nil }
            return scalar
        }

        // MARK: Any value

        /// Any value on one line: a scalar, or flow collections.
        func inline(_ node: Node, inFlow: Bool) throws -> String {
            switch node {
            case .scalar(let scalar):
                try Self.refuseLiteral(scalar)
                return text(scalar, inFlow: inFlow)
            case .sequence(let sequence):
                let items = try sequence.map { try inline($0, inFlow: true) }
                return "[" + items.joined(separator: ", ") + "]"
            case .mapping(let mapping):
                return try flowMapping(Self.pairs(mapping))
            case .alias:
                throw Failure(.fmtAnchors(nil), at: Self.location(node))
            }
        }

        private func flowMapping(_ pairs: [(Node.Scalar, Node)]) throws -> String {
            let fields = try pairs.map { key, value in
                "\(fieldName(key, inFlow: true)): \(try inline(value, inFlow: true))"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }

        /// Field names are written like any scalar, so an odd unknown key keeps its quotes.
        func fieldName(_ key: Node.Scalar, inFlow: Bool) -> String {
            text(key, inFlow: inFlow)
        }

        /// A literal block is kept only as the value of a key on its own line: rows, lists and
        /// mappings are written on one line, where a block cannot go.
        private static func refuseLiteral(_ scalar: Node.Scalar) throws {
            guard scalar.style == .literal else { return }
            throw Failure(.fmtBlockInFlow, at: scalar.mark.map(location) ?? .start)
        }

        /// A scalar as the kind writes it: with or without the quotes it was written with.
        func text(_ scalar: Node.Scalar, inFlow: Bool) -> String {
            Scalars.text(scalar, inFlow: inFlow, keepingQuotes: kind.keepsQuotes)
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
                    throw Failure(.fmtKeyNotText(found: describe(key)), at: location(key))
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

        static func describe(_ node: Node) -> Message {
            switch node {
            case .scalar(let scalar): .fmtFoundText(Scalars.doubleQuoted(String(scalar.string.prefix(40))))
            case .sequence: .yamlList
            case .mapping: .yamlMapping
            case .alias: .yamlAlias
            }
        }
    }
}

// MARK: - Comments

extension YAMLFormatter {
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
                note.line <= elements[index].end
            {
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

        /// Blank lines between top-level fields and between entries that keep them: one where the source had any.
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

extension YAMLFormatter {
    /// Output lines: two-space indentation, at most one blank line in a row, none at the ends.
    struct Output {
        private var lines: [String] = []

        mutating func line(_ indent: Int, _ text: String) {
            lines.append(String(repeating: " ", count: indent) + text)
        }

        /// A line of a literal block: its text at `indent`, an empty line empty.
        mutating func text(_ indent: Int, _ text: String) {
            lines.append(text.isEmpty ? "" : String(repeating: " ", count: indent) + text)
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
        // An entry has no line of its own: its first line belongs to its first field.
        let isEntry = if case .entry = element.body { true } else { false }
        let endComment = element.trailing.count == 1 && !isEntry ? element.trailing[0].text : nil
        output.notes(element.leading + (endComment == nil ? element.trailing : []), indent: indent)

        let prefix = dash ? "- " : ""
        let suffix = endComment.map { " " + $0 } ?? ""
        switch element.body {
        case .line(let text):
            output.line(indent, prefix + text + suffix)
        case .literal(let text, let lines):
            output.line(indent, prefix + text + suffix)
            for line in lines { output.text(indent + prefix.count + 2, line) }
        case .header(let text, let children):
            output.line(indent, prefix + text + suffix)
            for child in children {
                render(child, indent: indent + prefix.count + 2, dash: false, into: &output)
            }
        case .entry(let fields):
            for (index, field) in fields.enumerated() {
                render(field, indent: index == 0 ? indent : indent + 2, dash: index == 0, into: &output)
            }
        }
    }
}
