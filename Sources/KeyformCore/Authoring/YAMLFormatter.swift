import Yams

/// The one canonical formatting of Keyform's YAML files: layouts (`keyform layout fmt`) and
/// forms (`keyform form fmt`). One engine; what differs between the kinds is data (`Kind`:
/// key orders, which values are block lists, block mappings or one-line mappings).
///
/// The canonical form:
/// - mappings' keys in the kind's order, then any others as written. A layout: `title`, `kind`,
///   `rows`, `pages`; a page `id`, `title`, `rows`; a key `label`, `text`, `hotkey`, `span`,
///   `action`, `to`. A form: `title`, `name`, `compact`, `fields`, `pages`, `template`; a page
///   `title`, `fields`; a field `Kind.fieldOrder` (`id` first); `choices` `by`, `keys`, `from`, `order`, `limit`;
/// - a layout's `rows:` as a block list with one row per line, each row a flow list:
///   `  - [High, Medium, Low]`; a key with only a `label` (or only a `text`) that can be written
///   plain is written plain, other keys as flow mappings: `{label: "0", span: 2}`. No field is
///   ever added or dropped;
/// - `pages:` and a form's `fields:` as block lists of block mappings; a field's `choices` as a
///   block mapping (a list of keys stays on its line, as written), its `states` on one line: `states: {no: In progress, yes: Complete}`;
/// - scalars plain when YAML reads the plain form back as the same string; a value quoted in the
///   source stays quoted when a YAML 1.1 tool would read it plain as a bool, number, null or date
///   (`"Yes"`, `"0"`); otherwise double-quoted, with control and invisible characters escaped;
///   an empty value (`title:`) is written `""`; a literal block (`key: |`) stays one, its
///   text two spaces in (`|+` and texts a literal block cannot write go in double quotes);
/// - other values (unknown fields) on one line, collections in flow style;
/// - two-space indentation, LF line ends, no trailing whitespace, one newline at the end;
///   a byte order mark and the document markers `---` / `...` are dropped.
///
/// Comments are kept: a full-line comment stays above the element that followed it (a top-level
/// field, a page, a page's field, a row), or above the element it sits inside when that element
/// has no finer parts (a row written over several lines). A comment at the end of a line stays at
/// the end of that element's line; when an element written over several lines had several such
/// comments, they all go above it, in source order. A comment on `rows:` or `pages:` stays there.
/// Comments before the first field stay at the top, comments after the last one at the end.
/// One blank line is kept where the source had blank lines between top-level fields, between
/// pages or between a form's fields (and around the comments at the top and the end); other
/// blank lines go.
///
/// The formatter refuses, with a `Failure`, what it cannot format without changing meaning:
/// invalid YAML, several documents, directives, anchors and aliases (which it would have to
/// write out, losing the sharing), tags, folded block scalars (`>`), block scalars with an
/// indentation indicator (`|2`) or inside a row or a one-line value, keys that are not texts, and
/// shapes that are not of the kind (the root is not a mapping, `rows` is not a list of lists,
/// `pages` not a list of mappings, a key is a list).
/// It checks its own output: it composes to the same node tree (up to key order, scalar
/// styles and `{label: X}` written `X`) and holds the same comments, or it fails.
public enum YAMLFormatter {
    /// Why a source cannot be formatted, at a 1-based line and column (in Unicode scalars).
    public struct Failure: MessageError, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, as a message (said in the command's language).
        public var message: Message
        public var location: SourceLocation

        public init(_ message: Message, at location: SourceLocation) {
            self.message = message
            self.location = location
        }

        public var line: Int { location.line }
        public var column: Int { location.column }

        /// `LINE:COLUMN: MESSAGE`
        public var description: String { "\(location): \(message.english)" }

        /// As an error diagnostic, for `PATH:LINE:COLUMN: error: MESSAGE`.
        public var diagnostic: Diagnostic { .error(location, message) }
    }

    /// The canonical formatting of a file's YAML source. Pure: no files, no state.
    ///
    /// Formatting is idempotent: `format(format(s)) == format(s)`.
    /// - Throws: a `Failure` when the source cannot be parsed, or is not a shape of the kind
    ///   the formatter understands, or uses YAML features it does not keep (see the type's notes).
    public static func format(_ source: String, as kind: Kind) throws -> String {
        let text = withoutByteOrderMark(source)
        let root = try compose(text, kind: kind)
        let scanned = Source(text, quotedScalars: quotedScalars(in: root), literalBlocks: literalBlocks(in: root))
        if let line = scanned.directiveLine {
            throw Failure(.fmtDirectives, at: .init(line: line, column: 1))
        }
        if let location = scanned.indentedBlock {
            throw Failure(.fmtIndentationIndicator, at: location)
        }
        if let location = scanned.quoteNotAtMark {
            throw Failure(.fmtTags(nil), at: location)
        }
        let elements = try OutlineBuilder(source: scanned, kind: kind).topLevel(root)
        let output = render(Outline(elements: elements, source: scanned))
        try verify(output, means: root, comments: scanned.comments, kind: kind)
        return output
    }

