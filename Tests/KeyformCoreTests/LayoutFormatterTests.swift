import Foundation
import Testing
import Yams

@testable import KeyformCore

/// Hand-written messy layouts: every one must format, and keep its meaning and comments.
private let messyInputs: [String: String] = [
    "spec example": """
    title: Priority          # shown above the grid
    kind: choice             # choice (default): a text key sets the field's value and commits the field
                             # keypad: a text key inserts its text at the cursor
    rows:
      - [High, Medium, Low]              # a plain string is a key whose label and text are the string
      - - {label: "abc", action: keyboard}
        - {label: "Clear", action: clear}
        - {label: "Done", action: done}

    """,
    "block rows, block keys, odd indentation": """
    # Swim log strokes.

    rows:   # the grid
         # first row
         - - Freestyle   # most days
           - "Backstroke"
           - 'Breaststroke'
         -    - action: clear
                label: Clear
                # cleared on purpose
                hotkey: c
              - text: Done
                action: done
    kind: keypad

    title: "Strokes"  # shown above

    """,
    "plain specials and quoted specials": """
    title: Yes or no
    rows:
      - [no, on, ~, 1.10, yes, null, 0x1F, 2026-11-21, y]
      - ["Yes", "0", '~', "1.10", "On", "High", 'Low', "2026-11-21"]

    """,
    "awkward labels": """
    rows:
      - ["C#", "a # b", "a: b", "", "a\\tb", "- x", "[x]", "\\e[1m", "\\u200B", "\\u00A0x", '#', "key:"]
      - [日本語, "高い", 低い, 👨‍👩‍👧, "it's", 'don''t', "say \\"hi\\""]
      - - label: "a, b"
        - label: "{x}"
          hotkey: "#"

    """,
    "pages with comments and blank lines": """
    # Phrases in pages.
    pages:
    # the first page
    - title: Main      # main title
      id: main
      rows:
      - [Yes please, No thanks]
      - [{label: More, action: page, to: more}]


    # the second page
    - rows: [[Later, Never], [{action: page, to: main, label: Back}]]   # back row
      id: more
    title: Phrases
    # the end

    """,
    "flow root": """
    {title: Digits, kind: keypad, rows: [[7, 8, 9], [4, 5, 6], [1, 2, 3], [{label: "0", span: 2}, {label: ⌫, action: backspace}]]}  # keypad

    """,
    "crlf and markers": "--- # start\r\ntitle: CRLF\r\nrows:\r\n  - [a, b]  # c\r\n... # end\r\n",
    "unknown fields": """
    title: Extras
    color: blue        # not a layout field
    meta:
      author: me       # who
      # tags below
      tags: [a, b]
    rows:
      - [{label: x, color: red, text: X}]
    pages:
      - id: p
        note: hi
        rows: []

    """,
    "multi-line scalars": """
    title: "A long
      title # not a comment"
    rows:
      - - plain words
          over two lines  # wrapped
        - 'single
          quoted'

    """,
    "comments inside flow rows": """
    rows: [  # all rows
      [a, b],   # first
      # between
      [c,
       d],    # second
    ]
    # after rows

    """,
]

// MARK: - Golden outputs

@Suite struct LayoutFormatterGoldenTests {
    @Test func specExample() throws {
        try expectFormat(
            "spec example",
            """
            title: Priority # shown above the grid
            kind: choice # choice (default): a text key sets the field's value and commits the field
            # keypad: a text key inserts its text at the cursor
            rows:
              - [High, Medium, Low] # a plain string is a key whose label and text are the string
              - [{label: abc, action: keyboard}, {label: Clear, action: clear}, {label: Done, action: done}]

            """)
    }

    @Test func blockRowsAndKeys() throws {
        try expectFormat(
            "block rows, block keys, odd indentation",
            """
            # Swim log strokes.

            title: Strokes # shown above
            kind: keypad
            rows: # the grid
              # first row
              - [Freestyle, Backstroke, Breaststroke] # most days
              # cleared on purpose
              - [{label: Clear, hotkey: c, action: clear}, {text: Done, action: done}]

            """)
    }

    @Test func specialScalars() throws {
        try expectFormat(
            "plain specials and quoted specials",
            """
            title: Yes or no
            rows:
              - [no, on, ~, 1.10, yes, null, 0x1F, 2026-11-21, y]
              - ["Yes", "0", "~", "1.10", "On", High, Low, "2026-11-21"]

            """)
    }

