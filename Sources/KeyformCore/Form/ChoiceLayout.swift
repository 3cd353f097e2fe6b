/// The grid of a field whose keys are not in a layout file: the earlier values
/// the store returned (`choices: {from: FORM.FIELD}`) or the options written in
/// the form (`choices: [Lettuce, Tomatoes]`, `choices: {by: FIELD, keys: …}`),
/// three to a row with hotkeys 1–9, and a key that swaps to the keyboard for a
/// value not offered.
public enum ChoiceLayout {
    /// A grid's last key while it offers no choices: `abc (none yet)` opens the keyboard.
    public static func keyboardKey(noneYet hotkey: Character?) -> Layout.Key {
        var key = Layout.Key(label: Message.keyboardKeyNoneYet.english, hotkey: hotkey, action: .keyboard)
        key.said = .keyboardKeyNoneYet
        return key
    }

    /// The layout name a field's offered choices go by in a `FormContext`.
    public static func name(forField id: String) -> String { "choices:\(id)" }

    /// The layout name of the keys a `choices: {by:}` field offers while its driver holds `value`.
    public static func name(forField id: String, value: String) -> String { "choices:\(id)=\(value)" }

    public static func make(title: String, values: [String]) -> Layout {
        make(title: title, options: values.map { Field.Option(label: $0) }, typing: true, done: false)
    }

    /// - Parameters:
    ///   - typing: a last key `abc` (hotkey `/` up to nine options; past them `/`
    ///     opens the filter) swaps to the keyboard; a strict
    ///     field written with its options has no other answers, and goes without.
    ///   - done: a key that commits a `multiple` field, whose text keys toggle.
    public static func make(title: String, options: [Field.Option], typing: Bool, done: Bool) -> Layout {
        var keys = options.enumerated().map { index, option in
            Layout.Key(label: option.label, text: option.text, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        if typing {
            // Past nine options `/` opens the grid's filter (`GridFilter`): Tab and this key still open the keyboard.
            let hotkey: Character? = options.count <= 9 ? "/" : nil
            keys.append(
                options.isEmpty
                    ? keyboardKey(noneYet: hotkey) : Layout.Key(label: "abc", hotkey: hotkey, action: .keyboard))
        }
        var rows = stride(from: 0, to: keys.count, by: 3).map { Array(keys[$0..<min($0 + 3, keys.count)]) }
        if done {
            var key = Layout.Key(label: Message.doneKey.english, span: min(3, max(1, keys.count)), action: .done)
            key.said = .doneKey
            rows.append([key])
        }
        return Layout(title: title, kind: .choice, pages: [Layout.Page(rows: rows)])
    }

    /// The form with every `choices` field given its grid: its layout name is
    /// set, and the layouts to add to the context are returned. A field with no
    /// earlier values opens in the keyboard; one whose options are written in
    /// the form opens in its grid. A `choices: {by:}` field gets one grid per
    /// value of its driver, named by `name(forField:value:)`, and no layout of
    /// its own: `FormContext.layoutName(ofField:_:)` picks the one for the entries.
    ///
    /// A field whose keys come from a command or a file (`linesFrom`) gets
    /// them from `lines` (by field id) as if written in the form; while there
    /// are none (loading, failed, not run) its grid is titled with why, and
    /// offers only the keyboard key (none when strict).
    /// A `choices: {from:, by:}` field's stored (value, key) pairs as the
    /// groups of a `choices: {by:}` field: one a key, in the order keys first
    /// come, each holding at most `limit` values in the order given.
    public static func groups(_ pairs: [(value: String, key: String)], limit: Int) -> [Field.Options.Group] {
        var groups: [Field.Options.Group] = []
        var place: [String: Int] = [:]
        for (value, key) in pairs {
            let index =
                place[key]
                ?? {
                    place[key] = groups.count; groups.append(.init(value: key, options: [])); return groups.count - 1
                }()
            if groups[index].options.count < limit { groups[index].options.append(Field.Option(label: value)) }
        }
        return groups
    }

    /// `pairs`: the stored (value, key) pairs of each `choices: {from:, by:}`
    /// source, read once by the edge; the field then follows its driver exactly
    /// as `choices: {by:, keys:}` does (a key never stored offers the keyboard).
    ///
    /// `storeLoading`: the store's answers are on their way (read off the
    /// terminal's loop): every `choices: {from:}` field shows a grid titled
    /// `Loading Label…` with only the keyboard key, as a command's field does
    /// while it runs (the session holds its keys until they come).
    public static func apply(
        to form: Form, values: (Field.ChoiceSource) -> [String],
        pairs: (Field.ChoiceSource) -> [(value: String, key: String)] = { _ in [] },
        lines: [String: ChoiceLines] = [:], storeLoading: Bool = false
    ) -> (form: Form, layouts: [String: Layout]) {
        var form = form
        var layouts: [String: Layout] = [:]
        for p in form.pages.indices {
            for f in form.pages[p].fields.indices {
                let field = form.pages[p].fields[f]
                guard field.layout == nil else { continue }
                func grid(_ options: [Field.Option]) -> Layout {
                    make(title: field.label, options: options, typing: !field.strict, done: field.multiple)
                }
                if let source = field.linesFrom, field.options == nil, field.choices == nil {
                    let given = lines[field.id] ?? .notRun
                    let name = Self.name(forField: field.id)
                    if case .keys(let keys) = given {
                        layouts[name] = grid(keys.map { Field.Option(label: $0) })
                        form.pages[p].fields[f].options = .fixed(keys.map { Field.Option(label: $0) })
                    } else {
                        var waiting = make(title: field.label, options: [], typing: !field.strict, done: false)
                        waiting.saidTitle = given.title(label: field.label, source: source)
                        waiting.title = waiting.saidTitle?.english
                        layouts[name] = waiting
                    }
                    form.pages[p].fields[f].layout = name
                    form.pages[p].fields[f].input = .grid
                    continue
                }
                if storeLoading, field.options == nil, field.choices != nil {
                    var waiting = make(title: field.label, options: [], typing: !field.strict, done: false)
                    waiting.saidTitle = ChoiceLines.loadingTitle(label: field.label)
                    waiting.title = waiting.saidTitle?.english
                    let name = Self.name(forField: field.id)
                    layouts[name] = waiting
                    form.pages[p].fields[f].layout = name
                    form.pages[p].fields[f].input = .grid
                    continue
                }
                switch (field.options, field.choices) {
                case (.fixed(let options)?, _):
                    let name = Self.name(forField: field.id)
                    layouts[name] = grid(options)
                    form.pages[p].fields[f].layout = name
                    form.pages[p].fields[f].input = .grid
                case (.by(_, let groups)?, _):
                    for group in groups {
                        layouts[Self.name(forField: field.id, value: group.value)] = grid(group.options)
                    }
                    form.pages[p].fields[f].input = .grid
                case (nil, let source?) where source.by != nil:
                    let groups = Self.groups(pairs(source), limit: source.limit)
                    for group in groups {
                        layouts[Self.name(forField: field.id, value: group.value)] = grid(group.options)
                    }
                    form.pages[p].fields[f].options = .by(field: source.by!, groups: groups)
                    form.pages[p].fields[f].input = .grid
                case (nil, let source?):
                    let offered = Array(values(source).prefix(source.limit))
                    let name = Self.name(forField: field.id)
                    layouts[name] = make(title: field.label, values: offered)
                    form.pages[p].fields[f].layout = name
                    form.pages[p].fields[f].input = offered.isEmpty ? .keyboard : .grid
                case (nil, nil):
                    continue
                }
            }
        }
        return (form, layouts)
    }
}
