import Keyform

struct ToDo: Decodable { var text, priority, note: String; var done: Bool; var due: KeyformDate? }

@main enum Example {
    static let form = KeyformForm(
        "New To-Do", name: "todo", template: "{{#due}}{{due}} {{/due}}{{text}} [{{priority}}]"
    ) {
        TextField("text", label: "Text", required: true, maxLength: 140)
        ChoiceField("priority", label: "Priority", layout: .named("priority"), default: "Medium")
        BooleanField("done", label: "Status", default: false, states: (no: "In progress", yes: "Complete"))
        DateField("due", label: "Due", layout: .named("calendar"))
        TextField("note", label: "Note", pattern: "^[^@]*$", maxLength: 140)
    }
    static func main() async {
        do {
            let todo = try await form.run(as: ToDo.self)
            print("\(todo.text) [\(todo.priority)\(todo.done ? ", complete" : "")]", todo.due.map { "due \($0)" } ?? "")
        } catch { KeyformError.exit(withError: error) }
    }
}
