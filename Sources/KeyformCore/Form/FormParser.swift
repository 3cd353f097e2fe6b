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
                diagnostics: [.error(.start, Message.fileEmpty(needs: .formNeedsFieldsOrPages))])
        }
        guard case .mapping = root else {
            var isList = false
            if case .sequence = root { isList = true }
            let message = Message.formMustBeMapping(found: root.kindSaid, isList: isList)
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
        guard let fields = reader.fields(of: root, allowed: formFields, in: .placeForm) else { return nil }
        let title = fields["title"].flatMap { reader.shownText($0, field: "title") }
        var name = recordName(fromStem: stem ?? "")
        if stem == nil, fields["name"] == nil {
            // Records are stored under the form's name: `63` from /dev/fd/63 would change from run to run.
            reader.error(
                root,
                Message.formFromPipeNeedsName)
        }
        if let node = fields["name"], let value = reader.text(node, field: "name") {
            if isIdentifier(value) {
                name = value
            } else {
                reader.error(
                    node,
                    Message.formNameInvalid(TerminalSafe.escaped(value), like: likeIdentifier(value))
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
                    Message.formFieldsAndPages))
        case (.some(let node), nil):
            if let list = readFields(node, &reader) { pages = [LocatedFormPage(title: nil, fields: list)] }
        case (nil, .some(let node)):
            pages = readPages(node, &reader)
        case (nil, nil):
            if !fields.hasUnknown { reader.error(root, Message.formNeedsFields) }
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
                node, field: "timeout", in: 1...86_400, meaning: .unitSeconds
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
                    name: .placeOptionOfPage("when", page: pages[p].number), earlier: Array(all[..<before]),
                    later: Array(all[before...]),
                    own: pages[p].fields.count)
                pages[p].when = Condition.read(node, at: place, &reader)
            }
            for f in pages[p].fields.indices {
                if let node = pages[p].fields[f].fields["when"] {
                    let id = pages[p].fields[f].field.id
                    let place = Condition.Place(
                        name: .placeOptionOfField("when", field: id), earlier: Array(all[..<before]),
                        later: Array(all[before...]))
                    pages[p].fields[f].field.when = Condition.read(node, at: place, &reader)
                }
                // `required_if` is a condition too, on the same earlier answers (one reader, one evaluator).
                if let node = pages[p].fields[f].fields["required_if"] {
                    let id = pages[p].fields[f].field.id
                    let place = Condition.Place(
                        name: .placeOptionOfField("required_if", field: id), earlier: Array(all[..<before]),
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
            reader.error(node, Message.formPagesEmpty)
            return []
        }
        var pages: [LocatedFormPage] = []
        for (index, item) in items.enumerated() {
            guard let fields = reader.fields(of: item, allowed: pageFields, in: .placePage(index + 1)) else { continue }
            let title = fields["title"].flatMap { reader.shownText($0, field: "title") }
            let description = fields["description"].flatMap { reader.paragraphs($0, field: "description") }
            guard let list = fields["fields"] else {
                if !fields.hasUnknown { reader.error(item, Message.pageNeedsFields(index + 1)) }
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
            reader.error(node, Message.fieldsMustBeList)
            return nil
        }
        guard let items = reader.items(of: node, field: "fields") else { return nil }
        if items.isEmpty {
            reader.error(node, Message.fieldsEmpty)
            return nil
        }
        return items.compactMap { readField($0, &reader) }
    }

    private static func readField(_ node: Node, _ reader: inout NodeReader) -> LocatedField? {
        guard case .mapping(let mapping) = node else {
            reader.error(
                node, Message.fieldMustBeMapping(example: exampleField(for: node), found: node.kindSaid))
            return nil
        }
        // Messages about the field's own fields name it by its id when it has one.
        var context = Message.placeField(nil)
        if case .scalar(let idScalar)? = mapping["id"], isIdentifier(idScalar.string) {
            context = .placeField(idScalar.string)
        }
        guard let fields = reader.fields(of: node, allowed: fieldFields, in: context) else { return nil }
        guard let idNode = fields["id"] else {
            if !fields.hasUnknown {
                let label = fields["label"]?.scalar?.string
                let like = label.flatMap(likeIdentifier) ?? "due_date"
                reader.error(node, Message.fieldNeedsID(like: like))
            }
            return nil
        }
        guard let id = reader.text(idNode, field: "id") else { return nil }
        if id.isEmpty {
            reader.error(
                idNode, Message.fieldIDEmpty)
            return nil
        }
        guard isIdentifier(id) else {
            reader.error(idNode, Message.fieldIDInvalid(TerminalSafe.escaped(id), like: likeIdentifier(id)))
            return nil
        }
        var field = Field(id: id)
        if let node = fields["label"], let label = reader.shownText(node, field: "label") {
            // An empty label leaves a row with nothing to say what goes in it (a layout's key is refused alike).
            if label.allSatisfy(\.isWhitespace) {
                reader.error(
                    node,
                    Message.fieldLabelEmpty(field.id)
                )
            } else {
                field.label = label
            }
        }
        if let node = fields["type"], let name = reader.text(node, field: "type") {
            if let type = Field.ValueType(rawValue: name) {
                field.type = type
            } else if let type = FieldKinds.synonyms[name.lowercased()] {
                reader.error(
                    node, Message.unknownName(option: "type", TerminalSafe.escaped(name), hint: .useName(type.rawValue))
                )
            } else {
                reader.error(
                    node,
                    Message.unknownName(
                        option: "type", TerminalSafe.escaped(name),
                        hint: NodeReader.said(for: name, among: Field.ValueType.allCases.map(\.rawValue)))
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
                    Message.unknownName(
                        option: "input", TerminalSafe.escaped(name),
                        hint: NodeReader.said(for: name, among: Field.InputView.allCases.map(\.rawValue)))
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
                reader.error(node, Message.lengthNotWhole(name, found: node.kindSaid))
                continue
            }
            field[keyPath: path] = reader.integer(
                node, field: name, in: lengths, meaning: .unitCharacters)
        }
        if let node = fields["min"] { field.min = reader.number(node, field: "min") }
        if let node = fields["max"] { field.max = reader.number(node, field: "max") }
        if let node = fields["choices"] {
            // One option, three shapes: a list of keys, keys by another field's value, or the store.
            if case .sequence = node {
                field.options = readOptions(node, in: .placeOption("choices"), &reader).map(Field.Options.fixed)
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
                    node, Message.placeholderEmpty)
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
                    Message.unknownName(
                        option: "mask", TerminalSafe.escaped(name),
                        hint: NodeReader.said(for: name, among: Field.Mask.allCases.map(\.rawValue)))
                )
            }
        }
        let picks = 0...1_000_000
        if let node = fields["min_picks"] {
            field.minPicks = reader.integer(node, field: "min_picks", in: picks, meaning: .unitPicks)
        }
        if let node = fields["max_picks"] {
            field.maxPicks = reader.integer(node, field: "max_picks", in: picks, meaning: .unitPicks)
        }
        if let node = fields["lines"] {
            field.lines = reader.integer(node, field: "lines", in: Field.lineCounts, meaning: .unitLines)
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
            var context = Message.placeRule(index + 1)
            if case .mapping(let mapping) = item, case .scalar(let nameScalar)? = mapping["name"],
                FormRule.isName(nameScalar.string)
            {
                context = .placeRuleNamed(nameScalar.string)
            }
            guard let fields = reader.fields(of: item, allowed: ruleFields, in: context) else { continue }
            guard let nameNode = fields["name"] else {
                if !fields.hasUnknown {
                    reader.error(
                        item,
                        Message.ruleNeedsName(context))
                }
                continue
            }
            guard let name = reader.text(nameNode, field: "name") else { continue }
            guard FormRule.isName(name) else {
                reader.error(
                    nameNode,
                    Message.ruleNameInvalid(TerminalSafe.escaped(name), like: likeIdentifier(name))
                )
                continue
            }
            context = .placeRuleNamed(name)
            var message: String?
            if let messageNode = fields["message"], let text = reader.shownText(messageNode, field: "message") {
                if text.allSatisfy(\.isWhitespace) {
                    reader.error(
                        messageNode,
                        Message.ruleMessageEmpty(context)
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
                        Message.ruleCheckAndOneOf(context)))
                continue
            case (.some(let checkNode), nil):
                guard let text = reader.text(checkNode, field: "check") else { continue }
                if fields["message"] == nil {
                    reader.error(
                        item,
                        Message.ruleNeedsMessage(context))
                }
                test = .check(text, checkNode)
            case (nil, .some(let listNode)):
                guard let ids = reader.items(of: listNode, field: "one_of") else { continue }
                test = .oneOf(ids)
            case (nil, nil):
                if !fields.hasUnknown {
                    reader.error(
                        item, Message.ruleNeedsTest(context))
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
        guard let fields = reader.fields(of: node, allowed: ["no", "yes"], in: .placeOption("states")) else {
            return nil
        }
        var words: [String: String] = [:]
        for name in ["no", "yes"] {
            guard let wordNode = fields[name] else {
                if !fields.hasUnknown {
                    reader.error(
                        node, Message.statesNeedBoth)
                }
                return nil
            }
            guard let word = reader.shownText(wordNode, field: name, what: .wordState) else { return nil }
            let trimmed = String(Substring(word).trimmingWhitespace())
            guard !trimmed.isEmpty else {
                reader.error(
                    wordNode,
                    Message.stateEmpty(yes: name == "yes")
                )
                return nil
            }
            words[name] = trimmed
        }
        guard let no = words["no"], let yes = words["yes"] else { return nil }
        if no.lowercased() == yes.lowercased(), let yesNode = fields["yes"] {
            reader.error(
                yesNode, Message.statesSame(TerminalSafe.escaped(yes)))
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
        guard let fields = reader.fields(of: node, allowed: names, in: .placeOption("messages")) else {
            return ([:], [:])
        }
        var messages: [FieldCheck: String] = [:]
        var keys: [FieldCheck: Node] = [:]
        for check in FieldCheck.allCases {
            guard let entry = fields.entries[check.rawValue],
                let text = reader.shownText(entry.value, field: check.rawValue, what: .wordTheMessage)
            else { continue }
            guard !text.allSatisfy(\.isWhitespace) else {
                reader.error(
                    entry.value,
                    Message.checkMessageEmpty(check.rawValue, example: check.example)
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
    private static func readOptions(_ node: Node, in context: Message, _ reader: inout NodeReader) -> [Field.Option]? {
        guard let items = reader.items(of: node, field: "choices") else { return nil }
        guard !items.isEmpty else {
            reader.error(node, Message.choicesEmpty(context))
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
                    Message.choiceTwice(TerminalSafe.escaped(option.text), at: "\(earlier)")
                )
                ok = false
            } else if option.label != option.text, let earlier = labels[option.label] {
                reader.error(
                    item,
                    Message.choiceLabelTwice(TerminalSafe.escaped(option.label), at: "\(earlier)")
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
            guard let fields = reader.fields(of: node, allowed: ["label", "text"], in: .placeChoice) else { return nil }
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
                        Message.choiceNeedsLabel
                    )
                }
                return nil
            }
        } else if case .scalar = node {
            guard let written = reader.shownText(node, field: "choice") else { return nil }
            label = written
        } else {
            reader.error(node, Message.choiceMustBeText(found: node.kindSaid))
            return nil
        }
        let option = Field.Option(label: label ?? text!, text: text ?? label!)
        for (what, value) in [("label", option.label), ("text", option.text)] where value.allSatisfy(\.isWhitespace) {
            reader.error(node, Message.choicePartEmpty(what))
            return nil
        }
        return option
    }

    /// `choices: {by: country, keys: {Canada: [Alberta, …], Mexico: […]}}`: the
    /// keys offered depend on another field's value. Which values the driver can
    /// take is `FormChecks`' to check (it sees every field).
    private static func readOptionsBy(_ node: Node, _ reader: inout NodeReader) -> Field.Options? {
        guard let fields = reader.fields(of: node, allowed: ["by", "keys"], in: .placeOption("choices")) else {
            return nil
        }
        guard let byNode = fields["by"], let keysNode = fields["keys"] else {
            if !fields.hasUnknown {
                reader.error(
                    node,
                    Message.choicesByNeedsBoth
                )
            }
            return nil
        }
        guard let driver = reader.text(byNode, field: "by") else { return nil }
        guard case .mapping(let table) = keysNode else {
            reader.error(
                keysNode,
                Message.keysMustBeMapping(found: keysNode.kindSaid)
            )
            return nil
        }
        guard !table.isEmpty else {
            reader.error(
                keysNode, Message.keysEmpty(TerminalSafe.escaped(driver)))
            return nil
        }
        var groups: [Field.Options.Group] = []
        var ok = true
        for (valueNode, optionsNode) in table {
            guard let value = reader.text(valueNode, field: "keys") else { ok = false; continue }
            guard let options = readOptions(optionsNode, in: .placeKeysFor(TerminalSafe.escaped(value)), &reader)
            else { ok = false; continue }
            groups.append(Field.Options.Group(value: value, options: options))
        }
        return ok ? .by(field: driver, groups: groups) : nil
    }

    /// `choices: {command: [git, branch], timeout: 5}` or `choices: {file: PATH}`:
    /// keys read when the form runs. A command is a list, one argv element an
    /// item (no shell: a string would have to be split, and split wrong).
    private static func readLineSource(_ node: Node, _ reader: inout NodeReader) -> Field.LineSource? {
        guard
            let fields = reader.fields(of: node, allowed: ["command", "file", "timeout"], in: .placeOption("choices"))
        else {
            return nil
        }
        switch (fields["command"], fields["file"]) {
        case (.some, .some):
            reader.report(
                .error(fields.location(of: "file"), Message.choicesCommandAndFile)
            )
            return nil
        case (.some(let commandNode), nil):
            guard case .sequence = commandNode else {
                reader.error(
                    commandNode,
                    Message.commandMustBeList(found: commandNode.kindSaid)
                )
                return nil
            }
            guard let items = reader.items(of: commandNode, field: "command") else { return nil }
            guard !items.isEmpty else {
                reader.error(commandNode, Message.commandEmpty)
                return nil
            }
            var arguments: [String] = []
            for item in items {
                guard let argument = reader.text(item, field: "command") else { return nil }
                arguments.append(argument)
            }
            if arguments[0].isEmpty {
                reader.error(items[0], Message.programEmpty)
                return nil
            }
            var timeout = Field.LineSource.defaultTimeout
            if let timeoutNode = fields["timeout"] {
                let longest = Double(Field.LineSource.longestTimeout.components.seconds)
                guard let seconds = reader.number(timeoutNode, field: "timeout") else { return nil }
                guard seconds >= 0.1, seconds <= longest else {
                    reader.error(
                        timeoutNode,
                        Message.commandTimeoutRange(Int(longest), found: FieldValue.format(seconds)))
                    return nil
                }
                timeout = .milliseconds(Int((seconds * 1000).rounded()))
            }
            return .command(arguments: arguments, timeout: timeout)
        case (nil, .some(let fileNode)):
            if let timeoutNode = fields["timeout"] {
                reader.error(timeoutNode, Message.timeoutWithFile)
                return nil
            }
            guard let path = reader.text(fileNode, field: "file") else { return nil }
            guard !path.isEmpty else {
                reader.error(
                    fileNode,
                    Message.choicesFileEmpty)
                return nil
            }
            return .file(path)
        case (nil, nil):
            return nil
        }
    }

    /// `choices: {from: FORM.FIELD, order: recent|frequent, limit: N, by: FIELD}`.
    private static func readChoices(_ node: Node, _ reader: inout NodeReader) -> Field.ChoiceSource? {
        guard
            let fields = reader.fields(
                of: node, allowed: ["from", "order", "limit", "by"], in: .placeOption("choices"))
        else {
            return nil
        }
        guard let fromNode = fields["from"] else {
            if !fields.hasUnknown {
                reader.error(
                    node, Message.choicesNeedFrom)
            }
            return nil
        }
        guard let from = reader.text(fromNode, field: "from") else { return nil }
        let parts = from.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, isIdentifier(parts[0]), isIdentifier(parts[1]) else {
            reader.error(
                fromNode,
                Message.fromInvalid(TerminalSafe.escaped(from))
            )
            return nil
        }
        var source = Field.ChoiceSource(form: parts[0], field: parts[1])
        if let orderNode = fields["order"], let order = reader.text(orderNode, field: "order") {
            guard let known = Field.ChoiceSource.Order(rawValue: order) else {
                reader.error(
                    orderNode,
                    Message.unknownName(
                        option: "order", TerminalSafe.escaped(order),
                        hint: NodeReader.said(for: order, among: Field.ChoiceSource.Order.allCases.map(\.rawValue)))
                )
                return nil
            }
            source.order = known
        }
        if let limitNode = fields["limit"] {
            guard
                let limit = reader.integer(limitNode, field: "limit", in: 1...50, meaning: .unitChoices)
            else { return nil }
            source.limit = limit
        }
        if let byNode = fields["by"] {
            guard let by = reader.text(byNode, field: "by") else { return nil }
            guard isIdentifier(by) else {
                reader.error(
                    byNode,
                    Message.byInvalid(TerminalSafe.escaped(by))
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
                    Message.unsafeCharacter(in: .authored(field), scalar)
                )
                return nil
            }
        }
        guard lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            error(node, Message.paragraphsEmpty(field))
            return nil
        }
        return lines.joined(separator: "\n")
    }

    /// `true`/`false` (also yes/no, on/off as YAML 1.1 writes them).
    mutating func boolean(_ node: Node, field: String) -> Bool? {
        guard node.scalar != nil else {
            error(node, Message.mustBeTrueOrFalse(field, found: node.kindSaid))
            return nil
        }
        guard let text = text(node, field: field) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error(node, Message.mustBeTrueOrFalse(field, found: .writtenValue(TerminalSafe.escaped(text))))
            return nil
        }
    }

    /// A decimal number as a person writes it (`3`, `-2.5`).
    mutating func number(_ node: Node, field: String) -> Double? {
        guard node.scalar != nil else {
            error(node, Message.mustBeNumber(field, found: node.kindSaid))
            return nil
        }
        guard let text = text(node, field: field) else { return nil }
        // Written as a number field reads one (`1e3` included), so a bound and an answer agree.
        let trimmed = Substring(text.trimmingSpaces)
        guard NumberKind.isDecimalNumber(trimmed.utf8), let value = Double(trimmed), value.isFinite else {
            error(node, Message.mustBeNumber(field, found: .writtenValue(TerminalSafe.escaped(text))))
            return nil
        }
        return value
    }
}

extension StringProtocol {
    /// Underscores as spaces: `due_date` → `due date`.
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