    /// Yams rejects a leading byte order mark in a string; it carries no content.
    private static func withoutByteOrderMark(_ source: String) -> String {
        guard source.unicodeScalars.first == "\u{FEFF}" else { return source }
        return String(String.UnicodeScalarView(source.unicodeScalars.dropFirst()))
    }
}

// MARK: - Parsing

extension YAMLFormatter {
    /// The document's node tree, with what the formatter does not support refused.
    static func compose(_ text: String, kind: Kind) throws -> Node {
        do {
            let parser = try Parser(yaml: text)
            guard let root = try parser.singleRoot() else {
                throw Failure(.fmtEmptyFile(kind.rootHint), at: .start)
            }
            // Yams holds anchors weakly: the parser must live while they are looked at.
            try withExtendedLifetime(parser) { try checkSupported(root) }
            return root
        } catch let failure as Failure {
            throw failure
        } catch let error as YamlError {
            throw failure(from: error, in: text, kind: kind)
        }
    }

    private static func checkSupported(_ node: Node, isKey: Bool = false) throws {
        let location = OutlineBuilder.location(node)
        if let anchor = node.anchor {
            throw Failure(.fmtAnchors(anchor.rawValue), at: location)
        }
        if case .scalar(let scalar) = node, scalar.style == .folded {
            throw Failure(.fmtFoldedBlock, at: location)
        }
        // A literal block's lines are counted as its value's: line breaks other than LF would not be.
        if case .scalar(let scalar) = node, scalar.style == .literal,
            scalar.string.unicodeScalars.contains(where: { ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) })
        {
            throw Failure(.fmtLiteralLineBreaks, at: location)
        }
        if let tag = explicitTag(node, isKey: isKey) {
            throw Failure(.fmtTags(tag), at: location)
        }
        switch node {
        case .scalar, .alias:
            break
        case .sequence(let sequence):
            for item in sequence { try checkSupported(item) }
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar = key else {
                    throw Failure(.fmtKeyNotText(found: nil), at: OutlineBuilder.location(key))
                }
                try checkSupported(key, isKey: true)
                try checkSupported(value)
            }
        }
    }

    /// A tag written in the source, shown as written (`!!str`, `!x`). Yams tags untagged quoted
    /// and block scalars `str`, and keys `str` (or `null` when empty, or as the resolver reads a plain
    /// key), so `!!str` on those goes unseen; it changes nothing there.
    private static func explicitTag(_ node: Node, isKey: Bool) -> String? {
        let tag: String
        switch node {
        case .scalar(let scalar):
            tag = scalar.tag.rawValue
            let quoted = [.singleQuoted, .doubleQuoted, .literal, .folded].contains(scalar.style)
            if quoted && tag == Tag.Name.str.rawValue { return nil }
            if isKey && [Tag.Name.str.rawValue, Tag.Name.null.rawValue].contains(tag) { return nil }
            // A plain key is tagged as the resolver reads it (`no` in `{no: …, yes: …}` is bool).
            if isKey && scalar.style == .plain && tag == Resolver.default.resolveTag(of: Node(scalar.string)).rawValue {
                return nil
            }
        case .sequence(let sequence):
            tag = sequence.tag.rawValue
        case .mapping(let mapping):
            tag = mapping.tag.rawValue
        case .alias:
            return nil
        }
        guard !tag.isEmpty else { return nil }
        let standard = "tag:yaml.org,2002:"
        return tag.hasPrefix(standard) ? "!!" + tag.dropFirst(standard.count) : tag
    }

    /// Every scalar of the tree (keys and values), in document order; aliases are not followed.
    static func scalars(in node: Node) -> [Node.Scalar] {
        switch node {
        case .scalar(let scalar): [scalar]
        case .sequence(let sequence): sequence.flatMap(scalars(in:))
        case .mapping(let mapping): mapping.flatMap { scalars(in: $0.key) + scalars(in: $0.value) }
        case .alias: []
        }
    }

    /// Where quoted scalars start: only there do quotes open strings when comments are looked for.
    static func quotedScalars(in root: Node) -> [SourceLocation: Source.Quote] {
        var starts: [SourceLocation: Source.Quote] = [:]
        for scalar in scalars(in: root) {
            guard let mark = scalar.mark else { continue }
            switch scalar.style {
            case .singleQuoted: starts[OutlineBuilder.location(mark)] = .single
            case .doubleQuoted: starts[OutlineBuilder.location(mark)] = .double
            default: break
            }
        }
        return starts
    }

    /// Where each literal block scalar's `|` is, and how many lines of text its value has
    /// (its lines in the source: a literal block keeps every line break but the chomped ones).
    static func literalBlocks(in root: Node) -> [SourceLocation: Int] {
        var blocks: [SourceLocation: Int] = [:]
        for scalar in scalars(in: root) where scalar.style == .literal {
            guard let mark = scalar.mark else { continue }
            let value = scalar.string
            let body = value.hasSuffix("\n") ? value.dropLast() : Substring(value)
            blocks[OutlineBuilder.location(mark)] =
                value.isEmpty ? 0 : body.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        return blocks
    }

    private static func failure(from error: YamlError, in text: String, kind: Kind) -> Failure {
        switch error {
        case let .scanner(context, problem, mark, _),
            let .parser(context, problem, mark, _):
            return Failure(.fmtInvalidYAML("\(problem)\(describe(context))"), at: OutlineBuilder.location(mark))
        case let .composer(context, problem, mark, _):
            if problem.contains("another document") {
                return Failure(.fmtOneDocument(noun: kind.noun), at: OutlineBuilder.location(mark))
            }
            return Failure(.fmtInvalidYAML("\(problem)\(describe(context))"), at: OutlineBuilder.location(mark))
        case let .reader(problem, offset, _, _):
            return Failure(.fmtInvalidText(problem), at: location(ofCharacter: offset ?? 0, in: text))
        case let .duplicatedKeysInMapping(duplicates, context):
            return Failure(.fmtDuplicateKeys(duplicates), at: OutlineBuilder.location(context.mark))
        default:
            return Failure(.fmtInvalidYAML("\(error)"), at: .start)
        }
    }

    private static func describe(_ context: YamlError.Context?) -> String {
        guard let context else { return "" }
        return " (\(context.text) at \(context.mark))"
    }

    /// Yams reports reader errors at a Character offset.
    private static func location(ofCharacter offset: Int, in text: String) -> SourceLocation {
        let before = text.prefix(offset)
        let lines = Source.lines(of: String(before))
        return SourceLocation(line: lines.count, column: (lines.last?.count ?? 0) + 1)
    }
}

