import Yams

/// Reads a layout file (SPEC "Layout files") into a `Layout`, with a positioned
/// diagnostic for every problem: the shape is checked here, the rules that need
/// the whole layout in `LayoutChecks`.
public enum LayoutParser {
    public static let layoutFields = ["title", "kind", "rows", "pages"]
    public static let pageFields = ["id", "title", "rows"]
    public static let keyFields = ["label", "text", "hotkey", "span", "action", "to"]
    /// A key wider than this many columns is a mistake, not a layout.
    public static let maxSpan = 24

    /// Parses a layout from the bytes of a file.
    /// - Parameters:
    ///   - layoutExists: whether a layout name given in `action: layout` resolves.
    ///   - suggestLayout: a close name to suggest when one does not (asked only then).
    public static func parse(
        bytes: [UInt8],
        layoutExists: (String) -> Bool = { _ in true },
        suggestLayout: (String) -> String? = LayoutParser.suggestShipped
    ) -> Parsed<Layout> {
        switch YAMLDocument.decode(bytes, kind: "layout") {
        case .success(let text): parse(text, layoutExists: layoutExists, suggestLayout: suggestLayout)
        case .failure(let diagnostic): Parsed(value: nil, diagnostics: [diagnostic])
        }
    }

    /// Parses a layout from YAML text.
    public static func parse(
        _ source: String,
        layoutExists: (String) -> Bool = { _ in true },
        suggestLayout: (String) -> String? = LayoutParser.suggestShipped
    ) -> Parsed<Layout> {
        let root: Node
        switch YAMLDocument.root(of: source, kind: "layout", emptyMessage: .layoutNeedsRowsOfKeys)
        {
        case .success(let node): root = node
        case .failure(let diagnostic): return Parsed(value: nil, diagnostics: [diagnostic])
        }
        var reader = NodeReader()
        let located = readLayout(root, &reader)
        if let located, !reader.exhausted {
            // With errors in the shape, some keys or pages were dropped: checks that
            // count or follow them would only add noise.
            var checks = LayoutChecks(shapeIsComplete: !reader.diagnostics.hasErrors)
            checks.run(on: located, layoutExists: layoutExists, suggestLayout: suggestLayout).forEach {
                reader.report($0)
            }
            return Parsed(value: located.layout, diagnostics: reader.diagnostics)
        }
        return Parsed(value: nil, diagnostics: reader.diagnostics)
    }

    /// The shipped layout closest to a misspelt name.
    public static func suggestShipped(_ name: String) -> String? {
        Suggestion.closest(to: name, among: ShippedLayouts.names)
    }

    // MARK: Reading the shape

    private static func readLayout(_ root: Node, _ reader: inout NodeReader) -> LocatedLayout? {
        guard case .mapping = root else {
            reader.error(
                root,
                Message.layoutMustBeMapping(found: root.kindSaid)
            )
            return nil
        }
        guard let fields = reader.fields(of: root, allowed: layoutFields, in: .placeLayout) else { return nil }
        let title = fields["title"].flatMap { reader.text($0, field: "title") }
        var kind = Layout.Kind.choice
        if let node = fields["kind"], let name = reader.text(node, field: "kind") {
            if let known = Layout.Kind(rawValue: name) {
                kind = known
            } else {
                let names = Layout.Kind.allCases.map(\.rawValue)
                reader.error(
                    node,
                    Message.unknownName(
                        option: "kind", TerminalSafe.escaped(name), hint: NodeReader.said(for: name, among: names)))
            }
        }
        var pages: [LocatedPage] = []
        switch (fields["rows"], fields["pages"]) {
        case (.some, .some):
            reader.report(
                .error(
                    fields.location(of: "pages"), Message.layoutRowsAndPages)
            )
        case (.some(let rows), nil):
            if let rows = readRows(rows, field: "rows", &reader) {
                pages = [LocatedPage(page: nil, rows: rows)]
            }
        case (nil, .some(let node)):
            pages = readPages(node, &reader)
        case (nil, nil):
            reader.error(root, Message.layoutNeedsRows)
        }
        guard !pages.isEmpty else { return nil }
        return LocatedLayout(title: title, titleNode: fields["title"], kind: kind, pages: pages)
    }

