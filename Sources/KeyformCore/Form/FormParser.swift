import Yams

/// What the form parser learns about a layout a field names.
public enum LayoutAvailability: Sendable {
    case found(Layout)
    /// The name resolves nowhere.
    case missing
    /// The file exists but has errors (reported on their own, at the layout's path).
    case broken
    /// The name is not looked up: the form has no folder to look from (`form fmt -`
    /// reads stdin), so what a layout would say is left to `form check` on the file.
    case notLookedUp
}

/// Reads a form file (SPEC "Form files") into a `Form`, with a positioned
/// diagnostic for every problem, using the same machinery as layouts.
public enum FormParser {
    public static let formFields = ["title", "name", "fields", "pages", "template", "compact", "rules", "timeout"]
    public static let pageFields = ["title", "when", "fields", "description"]
    public static let fieldFields = [
        "id", "label", "when", "type", "required", "required_if", "layout", "input", "strict", "default",
        "pattern", "min_length", "max_length", "min", "max", "choices", "multiple", "states",
        "messages", "description", "placeholder",
        "secret", "mask", "store",
        "min_picks", "max_picks",
        "lines",
    ]
    /// A form rule's options, in the order `form fmt` writes them.
    public static let ruleFields = ["name", "check", "one_of", "message"]

    /// Parses a form from the bytes of a file.
    /// - Parameters:
    ///   - stem: the file's name without `.yaml`, the form's name unless it sets `name`;
    ///     nil when there is no file name (a form read from a pipe), and then it must.
    ///   - layouts: resolves the layout names fields give.
    public static func parse(
        bytes: [UInt8], stem: String?,
        layouts: (String) -> LayoutAvailability,
        suggestLayout: (String) -> String? = LayoutParser.suggestShipped
    ) -> Parsed<Form> {
        switch YAMLDocument.decode(bytes, kind: "form") {
        case .success(let text): parse(text, stem: stem, layouts: layouts, suggestLayout: suggestLayout)
        case .failure(let diagnostic): Parsed(value: nil, diagnostics: [diagnostic])
        }
    }

    public static func parse(
        _ source: String, stem: String?,
        layouts: (String) -> LayoutAvailability,
        suggestLayout: (String) -> String? = LayoutParser.suggestShipped
    ) -> Parsed<Form> {
        let root: Node?
        switch YAMLDocument.compose(source) {
        case .success(let node): root = node
        case .failure(let diagnostic): return Parsed(value: nil, diagnostics: [diagnostic])
        }
        guard let root, !root.isEmptyScalar else {
            return Parsed(
                value: nil,
                diagnostics: [.error(.start, "the file is empty; a form needs 'fields' (or 'pages' of fields)")])
        }
        guard case .mapping = root else {
            var message =
                "a form must be a mapping with 'title' and 'fields' (or 'pages'), found \(root.kindDescription)"
            if case .sequence = root { message += "; put the list under 'fields:'" }
            return Parsed(value: nil, diagnostics: [.error(root.location, message)])
        }
        var reader = NodeReader()
        var form = readForm(root, stem: stem, &reader)
        if let located = form, !reader.exhausted {
            form?.checkedRules = withoutActuallyEscaping(layouts) { layouts in
                withoutActuallyEscaping(suggestLayout) { suggest in
                    FormChecks(layouts: layouts, suggestLayout: suggest, source: source).run(on: located, &reader)
                }
            }
        }
        return Parsed(value: form?.form, diagnostics: reader.diagnostics)
    }

    // MARK: Reading the shape