// MARK: - Checking the output

extension YAMLFormatter {
    /// Refuses to return output that would mean something else or lose a comment.
    private static func verify(_ output: String, means original: Node, comments: [Source.Comment], kind: Kind) throws {
        let problem = Failure(.fmtInternal(noun: kind.noun), at: .start)
        guard let again = try? Yams.compose(yaml: output),
            Meaning.same(Meaning.normalized(original, kind), Meaning.normalized(again, kind))
        else { throw problem }
        let kept = Source(output, quotedScalars: quotedScalars(in: again), literalBlocks: literalBlocks(in: again))
            .comments.map(\.text)
        guard kept.sorted() == comments.map(\.text).sorted() else { throw problem }
    }

    /// Node trees compared for meaning: scalars by string, mappings as multisets of pairs.
    enum Meaning {
        static func same(_ a: Node, _ b: Node) -> Bool {
            switch (a, b) {
            case (.scalar(let x), .scalar(let y)):
                return x.string == y.string
            case (.sequence(let x), .sequence(let y)):
                return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
            case (.mapping(let x), .mapping(let y)):
                guard x.count == y.count else { return false }
                var unmatched = Array(y)
                for (key, value) in x {
                    guard let index = unmatched.firstIndex(where: { same($0.key, key) && same($0.value, value) })
                    else { return false }
                    unmatched.remove(at: index)
                }
                return true
            default:
                return false
            }
        }

        /// Writes every collapsible row item (a grid key `{label: X}` or `{text: X}`) as `X`,
        /// as the formatter may, following the kind's shape.
        static func normalized(_ root: Node, _ kind: Kind) -> Node {
            normalized(root, kind.root)
        }

        private static func normalized(_ node: Node, _ block: Block) -> Node {
            guard case .mapping(let mapping) = node else { return node }
            return Node(
                mapping.map { key, value in
                    guard let shape = key.scalar.flatMap({ block.values[$0.string] }) else { return (key, value) }
                    return (key, normalized(value, shape))
                })
        }

        private static func normalized(_ node: Node, _ shape: Value) -> Node {
            switch shape {
            case .block(let block, _), .blockOrInline(let block):
                return normalized(node, block)
            case .flowMapping:
                return node
            case .list(let entry, _, _):
                guard case .sequence(let entries) = node else { return node }
                return Node(
                    entries.map { entryNode in
                        switch entry {
                        case .block(let block, _):
                            return normalized(entryNode, block)
                        case .row(let item, _):
                            guard case .sequence(let items) = entryNode else { return entryNode }
                            return Node(
                                items.map { itemNode in
                                    guard case .mapping(let mapping) = itemNode,
                                        let scalar = OutlineBuilder.collapsible(mapping, item)
                                    else { return itemNode }
                                    return .scalar(scalar)
                                })
                        }
                    })
            }
        }
    }
}
