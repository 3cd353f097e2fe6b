import Keyform
import Testing

/// The snippets of Keyform.docc/GettingStarted.md, as written there.
@MainActor
struct GettingStartedTests {
    struct ToDo: Decodable {
        var text: String
        var priority: String
        var due: KeyformDate?
    }

    let form = KeyformForm("New To-Do", name: "todo") {
        TextField("text", label: "Text", required: true, maxLength: 140)
        ChoiceField("priority", label: "Priority", layout: .named("priority"), default: "Medium")
        DateField("due", label: "Due")
    }

    func addToDo(using runner: some FormRunner) async throws -> ToDo {
        try await runner.run(form, as: ToDo.self)
    }

    @Test func aToDoIsDecoded() async throws {
        let result = try await form.test(keys: "Buy milk<Enter>h<Enter>", as: ToDo.self)
        #expect(result.outcome == .submitted)
        #expect(result.value?.priority == "High")
    }

    @Test func doneWaitsForTheText() async throws {
        let result = try await form.test(keys: "<Enter>")
        #expect(result.outcome == .open)
        #expect(result.screen.contains("[ Done ] disabled: Text is required"))
    }

    @Test func addingAToDo() async throws {
        let tester = KeyformTester(keys: "Buy milk<Enter>h<Enter>")
        let todo = try await addToDo(using: tester)
        #expect(todo.text == "Buy milk")
        #expect(tester.results[0].screen.contains("New To-Do"))
    }

    enum Priority: String, CaseIterable { case high = "High", low = "Low" }

    @Test func theLayoutSnippetsMakeAValidForm() throws {
        let effort = KeyformLayout(
            title: "Effort",
            rows: [
                [KeyformKey("Easy", hotkey: "e"), KeyformKey("Hard", hotkey: "h")],
                [.keyboard(), .clear()],
            ])
        let form = KeyformForm("Layouts") {
            ChoiceField("effort", layout: effort)
            ChoiceField("size", choices: ["S", "M", "L"])
            ChoiceField("priority", choices: Priority.self)
        }
        #expect(try form.check() == [])
    }
}
