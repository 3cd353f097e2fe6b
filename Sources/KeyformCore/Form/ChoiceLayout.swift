/// The grid of a field with `choices: {from: FORM.FIELD}`: the earlier values the
/// store returned, three to a row with hotkeys 1–9, and a key that swaps to the
/// keyboard for a value not offered yet.
public enum ChoiceLayout {
    /// The layout name a field's offered choices go by in a `FormContext`.
    public static func name(forField id: String) -> String { "choices:\(id)" }

    public static func make(title: String, values: [String]) -> Layout {
        var keys = values.enumerated().map { index, value in
            Layout.Key(label: value, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        keys.append(Layout.Key(label: values.isEmpty ? "abc (none yet)" : "abc", hotkey: "/", action: .keyboard))
        let rows = stride(from: 0, to: keys.count, by: 3).map { Array(keys[$0..<min($0 + 3, keys.count)]) }
        return Layout(title: title, kind: .choice, pages: [Layout.Page(rows: rows)])
    }

    /// The form with every `choices` field given its grid: its layout name is
    /// set, and the layouts to add to the context are returned. A field with no
    /// earlier values opens in the keyboard.
    public static func apply(to form: Form, values: (Field.ChoiceSource) -> [String]) -> (form: Form, layouts: [String: Layout]) {
        var form = form
        var layouts: [String: Layout] = [:]
        for p in form.pages.indices {
            for f in form.pages[p].fields.indices {
                let field = form.pages[p].fields[f]
                guard let source = field.choices, field.layout == nil else { continue }
                let offered = Array(values(source).prefix(source.limit))
                let name = Self.name(forField: field.id)
                layouts[name] = make(title: field.label, values: offered)
                form.pages[p].fields[f].layout = name
                form.pages[p].fields[f].input = offered.isEmpty ? .keyboard : .grid
            }
        }
        return (form, layouts)
    }
}