    private static func readForm(_ root: Node, stem: String?, _ reader: inout NodeReader) -> LocatedForm? {
        guard let fields = reader.fields(of: root, allowed: formFields, in: "form") else { return nil }
        let title = fields["title"].flatMap { reader.shownText($0, field: "title") }
        var name = recordName(fromStem: stem ?? "")
        if stem == nil, fields["name"] == nil {
            // Records are stored under the form's name: `63` from /dev/fd/63 would change from run to run.
            reader.error(
                root,
                "a form read from a pipe has no file name to name its records by; add 'name: NAME' (a-z, 0-9 and _)")
        }
        if let node = fields["name"], let value = reader.text(node, field: "name") {
            if isIdentifier(value) {
                name = value
            } else {
                reader.error(
                    node,
                    "'name' must start with a-z and use only a-z, 0-9 and _ (it names the records' table), found '\(TerminalSafe.escaped(value))'\(likeIdentifier(value).map { "; use \($0)" } ?? "")"
                )
            }
        }
        let template = fields["template"].flatMap { reader.shownText($0, field: "template", trailingLineBreaks: true) }
        var pages: [LocatedFormPage] = []
        switch (fields["fields"], fields["pages"]) {
        case (.some, .some):
            reader.report(
                .error(
                    fields.location(of: "pages"),
                    "a form has 'fields' or 'pages', not both; move the fields into a page"))
        case (.some(let node), nil):
            if let list = readFields(node, &reader) { pages = [LocatedFormPage(title: nil, fields: list)] }
        case (nil, .some(let node)):
            pages = readPages(node, &reader)
        case (nil, nil):
            if !fields.hasUnknown { reader.error(root, "a form needs 'fields' (a list of fields) or 'pages'") }
        }
        guard !pages.isEmpty else { return nil }
        readConditions(&pages, &reader)
        let compact = fields["compact"].flatMap { reader.boolean($0, field: "compact") } ?? false
        let rules = fields["rules"].map { readRules($0, &reader) } ?? []
        var located = LocatedForm(
            title: title, name: name, pages: pages, template: template, templateNode: fields["template"],
            compact: compact,
            rules: rules)
        if let node = fields["timeout"] {
            located.timeout = reader.integer(
                node, field: "timeout", in: 1...86_400, meaning: "a whole number of seconds"
            ).map { .seconds($0) }
        }
        return located
    }

    /// Each `when:` of a page or field, read once every field is known: a
    /// condition names only fields asked before its page or field.
    private static func readConditions(_ pages: inout [LocatedFormPage], _ reader: inout NodeReader) {
        let all = pages.flatMap { $0.fields.map(\.field) }
        var before = 0
        for p in pages.indices {
            if let node = pages[p].whenNode {
                let place = Condition.Place(
                    name: "'when' of page \(pages[p].number)", earlier: Array(all[..<before]),
                    later: Array(all[before...]),
                    own: pages[p].fields.count)
                pages[p].when = Condition.read(node, at: place, &reader)
            }
            for f in pages[p].fields.indices {
                if let node = pages[p].fields[f].fields["when"] {
                    let id = pages[p].fields[f].field.id
                    let place = Condition.Place(
                        name: "'when' of field '\(id)'", earlier: Array(all[..<before]), later: Array(all[before...]))
                    pages[p].fields[f].field.when = Condition.read(node, at: place, &reader)
                }
                // `required_if` is a condition too, on the same earlier answers (one reader, one evaluator).
                if let node = pages[p].fields[f].fields["required_if"] {
                    let id = pages[p].fields[f].field.id
                    let place = Condition.Place(
                        name: "'required_if' of field '\(id)'", earlier: Array(all[..<before]),
                        later: Array(all[before...]))
                    pages[p].fields[f].field.requiredIf = Condition.read(node, at: place, &reader)
                }
                before += 1
            }
        }
    }

    private static func readPages(_ node: Node, _ reader: inout NodeReader) -> [LocatedFormPage] {
        guard let items = reader.items(of: node, field: "pages") else { return [] }
        if items.isEmpty {
            reader.error(node, "'pages' is empty; a form needs at least one page of fields")
            return []
        }
        var pages: [LocatedFormPage] = []
        for (index, item) in items.enumerated() {
            guard let fields = reader.fields(of: item, allowed: pageFields, in: "page \(index + 1)") else { continue }
            let title = fields["title"].flatMap { reader.shownText($0, field: "title") }
            let description = fields["description"].flatMap { reader.paragraphs($0, field: "description") }
            guard let list = fields["fields"] else {
                if !fields.hasUnknown { reader.error(item, "page \(index + 1) needs 'fields' (a list of fields)") }
                continue
            }
            if let parsed = readFields(list, &reader) {
                pages.append(
                    LocatedFormPage(
                        title: title, fields: parsed, description: description,
                        titleNode: fields["title"], descriptionNode: fields["description"],
                        whenNode: fields["when"], number: index + 1))
            }
        }
        return pages
    }

    private static func readFields(_ node: Node, _ reader: inout NodeReader) -> [LocatedField]? {
        if case .mapping = node {
            reader.error(node, "'fields' must be a list, found a mapping; start each field with '- ', like - id: text")
            return nil
        }
        guard let items = reader.items(of: node, field: "fields") else { return nil }
        if items.isEmpty {
            reader.error(node, "'fields' is empty; add at least one field, like - id: text")
            return nil
        }
        return items.compactMap { readField($0, &reader) }
    }

