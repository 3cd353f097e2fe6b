extension YAMLFormatter {
    /// The source text line by line: where code is, and the comments Yams drops.
    ///
    /// Lines and columns count like libyaml (and so like Yams marks): 1-based,
    /// columns in Unicode scalars, and NEL, LS and PS break lines as CR and LF do.
    struct Source {
        enum Quote { case single, double }

        struct Comment: Equatable {
            var line: Int
            /// From `#` to the end of the line, trailing whitespace removed.
            var text: String
            /// Nothing but whitespace before it on its line.
            var isFullLine: Bool
        }

        fileprivate struct LineInfo {
            var firstCode: Int?
            var lastCode: Int?
            var lastCodeScalar: Unicode.Scalar?
            var hasComment = false
            /// Inside a quoted scalar that spans lines, even when empty.
            var inQuote = false
            var hasCode: Bool { firstCode != nil || inQuote }
        }

        private var info: [LineInfo] = []
        private(set) var comments: [Comment] = []
        /// The first `%YAML` / `%TAG` directive, if any.
        private(set) var directiveLine: Int?
        /// A quoted scalar whose mark is not on its quote: something (a tag like `!!str`)
        /// comes first, and the scan could take a `#` inside the quotes for a comment.
        private(set) var quoteNotAtMark: SourceLocation?

        var lineCount: Int { info.count }

        /// A literal block scalar (`|`) with an indentation indicator (`|2`), which the
        /// formatter does not rewrite.
        private(set) var indentedBlock: SourceLocation?

        /// - Parameters:
        ///   - quotedScalars: where each quoted scalar of the document starts;
        ///     only these quotes open strings (a `'` or `"` inside a plain scalar is text).
        ///   - literalBlocks: where each literal block scalar's `|` is, and how many lines
        ///     of text follow it: those lines are text, never code or comments.
        init(_ text: String, quotedScalars: [SourceLocation: Quote], literalBlocks: [SourceLocation: Int] = [:]) {
            let lines = Self.lines(of: text)
            quoteNotAtMark = quotedScalars.keys.sorted().first { start in
                let quote: Unicode.Scalar = quotedScalars[start] == .single ? "'" : "\""
                return !lines.indices.contains(start.line - 1)
                    || lines[start.line - 1].dropFirst(start.column - 1).first != quote
            }
            var textLines: Set<Int> = []
            for (start, count) in literalBlocks {
                textLines.formUnion((start.line + 1)..<(start.line + 1 + count))
                guard lines.indices.contains(start.line - 1) else { continue }
                let header = lines[start.line - 1].dropFirst(start.column).prefix {
                    "+-0123456789".unicodeScalars.contains($0)
                }
                if header.contains(where: { $0.properties.numericType != nil }),
                    indentedBlock.map({ start < $0 }) ?? true
                {
                    indentedBlock = start
                }
            }
            var quote: Quote?
            for (index, scalars) in lines.enumerated() {
                let line = index + 1
                if textLines.contains(line) {
                    info.append(LineInfo(inQuote: true))
                    continue
                }
                var scanner = LineScanner(line: line, scalars: scalars, quote: quote, quotedScalars: quotedScalars)
                scanner.scan()
                quote = scanner.quote
                info.append(scanner.info)
                if let comment = scanner.comment { comments.append(comment) }
                if scanner.isDirective, directiveLine == nil { directiveLine = line }
            }
        }

        func hasCode(_ line: Int) -> Bool { info.indices.contains(line - 1) && info[line - 1].hasCode }

        /// Neither code nor comment.
        func isBlank(_ line: Int) -> Bool {
            info.indices.contains(line - 1) && !info[line - 1].hasCode && !info[line - 1].hasComment
        }

        func lastCodeLine(in lines: ClosedRange<Int>) -> Int? { lines.reversed().first { hasCode($0) } }

        /// Where a sequence entry begins: the line of its `-` when the entry's node
        /// starts on a later line (`-` then a newline), else the node's own mark.
        func entryStart(_ mark: SourceLocation) -> SourceLocation {
            guard info.indices.contains(mark.line - 1) else { return mark }
            if let first = info[mark.line - 1].firstCode, first < mark.column { return mark }
            for line in stride(from: mark.line - 1, through: 1, by: -1) {
                let previous = info[line - 1]
                guard let last = previous.lastCode else { continue }
                return previous.lastCodeScalar == "-" ? SourceLocation(line: line, column: last) : mark
            }
            return mark
        }

        static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
            ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
        }

        /// Splits as libyaml counts lines; CR LF is one break.
        static func lines(of text: String) -> [[Unicode.Scalar]] {
            var lines: [[Unicode.Scalar]] = [[]]
            var afterCR = false
            for scalar in text.unicodeScalars {
                defer { afterCR = scalar == "\r" }
                if scalar == "\n" && afterCR { continue }
                if isLineBreak(scalar) {
                    lines.append([])
                } else {
                    lines[lines.count - 1].append(scalar)
                }
            }
            return lines
        }
    }

    /// Reads one line: code, quoted text carried over from earlier lines, and a comment.
    private struct LineScanner {
        let line: Int
        let scalars: [Unicode.Scalar]
        var quote: Source.Quote?
        let quotedScalars: [SourceLocation: Source.Quote]

        var info = Source.LineInfo()
        var comment: Source.Comment?
        var isDirective = false

        init(line: Int, scalars: [Unicode.Scalar], quote: Source.Quote?, quotedScalars: [SourceLocation: Source.Quote])
        {
            self.line = line
            self.scalars = scalars
            self.quote = quote
            self.quotedScalars = quotedScalars
            info.inQuote = quote != nil
        }

        mutating func scan() {
            var index = quote == nil ? startOfContent() : 0
            while index < scalars.count {
                if quote != nil {
                    index = skipQuoted(from: index)
                    continue
                }
                let scalar = scalars[index]
                if scalar == " " || scalar == "\t" {
                    index += 1
                } else if scalar == "#" && (index == 0 || [" ", "\t"].contains(scalars[index - 1])) {
                    takeComment(from: index)
                    return
                } else {
                    markCode(at: index)
                    quote = quotedScalars[SourceLocation(line: line, column: index + 1)]
                    index += 1
                }
            }
        }

        /// Skips a document marker (`---`, `...`): it is not layout content.
        private mutating func startOfContent() -> Int {
            if scalars.first == "%" { isDirective = true }
            guard scalars.count >= 3 else { return 0 }
            let head = String(String.UnicodeScalarView(scalars[0..<3]))
            let endsThere = scalars.count == 3 || [" ", "\t"].contains(scalars[3])
            return (head == "---" || head == "...") && endsThere ? 3 : 0
        }

        /// One step inside a quoted scalar: escapes (`\"`, `''`) do not close it.
        private mutating func skipQuoted(from index: Int) -> Int {
            let scalar = scalars[index]
            switch quote {
            case .double where scalar == "\\":
                return index + 2
            case .double where scalar == "\"":
                quote = nil
            case .single where scalar == "'":
                if index + 1 < scalars.count && scalars[index + 1] == "'" { return index + 2 }
                quote = nil
            default:
                break
            }
            if quote == nil { markCode(at: index) }
            return index + 1
        }

        private mutating func markCode(at index: Int) {
            if info.firstCode == nil { info.firstCode = index + 1 }
            info.lastCode = index + 1
            info.lastCodeScalar = scalars[index]
        }

        private mutating func takeComment(from index: Int) {
            var text = scalars[index...]
            while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
            info.hasComment = true
            comment = Source.Comment(
                line: line,
                // Written out (`\u{202E}`): a comment has no meaning to change, and a bidi
                // control or an invisible character in it would reorder or hide the code
                // around it wherever the file is shown (`fmt -` echoes it).
                text: TerminalSafe.escaped(String(String.UnicodeScalarView(text))),
                isFullLine: !info.hasCode
            )
        }
    }
}
