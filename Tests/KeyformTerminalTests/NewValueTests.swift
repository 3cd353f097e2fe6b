import Foundation
import KeyformCore
import KeyformTerminal
import Testing

/// Issue 20, "Values": a key that opens the keyboard to type a new value starts
/// from an empty line (the old value standing until something is typed), and a
/// selection with defaults survives Enter. Real readline, headless.
@MainActor
@Suite(.serialized) struct NewValueTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    func run(_ script: String, _ context: FormContext, state: FormState? = nil) throws -> ScriptedRun.Result {
        ScriptedRun.run(context: context, state: state ?? .start(context), keys: try KeyScript.parse(script).get())
    }

    func record(_ result: ScriptedRun.Result) -> Record? {
        guard case .submitted(let record)? = result.outcome else {
            Issue.record("not submitted:\n\(result.frame.text())")
            return nil
        }
        return record
    }

    /// A date on the shipped `date` grid (Today, Yesterday, abc), starting on today.
    static func dated() throws -> FormContext {
        let layouts = ShippedLayouts.sources.compactMapValues { LayoutParser.parse($0).value }
        let form = Form(
            name: "log",
            pages: [
                Form.Page(fields: [
                    Field(
                        id: "date", label: "Date", type: .date, required: true, layout: "date", input: .grid,
                        defaultValue: .value("today")),
                    Field(id: "note", label: "Note"),
                ])
            ])
        return try FormContext(form: form, layouts: layouts, clock: WallClock(today: today))
    }

    /// Lists picked from earlier ones (`/` types a new one), starting on the last used.
    static func lists() throws -> FormContext {
        let layout = ChoiceLayout.make(title: "List", values: ["Hardware", "Groceries"])
        let form = Form(
            name: "checklist",
            pages: [
                Form.Page(fields: [
                    Field(
                        id: "list", label: "List", required: true, layout: "lists", input: .grid,
                        defaultValue: .value("Hardware")),
                    Field(id: "item", label: "Item"),
                ])
            ])
        return try FormContext(form: form, layouts: ["lists": layout], clock: WallClock(today: today))
    }

    @Test func theDateGridsKeyboardKeyTypesANewDate() throws {
        let result = try run("a2026-11-20<Enter><Enter>", Self.dated())
        #expect(record(result)?["date"] == .date(CivilDate(year: 2026, month: 11, day: 20)!))
    }

    @Test func theKeyboardOpenedForANewValueShowsAnEmptyLineNotTheWord() throws {
        let result = try run("a", Self.dated())
        #expect(result.state.entries[0].text == "")
        #expect(!result.frame.text().contains("today"))
        // Nothing typed: the value stands, and Enter keeps it.
        let kept = try run("a<Enter><Enter>", Self.dated())
        #expect(record(kept)?["date"] == .date(Self.today))
    }

    /// The empty line does not hide what Enter keeps: the value stands dimmed
    /// behind the cursor (as the field shows it: a date, never `today`), and goes
    /// at the first typed character.
    @Test func theValueLeftStandingIsShownDimmedBehindTheCursor() throws {
        let opened = try run("a", Self.dated())
        let text = opened.frame.text(markCursor: true)
        #expect(text.contains("Date*  ▏2026-11-22"), "\(text)")
        let row = opened.frame.lines.firstIndex { $0.text.contains("2026-11-22") }!
        let styles = opened.frame.styleMap().split(separator: "\n", omittingEmptySubsequences: false)[row]
        let column = TextWidth.cells(String(opened.frame.lines[row].text.prefix { $0 != "2" }))
        #expect(styles.dropFirst(column).prefix(10) == "DDDDDDDDDD")
        let typing = try run("a2", Self.dated())
        #expect(!typing.frame.text().contains("2026-11-22"), "\(typing.frame.text())")
    }

    @Test func slashTypesANewListNotAfterTheOldOne() throws {
        let result = try run("/Garden<Enter><Enter>", Self.lists())
        #expect(record(result)?["list"] == .text("Garden"))
    }

    @Test func tabFromTheChoicesTypesANewValueToo() throws {
        let result = try run("<Tab>Garden<Enter><Enter>", Self.lists())
        #expect(record(result)?["list"] == .text("Garden"))
        // Tab there and back without typing: the value is as it was.
        let back = try run("<Tab><Tab><Enter><Enter>", Self.lists())
        #expect(record(back)?["list"] == .text("Hardware"))
        // Text being typed (not a key's) goes on after a look at the grid.
        let typing = try run("<Tab>Gar<Tab><Tab>den<Enter><Enter>", Self.lists())
        #expect(record(typing)?["list"] == .text("Garden"))
    }

    @Test func enterInASelectionWithDefaultsKeepsThemAll() throws {
        let layout = Layout(
            title: "Toppings", kind: .choice,
            pages: [
                Layout.Page(rows: [
                    [
                        Layout.Key(label: "Lettuce", hotkey: "l"), Layout.Key(label: "Tomatoes", hotkey: "t"),
                        Layout.Key(label: "Onions", hotkey: "o"),
                    ],
                    [Layout.Key(label: "Done", hotkey: "d", action: .done)],
                ])
            ])
        let form = Form(
            name: "salad",
            pages: [
                Form.Page(fields: [
                    Field(
                        id: "toppings", label: "Toppings", layout: "toppings", input: .grid, strict: true,
                        defaultValue: .value(.selection(["Lettuce", "Tomatoes"])), multiple: true)
                ])
            ])
        let context = try FormContext(form: form, layouts: ["toppings": layout], clock: WallClock(today: Self.today))
        #expect(FormState.start(context).grid?.highlight == nil)
        let result = try run("<Enter>", context)
        #expect(record(result)?["toppings"] == .list(["Lettuce", "Tomatoes"]))
    }
}
