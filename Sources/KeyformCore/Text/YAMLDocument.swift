import Yams

/// YAML text loaded into Yams' node tree, with every failure turned into a
/// positioned diagnostic. Layout and form files both start here.
enum YAMLDocument {
    /// Files larger than this are refused before parsing, so a huge file is an error, not a hang.
    static let maxBytes = 1 << 20

    /// Decodes file bytes as UTF-8, refusing oversized files and invalid encodings.
    static func decode(_ bytes: [UInt8], kind: String) -> Result<String, Diagnostic> {
        if bytes.count > maxBytes {
            return .failure(.error(.start, "file is \(bytes.count) bytes; a \(kind) file may be at most 1 MiB (\(maxBytes) bytes)"))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // byte order mark
        if let text = String(validating: body, as: UTF8.self) { return .success(text) }
        return .failure(.error(location(ofFirstInvalidUTF8In: Array(body)), "the file is not valid UTF-8; save it as UTF-8"))
    }

    /// The root node of a non-empty document; `emptyMessage` says what the file
    /// needs when it has nothing (or only comments).
    static func root(of text: String, kind: String, emptyMessage: String) -> Result<Node, Diagnostic> {
        if text.utf8.count > maxBytes {
            return .failure(.error(.start, "file is \(text.utf8.count) bytes; a \(kind) file may be at most 1 MiB"))
        }
        switch compose(text) {
        case .success(let node?) where !node.isEmptyScalar: return .success(node)
        case .success: return .failure(.error(.start, "the file is empty; \(emptyMessage)"))
        case .failure(let diagnostic): return .failure(diagnostic)
        }
    }

    /// Parses one YAML document. A missing or empty document gives `nil` and no diagnostic.
    static func compose(_ text: String) -> Result<Node?, Diagnostic> {
        do {
            // `.basic`: scalars stay text (Keyform reads every scalar as written), and no
            // regular expressions are compiled to guess types (ICU at startup).
            return .success(try Yams.compose(yaml: text, .basic))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: text))
        } catch {
            return .failure(.error(.start, "cannot read YAML: \(error)"))
        }
    }

    private static func diagnostic(for error: YamlError, in text: String) -> Diagnostic {
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "YAML syntax: \(problem)"
            if let context, !context.text.isEmpty, context.text != text {
                message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
            }
            return .error(SourceLocation(mark), message)
        case let .reader(problem, offset, _, _):
            let position = offset.map { location(ofUTF8Offset: $0, in: text) } ?? SourceLocation.start
            return .error(position, "cannot read the file: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .error(SourceLocation(context.mark), "field \(names) appears more than once in the same mapping; keep one")
        default:
            return .error(.start, "cannot read YAML: \(error)")
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
    var kindDescription: String {
        switch self {
        case .scalar(let scalar):
            scalar.string.isEmpty && scalar.style == .plain ? "nothing" : "text '\(TerminalSafe.escaped(scalar.string))'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