    private static func readPages(_ node: Node, _ reader: inout NodeReader) -> [LocatedPage] {
        guard let items = reader.items(of: node, field: "pages") else { return [] }
        if items.isEmpty {
            reader.error(node, Message.layoutPagesEmpty)
            return []
        }
        var pages: [LocatedPage] = []
        var firstUse: [String: SourceLocation] = [:]
        for (index, item) in items.enumerated() {
            guard let fields = reader.fields(of: item, allowed: pageFields, in: .placePage(index + 1)) else { continue }
            var id: String?
            if let idNode = fields["id"], let value = reader.text(idNode, field: "id") {
                if value.isEmpty {
                    reader.error(idNode, Message.pageIDEmpty(index + 1))
                } else if let first = firstUse[value] {
                    reader.error(
                        idNode,
                        Message.pageIDTwice(TerminalSafe.escaped(value), firstAt: "\(first)")
                    )
                } else {
                    firstUse[value] = idNode.location
                    id = value
                }
            } else if !fields.has("id") && !fields.hasUnknown {
                reader.error(item, Message.pageNeedsID(index + 1))
            }
            let title = fields["title"].flatMap { reader.text($0, field: "title") }
            guard let rowsNode = fields["rows"] else {
                if !fields.hasUnknown { reader.error(item, Message.pageNeedsRows(index + 1)) }
                continue
            }
            guard let rows = readRows(rowsNode, field: "rows", &reader), let id else { continue }
            pages.append(LocatedPage(page: (id, title, fields), rows: rows))
        }
        return pages
    }

    private static func readRows(_ node: Node, field: String, _ reader: inout NodeReader) -> [LocatedRow]? {
        guard let items = reader.items(of: node, field: field) else { return nil }
        if items.isEmpty {
            reader.error(node, Message.rowsEmpty(field))
            return nil
        }
        // `rows: [High, Medium, Low]` is a common slip: one row written without its own brackets.
        if !items.contains(where: \.isSequence) {
            reader.error(
                node,
                Message.rowsNotRows(field, example: items.prefix(3).map(\.shortText).joined(separator: ", "))
            )
            return nil
        }
        // Rows keep the keys that could be read, so that the whole-layout checks
        // still report on them; the errors already say what was dropped.
        var rows: [LocatedRow] = []
        for (index, item) in items.enumerated() {
            guard case .sequence(let sequence) = item else {
                reader.error(
                    item, Message.rowNotList(index + 1, found: item.kindSaid))
                continue
            }
            if sequence.isEmpty {
                reader.error(item, Message.rowEmpty(index + 1))
                continue
            }
            guard let keyNodes = reader.items(of: item, field: "row") else { return nil }
            rows.append(LocatedRow(node: item, keys: keyNodes.compactMap { readKey($0, &reader) }))
        }
        return rows
    }

    private static func readKey(_ node: Node, _ reader: inout NodeReader) -> LocatedKey? {
        switch node {
        case .scalar(let scalar):
            return LocatedKey(key: Layout.Key(label: scalar.string), node: node, labelNode: node)
        case .mapping:
            guard let fields = reader.fields(of: node, allowed: keyFields, in: .placeKey) else { return nil }
            return readKeyMapping(fields, &reader)
        default:
            reader.error(
                node,
                Message.keyMustBeTextOrMapping(found: node.kindSaid))
            return nil
        }
    }

    private static func readKeyMapping(_ fields: Fields, _ reader: inout NodeReader) -> LocatedKey? {
        let label = fields["label"].flatMap { reader.text($0, field: "label") }
        let text = fields["text"].flatMap { reader.text($0, field: "text") }
        var ok = (label != nil) == fields.has("label") && (text != nil) == fields.has("text")
        if !fields.has("label") && !fields.has("text") {
            if !fields.hasUnknown {
                reader.error(fields.node, Message.keyNeedsLabel)
            }
            ok = false
        }
        var hotkey: Character?
        if let node = fields["hotkey"] {
            hotkey = readHotkey(node, &reader)
            ok = ok && hotkey != nil
        }
        var span = 1
        if let node = fields["span"] {
            if let value = reader.integer(node, field: "span", in: 1...maxSpan, meaning: .unitColumns) {
                span = value
            } else {
                ok = false
            }
        }
        var action = Layout.Action.text
        if let node = fields["action"] {
            if let value = readAction(node, to: fields["to"], &reader) { action = value } else { ok = false }
        } else if fields.has("to") {
            let actions = Layout.Action.Kind.allCases.filter(\.takesTarget).map(\.rawValue)
            reader.report(
                .warning(fields.location(of: "to"), Message.toWithoutAction(actions)))
        }
        guard ok else { return nil }
        return LocatedKey(
            key: Layout.Key(
                label: label ?? text ?? "", text: text ?? label, hotkey: hotkey, span: span, action: action),
            node: fields.node, labelNode: fields["label"] ?? fields["text"], textNode: fields["text"],
            hotkeyNode: fields["hotkey"], toNode: fields["to"])
    }