    private static func readField(_ node: Node, _ reader: inout NodeReader) -> LocatedField? {
        guard case .mapping(let mapping) = node else {
            reader.error(
                node, "a field must be a mapping like \(exampleField(for: node)), found \(node.kindDescription)")
            return nil
        }
        // Messages about the field's own fields name it by its id when it has one.
        var context = "a field"
        if case .scalar(let idScalar)? = mapping["id"], isIdentifier(idScalar.string) {
            context = "field '\(idScalar.string)'"
        }
        guard let fields = reader.fields(of: node, allowed: fieldFields, in: context) else { return nil }
        guard let idNode = fields["id"] else {
            if !fields.hasUnknown {
                let label = fields["label"]?.scalar?.string
                let like = label.flatMap(likeIdentifier) ?? "due_date"
                reader.error(node, "a field needs an 'id' (the key of its value in the record), like id: \(like)")
            }
            return nil
        }
        guard let id = reader.text(idNode, field: "id") else { return nil }
        if id.isEmpty {
            reader.error(
                idNode, "'id' is empty; give the field an id (the key of its value in the record), like id: due_date")
            return nil
        }
        guard isIdentifier(id) else {
            let like = likeIdentifier(id).map { " (like \($0))" } ?? ""
            reader.error(
                idNode, "field id '\(TerminalSafe.escaped(id))' must start with a-z and use only a-z, 0-9 and _\(like)")
            return nil
        }
        var field = Field(id: id)
        if let node = fields["label"], let label = reader.shownText(node, field: "label") {
            // An empty label leaves a row with nothing to say what goes in it (a layout's key is refused alike).
            if label.allSatisfy(\.isWhitespace) {
                reader.error(
                    node,
                    "empty label: a field must show what goes in it; give it words, or leave 'label' out to show the id '\(field.id)'"
                )
            } else {
                field.label = label
            }
        }
        if let node = fields["type"], let name = reader.text(node, field: "type") {
            if let type = Field.ValueType(rawValue: name) {
                field.type = type
            } else if let type = FieldKinds.synonyms[name.lowercased()] {
                reader.error(node, "unknown type '\(TerminalSafe.escaped(name))'; use '\(type.rawValue)'")
            } else {
                reader.error(
                    node,
                    "unknown type '\(TerminalSafe.escaped(name))'; \(NodeReader.hint(for: name, among: Field.ValueType.allCases.map(\.rawValue)))"
                )
            }
        }
        // A note's label is a heading, shown only when written: its id says nothing to a reader.
        if field.type == .note, fields["label"] == nil { field.label = "" }
        if let node = fields["required"] { field.required = reader.boolean(node, field: "required") ?? false }
        if let node = fields["strict"] { field.strict = reader.boolean(node, field: "strict") ?? false }
        if let node = fields["multiple"] { field.multiple = reader.boolean(node, field: "multiple") ?? false }
        if let node = fields["layout"], let name = reader.text(node, field: "layout") { field.layout = name }
        if let node = fields["input"], let name = reader.text(node, field: "input") {
            if let input = Field.InputView(rawValue: name) {
                field.input = input
            } else {
                reader.error(
                    node,
                    "unknown input '\(TerminalSafe.escaped(name))'; \(NodeReader.hint(for: name, among: Field.InputView.allCases.map(\.rawValue)))"
                )
            }
        }
        if let node = fields["default"] {
            // A `multiple` field's default may be its list of key texts (an item may hold a comma).
            if case .sequence = node {
                if let items = reader.items(of: node, field: "default")?.compactMap({
                    reader.text($0, field: "default")
                }) {
                    field.defaultValue = .value(.selection(items))
                }
            } else if let value = reader.text(node, field: "default") {
                field.defaultValue = value == "last" ? .last : .value(.line(value))
            }
        }
        if let node = fields["pattern"] { field.pattern = reader.shownText(node, field: "pattern") }
        let lengths = 0...1_000_000
        for (name, path) in [("min_length", \Field.minLength), ("max_length", \Field.maxLength)] {
            guard let node = fields[name] else { continue }
            guard node.scalar != nil else {
                reader.error(node, "'\(name)' must be a whole number of characters, found \(node.kindDescription)")
                continue
            }
            field[keyPath: path] = reader.integer(
                node, field: name, in: lengths, meaning: "a whole number of characters")
        }
        if let node = fields["min"] { field.min = reader.number(node, field: "min") }
        if let node = fields["max"] { field.max = reader.number(node, field: "max") }
        if let node = fields["choices"] {
            // One option, three shapes: a list of keys, keys by another field's value, or the store.
            if case .sequence = node {
                field.options = readOptions(node, in: "'choices'", &reader).map(Field.Options.fixed)
            } else if case .mapping(let mapping) = node, !mapping.keys.contains(where: { $0.scalar?.string == "from" }),
                mapping.keys.contains(where: { ["by", "keys"].contains($0.scalar?.string) })
            {
                field.options = readOptionsBy(node, &reader)
            } else if case .mapping(let mapping) = node,
                mapping.keys.contains(where: { ["command", "file"].contains($0.scalar?.string) })
            {
                field.linesFrom = readLineSource(node, &reader)
            } else {
                field.choices = readChoices(node, &reader)
            }
        }
        if let node = fields["states"] { field.states = readStates(node, &reader) }
        if let node = fields["description"] { field.description = reader.paragraphs(node, field: "description") }
        if let node = fields["placeholder"], let text = reader.shownText(node, field: "placeholder") {
            if text.allSatisfy(\.isWhitespace) {
                reader.error(
                    node, "'placeholder' is empty; give the hint shown in the empty field, like 12.50, or remove it")
            } else {
                field.placeholder = text
            }
        }
        if let node = fields["secret"] { field.secret = reader.boolean(node, field: "secret") ?? false }
        if let node = fields["store"] { field.storesSecret = reader.boolean(node, field: "store") ?? false }
        if let node = fields["mask"], let name = reader.text(node, field: "mask") {
            if let mask = Field.Mask(rawValue: name) {
                field.mask = mask
            } else {
                reader.error(
                    node,
                    "unknown mask '\(TerminalSafe.escaped(name))'; \(NodeReader.hint(for: name, among: Field.Mask.allCases.map(\.rawValue)))"
                )
            }
        }
        let picks = 0...1_000_000
        if let node = fields["min_picks"] {
            field.minPicks = reader.integer(node, field: "min_picks", in: picks, meaning: "a whole number of picks")
        }
        if let node = fields["max_picks"] {
            field.maxPicks = reader.integer(node, field: "max_picks", in: picks, meaning: "a whole number of picks")
        }
        if let node = fields["lines"] {
            field.lines = reader.integer(node, field: "lines", in: Field.lineCounts, meaning: "a whole number of lines")
        }
        var messageKeys: [FieldCheck: Node] = [:]
        if let node = fields["messages"] { (field.messages, messageKeys) = readMessages(node, &reader) }
        return LocatedField(field: field, fields: fields, messageKeys: messageKeys)
    }

