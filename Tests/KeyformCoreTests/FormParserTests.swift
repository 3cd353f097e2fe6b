import Foundation
import Testing

@testable import KeyformCore

/// Form files that are right, read into the `Form` model.
@Suite struct FormParserTests {
    static func parse(_ source: String, stem: String = "form") -> Parsed<Form> {
        FormParser.parse(source, stem: stem, layouts: DemoForms.availability)
    }

    /// The form, failing the test with the diagnostics when there is none.
    static func form(_ source: String, stem: String = "form") throws -> Form {
        let parsed = parse(source, stem: stem)
        #expect(parsed.diagnostics == [])
        return try #require(parsed.value, "\(parsed.diagnostics.map(\.description))")
    }

    // MARK: The form's name

    /// A form read from a pipe has no file name (`/dev/fd/63` would name its
    /// records "63", another number each run): it must give its `name`.
    @Test func aFormWithoutAFileNameMustNameItself() throws {
        let unnamed = FormParser.parse("fields:\n  - id: what\n", stem: nil, layouts: DemoForms.availability)
        #expect(unnamed.value == nil)
        #expect(
            unnamed.diagnostics.map(\.description)
                == [
                    "1:1: error: a form read from a pipe has no file name to name its records by; add 'name: NAME' (a-z, 0-9 and _)"
                ])
        let named = FormParser.parse("name: made\nfields:\n  - id: what\n", stem: nil, layouts: DemoForms.availability)
        #expect(named.diagnostics == [])
        #expect(named.value?.name == "made")
    }

    /// Layout names that are not looked up (`form fmt -`) are no error, and the
    /// checks that need the layout (strict, a default among its keys) wait for one.
    @Test func layoutsNotLookedUpAreNoError() throws {
        let parsed = FormParser.parse(
            "fields:\n  - id: mood\n    layout: nowhere\n    strict: true\n    default: Calm\n",
            stem: "form", layouts: { _ in .notLookedUp })
        #expect(parsed.diagnostics == [])
        #expect(parsed.value?.fields.first?.layout == "nowhere")
    }

    // MARK: Fields and pages

    @Test func fieldsMakeOnePageWithoutATitle() throws {
        let form = try Self.form(
            """
            title: New To-Do
            fields:
              - id: text
              - id: note
            """)
        #expect(form.title == "New To-Do")
        #expect(form.pages == [Form.Page(title: nil, fields: [Field(id: "text"), Field(id: "note")])])
        #expect(form.fields.map(\.id) == ["text", "note"])
        #expect(form.template == nil)
    }

    @Test func pagesKeepTheirTitlesAndOrder() throws {
        let form = try Self.form(
            """
            pages:
              - title: Set
                fields:
                  - id: date
                    type: date
                  - id: stroke
              - fields:
                  - id: note
            template: "{{date}} {{stroke}}"
            """)
        #expect(form.title == nil)
        #expect(form.pages.map(\.title) == ["Set", nil])
        #expect(form.pages.map { $0.fields.map(\.id) } == [["date", "stroke"], ["note"]])
        #expect(form.fields.map(\.id) == ["date", "stroke", "note"])
        #expect(form.template == "{{date}} {{stroke}}")
    }

    // MARK: Field options

    @Test func everyFieldOptionIsRead() throws {
        let form = try Self.form(
            """
            fields:
              - id: priority
                label: Priority
                type: text
                required: true
                layout: priority
                input: grid
                strict: true
                default: Medium
                pattern: "[A-Z][a-z]*"
                min_length: 1
                max_length: 140
              - id: distance
                label: Distance (m)
                type: integer
                min: 25
                max: 10000
              - id: weight
                type: number
                min: -2.5
                max: 0.75
              - id: due
                type: date
                default: today
              - id: done
                type: boolean
                required: false
                strict: false
                input: keyboard
            """)
        #expect(
            form.fields == [
                Field(
                    id: "priority", label: "Priority", type: .text, required: true, layout: "priority", input: .grid,
                    strict: true, defaultValue: .value("Medium"), pattern: "[A-Z][a-z]*", minLength: 1, maxLength: 140
                ),
                Field(id: "distance", label: "Distance (m)", type: .integer, min: 25, max: 10000),
                Field(id: "weight", type: .number, min: -2.5, max: 0.75),
                Field(id: "due", type: .date, defaultValue: .value("today")),
                Field(id: "done", type: .boolean),
            ])
    }

    @Test func aFieldWithOnlyAnIDTakesTheDefaults() throws {
        let field = try #require(try Self.form("fields:\n  - id: note\n").fields.first)
        #expect(field.label == "note")
        #expect(field.type == .text)
        #expect(!field.required && !field.strict)
        #expect(field.input == .keyboard)
        #expect(field.layout == nil && field.defaultValue == nil && field.pattern == nil)
        #expect(field.minLength == nil && field.maxLength == nil && field.min == nil && field.max == nil)
    }

    @Test func yesAndNoAreBooleansForRequiredAndStrict() throws {
        let form = try Self.form(
            """
            fields:
              - id: a
                required: yes
              - id: b
                required: no
                layout: yes-no
                strict: on
            """)
        #expect(form.fields.map(\.required) == [true, false])
        #expect(form.fields.map(\.strict) == [false, true])
    }

    @Test func layoutsAreKeptByTheNameGiven() throws {
        let form = try Self.form(
            """
            fields:
              - id: status
                layout: status
              - id: when
                type: date
                layout: date
            """)
        #expect(form.fields.map(\.layout) == ["status", "date"])
    }

    // MARK: Defaults

    @Test func defaultLastMeansTheLastRecordsValue() throws {
        let form = try Self.form(
            """
            fields:
              - id: stroke
                default: last
              - id: note
                default: "last week"
            """)
        #expect(form.fields.map(\.defaultValue) == [.last, .value("last week")])
    }

    /// A default is text exactly as written: `10`, `no`, `1.10` and `~` are not numbers, booleans or null.
    @Test func defaultsAreTextAsWritten() throws {
        let form = try Self.form(
            """
            fields:
              - id: count
                type: integer
                default: 10
              - id: answer
                type: boolean
                default: no
              - id: version
                default: 1.10
              - id: tilde
                default: ~
            """)
        #expect(form.fields.map(\.defaultValue) == [.value("10"), .value("no"), .value("1.10"), .value("~")])
    }

    // MARK: The form's name

    @Test(arguments: [
        ("Swim Log-2", "swim_log_2"),
        ("todo", "todo"),
        ("Todo", "todo"),
        ("2026 log", "form_2026_log"),
        ("", "form"),
        // Beyond ASCII, code points: files named in other scripts keep their records apart.
        ("日本", "u65e5_u672c"),
        ("中国", "u4e2d_u56fd"),
        ("日記 2026", "u65e5_u8a18_2026"),
        ("Café", "caf_ue9"),
        ("日a", "u65e5_a"),
        ("2026年", "form_2026_u5e74"),
    ])
    func nameComesFromTheStem(stem: String, name: String) throws {
        #expect(FormParser.recordName(fromStem: stem) == name)
        #expect(try Self.form("fields:\n  - id: note\n", stem: stem).name == name)
    }

    @Test func anExplicitNameWins() throws {
        #expect(try Self.form("name: swim_log\nfields:\n  - id: note\n", stem: "Swim Log-2").name == "swim_log")
    }

    @Test(arguments: [
        ("Due-Date", "due_date"), ("Format", "format"), ("  Where to? ", "where_to"), ("a  b", "a_b"),
    ])
    func idSuggestions(written: String, suggested: String) {
        #expect(FormParser.likeIdentifier(written) == suggested)
    }

    @Test(arguments: ["2nd", "", "日記", "_x", "due"])
    func noIDSuggestion(written: String) {
        #expect(FormParser.likeIdentifier(written) == nil)
    }

    @Test func identifiers() {
        #expect(FormParser.isIdentifier("due_date2"))
        #expect(!FormParser.isIdentifier("Due"))
        #expect(!FormParser.isIdentifier("2nd"))
        #expect(!FormParser.isIdentifier("due-date"))
        #expect(!FormParser.isIdentifier(""))
        #expect(!FormParser.isIdentifier("düe"))
    }

    // MARK: The demo forms

    @Test func thereAreDemoForms() {
        #expect(Set(DemoForms.names).isSuperset(of: ["todo", "swim", "japanese"]))
    }

    @Test("every demo form parses without a diagnostic", arguments: DemoForms.names)
    func demoFormParses(name: String) throws {
        let parsed = try DemoForms.parse(name)
        #expect(parsed.diagnostics.map(\.description) == [], "\(name)")
        let form = try #require(parsed.value)
        #expect(!form.fields.isEmpty)
        // Every layout a demo field names is a shipped one (or the generated calendar), and the context builds.
        let context = try DemoForms.context(name)
        for field in form.fields {
            if let layout = field.layout {
                #expect(DemoForms.layouts[layout] != nil || layout == CalendarGrid.name, "\(name): \(layout)")
                #expect(context.layout(named: layout) != nil, "\(name): \(layout)")
            }
        }
    }

    @Test func theSwimDemoIsReadAsWritten() throws {
        let form = try #require(try DemoForms.parse("swim").value)
        #expect(form.name == "swim")
        #expect(form.title == "Swim")
        #expect(form.pages.map(\.title) == ["Set", "How it went"])
        #expect(form.fields.map(\.id) == ["date", "stroke", "distance", "effort", "note"])
        #expect(
            form.field(id: "date")
                == Field(
                    id: "date", label: "Date", type: .date, required: true, layout: "date", input: .grid,
                    defaultValue: .value("today")
                ))
        #expect(
            form.field(id: "distance")
                == Field(
                    id: "distance", label: "Distance (m)", type: .integer, required: true, layout: "swim-distance",
                    input: .grid, min: 25, max: 10000
                ))
    }
}

/// Issue 22: descriptions (field and page) and placeholders.
@Suite struct WordsForPeopleParserTests {
    @Test func descriptionsAndPlaceholdersAreRead() throws {
        let source = """
            pages:
              - title: Paid
                description: |
                  One receipt a form.
                  Keep the paper.
                fields:
                  - id: amount
                    type: number
                    description: What the receipt says
                    placeholder: "12.50"
            """
        let parsed = FormParser.parse(source, stem: "receipt") { _ in .missing }
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let form = try #require(parsed.value)
        #expect(form.pages[0].description == "One receipt a form.\nKeep the paper.")
        #expect(form.fields[0].description == "What the receipt says")
        #expect(form.fields[0].placeholder == "12.50")
    }
}