    private static func readHotkey(_ node: Node, _ reader: inout NodeReader) -> Character? {
        guard let value = reader.text(node, field: "hotkey") else { return nil }
        guard value.count == 1, let character = value.first else {
            reader.error(node, Message.hotkeyNotOneCharacter(TerminalSafe.escaped(value)))
            return nil
        }
        let taken: Message? =
            switch character {
            case " ": .hotkeySpace
            case "\t": .hotkeyTab
            case "\n", "\r", "\r\n": .hotkeyEnter
            default: nil
            }
        if let taken {
            reader.error(node, Message.hotkeyTaken(TerminalSafe.escaped(value), by: taken))
            return nil
        }
        if let unsafe = TerminalSafe.unsafeScalars(in: value).first {
            reader.error(node, Message.hotkeyUnprintable(unsafe))
            return nil
        }
        return character
    }

    private static func readAction(_ node: Node, to toNode: Node?, _ reader: inout NodeReader) -> Layout.Action? {
        guard let name = reader.text(node, field: "action") else { return nil }
        let target = toNode.flatMap { reader.text($0, field: "to") }
        guard let kind = Layout.Action.Kind(rawValue: name) else {
            let names = Layout.Action.names
            reader.error(
                node,
                Message.unknownName(
                    option: "action", TerminalSafe.escaped(name), hint: NodeReader.said(for: name, among: names)))
            return nil
        }
        guard let wanted = kind.target else {
            if let toNode {
                reader.warning(
                    toNode,
                    Message.toIgnored(
                        Layout.Action.Kind.allCases.filter(\.takesTarget).map(\.rawValue), action: name))
            }
            return kind.action(to: nil)
        }
        guard let target, !target.isEmpty else {
            if toNode == nil || target != nil {
                reader.error(node, Message.actionNeedsTo(name, placeholder: wanted.placeholder))
            }
            return nil
        }
        return kind.action(to: target)
    }
}

// MARK: - The parsed layout with the positions the checks report at

struct LocatedKey {
    var key: Layout.Key
    var node: Node
    var labelNode: Node?
    var textNode: Node?
    var hotkeyNode: Node?
    var toNode: Node?
}

struct LocatedRow {
    var node: Node
    var keys: [LocatedKey]
}

struct LocatedPage {
    /// nil for the single page of a layout written with `rows`.
    var page: (id: String, title: String?, fields: Fields)?
    var rows: [LocatedRow]

    var id: String? { page?.id }
    var model: Layout.Page { Layout.Page(id: page?.id, title: page?.title, rows: rows.map { $0.keys.map(\.key) }) }
}

struct LocatedLayout {
    var title: String?
    var titleNode: Node?
    var kind: Layout.Kind
    var pages: [LocatedPage]

    var layout: Layout { Layout(title: title, kind: kind, pages: pages.map(\.model)) }
}

extension Node {
    var isSequence: Bool { if case .sequence = self { true } else { false } }

    /// A plain empty scalar: what YAML gives for an empty document or `key:` with no value.
    var isEmptyScalar: Bool {
        if case .scalar(let scalar) = self { scalar.string.isEmpty && scalar.style == .plain } else { false }
    }

    /// A short rendering for hints ("High", "{…}").
    var shortText: String {
        switch self {
        case .scalar(let scalar): TerminalSafe.escaped(scalar.string)
        case .mapping: "{…}"
        case .sequence: "[…]"
        case .alias: "*…"
        }
    }
}

extension ShippedLayouts {
    /// A layout shipped with Keyform, parsed (their own tests check them); nil
    /// for a name that is none of them.
    public static func layout(named name: String) -> Layout? {
        sources[name].flatMap { LayoutParser.parse($0).value }
    }
}
