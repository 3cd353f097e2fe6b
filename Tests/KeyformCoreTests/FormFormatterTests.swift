import Foundation
import Testing
import Yams

@testable import KeyformCore

/// `keyform form fmt`: the one YAML formatter with the form's shape.
@Suite struct FormFormatterTests {
    static func format(_ source: String) throws -> String {
        try YAMLFormatter.format(source, as: .form)
    }

    static let messy = """
        # A messy form.
        # yaml-language-server: $schema=form.schema.json

        template: '{{text}} [{{priority}}]'   # one line
        fields:
          # the text first
          - label: Text     # shown
            id: text
            required: true


          - {id: priority, input: grid, layout: priority, label: 'Priority', default: "Medium", strict: true}
          # a switch
          - id: done
            default: no
            states:
              yes: Complete     # words
              no: In progress
            type: boolean
          - id: list
            choices: {order: recent, from: checklist.list}
            label: 件名のリスト   # 日本語
        name: todo
        title: "New To-Do"
        # the end

        """

    @Test func aMessyFormKeepsEveryCommentAndItsQuotes() throws {
        #expect(
            try Self.format(Self.messy) == """
                # A messy form.
                # yaml-language-server: $schema=form.schema.json

                title: "New To-Do"
                name: todo
                fields:
                  # the text first
                  - id: text
                    label: Text # shown
                    required: true

                  - id: priority
                    label: 'Priority'
                    layout: priority
                    input: grid
                    strict: true
                    default: "Medium"
                  # a switch
                  - id: done
                    type: boolean
                    states: {no: In progress, yes: Complete} # words
                    default: no
                  - id: list
                    label: 件名のリスト # 日本語
                    choices:
                      from: checklist.list
                      order: recent
                template: '{{text}} [{{priority}}]' # one line
                # the end

                """)
    }

    /// A check's message follows the checks, as a block in the checks' order (docs/form-format.md).
    @Test func messagesComeAfterTheChecksAsABlock() throws {
        let source = """
            fields:
              - messages: {required: Say it, pattern: "Like a@b"}
                pattern: "^a"
                id: x
                required: true

            """
        #expect(
            try Self.format(source) == """
                fields:
                  - id: x
                    required: true
                    pattern: "^a"
                    messages:
                      required: Say it
                      pattern: "Like a@b"

                """)
    }

    /// Words for people read with what a field is: description and placeholder
    /// after the label, type and states; a page's description after its title.
    @Test func descriptionsAndPlaceholdersComeWithTheFieldsWords() throws {
        let source = """
            pages:
              - fields:
                  - placeholder: "12.50"
                    required: true
                    description: What the receipt says
                    id: amount
                    type: number
                description: One receipt a form
                title: Paid

            """
        #expect(
            try Self.format(source) == """
                pages:
                  - title: Paid
                    description: One receipt a form
                    fields:
                      - id: amount
                        type: number
                        description: What the receipt says
                        placeholder: "12.50"
                        required: true

                """)
    }

    @Test func pagesKeepABlankLineBetweenPagesAndBetweenFields() throws {
        let source = """
            pages:
            - fields:
              - {id: a}

              - {id: b, type: integer, max: 9, min: 1}
              title: One

            - title: Two   # second
              fields: [{id: c, label: C}]
            compact: true
            title: Paged

            """
        #expect(
            try Self.format(source) == """
                title: Paged
                compact: true
                pages:
                  - title: One
                    fields:
                      - id: a

                      - id: b
                        type: integer
                        min: 1
                        max: 9

                  - title: Two # second
                    fields:
                      - id: c
                        label: C

                """)
    }

    @Test(arguments: [
        // Quotes stay as written; single quotes stay unless only an escape can write the text.
        (
            "title: 'it''s'\nfields: [{id: a, pattern: '^a\\d$', label: \"x\"}]\n",
            "title: 'it''s'\nfields:\n  - id: a\n    label: \"x\"\n    pattern: '^a\\d$'\n"
        ),
        // A plain scalar stays plain, even one a YAML 1.1 tool reads as a bool: Keyform reads text.
        (
            "fields:\n  - id: a\n    type: boolean\n    default: no\n",
            "fields:\n  - id: a\n    type: boolean\n    default: no\n"
        ),
        // A plain scalar over two lines is one line; one that cannot be plain gets quotes.
        ("title: New\n  To-Do\nfields: [{id: a}]\n", "title: New To-Do\nfields:\n  - id: a\n"),
        (
            "title: \"a\\tb\"\nfields: [{id: a, label: 'tab\u{9}here'}]\n",
            "title: \"a\\tb\"\nfields:\n  - id: a\n    label: \"tab\\there\"\n"
        ),
        // An empty `choices` or `states` and an empty list are written as such.
        ("fields: []\n", "fields: []\n"),
        ("fields: [{id: a, choices: {}}]\n", "fields:\n  - id: a\n    choices: {}\n"),
        // A list of choices stays on its line, as written; keys by a field, one value a line.
        (
            "fields: [{id: a, choices: [x, {text: y, label: Y}]}]\n",
            "fields:\n  - id: a\n    choices: [x, {text: y, label: Y}]\n"
        ),
        (
            "fields: [{id: a, choices: {keys: {A: [x], B: [y, z]}, by: b}}]\n",
            "fields:\n  - id: a\n    choices:\n      by: b\n      keys:\n        A: [x]\n        B: [y, z]\n"
        ),
        // A flow root, CRLF line ends, a byte order mark and document markers.
        (
            "\u{FEFF}--- # top\r\n{fields: [{id: a, type: date}], title: T}\r\n...\r\n",
            "# top\ntitle: T\nfields:\n  - id: a\n    type: date\n"
        ),
        // A literal block (a template ending with a line break) stays one, its text as it
        // was, at two spaces; `#` in it is text. `|-` stays; a block with more than one
        // final line break (`|+`) is written in double quotes.
        (
            "title: T\nfields: [{id: a}]\ntemplate: |   # the line\n      {{a}} # not a comment\n\n      second\n# after\n",
            "title: T\nfields:\n  - id: a\ntemplate: | # the line\n  {{a}} # not a comment\n\n  second\n# after\n"
        ),
        (
            "fields: [{id: a}]\ntemplate: |-\n    x\n     y\nname: n\n",
            "name: n\nfields:\n  - id: a\ntemplate: |-\n  x\n   y\n"
        ),
        ("template: |+\n  x\n\nfields: [{id: a}]\n", "fields:\n  - id: a\ntemplate: \"x\\n\\n\"\n"),
        // Unknown keys keep their place after the known ones, on one line.
        (
            "fields: [{zz: 1, id: a}]\nextra: {b: [1, 2]}\ntitle: T\n",
            "title: T\nfields:\n  - id: a\n    zz: 1\nextra: {b: [1, 2]}\n"
        ),
    ])
    func smallCases(_ input: String, _ expected: String) throws {
        #expect(try Self.format(input) == expected)
    }

    @Test func japaneseTextStaysAsWritten() throws {
        let source =
            "# 日本語のフォーム\ntitle: 新しいタスク\nfields:\n  - id: title\n    label: 件名 # 必須\n    required: true\ntemplate: \"{{title}}（メモ）\"\n"
        #expect(try Self.format(source) == source)
    }

    /// Cut or spoil the messy form at every place: a Failure or a checked, idempotent output.
    static let withLiteral =
        "title: T # t\nfields:\n  - id: a\n    label: 'A'\ntemplate: |   # the line\n    {{a}} # text\n\n    second\n# after\n"

    @Test(arguments: [messy, withLiteral])
    func damagedFormsNeverCrashNorTripTheSelfCheck(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        for cut in stride(from: 0, through: scalars.count, by: 1) {
            for extra in [nil, "#", "\"", "\n", "'"] as [Unicode.Scalar?] {
                let variant =
                    Array(scalars[..<cut]) + (extra.map { [$0] } ?? []) + (extra == nil ? [] : Array(scalars[cut...]))
                let text = String(String.UnicodeScalarView(variant))
                do {
                    let once = try Self.format(text)
                    #expect(try Self.format(once) == once, "\(text.debugDescription)")
                } catch let failure as YAMLFormatter.Failure {
                    #expect(
                        !failure.message.english.hasPrefix("internal error"), "\(text.debugDescription): \(failure)")
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
    }

    // MARK: Refusals

    @Test(arguments: [
        (
            "fields:\n  - id: a\n    default: &d Medium\n  - id: b\n    default: *d\n", 3, 14,
            "anchors and aliases (&d, *d) are not supported by the formatter; write the value out at each place it is used"
        ),
        (
            "fields: [{id: a}]\ntemplate: >\n  {{a}}\n", 2, 11,
            "folded block scalars (>) are not supported by the formatter"
        ),
        ("fields: [{id: a}]\ntemplate: |2\n   {{a}}\n", 2, 11, "block scalars with an indentation indicator (like |2)"),
        (
            "fields: [{id: a}]\nmeta:\n  note: |\n    x\n", 3, 9,
            "block scalars (| and >) are not supported by the formatter inside a list or a row"
        ),
        ("fields: [{id: a, label: !!str x}]\n", 1, 25, "tags (!!str)"),
        ("", 1, 1, "the file is empty; a form is a mapping with title and fields (or pages)"),
        ("- id: a\n", 1, 1, "a form is a mapping with title and fields (or pages), not a list"),
        ("{}", 1, 1, "the form has no fields; it needs fields or pages"),
        ("fields: {id: a}\n", 1, 9, "`fields` must be a list of fields"),
        ("fields:\n  - a\n", 2, 5, "a field must be a mapping"),
        ("pages: [[a]]\n", 1, 9, "a page must be a mapping with title and fields"),
        ("fields: [{id: a, choices: {keys: [x]}}]\n", 1, 34, "`keys` must be a mapping"),
        ("fields: [{id: a}]\n---\nfields: [{id: b}]\n", 2, 1, "a form file holds one YAML document"),
    ])
    func refuses(_ input: String, _ line: Int, _ column: Int, _ message: String) throws {
        let failure = try #require(throws: YAMLFormatter.Failure.self) { try Self.format(input) }
        #expect(failure.line == line && failure.column == column, "\(failure)")
        #expect(failure.message.english.contains(message), "\(failure)")
    }

    // MARK: Every form the project has

    /// The demo forms, the broken-form corpus and the other form fixtures (test files are not forms).
    static var corpus: [String] {
        let folders = [
            TestPaths.packageRoot.appendingPathComponent("demo"),
            TestPaths.packageRoot.appendingPathComponent("examples"),
            TestPaths.fixtures.appendingPathComponent("forms/broken"),
            TestPaths.fixtures.appendingPathComponent("forms/time"),
            TestPaths.fixtures.appendingPathComponent("schema-accepts"),
        ]
        return folders.flatMap { TestPaths.files(in: $0, withExtension: "yaml") }
            .filter { !$0.lastPathComponent.hasSuffix(".test.yaml") }
            .map { $0.path.replacingOccurrences(of: TestPaths.packageRoot.path + "/", with: "") }
    }

    @Test(arguments: corpus)
    func formattingIsIdempotentAndKeepsMeaningAndComments(_ path: String) throws {
        let source = try String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent(path).path, encoding: .utf8)
        let once: String
        do {
            once = try Self.format(source)
        } catch let failure as YAMLFormatter.Failure {
            // A file the formatter cannot take is refused for what it is, never for its own check.
            #expect(!failure.message.english.hasPrefix("internal error"), "\(failure)")
            return
        }
        #expect(try Self.format(once) == once)
        let before = try #require(try Yams.compose(yaml: source))
        let after = try #require(try Yams.compose(yaml: once))
        #expect(YAMLFormatter.Meaning.same(before, after))
        #expect(commentTexts(once).sorted() == commentTexts(source).sorted())
    }

    /// Only files that are not a form's shape, or not YAML, are refused.
    @Test func theCorpusIsRefusedOnlyWhereItIsNoFormShape() throws {
        let refused = try Self.corpus.filter { path in
            let source = try String(
                contentsOfFile: TestPaths.packageRoot.appendingPathComponent(path).path, encoding: .utf8)
            return (try? Self.format(source)) == nil
        }
        #expect(
            refused.map { ($0 as NSString).lastPathComponent } == [
                "empty-file.yaml", "field-not-a-mapping.yaml", "fields-not-a-list.yaml", "not-a-mapping.yaml",
                "only-comments.yaml", "scalar-document.yaml", "yaml-syntax.yaml", "yaml-tab-indent.yaml",
            ])
    }

    @Test(arguments: DemoForms.names)
    func demoFormsAreCanonical(_ name: String) throws {
        let source = try String(contentsOf: DemoForms.folder.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        #expect(try Self.format(source) == source)
    }

    /// `when` goes right after the field's id and label (and before a page's fields),
    /// its condition kept as written.
    @Test func whenComesRightAfterIdAndLabel() throws {
        let source = """
            pages:
              - fields:
                  - id: paid
                    type: boolean
              - fields:
                  - type: number
                    id: amount
                    required: true
                    when: {all: [{paid: true}, {not: {paid: empty}}]}
                    label: Amount
                when: {paid: yes}
                title: Receipt

            """
        #expect(
            try Self.format(source) == """
                pages:
                  - fields:
                      - id: paid
                        type: boolean
                  - title: Receipt
                    when: {paid: yes}
                    fields:
                      - id: amount
                        label: Amount
                        when: {all: [{paid: true}, {not: {paid: empty}}]}
                        type: number
                        required: true

                """)
    }

    /// Every option the parser knows has its canonical place: none falls among "the others".
    @Test func everyKnownKeyHasAPlace() {
        let kind = YAMLFormatter.Kind.form
        #expect(Set(kind.root.order) == Set(FormParser.formFields))
        #expect(Set(YAMLFormatter.Kind.fieldOrder) == Set(FormParser.fieldFields))
        #expect(YAMLFormatter.Kind.fieldOrder.first == "id")
        guard case .list(.block(let page, _), _, _)? = kind.root.values["pages"] else {
            Issue.record("pages is a list of blocks")
            return
        }
        #expect(Set(page.order) == Set(FormParser.pageFields))
        guard case .list(.block(let rule, _), _, _)? = kind.root.values["rules"] else {
            Issue.record("rules is a list of blocks")
            return
        }
        #expect(rule.order == FormParser.ruleFields)
    }

    /// The form's rules come after its fields (they name them), each rule's
    /// options in the order name, check or one_of, message; a multiple field's
    /// picks after its other bounds.
    @Test func rulesAreWrittenAfterTheFields() throws {
        let source = """
            rules:
              - {message: The end comes after the start, check: end >= start, name: end-after-start}
              - message: Give one way to reach you
                one_of: [email, phone]
                name: contact
            fields:
              - {id: start, type: time}
              - {max_picks: 3, id: tags, min_picks: 1, multiple: true, layout: vacation-tags}
            title: T

            """
        #expect(
            try Self.format(source) == """
                title: T
                fields:
                  - id: start
                    type: time
                  - id: tags
                    layout: vacation-tags
                    multiple: true
                    min_picks: 1
                    max_picks: 3
                rules:
                  - name: end-after-start
                    check: end >= start
                    message: The end comes after the start
                  - name: contact
                    one_of: [email, phone]
                    message: Give one way to reach you

                """)
    }
}