    @Test func awkwardLabels() throws {
        try expectFormat(
            "awkward labels",
            """
            rows:
              - ["C#", "a # b", "a: b", "", "a\\tb", "- x", "[x]", "\\e[1m", "\\u200B", "\\_x", "#", "key:"]
              - [日本語, 高い, 低い, 👨‍👩‍👧, it's, don't, say "hi"]
              - [{label: "a, b"}, {label: "{x}", hotkey: "#"}]

            """)
    }

    @Test func pages() throws {
        try expectFormat(
            "pages with comments and blank lines",
            """
            # Phrases in pages.
            title: Phrases
            pages:
              # the first page
              - id: main
                title: Main # main title
                rows:
                  - [Yes please, No thanks]
                  - [{label: More, action: page, to: more}]

              # the second page
              - id: more
                rows: # back row
                  - [Later, Never]
                  - [{label: Back, action: page, to: main}]
            # the end

            """)
    }

    @Test func flowRoot() throws {
        try expectFormat(
            "flow root",
            """
            title: Digits
            kind: keypad
            rows: # keypad
              - [7, 8, 9]
              - [4, 5, 6]
              - [1, 2, 3]
              - [{label: "0", span: 2}, {label: ⌫, action: backspace}]

            """)
    }

    @Test func crlfAndDocumentMarkers() throws {
        try expectFormat(
            "crlf and markers",
            """
            # start
            title: CRLF
            rows:
              - [a, b] # c
            # end

            """)
    }

    @Test func commentsInsideFlowRows() throws {
        try expectFormat(
            "comments inside flow rows",
            """
            rows: # all rows
              - [a, b] # first
              # between
              - [c, d] # second
            # after rows

            """)
    }

    @Test func unknownFieldsKeptInFlowStyle() throws {
        try expectFormat(
            "unknown fields",
            """
            title: Extras
            rows:
              - [{label: x, text: X, color: red}]
            pages:
              - id: p
                rows: []
                note: hi
            color: blue # not a layout field
            # tags below
            meta: {author: me, tags: [a, b]} # who

            """)
    }

    @Test(arguments: [
        // Field order; blank lines collapse to one and vanish at the ends.
        ("\n\nrows: [[a]]\n\n\n\nkind: keypad\ntitle: T\n\n\n", "title: T\n\nkind: keypad\nrows:\n  - [a]\n"),
        // A `-` alone on its line, and a page that starts with its rows.
        ("rows:\n  -\n    - x  # c\n", "rows:\n  - [x] # c\n"),
        ("pages:\n  - # first\n    rows: [[a]]\n", "pages:\n  # first\n  - rows:\n      - [a]\n"),
        // A reordered first field takes its comments above the page's `-`.
        ("pages:\n- title: T\n  # the id\n  id: a\n", "pages:\n  # the id\n  - id: a\n    title: T\n"),
        // A label-only or text-only key is plain text when it can be.
        (
            "rows: [[{label: A}, {text: B}, {label: \"no\"}, {label: \"a, b\"}, {label: \"\"}, {}]]",
            "rows:\n  - [A, B, {label: \"no\"}, {label: \"a, b\"}, {label: \"\"}, {}]\n"
        ),
        // Empty values are written as empty strings; a key that would end the document is quoted.
        ("title:\nrows: []\n\"... x\": [..., \"... y\"]\n", "title: \"\"\nrows: []\n\"... x\": [..., ... y]\n"),
        // Escapes for what must not be raw; emoji, joiners and ideographic spaces stay.
        (
            "rows: [[\"a\\0b\\x7F\\u0085\\u2028\\uFEFF\\uE000\\U0001F600\", \"高\u{3000}中\"]]",
            "rows:\n  - [\"a\\0b\\x7F\\N\\L\\uFEFF\\uE000😀\", 高\u{3000}中]\n"
        ),
    ])
    func smallCases(_ input: String, _ expected: String) throws {
        #expect(try formatLayout(input) == expected)
    }

    @Test func shippedLayoutsAreUnchanged() throws {
        for (name, source) in ShippedLayouts.sources {
            let formatted = try formatLayout(source)
            #expect(formatted == source, "\(name)")
        }
    }