    /// `rules:`: a list of `{name, check | one_of, message}`. What each names is
    /// checked against the fields in `FormChecks`; here, the shape.
    private static func readRules(_ node: Node, _ reader: inout NodeReader) -> [LocatedRule] {
        guard let items = reader.items(of: node, field: "rules") else { return [] }
        var rules: [LocatedRule] = []
        for (index, item) in items.enumerated() {
            var context = "rule \(index + 1)"
            if case .mapping(let mapping) = item, case .scalar(let nameScalar)? = mapping["name"],
                FormRule.isName(nameScalar.string)
            {
                context = "rule '\(nameScalar.string)'"
            }
            guard let fields = reader.fields(of: item, allowed: ruleFields, in: context) else { continue }
            guard let nameNode = fields["name"] else {
                if !fields.hasUnknown {
                    reader.error(
                        item,
                        "\(context) needs a 'name' (answers and tests report it by name), like name: end-after-start")
                }
                continue
            }
            guard let name = reader.text(nameNode, field: "name") else { continue }
            guard FormRule.isName(name) else {
                reader.error(
                    nameNode,
                    "rule name '\(TerminalSafe.escaped(name))' must start with a-z and use only a-z, 0-9, _ and -\(likeIdentifier(name).map { " (like \($0))" } ?? "")"
                )
                continue
            }
            context = "rule '\(name)'"
            var message: String?
            if let messageNode = fields["message"], let text = reader.shownText(messageNode, field: "message") {
                if text.allSatisfy(\.isWhitespace) {
                    reader.error(
                        messageNode,
                        "the message of \(context) is empty; say what to fix, like message: The end comes after the start"
                    )
                } else {
                    message = text
                }
            }
            let test: LocatedRule.Test
            switch (fields["check"], fields["one_of"]) {
            case (.some, .some):
                reader.report(
                    .error(
                        fields.location(of: "one_of"),
                        "\(context) has 'check' and 'one_of'; a rule is one of them: make two rules"))
                continue
            case (.some(let checkNode), nil):
                guard let text = reader.text(checkNode, field: "check") else { continue }
                if fields["message"] == nil {
                    reader.error(
                        item,
                        "\(context) needs a 'message' saying what to fix, like message: The end comes after the start")
                }
                test = .check(text, checkNode)
            case (nil, .some(let listNode)):
                guard let ids = reader.items(of: listNode, field: "one_of") else { continue }
                test = .oneOf(ids)
            case (nil, nil):
                if !fields.hasUnknown {
                    reader.error(
                        item, "\(context) needs 'check: EXPRESSION' (like end >= start) or 'one_of: [FIELD, FIELD]'")
                }
                continue
            }
            rules.append(LocatedRule(name: name, nameNode: nameNode, message: message, test: test, fields: fields))
        }
        return rules
    }

