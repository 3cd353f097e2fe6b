import Foundation
import KeyformCore
import Testing

@testable import Keyform
@testable import keyform_example

/// Forms written in Swift follow the rules of form files: same parser, same checks.
@MainActor
struct FormsInSwiftTests {
    /// docs/swift-library.md shows the example's form beside demo/todo.yaml: they must be the same form.
    @Test func theExampleIsTheDemoToDoFormWrittenInSwift() throws {
        let file = try KeyformForm(contentsOf: packageRoot.appendingPathComponent("demo/todo.yaml"))
        let inSwift = try Example.form.compile()
        let inYAML = try file.compile()
        #expect(inSwift.form == inYAML.form)
        #expect(inSwift.layouts == inYAML.layouts)
        #expect(Example.form.name == "todo")
        #expect(Example.form.title == "New To-Do")
        #expect(file.name == "todo")
    }

    @Test func everyFieldTypeMakesTheFieldAFormFileWould() throws {
        let form = KeyformForm("Swim log") {
            DateField("day", label: "Day", required: true, default: .today, layout: .named("date"))
            IntegerField(
                "distance", label: "Distance (m)", default: 400, min: 25, max: 10_000, layout: .named("keypad"),
                input: .grid)
            NumberField("pace", default: 1.5, min: 0.5)
            BooleanField("pool", default: true)
            TextField("place", default: .last, minLength: 2)
        }
        #expect(form.name == "swim_log")
        let fields = try form.compile().form.fields
        #expect(
            fields == [
                Field(
                    id: "day", label: "Day", type: .date, required: true, layout: "date", defaultValue: .value("today")),
                Field(
                    id: "distance", label: "Distance (m)", type: .integer, layout: "keypad", input: .grid,
                    defaultValue: .value("400"), min: 25, max: 10_000),
                Field(id: "pace", type: .number, defaultValue: .value("1.5"), min: 0.5),
                Field(id: "pool", type: .boolean, defaultValue: .value("yes")),
                Field(id: "place", defaultValue: .last, minLength: 2),
            ])
    }

    @Test func pagesAndLooseFieldsMakePages() throws {
        let form = KeyformForm("Trip") {
            TextField("name", required: true)
            Page("Where") {
                TextField("from")
                TextField("to")
            }
            Page {
                DateField("day")
            }
        }
        let pages = try form.compile().form.pages
        #expect(pages.map(\.title) == [nil, "Where", nil])
        #expect(pages.map { $0.fields.map(\.id) } == [["name"], ["from", "to"], ["day"]])
    }

    @Test func ifAndForWorkInTheBuilder() throws {
        let extra = ["one", "two"]
        let withNote = false
        let form = KeyformForm("Builder") {
            for id in extra { TextField(id) }
            if withNote { TextField("note") } else { BooleanField("flag") }
        }
        #expect(try form.compile().form.fields.map(\.id) == ["one", "two", "flag"])
    }

    @Test func problemsAreReportedByFieldNotByGeneratedLine() throws {
        let form = KeyformForm("Broken", name: "broken", template: "{{txt}}") {
            TextField("Text")
            TextField("text", default: "way too long", maxLength: 3)
            TextField("text")
            DateField("due", default: .value(KeyformDate(year: 2026, month: 1, day: 1)!))
            ChoiceField("priority", layout: .named("priorty"))
            TextField("note", pattern: "(")
            IntegerField("count", min: 5, max: 1)
        }
        do {
            try form.check()
            Issue.record("the form should be invalid")
        } catch KeyformError.invalidForm(let lines) {
            #expect(
                lines.contains(
                    "form 'broken', field 'Text': error: field id 'Text' must start with a-z and use only a-z, 0-9 and _ (like text)"
                ))
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "form 'broken', field 'text': error: default 'way too long' fails the field's own rules")
                })
            #expect(
                lines.contains { $0.hasPrefix("form 'broken', field 'text': error: field id 'text' is already used") })
            #expect(
                lines.contains(
                    "form 'broken', field 'priority': error: no layout named 'priorty' was found; did you mean 'priority'?"
                ))
            #expect(
                lines.contains {
                    $0.hasPrefix("form 'broken', field 'note': error: 'pattern' is not a valid regular expression")
                })
            #expect(lines.contains("form 'broken', field 'count': error: 'max' (1) is less than 'min' (5)"))
            #expect(
                lines.contains(
                    "form 'broken': error: the template uses 'txt', which is not a field; did you mean 'text'?"))
            #expect(!lines.contains { $0.contains("due") })
        }
    }

    @Test func anEmptyFormIsInvalid() {
        let form = KeyformForm("Nothing") {}
        #expect(
            throws: KeyformError.invalidForm([
                "form 'nothing': error: 'fields' is empty; add at least one field, like - id: text"
            ])
        ) {
            try form.check()
        }
    }

    @Test func layoutsWrittenInSwiftAreCheckedLikeFiles() throws {
        let effort = KeyformLayout(
            title: "Effort",
            rows: [
                [KeyformKey("Easy", hotkey: "e"), KeyformKey("Hard", hotkey: "e")]
            ])
        let form = KeyformForm("Workout") { ChoiceField("effort", layout: effort) }
        do {
            try form.check()
            Issue.record("duplicate hotkeys should be an error")
        } catch KeyformError.invalidForm(let lines) {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "form 'workout', layout of field 'effort', key 'Hard': error: hotkey 'e' is already used")
                })
        }
    }

    @Test func aLayoutWrittenInSwiftIsPickedFrom() async throws {
        let effort = KeyformLayout(
            title: "Effort",
            rows: [
                [KeyformKey("Easy", hotkey: "e"), KeyformKey("Hard", text: "hard", hotkey: "h")],
                [.keyboard(hotkey: "a"), .clear(hotkey: "c")],
            ])
        let form = KeyformForm("Workout") {
            ChoiceField("effort", label: "Effort", layout: effort, required: true)
        }
        let result = try await form.test(keys: "h")
        #expect(result.outcome == .submitted)
        #expect(result.record?["effort"] == .text("hard"))
        let screen = try await form.test(keys: "").screen
        #expect(screen.contains("Easy"))
        #expect(screen.contains("Hard"))
    }

    @Test func namedLayoutsInSwiftReachEachOther() async throws {
        let more = KeyformLayout(name: "more", title: "More", rows: [["Purple", "Orange"]])
        let colors = KeyformLayout(
            name: "colors", title: "Colors", rows: [["Red", "Green", .layout("More…", to: "more", hotkey: "m")]])
        let form = KeyformForm("Paint", layouts: [more]) {
            ChoiceField("color", layout: colors)
            ChoiceField("second", layout: .named("more"))
        }
        let result = try await form.test(keys: "m<Right><Right><Enter><Right><Enter>")
        #expect(result.record?["color"] == .text("Orange"))
        #expect(result.record?["second"] == .text("Purple"))
        #expect(
            throws: KeyformError.invalidForm([
                "form 'unnamed': error: a layout given in 'layouts:' needs a name for the fields to use"
            ])
        ) {
            try KeyformForm("Unnamed", layouts: [KeyformLayout(rows: [["A"]])]) { TextField("a") }.check()
        }
    }

    @Test func twoDifferentLayoutsWithOneNameAreAnError() {
        let one = KeyformLayout(name: "same", rows: [["A"]])
        let other = KeyformLayout(name: "same", rows: [["B"]])
        let form = KeyformForm("Clash") {
            ChoiceField("a", layout: one)
            ChoiceField("b", layout: other)
        }
        #expect(
            throws: KeyformError.invalidForm([
                "layout 'same': error: two different layouts are named 'same'; give each its own name"
            ])
        ) {
            try form.check()
        }
    }

    @Test func choicesMakeAGridOfKeys() async throws {
        let form = KeyformForm("Order") {
            ChoiceField("size", label: "Size", choices: ["S", "M", "L", "XL", "XXL"])
        }
        let compiled = try form.compile()
        let layout = try #require(compiled.layouts["swift:size"])
        #expect(layout.title == "Size")
        #expect(layout.pages[0].rows.map { $0.map(\.label) } == [["S", "M", "L"], ["XL", "XXL"]])
        #expect(layout.pages[0].rows[1].last?.span == 2)
        let result = try await form.test(keys: "<Down><Down><Enter>")
        #expect(result.record?["size"] == .text("XL"))
    }

    enum Priority: String, CaseIterable, Decodable { case high = "High", medium = "Medium", low = "Low" }
    struct Task: Decodable { var priority: Priority }

    @Test func aStringEnumIsAChoiceAndDecodesBack() async throws {
        let form = KeyformForm("Task") { ChoiceField("priority", choices: Priority.self, default: .medium) }
        let chosen = try await form.test(keys: "<Right><Enter>", as: Task.self)
        #expect(chosen.value?.priority == .low)
        let kept = try await form.test(keys: "<Tab><Enter>", as: Task.self)
        #expect(kept.value?.priority == .medium)
    }

    @Test func aLayoutFileIsReadWithItsDiagnosticsAtItsPath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sizes.yaml")
        try "rows:\n  - [S, M, {label: L, hotkey: s}, {label: X, hotkey: s}]\n".write(
            to: file, atomically: true, encoding: .utf8)
        let form = KeyformForm("Order") { ChoiceField("size", layout: .file(file)) }
        do {
            try form.check()
            Issue.record("duplicate hotkeys should be an error")
        } catch KeyformError.invalidForm(let lines) {
            #expect(
                lines.contains { $0.hasPrefix("\(file.path):2:") && $0.contains("error: hotkey 's' is already used") })
        }
    }

    @Test func aFormFileReportsAsFormCheckDoes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.yaml")
        try "title: Broken\nfields:\n  - id: text\n    type: txt\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(
            throws: KeyformError.invalidForm(["\(file.path):4:11: error: unknown type 'txt'; did you mean 'text'?"])
        ) {
            try KeyformForm(contentsOf: file)
        }
        #expect(throws: KeyformError.invalidForm(["\(folder.path)/missing.yaml:1:1: error: no such file"])) {
            try KeyformForm(contentsOf: folder.appendingPathComponent("missing.yaml"))
        }
    }

    @Test func aFormFileCanUseLayoutsWrittenInSwift() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("order.yaml")
        try "title: Order\nfields:\n  - {id: size, layout: sizes, input: grid, strict: true}\n".write(
            to: file, atomically: true, encoding: .utf8)
        let sizes = KeyformLayout(name: "sizes", title: "Size", rows: [["S", "M", "L"]])
        let form = try KeyformForm(contentsOf: file, layouts: [sizes])
        let result = try await form.test(keys: "<Right><Right><Enter>")
        #expect(result.record?["size"] == .text("M"))
        #expect(throws: KeyformError.self) {
            try KeyformForm(contentsOf: file, layouts: [KeyformLayout(rows: [["S"]])])
        }
    }

    @Test func badKeysAreReported() async {
        let form = KeyformForm("Keys") { TextField("text") }
        await #expect(
            throws: KeyformError.invalidKeys(
                "unknown key <Entr>; known keys: <Enter> <Tab> <S-Tab> <Esc> <BS> <Up> <Down> <Left> <Right> <Home> <End> <Del> <Space> <F1> <C-a>…<C-z> <M-a>… <M-Enter> <lt> (at character 2)"
            )
        ) {
            try await form.test(keys: "a<Entr>")
        }
    }

    @Test func aPropertyTheFormDoesNotFillIsADecodingError() async throws {
        struct Wrong: Decodable { var missing: String }
        let form = KeyformForm("Keys") { TextField("text") }
        await #expect(
            throws: KeyformError.decodingFailed(
                "the record of 'keys' does not decode into Wrong: the form has no field 'missing' (give the property a default or make it optional, or add the field)"
            )
        ) {
            try await form.test(keys: "a<Enter>", as: Wrong.self)
        }
    }

    @Test func withoutATerminalTheRunSaysSo() async {
        var runner = TerminalFormRunner()
        runner.ttyPath = "/nonexistent/tty"
        let form = KeyformForm("No terminal") { TextField("text") }
        await #expect(throws: KeyformError.noTerminal("open /nonexistent/tty: No such file or directory")) {
            try await runner.run(form)
        }
    }

    @Test func errorsHaveKeyformsExitStatuses() {
        #expect(KeyformError.cancelled.exitStatus == 1)
        #expect(KeyformError.interrupted.exitStatus == 130)
        #expect(KeyformError.terminated(signal: 15).exitStatus == 143)
        #expect(KeyformError.invalidForm([]).exitStatus == 2)
        #expect(KeyformError.invalidForm(["a", "b"]).description == "the form has errors:\na\nb")
    }

    /// The library's errors are messages of the catalogue: English as before
    /// (`description`), Japanese for a Japanese reader (`exit(withError:)`).
    @Test func errorsSpeakThePersonsLanguage() {
        #expect(KeyformError.cancelled.description == "cancelled")
        #expect(Language.japanese.text(KeyformError.cancelled.message) == "中止しました")
        #expect(Language.japanese.text(KeyformError.invalidForm(["a", "b"]).message) == "フォームに誤りがあります:\na\nb")
        #expect(KeyformError.terminated(signal: 15).description == "terminated by signal 15")
        #expect(
            Language.japanese.text(KeyformError.ruleBroken(name: "dates", message: "Ends after it starts").message)
                == "ルール 'dates': Ends after it starts")
    }

    @Test func datesReadAndWriteTheirISOForm() throws {
        let date = try #require(KeyformDate("2026-11-21"))
        #expect(date.description == "2026-11-21")
        #expect(KeyformDate("2026-02-30") == nil)
        #expect(KeyformDate(year: 2024, month: 2, day: 29) != nil)
        #expect(try JSONDecoder().decode([KeyformDate].self, from: Data(#"["2026-11-21"]"#.utf8)) == [date])
        #expect(String(decoding: try JSONEncoder().encode([date]), as: UTF8.self) == #"["2026-11-21"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([KeyformDate].self, from: Data(#"["tomorrow"]"#.utf8))
        }
        #expect(KeyformDate(year: 2026, month: 1, day: 31)! < date)
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-library-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
