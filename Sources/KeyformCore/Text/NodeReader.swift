import Yams

/// The result of parsing a file: the value when there is no error, and every
/// diagnostic found (warnings may come with a value).
public struct Parsed<Value> {
    public var value: Value?
    public var diagnostics: [Diagnostic]

    public init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = diagnostics.hasErrors ? nil : value
        // An aliased node is walked once per use: report each problem once.
        var seen = Set<Diagnostic>()
        self.diagnostics = diagnostics.filter { seen.insert($0).inserted }.sortedByLocation()
    }
}

extension Parsed: Sendable where Value: Sendable {}
extension Parsed: Equatable where Value: Equatable {}

/// Reads typed values out of a YAML node tree, collecting a positioned
/// diagnostic for everything that is not what was expected.
struct NodeReader {
    /// Nodes one file may visit. Aliases can make a small file a huge tree
    /// (the "billion laughs"); the walk stops with an error instead of hanging.
    /// Every node takes at least half a byte of text (`{a,b}`: a key and its
    /// empty value per two bytes), so no file within the 1 MiB limit reaches it
    /// without aliases.
    static let nodeBudget = 2 * YAMLDocument.maxBytes

    private(set) var diagnostics: [Diagnostic] = []
    private var nodesLeft = NodeReader.nodeBudget
    /// Set once the budget is spent: every further read returns nothing.
    private(set) var exhausted = false

    mutating func error(_ node: Node, _ message: String) {
        diagnostics.append(.error(node.location, message))
    }

    mutating func error(_ node: Node, _ said: Message) {
        diagnostics.append(.error(node.location, said))
    }

    mutating func warning(_ node: Node, _ message: String) {
        diagnostics.append(.warning(node.location, message))
    }

    mutating func warning(_ node: Node, _ said: Message) {
        diagnostics.append(.warning(node.location, said))
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Charges `count` nodes against the budget; false once it is spent.
    private mutating func visit(_ count: Int, at node: Node) -> Bool {
        guard !exhausted else { return false }
        nodesLeft -= count
        if nodesLeft < 0 {
            exhausted = true
            error(node, Message.yamlTooManyNodes(NodeReader.nodeBudget))
            return false
        }
        return true
    }

    /// The fields of a mapping, checking each name against `allowed` (nil: any name).
    /// `context` names the mapping in messages ("layout", "key", "page 'more'").
    mutating func fields(of node: Node, allowed: [String]?, in context: Message) -> Fields? {
        guard case .mapping(let mapping) = node else {
            error(node, Message.mustBeMapping(context, found: node.kindSaid))
            return nil
        }
        guard visit(mapping.count * 2 + 1, at: node) else { return nil }
        var fields = Fields(node: node)
        for (key, value) in mapping {
            guard case .scalar(let name) = key else {
                error(key, Message.fieldNameNotText(found: key.kindSaid))
                continue
            }
            guard let allowed else {
                fields.entries[name.string] = (key, value)
                continue
            }
            if allowed.contains(name.string) {
                fields.entries[name.string] = (key, value)
            } else {
                fields.hasUnknown = true
                error(
                    key,
                    Message.unknownField(
                        TerminalSafe.escaped(name.string), in: context,
                        hint: Self.said(for: name.string, among: allowed)))
            }
        }
        return fields
    }

    /// The items of a list.
    mutating func items(of node: Node, field: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            error(node, Message.mustBeList(field: field, found: node.kindSaid))
            return nil
        }
        guard visit(sequence.count + 1, at: node) else { return nil }
        return Array(sequence)
    }

    /// A scalar's text exactly as written (a plain `no`, `1.10` or `~` stays text).
    mutating func text(_ node: Node, field: String) -> String? {
        guard case .scalar(let scalar) = node else {
            error(node, Message.mustBeText(field: field, found: node.kindSaid))
            return nil
        }
        return scalar.string
    }

    /// Text that is drawn on the terminal or printed (a title, a label, a
    /// template, a pattern quoted in an error): a control, bidi or invisible
    /// character in it is an error, as in layouts. `trailingLineBreaks`: a
    /// block scalar's final line breaks are allowed (`template: |`).
    /// `what` names it in the message (default: the field).
    mutating func shownText(
        _ node: Node, field: String, what: Message? = nil, trailingLineBreaks: Bool = false
    ) -> String? {
        guard let text = text(node, field: field) else { return nil }
        // Trimmed in place: reversing the text twice went through unspecialized generic code whose
        // associated types the runtime looked up on each start (0.6 M instructions, DECISIONS 93).
        var checked = Substring(text)
        while trailingLineBreaks, let last = checked.last, last == "\n" || last == "\r\n" { checked.removeLast() }
        guard let scalar = TerminalSafe.unsafeScalars(in: String(checked)).first else { return text }
        error(node, Message.unsafeCharacter(in: what ?? .authored(field), scalar))
        return nil
    }

    /// A whole number within `range`.
    mutating func integer(_ node: Node, field: String, in range: ClosedRange<Int>, meaning: Message) -> Int? {
        guard let string = text(node, field: field) else { return nil }
        guard let value = Int(string.trimmingSpaces), range.contains(value) else {
            error(
                node,
                Message.wholeNumberOutOfRange(
                    field, unit: meaning, from: range.lowerBound, to: range.upperBound,
                    found: TerminalSafe.escaped(string)))
            return nil
        }
        return value
    }

    /// `did you mean 'x'?` when a name is close, else `expected 'a', 'b' or 'c'`.
    static func hint(for name: String, among names: [String]) -> String {
        said(for: name, among: names).english
    }

    /// `hint` as a message: `did you mean 'x'?`, else the names it could be.
    static func said(for name: String, among names: [String]) -> Message {
        Suggestion.closest(to: name, among: names).map { .didYouMean($0) } ?? .expectedOneOf(names)
    }

    /// `a, b or c` with each name quoted.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

/// The known fields of one YAML mapping, with their key nodes for positions.
struct Fields {
    let node: Node
    fileprivate(set) var entries: [String: (key: Node, value: Node)] = [:]
    /// A misspelt field was reported: a "missing field" error would only repeat it.
    fileprivate(set) var hasUnknown = false

    subscript(name: String) -> Node? { entries[name]?.value }

    /// Where the field's name is written (falls back to the mapping).
    func location(of name: String) -> SourceLocation { (entries[name]?.key ?? node).location }

    func has(_ name: String) -> Bool { entries[name] != nil }
}

extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " })!
        return Substring(scalars[first...last])
    }
}
