import Yams

/// YAML text loaded into Yams' node tree, with every failure turned into a
/// positioned diagnostic. Layout and form files both start here.
enum YAMLDocument {
    /// Files larger than this are refused before parsing, so a huge file is an error, not a hang.
    static let maxBytes = 1 << 20

    /// Decodes file bytes as UTF-8, refusing oversized files and invalid encodings.
    static func decode(_ bytes: [UInt8], kind: String) -> Result<String, Diagnostic> {
        if bytes.count > maxBytes {
            return .failure(
                .error(.start, Message.fileTooLarge(bytes: bytes.count, kind: kind, limit: maxBytes)))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // byte order mark
        if let text = String(validating: body, as: UTF8.self) { return .success(text) }
        return .failure(
            .error(location(ofFirstInvalidUTF8In: Array(body)), Message.notUTF8))
    }

    /// The root node of a non-empty document; `emptyMessage` says what the file
    /// needs when it has nothing (or only comments).
    static func root(of text: String, kind: String, emptyMessage: Message) -> Result<Node, Diagnostic> {
        if text.utf8.count > maxBytes {
            return .failure(.error(.start, Message.fileTooLarge(bytes: text.utf8.count, kind: kind, limit: nil)))
        }
        switch compose(text) {
        case .success(let node?) where !node.isEmptyScalar: return .success(node)
        case .success: return .failure(.error(.start, Message.fileEmpty(needs: emptyMessage)))
        case .failure(let diagnostic): return .failure(diagnostic)
        }
    }

    /// Parses one YAML document. A missing or empty document gives `nil` and no diagnostic.
    static func compose(_ text: String) -> Result<Node?, Diagnostic> {
        do {
            // `.basic`: scalars stay text (Keyform reads every scalar as written), and no
            // regular expressions are compiled to guess types (ICU at startup). UTF-8 named:
            // Yams' default reads the whole environment for its own variable on each parse.
            let root = try Yams.compose(yaml: text, .basic, .default, .utf8)
            if let root, walksForExpansion(text), let overflow = expansionOverflow(root) {
                return .failure(
                    .error(
                        overflow.location,
                        Message.yamlExpandsTooMuch(maxExpandedBytes)
                    ))
            }
            return .success(root)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: text))
        } catch {
            return .failure(.error(.start, Message.cannotReadYAML("\(error)")))
        }
    }

    /// What a document may expand to through its aliases: the bytes of its
    /// scalars, each use of an alias counting again, plus a byte for each node.
    /// A file within `maxBytes` holds at most `maxBytes` of text and twice as many
    /// nodes (`{a,b}`: a key and its empty value per two bytes), so only aliases
    /// reach it. Yams shares an aliased value, but everything that reads the tree
    /// (checks, widths, the form and its records) goes through each use: one
    /// 100 KB string aliased 10,000 times took 2 GB and 12 s.
    static let maxExpandedBytes = 4 * maxBytes

    /// Whether `text`'s tree is walked for its expanded size. Only aliases
    /// (`*name`) take a tree far past its text: without them each node is made
    /// by at least a third of a byte (an indicator, `?` for a key and its empty
    /// value), and a scalar holds at most 3 bytes for 2 of its text (`\L`), so a
    /// tree holds at most 5 bytes for each of the text's (`YAMLExpansionTests`).
    /// A text without a `*`, of at most `unwalkedBytes`, cannot reach the limit:
    /// the walk, up to a third of a form's parse before the first frame, is skipped.
    static func walksForExpansion(_ text: String) -> Bool {
        text.utf8.count > unwalkedBytes || text.utf8.contains(UInt8(ascii: "*"))
    }

    /// 64 KiB: its tree is at most 320 KiB, a thirteenth of `maxExpandedBytes`.
    static let unwalkedBytes = maxBytes / 16

    /// Where the tree, expanded, passes `maxExpandedBytes`: the outermost
    /// repeated value on the way there (Yams resolves each alias to the node it
    /// names, so a node met again at the same place is an alias's use, and its
    /// place is where `&name` marks it); nil when it stays within. The walk
    /// stops at the limit, so it is bounded too.
    static func expansionOverflow(_ root: Node, limit: Int = maxExpandedBytes) -> Node? {
        var left = limit
        var seen = Set<Int>()
        var stack: [(node: Node, repeated: Node?)] = [(root, nil)]
        while let (node, outer) = stack.popLast() {
            let kind: Int
            left -= 1
            switch node {
            case .scalar(let scalar):
                kind = 0
                left -= scalar.string.utf8.count
            case .mapping: kind = 1
            case .sequence: kind = 2
            case .alias: kind = 3
            }
            let place = node.location
            let repeated = outer ?? (seen.insert(place.line << 34 | place.column << 2 | kind).inserted ? nil : node)
            if left < 0 { return repeated ?? node }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping { stack.append((value, repeated)); stack.append((key, repeated)) }
            case .sequence(let sequence): stack.append(contentsOf: sequence.map { ($0, repeated) })
            case .scalar, .alias: break
            }
        }
        return nil
    }

    /// Where `key` is written again in the mapping whose key at `first` is its
    /// first writing: later on the same line in a flow mapping (`{a: 1, a: 2}`),
    /// or in a block mapping on a later line at the same column, before a line
    /// indented less ends the mapping. Nil when it cannot be told from the text.
    static func location(ofRepeatedKey key: String, after first: SourceLocation, in text: String) -> SourceLocation? {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard first.line >= 1, first.line <= lines.count, first.column >= 1 else { return nil }
        let written = Array(key.unicodeScalars)
        func keyStarts(_ line: [Unicode.Scalar], at index: Int) -> Bool {
            for quote in [nil, Unicode.Scalar("\""), Unicode.Scalar("'")] as [Unicode.Scalar?] {
                let opening = quote.map { [$0] } ?? []
                let candidate = opening + written + opening
                guard index + candidate.count <= line.count, Array(line[index..<(index + candidate.count)]) == candidate
                else { continue }
                var after = index + candidate.count
                while after < line.count, line[after] == " " || line[after] == "\t" { after += 1 }
                guard after < line.count, line[after] == ":" else { continue }
                if after + 1 == line.count || [" ", "\t", "\r"].contains(line[after + 1]) { return true }
            }
            return false
        }
        let firstLine = lines[first.line - 1]
        let column = first.column - 1
        if column <= firstLine.count, let before = firstLine[..<column].last(where: { $0 != " " }),
            before == "{" || before == ","
        {
            // Flow mapping: a later `, key:` on the same line.
            var index = column + written.count
            while index < firstLine.count {
                if firstLine[index] == "," {
                    var start = index + 1
                    while start < firstLine.count, firstLine[start] == " " { start += 1 }
                    if keyStarts(firstLine, at: start) { return SourceLocation(line: first.line, column: start + 1) }
                }
                index += 1
            }
            return nil
        }
        for number in first.line..<lines.count {
            let line = lines[number]
            guard let content = line.firstIndex(where: { $0 != " " }), line[content] != "#", line[content] != "\r"
            else { continue }
            if content < column { return nil }
            if content == column, keyStarts(line, at: column) {
                return SourceLocation(line: number + 1, column: column + 1)
            }
        }
        return nil
    }

    private static func diagnostic(for error: YamlError, in text: String) -> Diagnostic {
        switch error {
        case let .scanner(context, problem, mark, _),
            let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            // libyaml's own words name its function (yaml_set_max_nest_level): say what it means.
            if problem.hasPrefix("Maximum nesting level reached") {
                return .error(SourceLocation(mark), Message.yamlNestedTooDeeply)
            }
            guard let context, !context.text.isEmpty, context.text != text else {
                return .error(SourceLocation(mark), Message.yamlSyntax(problem, context: nil, at: nil))
            }
            return .error(
                SourceLocation(mark),
                Message.yamlSyntax(
                    problem, context: context.text, at: "\(context.mark.line):\(context.mark.column)"))
        case let .reader(problem, offset, _, _):
            let position = offset.map { location(ofUTF8Offset: $0, in: text) } ?? SourceLocation.start
            return .error(position, Message.cannotReadFile(problem))
        case let .duplicatedKeysInMapping(duplicates, context):
            let first = SourceLocation(context.mark)
            // Yams marks the first of the keys; the person needs the one to remove or rename.
            if duplicates.count == 1, let again = location(ofRepeatedKey: duplicates[0], after: first, in: text) {
                return .error(again, Message.duplicateField(duplicates, firstAt: "\(first)"))
            }
            return .error(first, Message.duplicateField(duplicates, firstAt: nil))
        default:
            return .error(.start, Message.cannotReadYAML("\(error)"))
        }
    }

    private static func location(ofUTF8Offset offset: Int, in text: String) -> SourceLocation {
        location(of: Array(text.utf8.prefix(offset)))
    }

    /// Where decoding stops: the position of the first byte that is not valid UTF-8.
    private static func location(ofFirstInvalidUTF8In bytes: [UInt8]) -> SourceLocation {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var location = SourceLocation.start
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            location.advance(past: scalar)
        }
        return location
    }

    /// 1-based line and column (in Unicode scalars) just after `prefix`.
    private static func location(of prefix: [UInt8]) -> SourceLocation {
        var location = SourceLocation.start
        for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars { location.advance(past: scalar) }
        return location
    }
}

extension SourceLocation {
    init(_ mark: Mark) { self.init(line: max(1, mark.line), column: max(1, mark.column)) }

    mutating func advance(past scalar: Unicode.Scalar) {
        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
    }
}

extension Node {
    /// Where this node starts in the file.
    var location: SourceLocation { mark.map(SourceLocation.init) ?? .start }

    /// How a person would name this node's kind in an error message.
    var kindDescription: String { kindSaid.english }

    /// What the node is, as a message: `nothing`, `text 'x'`, `a list`.
    var kindSaid: Message {
        switch self {
        case .scalar(let scalar):
            scalar.string.isEmpty && scalar.style == .plain
                ? .yamlNothing : .yamlText(TerminalSafe.escaped(scalar.string))
        case .mapping: .yamlMapping
        case .sequence: .yamlList
        case .alias: .yamlAlias
        }
    }
}
