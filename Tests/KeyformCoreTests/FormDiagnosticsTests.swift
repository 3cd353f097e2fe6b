import Foundation
import KeyformCore
import KeyformTestSupport
import Testing

/// The corpus of broken forms: each `Fixtures/forms/broken/NAME.yaml` must
/// produce exactly the diagnostics listed in `NAME.expected`
/// (`LINE:COLUMN: severity: message`, in file order). `KEYFORM_RECORD=1 swift test`
/// rewrites the expected files; review every changed message before committing.
@Suite struct FormDiagnosticsTests {
    static let folder = TestPaths.fixtures.appendingPathComponent("forms/broken")
    static let cases = TestPaths.files(in: folder, withExtension: "yaml").map(\.lastPathComponent)

    /// Only the shipped layouts exist here; a missing name gets the shipped suggestion.
    static func parse(_ bytes: [UInt8], stem: String) -> Parsed<Form> {
        FormParser.parse(bytes: bytes, stem: stem) { name in
            guard let source = ShippedLayouts.sources[name] else { return .missing }
            return LayoutParser.parse(source) { ShippedLayouts.sources[$0] != nil }.value.map(LayoutAvailability.found)
                ?? .broken
        }
    }

    @Test("the corpus is not empty") func corpusIsNotEmpty() {
        #expect(Self.cases.count >= 20)
    }

    @Test("broken form gives exactly its expected diagnostics", arguments: cases)
    func brokenForm(name: String) throws {
        let source = Self.folder.appendingPathComponent(name)
        let expectedFile = source.deletingPathExtension().appendingPathExtension("expected")
        let bytes = [UInt8](try Data(contentsOf: source))
        let parsed = Self.parse(bytes, stem: source.deletingPathExtension().lastPathComponent)
        let actual = parsed.diagnostics.map(\.description).joined(separator: "\n") + "\n"
        if TestPaths.recording {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(actual == expected, "\(name)")
        #expect(parsed.diagnostics.hasErrors, "\(name) must be an error")
        #expect(parsed.value == nil, "\(name): a form with errors gives no value")
    }

    /// Issue 20: a field's label was cut at 25 cells at 80 columns, without a
    /// word from the check. The view now gives labels what leaves a value 30
    /// cells (46 at 80 columns), and the check warns by that same room.
    @Test func aLabelTheViewWouldCutIsAWarning() {
        let source = """
            fields:
              - {id: fits, label: "A label of forty-four cells, plenty of room", required: true}
              - {id: cut, label: "What is the full postal address of the place you stayed at?"}
            """
        let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
        #expect(
            parsed.diagnostics.map(\.description) == [
                "3:22: warning: label 'What is the full postal address of the place you stayed at?' is 59 cells wide; at 80 columns a field's label has room for 46 and it will show as 'What is the full postal address of the place …' (shorten it)"
            ])
        #expect(parsed.value != nil, "a warning does not reject the form")
        // A compact form's labels are never cut: nothing to warn about.
        #expect(FormParser.parse("compact: true\n" + source, stem: "t") { _ in .missing }.diagnostics.isEmpty)
    }