    /// `text` made into an identifier (`Due Date` → `due_date`), when that is
    /// a plausible fix: it must start with a letter as written.
    static func likeIdentifier(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces.lowercased()
        guard let first = trimmed.unicodeScalars.first, ("a"..."z").contains(first) else { return nil }
        let name = underscored(trimmed)
        guard isIdentifier(name), name != text else { return nil }
        var squeezed = ""
        for character in name where !(character == "_" && squeezed.last == "_") { squeezed.append(character) }
        while squeezed.last == "_" { squeezed.removeLast() }
        return isIdentifier(squeezed) ? squeezed : nil
    }

    /// A field written right, from what was written instead: `{id: note, label: Note}`.
    private static func exampleField(for node: Node) -> String {
        guard let text = node.scalar?.string, !text.isEmpty else { return "{id: note, label: Note}" }
        if isIdentifier(text) {
            let label = text.prefix(1).uppercased() + text.dropFirst().replacingUnderscores
            return "{id: \(text), label: \(TerminalSafe.escaped(label))}"
        }
        if let id = likeIdentifier(text) { return "{id: \(id), label: \(TerminalSafe.escaped(text))}" }
        return "{id: note, label: Note}"
    }

    /// `states: {no: In progress, yes: Complete}`: a boolean field's two words.
    private static func readStates(_ node: Node, _ reader: inout NodeReader) -> Field.States? {
        guard let fields = reader.fields(of: node, allowed: ["no", "yes"], in: "'states'") else { return nil }
        var words: [String: String] = [:]
        for name in ["no", "yes"] {
            guard let wordNode = fields[name] else {
                if !fields.hasUnknown {
                    reader.error(
                        node, "'states' needs both 'no' and 'yes', like states: {no: In progress, yes: Complete}")
                }
                return nil
            }
            guard let word = reader.shownText(wordNode, field: name, what: "state") else { return nil }
            let trimmed = String(Substring(word).trimmingWhitespace())
            guard !trimmed.isEmpty else {
                reader.error(
                    wordNode,
                    "'\(name)' is empty; give the word shown for \(name == "yes" ? "a yes" : "a no"), like \(name == "yes" ? "Complete" : "In progress")"
                )
                return nil
            }
            words[name] = trimmed
        }
        guard let no = words["no"], let yes = words["yes"] else { return nil }
        if no.lowercased() == yes.lowercased(), let yesNode = fields["yes"] {
            reader.error(
                yesNode, "'yes' and 'no' are both '\(TerminalSafe.escaped(yes))'; the two states need different words")
            return nil
        }
        return Field.States(no: no, yes: yes)
    }

    /// `messages: {pattern: Give an email like ada@example.org, required: …}`: the
    /// form's words for each check, and where each check's name is written.
    private static func readMessages(
        _ node: Node, _ reader: inout NodeReader
    ) -> ([FieldCheck: String], [FieldCheck: Node]) {
        let names = FieldCheck.allCases.map(\.rawValue)
        guard let fields = reader.fields(of: node, allowed: names, in: "'messages'") else { return ([:], [:]) }
        var messages: [FieldCheck: String] = [:]
        var keys: [FieldCheck: Node] = [:]
        for check in FieldCheck.allCases {
            guard let entry = fields.entries[check.rawValue],
                let text = reader.shownText(entry.value, field: check.rawValue, what: "the message")
            else { continue }
            guard !text.allSatisfy(\.isWhitespace) else {
                reader.error(
                    entry.value,
                    "the message for '\(check.rawValue)' is empty; say what to give, like \(check.example), or remove it"
                )
                continue
            }
            messages[check] = text
            keys[check] = entry.key
        }
        return (messages, keys)
    }