    private func expectFormat(_ name: String, _ expected: String) throws {
        let input = try #require(messyInputs[name])
        let formatted = try formatLayout(input)
        #expect(formatted == expected)
    }
}

// MARK: - Properties

@Suite struct LayoutFormatterPropertyTests {
    static var inputs: [String] { messyInputs.keys.sorted() }

    @Test(arguments: inputs)
    func formattingTwiceChangesNothing(_ name: String) throws {
        let once = try formatLayout(messyInputs[name]!)
        #expect(try formatLayout(once) == once)
    }

    @Test(arguments: inputs)
    func meaningNeverChanges(_ name: String) throws {
        let input = messyInputs[name]!
        let formatted = try formatLayout(input)
        let before = try #require(try Yams.compose(yaml: input))
        let after = try #require(try Yams.compose(yaml: formatted))
        #expect(Shape(layout: before) == Shape(layout: after))
    }

    @Test(arguments: inputs)
    func commentsAreAllKept(_ name: String) throws {
        let input = messyInputs[name]!
        let formatted = try formatLayout(input)
        #expect(commentTexts(formatted).sorted() == commentTexts(input).sorted())
    }

    @Test(arguments: inputs)
    func outputIsTidy(_ name: String) throws {
        let formatted = try formatLayout(messyInputs[name]!)
        #expect(formatted.hasSuffix("\n") && !formatted.hasSuffix("\n\n"))
        #expect(!formatted.contains("\r"))
        for line in formatted.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.last != " " && line.last != "\t", "trailing whitespace: \(line)")
            #expect(line.prefix { $0 == " " }.count % 2 == 0, "indentation: \(line)")
        }
        let raw = formatted.unicodeScalars.filter { $0 != "\n" && YAMLFormatter.Scalars.needsEscape($0) }
        #expect(raw.isEmpty, "raw control or invisible characters: \(raw)")
    }

    /// Cut or spoil every input at every place: a Failure or a checked output, never a crash.
    @Test(arguments: inputs)
    func damagedInputsNeverCrash(_ name: String) throws {
        let scalars = Array(messyInputs[name]!.unicodeScalars)
        for cut in 0...scalars.count {
            let variants = [
                Array(scalars[..<cut]),
                Array(scalars[..<cut]) + ["#"] + Array(scalars[cut...]),
                Array(scalars[..<cut]) + ["\""] + Array(scalars[cut...]),
                Array(scalars[..<cut]) + ["\n"] + Array(scalars[cut...]),
            ]
            for variant in variants {
                let text = String(String.UnicodeScalarView(variant))
                do {
                    let once = try formatLayout(text)
                    #expect(try formatLayout(once) == once, "\(text.debugDescription)")
                } catch let failure as YAMLFormatter.Failure {
                    // The formatter's self-check must never be what stops it.
                    #expect(
                        !failure.message.english.hasPrefix("internal error"), "\(text.debugDescription): \(failure)")
                }
            }
        }
    }
}

// MARK: - Refusals

@Suite struct LayoutFormatterFailureTests {
    @Test(arguments: [
        ("", 1, 1, "empty"),
        ("# only a comment\n", 1, 1, "empty"),
        ("[]", 1, 1, "a layout is a mapping"),
        ("just words\n", 1, 1, "a layout is a mapping"),
        ("{}", 1, 1, "no fields"),
        ("rows: 3", 1, 7, "`rows` must be a list"),
        ("rows:\n  - High\n", 2, 5, "a row must be a list of keys"),
        ("rows: [[[a]]]", 1, 9, "a key must be a text or a mapping"),
        ("pages: {}", 1, 8, "`pages` must be a list"),
        ("pages: [main]", 1, 9, "a page must be a mapping"),
        ("title: [a\nrows: [[b]]\n", 2, 5, "invalid YAML"),
        ("title: a: b\n", 1, 9, "invalid YAML"),
        ("rows: [[a]]\n---\nrows: [[b]]\n", 2, 1, "one YAML document"),
        ("%YAML 1.1\n---\nrows: [[a]]\n", 1, 1, "directives"),
        ("x: &k High\nrows: [[*k]]\n", 1, 4, "anchors and aliases"),
        ("rows: [[!!str 1]]\n", 1, 9, "tags (!!str)"),
        ("rows: !keys [[a]]\n", 1, 7, "tags (!keys)"),
        ("title: !!str \"a # b\"\nrows: [[a]]\n", 1, 8, "tags (like !!str)"),
        ("rows:\n  - - |\n      High\n", 2, 7, "block scalars"),
        ("title: >\n  folded\nrows: [[a]]\n", 1, 8, "block scalars"),
        ("? [a]\n: b\n", 1, 3, "mapping keys must be texts"),
        ("title: a\ntitle: b\n", 1, 1, "duplicate key `title`"),
        ("title: \u{1}\n", 1, 8, "control characters"),
    ])
    func refuses(_ input: String, _ line: Int, _ column: Int, _ message: String) throws {
        let failure = try #require(throws: YAMLFormatter.Failure.self) {
            try formatLayout(input)
        }
        #expect(failure.line == line && failure.column == column, "\(failure)")
        #expect(failure.message.english.contains(message), "\(failure)")
    }

    @Test func failureReadsAsADiagnostic() {
        let failure = YAMLFormatter.Failure(.authored("`rows` must be a list"), at: SourceLocation(line: 1, column: 7))
        #expect(failure.description == "1:7: `rows` must be a list")
        #expect(failure.diagnostic.formatted(path: "a.yaml") == "a.yaml:1:7: error: `rows` must be a list")
    }
}

