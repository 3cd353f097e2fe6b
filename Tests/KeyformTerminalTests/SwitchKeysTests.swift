import KeyformCore
import KeyformTerminal
import Testing

/// A boolean field's keyboard view is a switch: the keys a person presses,
/// through the real session (key decoder, readline beside it), and the record.
@MainActor
@Suite(.serialized) struct SwitchKeysTests {
    static let context = try! FormContext(
        form: Form(
            name: "todo",
            pages: [
                Form.Page(fields: [
                    Field(id: "text", required: true),
                    Field(
                        id: "done", label: "Status", type: .boolean, defaultValue: .value("no"),
                        states: Field.States(no: "In progress", yes: "Complete")),
                    Field(id: "urgent", label: "Urgent", type: .boolean),
                ])
            ]), layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 22)!))

    func run(_ script: String) throws -> ScriptedRun.Result {
        ScriptedRun.run(context: Self.context, state: .start(Self.context), keys: try KeyScript.parse(script).get())
    }

    func record(_ script: String) throws -> Record? {
        if case .submitted(let record)? = try run(script).outcome { return record }
        return nil
    }

    @Test func spaceFlipsAndEnterMovesOn() throws {
        let record = try #require(try record("Buy milk<Enter><Space><Enter><Space><Enter>"))
        #expect(record["done"] == .boolean(true))
        #expect(record["urgent"] == .boolean(true), "an empty switch flips to yes")
    }

    @Test func lettersSetAndBackspaceEmpties() throws {
        let record = try #require(try record("Buy milk<Enter>y<Space><Space><Enter>tn<BS><Enter>"))
        #expect(record["done"] == .boolean(true))
        #expect(record["urgent"] == nil, "Backspace left it empty: null")
    }

    @Test func otherKeysDoNotTypeIntoTheSwitch() throws {
        let result = try run("Buy milk<Enter>xyz")
        // x rings the bell; y sets yes; z rings the bell. Nothing is typed as text.
        #expect(result.frame.text().contains("› Status  [✓] Complete"))
        #expect(result.frame.text().contains("Space toggle · Enter/Tab next"))
    }

    @Test func upGoesBackAndDownCommits() throws {
        let result = try run("Buy milk<Enter><Space><Down><Up><Up>")
        #expect(result.frame.text().contains("› text*   Buy milk"))
        #expect(result.frame.text().contains("  Status  [✓] Complete"))
    }
}