    /// `choices: [Lettuce, {label: California, text: CA}]`: keys written in the
    /// form. Each is a text, or a label with the text it puts in the record;
    /// none empty, no text or label twice (a key must say which one it is).
    private static func readOptions(_ node: Node, in context: String, _ reader: inout NodeReader) -> [Field.Option]? {
        guard let items = reader.items(of: node, field: "choices") else { return nil }
        guard !items.isEmpty else {
            reader.error(node, "\(context) is an empty list; give the keys to pick from, like [Lettuce, Tomatoes]")
            return nil
        }
        var options: [Field.Option] = []
        var texts: [String: SourceLocation] = [:], labels: [String: SourceLocation] = [:]
        var ok = true
        for item in items {
            guard let option = readOption(item, &reader) else { ok = false; continue }
            if let earlier = texts[option.text] {
                reader.error(
                    item,
                    "'\(TerminalSafe.escaped(option.text))' is already a choice at \(earlier); each choice is offered once"
                )
                ok = false
            } else if option.label != option.text, let earlier = labels[option.label] {
                reader.error(
                    item,
                    "the label '\(TerminalSafe.escaped(option.label))' is already shown at \(earlier); two keys must not look alike"
                )
                ok = false
            }
            texts[option.text] = texts[option.text] ?? item.location
            labels[option.label] = labels[option.label] ?? item.location
            options.append(option)
        }
        return ok ? options : nil
    }

    /// `Lettuce` or `{label: California, text: CA}`.
    private static func readOption(_ node: Node, _ reader: inout NodeReader) -> Field.Option? {
        var label: String?, text: String?
        if case .mapping = node {
            guard let fields = reader.fields(of: node, allowed: ["label", "text"], in: "a choice") else { return nil }
            if let labelNode = fields["label"] {
                label = reader.shownText(labelNode, field: "label"); if label == nil { return nil }
            }
            if let textNode = fields["text"] {
                text = reader.shownText(textNode, field: "text"); if text == nil { return nil }
            }
            guard label != nil || text != nil else {
                if !fields.hasUnknown {
                    reader.error(
                        node,
                        "a choice needs a 'label' (what the key shows) and may have a 'text' (what the record holds), like {label: California, text: CA}"
                    )
                }
                return nil
            }
        } else if case .scalar = node {
            guard let written = reader.shownText(node, field: "choice") else { return nil }
            label = written
        } else {
            reader.error(node, "a choice must be a text or {label: …, text: …}, found \(node.kindDescription)")
            return nil
        }
        let option = Field.Option(label: label ?? text!, text: text ?? label!)
        for (what, value) in [("label", option.label), ("text", option.text)] where value.allSatisfy(\.isWhitespace) {
            reader.error(node, "a choice's \(what) is empty; give it words, or leave the choice out")
            return nil
        }
        return option
    }

    /// `choices: {by: country, keys: {Canada: [Alberta, …], Mexico: […]}}`: the
    /// keys offered depend on another field's value. Which values the driver can
    /// take is `FormChecks`' to check (it sees every field).
    private static func readOptionsBy(_ node: Node, _ reader: inout NodeReader) -> Field.Options? {
        guard let fields = reader.fields(of: node, allowed: ["by", "keys"], in: "'choices'") else { return nil }
        guard let byNode = fields["by"], let keysNode = fields["keys"] else {
            if !fields.hasUnknown {
                reader.error(
                    node,
                    "'choices' by another field needs 'by: FIELD' and 'keys: {VALUE: [KEY, …]}', like {by: country, keys: {Canada: [Alberta, Ontario]}}"
                )
            }
            return nil
        }
        guard let driver = reader.text(byNode, field: "by") else { return nil }
        guard case .mapping(let table) = keysNode else {
            reader.error(
                keysNode,
                "'keys' must be a mapping of the driver's values to their keys, like {Canada: [Alberta, Ontario]}, found \(keysNode.kindDescription)"
            )
            return nil
        }
        guard !table.isEmpty else {
            reader.error(
                keysNode, "'keys' is empty; give the keys offered for each value of '\(TerminalSafe.escaped(driver))'")
            return nil
        }
        var groups: [Field.Options.Group] = []
        var ok = true
        for (valueNode, optionsNode) in table {
            guard let value = reader.text(valueNode, field: "keys") else { ok = false; continue }
            guard let options = readOptions(optionsNode, in: "the keys for '\(TerminalSafe.escaped(value))'", &reader)
            else { ok = false; continue }
            groups.append(Field.Options.Group(value: value, options: options))
        }
        return ok ? .by(field: driver, groups: groups) : nil
    }