// MARK: - Helpers

private func formatLayout(_ source: String) throws -> String {
    try YAMLFormatter.format(source, as: .layout)
}

/// A node tree for comparing meaning: scalars by string, mappings as multisets of pairs
/// (key order may change), grid keys `{label: X}` / `{text: X}` the same as `X`.
private indirect enum Shape: Hashable {
    case text(String)
    case list([Shape])
    case map([Pair])

    struct Pair: Hashable {
        var key: Shape
        var value: Shape
    }

    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self = .text(scalar.string)
        case .sequence(let sequence):
            self = .list(sequence.map { Shape($0) })
        case .mapping(let mapping):
            self = .map(mapping.map { Pair(key: Shape($0.key), value: Shape($0.value)) }.sorted { "\($0)" < "\($1)" })
        case .alias:
            self = .text("<alias>")
        }
    }

    /// As `init(_:)`, with the keys of every `rows` (top-level or in a page) simplified.
    init(layout node: Node) {
        self = Shape(node).mapValues(of: "rows", Shape.simplifyingKeys)
            .mapValues(of: "pages") { pages in
                guard case .list(let items) = pages else { return pages }
                return .list(items.map { $0.mapValues(of: "rows", Shape.simplifyingKeys) })
            }
    }

    private func mapValues(of key: String, _ transform: (Shape) -> Shape) -> Shape {
        guard case .map(let pairs) = self else { return self }
        return .map(pairs.map { $0.key == .text(key) ? Pair(key: $0.key, value: transform($0.value)) : $0 })
    }

    private static func simplifyingKeys(_ rows: Shape) -> Shape {
        guard case .list(let rows) = rows else { return rows }
        return .list(
            rows.map { row in
                guard case .list(let keys) = row else { return row }
                return .list(
                    keys.map { key in
                        if case .map(let pairs) = key, pairs.count == 1,
                            pairs[0].key == .text("label") || pairs[0].key == .text("text"),
                            case .text = pairs[0].value
                        {
                            return pairs[0].value
                        }
                        return key
                    })
            })
    }
}

/// Comment texts of a YAML source, found independently of the formatter: a `#` at a line's
/// start or after a space or tab, outside quotes (a quote opens a string only where a
/// scalar can begin).
func commentTexts(_ source: String) -> [String] {
    var comments: [String] = []
    var quote: Character?
    for line in source.replacingOccurrences(of: "\r\n", with: "\n").split(
        separator: "\n", omittingEmptySubsequences: false)
    {
        let characters = Array(line)
        var index = 0
        var previous: Character?
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if open == "\"" && character == "\\" { index += 2; continue }
                if character == open {
                    if open == "'" && index + 1 < characters.count && characters[index + 1] == "'" {
                        index += 2; continue
                    }
                    quote = nil
                }
            } else if character == "#" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t")
            {
                comments.append(String(characters[index...]).trimmingTrailingWhitespace)
                break
            } else if (character == "\"" || character == "'") && (previous == nil || "[{,:-".contains(previous!)) {
                quote = character
            }
            if character != " " && character != "\t" { previous = character }
            index += 1
        }
    }
    return comments
}

private extension String {
    var trimmingTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