    @Test func aBrokenShippedLayoutIsReportedAtTheField() {
        let source = "fields:\n  - id: level\n    layout: priority\n"
        let parsed = FormParser.parse(source, stem: "t") { _ in .broken }
        #expect(
            parsed.diagnostics.map(\.description) == [
                "3:13: error: layout 'priority' has errors; run 'keyform layout check' on it"
            ])
    }

    /// A template's unknown tag is pointed at exactly when the template is written as
    /// it reads; otherwise (escapes, block scalars) at the template's start.
    @Test(arguments: [
        ("template: on {{text}} {{nope}}\n", "3:23"),
        ("template: '{{text}} {{ nope }}'\n", "3:21"),
        ("template: \"{{text}} {{{nope}}}\"\r\n", "3:21"),
        ("template: \"\\u00e9 {{nope}}\"\n", "3:11"),
        ("template: |\n  {{text}} {{nope}}\n", "3:11"),
        ("template: \"{{text}}\n  {{nope}}\"\n", "3:11"),
    ])
    func templateTagsArePointedAt(template: String, location: String) {
        let source = "fields:\n  - id: text\n" + template
        let diagnostics = FormParser.parse(source, stem: "t") { _ in .missing }.diagnostics.map(\.description)
        #expect(
            diagnostics == ["\(location): error: the template uses 'nope', which is not a field; the fields are 'text'"]
        )
    }

    /// A template may end in line breaks (`template: |`, a CRLF file's `\r\n`); any other control
    /// character, or a line break before its end, is refused where the template starts, naming
    /// the first. Random templates of such pieces are read as trimming the text reversed read
    /// them (the trim is done in place since DECISIONS 93).
    @Test func aTemplateMayEndInLineBreaksAndNothingElseUnsafe() {
        let pieces = ["a", "日", "\n", "\r\n", "\r", "\t", "\u{200B}", " "]
        var random = SplitMix64(seed: 92)
        for _ in 0..<300 {
            let template =
                "{{text}}"
                + (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let written = template.unicodeScalars.map { scalar in
                switch scalar {
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case "\u{200B}": "\\u200B"
                default: String(scalar)
                }
            }.joined()
            let source = "fields:\n  - id: text\ntemplate: \"\(written)\"\n"
            let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
            let kept = String(template.reversed().drop { $0 == "\n" || $0 == "\r\n" }.reversed())
            if let unsafe = TerminalSafe.unsafeScalars(in: kept).first {
                #expect(parsed.diagnostics.map(\.location.description) == ["3:11"], "\(written)")
                #expect(parsed.diagnostics.first?.description.contains(TerminalSafe.describe(unsafe)) == true)
            } else {
                #expect(parsed.diagnostics.isEmpty, "\(written)")
                #expect(parsed.value?.template == template, "\(written)")
            }
        }
    }

    /// A template that does not parse is the form's error (it used to pass
    /// `form check` and fail only after the record was typed and stored), at
    /// the place the template parser stops when the template is written as it
    /// reads (an unclosed section: its end), else at the template's start.
    @Test(arguments: [
        ("template: \"x {{#text}} y\"\n", "3:25: error: the template is not valid: a section is not closed"),
        (
            "template: x {{text} y\n",
            "3:19: error: the template is not valid: a tag is not closed, or its name is not valid"
        ),
        ("template: \"\\u00e9 {{#text}}\"\n", "3:11: error: the template is not valid: a section is not closed"),
    ])
    func aTemplateThatDoesNotParseIsAnError(template: String, diagnostic: String) {
        let source = "fields:\n  - id: text\n" + template
        let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
        #expect(parsed.diagnostics.map(\.description) == [diagnostic])
        #expect(parsed.value == nil)
    }

    /// A repeated key is pointed at where it is written again (the one to remove
    /// or rename), with where it was first; block and flow mappings, CRLF, quotes.
    @Test(arguments: [
        (
            "title: A\ntitle: B\nfields:\n  - id: a\n",
            "2:1: error: field 'title' appears more than once in the same mapping (first at 1:1); keep one"
        ),
        (
            "fields:\n  - id: a\n    label: A\n    # note\n\n    label: B\n",
            "6:5: error: field 'label' appears more than once in the same mapping (first at 3:5); keep one"
        ),
        (
            "fields:\r\n  - id: a\r\n    \"label\": A\r\n    label: B\r\n",
            "4:5: error: field 'label' appears more than once in the same mapping (first at 3:5); keep one"
        ),
        (
            "fields:\n  - {id: a, label: A, label: B}\n",
            "2:23: error: field 'label' appears more than once in the same mapping (first at 2:13); keep one"
        ),
        (
            "fields:\n  - {id: a,\n     id: b}\n",
            "2:6: error: field 'id' appears more than once in the same mapping; keep one"
        ),
    ])
    func aRepeatedKeyIsPointedAtWhereItIsWrittenAgain(source: String, diagnostic: String) {
        let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
        #expect(parsed.diagnostics.map(\.description) == [diagnostic])
    }

    @Test func aFileOverOneMebibyteIsRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: (1 << 20) + 1)
        #expect(
            Self.parse(bytes, stem: "big").diagnostics.map(\.description) == [
                "1:1: error: file is 1048577 bytes; a form file may be at most 1 MiB (1048576 bytes)"
            ])
    }

    @Test func invalidUTF8IsReportedWhereItStarts() {
        let bytes = Array("fields:\n  - id: é".utf8) + [0xFF] + Array("\n".utf8)
        #expect(
            Self.parse(bytes, stem: "t").diagnostics.map(\.description) == [
                "2:10: error: the file is not valid UTF-8; save it as UTF-8"
            ])
    }
}