    /// `choices: {command: [git, branch], timeout: 5}` or `choices: {file: PATH}`:
    /// keys read when the form runs. A command is a list, one argv element an
    /// item (no shell: a string would have to be split, and split wrong).
    private static func readLineSource(_ node: Node, _ reader: inout NodeReader) -> Field.LineSource? {
        guard let fields = reader.fields(of: node, allowed: ["command", "file", "timeout"], in: "'choices'") else {
            return nil
        }
        switch (fields["command"], fields["file"]) {
        case (.some, .some):
            reader.report(
                .error(fields.location(of: "file"), "'choices' come from a 'command' or a 'file', not both; remove one")
            )
            return nil
        case (.some(let commandNode), nil):
            guard case .sequence = commandNode else {
                reader.error(
                    commandNode,
                    "'command' must be a list: the program, then each argument (no shell), like [git, branch, --format=%(refname:short)]; found \(commandNode.kindDescription)"
                )
                return nil
            }
            guard let items = reader.items(of: commandNode, field: "command") else { return nil }
            guard !items.isEmpty else {
                reader.error(commandNode, "'command' is empty; give the program and its arguments, like [git, branch]")
                return nil
            }
            var arguments: [String] = []
            for item in items {
                guard let argument = reader.text(item, field: "command") else { return nil }
                arguments.append(argument)
            }
            if arguments[0].isEmpty {
                reader.error(items[0], "the program of 'command' is empty; give its name (found in PATH) or its path")
                return nil
            }
            var timeout = Field.LineSource.defaultTimeout
            if let timeoutNode = fields["timeout"] {
                let longest = Double(Field.LineSource.longestTimeout.components.seconds)
                guard let seconds = reader.number(timeoutNode, field: "timeout") else { return nil }
                guard seconds >= 0.1, seconds <= longest else {
                    reader.error(
                        timeoutNode,
                        "'timeout' must be from 0.1 to \(Int(longest)) seconds, found \(FieldValue.format(seconds))")
                    return nil
                }
                timeout = .milliseconds(Int((seconds * 1000).rounded()))
            }
            return .command(arguments: arguments, timeout: timeout)
        case (nil, .some(let fileNode)):
            if let timeoutNode = fields["timeout"] {
                reader.error(timeoutNode, "'timeout' limits a 'command'; a file is read at once: remove it")
                return nil
            }
            guard let path = reader.text(fileNode, field: "file") else { return nil }
            guard !path.isEmpty else {
                reader.error(
                    fileNode,
                    "'file' is empty; give the path of a file with one choice a line (relative to the form file)")
                return nil
            }
            return .file(path)
        case (nil, nil):
            return nil
        }
    }

    /// `choices: {from: FORM.FIELD, order: recent|frequent, limit: N, by: FIELD}`.
    private static func readChoices(_ node: Node, _ reader: inout NodeReader) -> Field.ChoiceSource? {
        guard let fields = reader.fields(of: node, allowed: ["from", "order", "limit", "by"], in: "'choices'") else {
            return nil
        }
        guard let fromNode = fields["from"] else {
            if !fields.hasUnknown {
                reader.error(
                    node, "'choices' needs 'from: FORM.FIELD', the stored field whose earlier values are offered")
            }
            return nil
        }
        guard let from = reader.text(fromNode, field: "from") else { return nil }
        let parts = from.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, isIdentifier(parts[0]), isIdentifier(parts[1]) else {
            reader.error(
                fromNode,
                "'from' must be FORM.FIELD (a form's name and one of its field ids, like checklist.name), found '\(TerminalSafe.escaped(from))'"
            )
            return nil
        }
        var source = Field.ChoiceSource(form: parts[0], field: parts[1])
        if let orderNode = fields["order"], let order = reader.text(orderNode, field: "order") {
            guard let known = Field.ChoiceSource.Order(rawValue: order) else {
                reader.error(
                    orderNode,
                    "unknown order '\(TerminalSafe.escaped(order))'; \(NodeReader.hint(for: order, among: Field.ChoiceSource.Order.allCases.map(\.rawValue)))"
                )
                return nil
            }
            source.order = known
        }
        if let limitNode = fields["limit"] {
            guard
                let limit = reader.integer(limitNode, field: "limit", in: 1...50, meaning: "a whole number of choices")
            else { return nil }
            source.limit = limit
        }
        if let byNode = fields["by"] {
            guard let by = reader.text(byNode, field: "by") else { return nil }
            guard isIdentifier(by) else {
                reader.error(
                    byNode,
                    "'by' must be a field id (the earlier field whose answer filters the stored values), found '\(TerminalSafe.escaped(by))'"
                )
                return nil
            }
            source.by = by
        }
        return source
    }

    /// `[a-z][a-z0-9_]*`: field ids and record names.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A file stem made into a record name: `Swim Log-2` → `swim_log_2`. A
    /// character beyond ASCII is kept as its code point (`日記` → `u65e5_u8a18`,
    /// `café` → `caf_ue9`): were it a `_` like a space, 日本.yaml and 中国.yaml
    /// would both store their records as `form___`.
    public static func recordName(fromStem stem: String) -> String {
        var name = "", afterCodePoint = false
        for scalar in stem.lowercased().unicodeScalars {
            let plain = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if scalar.isASCII {
                if afterCodePoint, plain { name += "_" }
                name.unicodeScalars.append(plain ? scalar : "_")
                afterCodePoint = false
            } else {
                if !name.isEmpty, !name.hasSuffix("_") { name += "_" }
                name += "u" + String(scalar.value, radix: 16)
                afterCodePoint = true
            }
        }
        if let first = name.unicodeScalars.first, !("a"..."z").contains(first) { name = "form_" + name }
        return name.isEmpty ? "form" : name
    }

    /// `text` with every character but a-z and 0-9 made `_` (`due date` → `due_date`).
    private static func underscored(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.map { scalar -> Character in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
    }
}

// MARK: - The parsed form with positions for the checks

struct LocatedField {
    var field: Field
    var fields: Fields
    /// Where each check's name is written under `messages:`.
    var messageKeys: [FieldCheck: Node] = [:]
}

/// A rule as written, its parts' nodes kept for positions; `FormChecks` makes the `FormRule`.
struct LocatedRule {
    enum Test {
        case check(String, Node)
        case oneOf([Node])
    }

    var name: String
    var nameNode: Node
    var message: String?
    var test: Test
    var fields: Fields
}

struct LocatedFormPage {
    var title: String?
    var fields: [LocatedField]
    var description: String?
    var titleNode: Node?
    var descriptionNode: Node?
    var whenNode: Node? = nil
    /// 1-based, as messages name it.
    var number = 1
    var when: Condition? = nil
}

struct LocatedForm {
    var title: String?
    var name: String
    var pages: [LocatedFormPage]
    var template: String?
    var templateNode: Node?
    var compact = false
    var rules: [LocatedRule] = []
    /// The rules as `FormChecks` read them (set once they are checked).
    var checkedRules: [FormRule] = []
    var timeout: Duration?

    var form: Form {
        Form(
            title: title, name: name,
            pages: pages.map {
                Form.Page(title: $0.title, fields: $0.fields.map(\.field), description: $0.description, when: $0.when)
            },
            template: template, compact: compact, rules: checkedRules, timeout: timeout)
    }
}

extension NodeReader {
    /// Text of one or more lines drawn as a note (`description: |`): each line
    /// as `shownText` checks it, the final line breaks of a block dropped; an
    /// empty note is an error.
    mutating func paragraphs(_ node: Node, field: String) -> String? {
        guard let text = text(node, field: field) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.hasSuffix("\r") ? $0.dropLast() : $0)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            if let scalar = TerminalSafe.unsafeScalars(in: line).first {
                error(
                    node,
                    "\(field) contains \(TerminalSafe.describe(scalar)); remove it (it could change what the terminal shows)"
                )
                return nil
            }
        }
        guard lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            error(node, "'\(field)' is empty; give the note shown under the label, or remove it")
            return nil
        }
        return lines.joined(separator: "\n")
    }

    /// `true`/`false` (also yes/no, on/off as YAML 1.1 writes them).
    mutating func boolean(_ node: Node, field: String) -> Bool? {
        guard node.scalar != nil else {
            error(node, "'\(field)' must be true or false, found \(node.kindDescription)")
            return nil
        }
        guard let text = text(node, field: field) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error(node, "'\(field)' must be true or false, found '\(TerminalSafe.escaped(text))'")
            return nil
        }
    }

    /// A decimal number as a person writes it (`3`, `-2.5`).
    mutating func number(_ node: Node, field: String) -> Double? {
        guard node.scalar != nil else {
            error(node, "'\(field)' must be a number, found \(node.kindDescription)")
            return nil
        }
        guard let text = text(node, field: field) else { return nil }
        // Written as a number field reads one (`1e3` included), so a bound and an answer agree.
        let trimmed = Substring(text.trimmingSpaces)
        guard NumberKind.isDecimalNumber(trimmed.utf8), let value = Double(trimmed), value.isFinite else {
            error(node, "'\(field)' must be a number, found '\(TerminalSafe.escaped(text))'")
            return nil
        }
        return value
    }
}

extension StringProtocol {
    /// Underscores as spaces: `due_date` → `due date`.
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
