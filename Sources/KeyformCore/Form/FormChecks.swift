import Yams

/// The rules of a form that need more than one field in view: unique ids,
/// options that fit the field's type, bounds in order, layouts that resolve,
/// defaults that pass the field's own rules, and templates that name fields.
struct FormChecks {
    let layouts: (String) -> LayoutAvailability
    let suggestLayout: (String) -> String?
    /// The file's text, to point into a template at the tag that is wrong.
    var source: String = ""

    /// Reports every problem; gives the form's rules, read against its fields.
    func run(on form: LocatedForm, _ reader: inout NodeReader) -> [FormRule] {
        let all = form.pages.flatMap(\.fields)
        checkIDsUnique(all, &reader)
        for located in all { check(located, &reader) }
        for located in all { checkOptionsBy(located, among: all, &reader) }
        if !form.compact {
            for located in all { checkLabelFits(located, in: form.form, &reader) }
        }
        checkInterpolations(form, &reader)
        checkConditionsCanHold(form, &reader)
        if let template = form.template, let node = form.templateNode {
            var ids: [String] = []
            // A note is in no record: a template has nothing of it to show.
            for id in all.filter(\.field.holdsValue).map(\.field.id) where !ids.contains(id) { ids.append(id) }
            checkTemplate(template, at: node, ids: ids, &reader)
        }
        return checkRules(form.rules, fields: all.map(\.field), &reader)
    }

    /// Each rule's name is unique; its check parses and fits the fields (at the
    /// column of the check it is about); `one_of` names two fields or more.
    private func checkRules(_ rules: [LocatedRule], fields: [Field], _ reader: inout NodeReader) -> [FormRule] {
        var first: [String: SourceLocation] = [:]
        var checked: [FormRule] = []
        for rule in rules {
            if let earlier = first[rule.name] {
                reader.error(
                    rule.nameNode, "rule name '\(rule.name)' is already used at \(earlier); names must be unique")
            } else {
                first[rule.name] = rule.nameNode.location
            }
            switch rule.test {
            case .check(let text, let node):
                let problems: [RuleProblem]
                var expression: RuleExpression?
                switch RuleParser.parse(text) {
                case .success(let parsed):
                    expression = parsed
                    problems = RuleChecker(fields: fields).problems(in: parsed)
                case .failure(let problem):
                    problems = [problem]
                }
                for problem in problems {
                    reader.report(
                        .error(
                            location(ofOffset: problem.column, in: text, at: node),
                            "rule '\(rule.name)': \(problem.message)"))
                }
                if let expression, problems.isEmpty, let message = rule.message {
                    checked.append(FormRule(name: rule.name, test: .check(expression), message: message))
                }
            case .oneOf(let nodes):
                var ids: [String] = []
                for node in nodes {
                    guard let id = reader.text(node, field: "one_of") else { continue }
                    guard let field = fields.first(where: { $0.id == id }) else {
                        let hint =
                            Suggestion.closest(to: id, among: fields.map(\.id)).map { "did you mean '\($0)'?" }
                            ?? "the fields are \(Self.andList(fields.map(\.id)))"
                        reader.error(
                            node,
                            "rule '\(rule.name)': 'one_of' names '\(TerminalSafe.escaped(id))', which is not a field; \(hint)"
                        )
                        continue
                    }
                    if ids.contains(id) {
                        reader.error(node, "rule '\(rule.name)': 'one_of' names '\(id)' twice")
                    } else if RuleChecker.kind(of: field) == nil {
                        reader.error(
                            node, "rule '\(rule.name)': '\(id)' is \(field.kind.withArticle) field: it is never filled")
                    }
                    ids.append(id)
                }
                if nodes.count < 2, let node = rule.fields["one_of"] {
                    reader.error(
                        node,
                        "rule '\(rule.name)': 'one_of' needs two fields or more (for one, make it 'required: true')")
                }
                let labels = ids.compactMap { id in fields.first { $0.id == id }?.label }
                let message =
                    rule.message
                    ?? "Fill in \(labels.count > 1 ? labels.dropLast().joined(separator: ", ") + " or " + labels.last! : labels.first ?? "")"
                checked.append(FormRule(name: rule.name, test: .oneOf(ids), message: message))
            }
        }
        return checked
    }

    /// A condition (`when`, `required_if`) naming a value that a strict field
    /// can never hold — not one of its keys' texts — never holds: a warning at
    /// the value, with did-you-mean (a value its kind cannot read at all,
    /// `{paid: maybe}`, is the reader's error already).
    private func checkConditionsCanHold(_ form: LocatedForm, _ reader: inout NodeReader) {
        let fields = form.pages.flatMap(\.fields).map(\.field)
        var places: [(name: String, node: Node)] = form.pages.compactMap { page in
            page.whenNode.map { ("'when' of page \(page.number)", $0) }
        }
        for located in form.pages.flatMap(\.fields) {
            for option in ["when", "required_if"] {
                if let node = located.fields[option] {
                    places.append(("'\(option)' of field '\(located.field.id)'", node))
                }
            }
        }
        for (name, node) in places {
            for (id, valueNode) in Self.conditionValues(in: node) {
                guard let field = fields.first(where: { $0.id == id }), let offered = offeredTexts(of: field),
                    let value = valueNode.scalar?.string, !offered.contains(value)
                else { continue }
                let hint =
                    Suggestion.closest(to: value, among: offered).map { "did you mean '\(TerminalSafe.escaped($0))'?" }
                    ?? "its keys are \(Self.andList(offered.map(TerminalSafe.escaped)))"
                reader.warning(
                    valueNode,
                    "\(name) never holds: '\(TerminalSafe.escaped(value))' is not one of strict field '\(id)''s keys; \(hint)"
                )
            }
        }
    }

    /// Every value a condition's mapping compares a field with, and the field's id:
    /// `{country: Canada}`, each item of `{country: [Canada, Mexico]}`, inside
    /// `all`, `any` and `not` (not `filled`/`empty`, which test no value).
    static func conditionValues(in node: Node) -> [(id: String, node: Node)] {
        switch node {
        case .sequence(let items):
            return items.flatMap { conditionValues(in: $0) }
        case .mapping(let mapping):
            return mapping.flatMap { key, value -> [(id: String, node: Node)] in
                guard let id = key.scalar?.string else { return [] }
                if Condition.combinators.contains(id) { return conditionValues(in: value) }
                switch value {
                case .scalar(let scalar) where Condition.keywords.contains(scalar.string): return []
                case .scalar: return [(id, value)]
                case .sequence(let items): return items.map { (id, $0) }
                default: return []
                }
            }
        default:
            return []
        }
    }

    /// `{{field}}` in labels, page titles and descriptions: a field of the form
    /// (did you mean…?), answered before the text shows — a field later in the
    /// form is empty until it is reached, which is a warning.
    private func checkInterpolations(_ form: LocatedForm, _ reader: inout NodeReader) {
        let all = form.pages.flatMap(\.fields)
        let ids = all.map(\.field.id)
        let secrets = Set(all.filter(\.field.secret).map(\.field.id))
        let notes = Set(all.filter { !$0.field.holdsValue }.map(\.field.id))
        var first = 0
        for page in form.pages {
            // A page's words may name the page's own fields: they change as they are typed.
            let pageEnd = first + page.fields.count
            for (name, node) in [("title", page.titleNode), ("description", page.descriptionNode)] {
                guard let node else { continue }
                checkTags(
                    at: node, ids: ids, secrets: secrets, notes: notes, answeredBefore: pageEnd,
                    where: "the page's \(name)", &reader)
            }
            for (offset, located) in page.fields.enumerated() {
                for name in ["label", "description"] {
                    guard let node = located.fields[name] else { continue }
                    checkTags(
                        at: node, ids: ids, secrets: secrets, notes: notes, answeredBefore: first + offset,
                        where: "the \(name) of '\(located.field.id)'", &reader)
                }
                // A command's arguments name earlier answers (a secret would show in the process list).
                if case .command? = located.field.linesFrom, case .mapping(let choices)? = located.fields["choices"],
                    case .sequence(let arguments)? = choices["command"]
                {
                    for argument in arguments {
                        checkTags(
                            at: argument, ids: ids, secrets: secrets, notes: notes, answeredBefore: first + offset,
                            where: "the command of '\(located.field.id)'", &reader)
                    }
                }
            }
            first = pageEnd
        }
    }

    private func checkTags(
        at node: Node, ids: [String], secrets: Set<String>, notes: Set<String>, answeredBefore limit: Int,
        where place: String, _ reader: inout NodeReader
    ) {
        guard let text = node.scalar?.string else { return }
        for tag in Interpolation.tags(in: text) {
            let location = location(ofOffset: tag.offset, in: text, at: node)
            guard let index = ids.firstIndex(of: tag.id) else {
                let hint =
                    Suggestion.closest(to: tag.id, among: ids).map { "did you mean '\($0)'?" }
                    ?? "the fields are \(Self.andList(ids))"
                reader.report(.error(location, "{{\(tag.id)}} in \(place) names no field; \(hint)"))
                continue
            }
            if notes.contains(tag.id) {
                reader.report(
                    .error(
                        location,
                        "{{\(tag.id)}} in \(place) names a note, which holds no value; name a field that is answered"))
            } else if secrets.contains(tag.id) {
                // A secret shows nowhere (DECISIONS 39); the screen would show its dots.
                reader.report(
                    .error(
                        location, "{{\(tag.id)}} in \(place) names a secret, which no text shows; name another field"))
            } else if index >= limit {
                reader.report(
                    .warning(
                        location,
                        "{{\(tag.id)}} in \(place) names a field that comes later; it shows empty until '\(tag.id)' is answered"
                    ))
            }
        }
    }

    private func checkIDsUnique(_ fields: [LocatedField], _ reader: inout NodeReader) {
        var first: [String: SourceLocation] = [:]
        for located in fields {
            guard let node = located.fields["id"] else { continue }
            if let earlier = first[located.field.id] {
                reader.error(node, "field id '\(located.field.id)' is already used at \(earlier); ids must be unique")
            } else {
                first[located.field.id] = node.location
            }
        }
    }

    private func check(_ located: LocatedField, _ reader: inout NodeReader) {
        let field = located.field
        let fields = located.fields
        if field.type == .note { return checkNote(located, &reader) }
        checkOptionsFitType(field, fields, &reader)
        if let min = field.minLength, let max = field.maxLength, min > max, let node = fields["max_length"] {
            reader.error(node, "'max_length' (\(max)) is less than 'min_length' (\(min))")
        }
        if field.required, field.requiredIf != nil, let node = fields["required_if"] {
            reader.error(
                node,
                "'\(field.id)' is 'required: true' always, so 'required_if' never changes anything; keep one of them")
        }
        if field.type == .integer {
            // A bound no whole number reaches would refuse every value.
            for (name, bound) in [("min", field.min), ("max", field.max)] {
                guard let bound, let node = fields[name], bound > Double(Int.max) || bound < Double(Int.min) else {
                    continue
                }
                reader.error(
                    node,
                    "'\(name)' (\(FieldValue.format(bound))) is beyond what an integer field holds (\(Int.min) to \(Int.max)); use a smaller bound or 'type: number'"
                )
            }
        }
        if let min = field.min, let max = field.max, min > max, let node = fields["max"] {
            reader.error(node, "'max' (\(FieldValue.format(max))) is less than 'min' (\(FieldValue.format(min)))")
        }
        if field.placeholder != nil, field.type == .boolean {
            // Its row is a switch, `[ ] –`, never an empty line for the hint to show in.
            reader.report(
                .error(
                    fields.location(of: "placeholder"),
                    "'placeholder' shows in an empty line, and a boolean field is a switch; say it in 'description', or remove it"
                ))
        }
        for (check, key) in located.messageKeys where !check.isSet(on: field) {
            reader.error(
                key, "a message for '\(check.rawValue)', but '\(field.id)' \(check.missing); \(check.missingFix)")
        }
        checkPicks(field, fields, &reader)
        let layout = checkLayout(field, fields, &reader)
        // Stored values by an answer are keys by a field once prepared: strict holds to the answer's values.
        let readsLines = field.linesFrom != nil || field.choices?.by != nil
        if field.strict, field.layout == nil, field.options == nil, !readsLines, let node = fields["strict"] {
            reader.error(
                node, "'strict' needs a 'layout' (or a list of 'choices'): the value must be one of its keys' texts")
        }
        if field.input == .grid, field.layout == nil, field.choices == nil, field.options == nil, !readsLines,
            let node = fields["input"]
        {
            reader.error(node, "'input: grid' needs a 'layout' (or 'choices') to show")
        }
        if field.multiple, let node = fields["multiple"] {
            if field.layout == nil, field.choices == nil, field.options == nil, !readsLines {
                reader.error(node, "'multiple' needs a 'layout' (or 'choices'): its keys are what is picked")
            }
            if !field.kind.options.contains("multiple") {
                reader.error(
                    node,
                    "'multiple' applies to \(FieldKinds.taking("multiple")) fields; '\(field.id)' is \(field.kind.withArticle) field"
                )
            }
        }
        if field.multiple, let layout, layout.kind != .choice, let node = fields["multiple"] {
            reader.error(
                node,
                "'multiple' needs a layout of choices (kind: choice); '\(TerminalSafe.escaped(field.layout ?? ""))' is a keypad"
            )
        }
        if field.states != nil, let node = fields["states"] {
            if !field.kind.options.contains("states") {
                let kinds = FieldKinds.taking("states")
                reader.error(
                    node,
                    "'states' names a \(kinds) field's two values; add 'type: \(kinds)' to '\(field.id)', or remove 'states'"
                )
            }
        }
        if field.choices != nil, field.layout != nil {
            reader.report(
                .error(
                    fields.location(of: "choices"), "a field offers a 'layout' or 'choices' from the store, not both"))
        }
        if readsLines, field.layout != nil {
            reader.report(
                .error(
                    fields.location(of: "choices"),
                    "a field's keys are its 'layout' or the 'choices' a command or file gives, not both; remove one"))
        }
        checkSecret(field, fields, &reader)
        checkLines(field, fields, &reader)
        if field.options != nil, field.layout != nil {
            reader.report(
                .error(
                    fields.location(of: "choices"),
                    "a field's keys are its 'layout' or the 'choices' written here, not both; remove one"))
        }
        // Pattern and default need the field's validator; a strict field's choices need its layout.
        // Keys chosen by another field: a default is checked against every group's keys.
        let choices = field.strict ? (field.options?.allTexts ?? layout?.choiceTexts) : nil
        if field.strict, layout == nil, field.layout != nil { return }  // the layout's own error says why
        let validator: FieldValidator
        do {
            validator = try FieldValidator(field: field, choices: choices)
        } catch {
            reader.error(
                fields["pattern"] ?? fields.node, "'pattern' is not a valid regular expression: \(error.reason)")
            return
        }
        guard case .value(let input)? = field.defaultValue, let node = fields["default"] else { return }
        if case .selection = input, !field.multiple {
            reader.error(node, "a list default needs 'multiple: true'; give one value")
        } else if !input.isEmpty, case .failure(let problem) = validator.validate(input, at: FormChecks.anyMoment) {
            reader.error(
                node, "default '\(TerminalSafe.escaped(input.text))' fails the field's own rules: \(problem.reason)")
        }
    }

    /// What a note takes: text to show and a condition. Every check, grid,
    /// default or secret is about a value, which a note never holds: each is an
    /// error at its own line, and a note that shows nothing is one too.
    private func checkNote(_ located: LocatedField, _ reader: inout NodeReader) {
        let fields = located.fields
        for name in FormParser.fieldFields where fields.has(name) && !Self.noteOptions.contains(name) {
            reader.report(
                .error(
                    fields.location(of: name),
                    "'\(name)' makes no sense on a note: '\(located.field.id)' is text to read and holds no value; remove '\(name)'"
                ))
        }
        if !fields.has("label"), !fields.has("description") {
            reader.error(
                fields["type"] ?? fields.node,
                "note '\(located.field.id)' shows nothing; give it a 'label' (a heading) or a 'description' (its text)")
        }
    }

    /// The options a note takes (`type: note`).
    static let noteOptions: Set<String> = ["id", "label", "type", "description", "when"]

    /// A secret is typed, masked, and kept nowhere it could be read back
    /// (DECISIONS 38): what would show it, keep it or write it in the file is refused or warned about.
    /// `lines:` makes a typed text of several lines: nothing that picks keys or hides what is typed.
    private func checkLines(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        guard field.isMultiLine, field.type == .text, let node = fields["lines"] else { return }
        if field.secret {
            reader.error(
                node, "a secret is one line, typed masked (and never handed to an editor); remove 'lines' or 'secret'")
        }
        if field.multiple {
            reader.error(node, "'multiple' picks keys on a grid; 'lines' is for typed text: remove one of them")
        } else if field.layout != nil || field.choices != nil || field.options != nil {
            let option = field.layout != nil ? "layout" : "choices"
            reader.report(
                .error(
                    fields.location(of: option),
                    "a field of several lines is typed, and has no '\(option)'; remove '\(option)' or 'lines'"))
        }
    }

    private func checkSecret(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        guard field.secret, let node = fields["secret"] else {
            // `mask` and `store` say how a secret shows and where it goes: nothing, on any other field.
            for name in ["mask", "store"] where fields.has(name) {
                reader.report(
                    .error(
                        fields.location(of: name),
                        "'\(name)' applies to a secret field; add 'secret: true' to '\(field.id)', or remove '\(name)'")
                )
            }
            return
        }
        if !field.kind.options.contains("secret") {
            reader.error(
                node,
                "'secret' applies to \(FieldKinds.taking("secret")) fields (a password is text, a PIN an integer); '\(field.id)' is \(field.kind.withArticle) field"
            )
        }
        if field.multiple {
            reader.error(
                node,
                "a secret is typed, one value; 'multiple' picks keys on a grid that shows them: remove 'multiple' or 'secret'"
            )
        }
        if field.layout != nil || field.choices != nil || field.linesFrom != nil {
            let option = field.layout != nil ? "layout" : "choices"
            reader.report(
                .error(
                    fields.location(of: option),
                    "a secret field has no '\(option)': a grid shows its keys, and the one picked; a secret is typed, masked"
                ))
        }
        if field.defaultValue == .last, let defaultNode = fields["default"] {
            reader.error(defaultNode, "'default: last' would show a secret again; a secret field starts empty")
        } else if case .value(let input)? = field.defaultValue, !input.isEmpty, let defaultNode = fields["default"] {
            reader.warning(
                defaultNode,
                "a secret written in the form file is no secret: whoever reads the file reads it; remove 'default' from '\(field.id)' and type it"
            )
        }
        if field.storesSecret, let storeNode = fields["store"] {
            reader.warning(
                storeNode,
                "'store: true' keeps the secret '\(field.id)' in the database in plain text, where anyone who can read the file (or 'keyform records') reads it"
            )
        }
    }

    /// The field a `by:` names (keys by a table, or stored values filtered by it):
    /// another field of the form holding one value; nil, with the error said, otherwise.
    private func driver(
        _ driverID: String, of located: LocatedField, among all: [LocatedField], at byNode: Node,
        _ reader: inout NodeReader
    ) -> Field? {
        let ids = all.map(\.field.id)
        guard let driver = all.first(where: { $0.field.id == driverID })?.field, driverID != located.field.id else {
            let others = ids.filter { $0 != located.field.id }
            if driverID == located.field.id {
                reader.error(byNode, "'by: \(driverID)' names this field itself; its keys follow another field's value")
                return nil
            }
            let hint =
                Suggestion.closest(to: driverID, among: others).map { "did you mean '\($0)'?" }
                ?? "the fields are \(Self.andList(others))"
            reader.error(byNode, "'by: \(TerminalSafe.escaped(driverID))' names no field of the form; \(hint)")
            return nil
        }
        if !driver.holdsValue {
            reader.error(
                byNode, "'\(driverID)' is a note, which holds no value; keys can follow a field that is answered")
            return nil
        }
        if driver.multiple {
            reader.error(
                byNode, "'\(driverID)' holds a list (multiple: true); keys can follow a field that holds one value")
            return nil
        }
        return driver
    }

    /// `choices: {by: FIELD, keys: …}`: the driver is another field of the form
    /// holding one value (not a list), and each value the table names is one the
    /// driver can take: one of its keys when it is strict, else a value of its
    /// kind (a table key nobody can give would never offer its keys).
    private func checkOptionsBy(_ located: LocatedField, among all: [LocatedField], _ reader: inout NodeReader) {
        if let storedBy = located.field.choices?.by, case .mapping(let choices)? = located.fields["choices"],
            let byNode = choices["by"]
        {
            _ = driver(storedBy, of: located, among: all, at: byNode, &reader)
            return
        }
        guard case .by(let driverID, let groups)? = located.field.options,
            case .mapping(let choices)? = located.fields["choices"], let byNode = choices["by"],
            let driver = driver(driverID, of: located, among: all, at: byNode, &reader)
        else { return }
        guard case .mapping(let table)? = choices["keys"] else { return }
        let offered = offeredTexts(of: driver)
        let reads = try? FieldValidator(
            field: Field(id: driver.id, type: driver.type, states: driver.states), choices: nil)
        for (group, valueNode) in zip(groups, table.keys) {
            if let offered {
                guard !offered.contains(group.value) else { continue }
                let hint =
                    Suggestion.closest(to: group.value, among: offered).map {
                        "did you mean '\(TerminalSafe.escaped($0))'?"
                    }
                    ?? "it offers \(Self.andList(offered.map(TerminalSafe.escaped)))"
                reader.error(
                    valueNode, "'\(TerminalSafe.escaped(group.value))' is not a value '\(driverID)' can take; \(hint)")
            } else if case .failure(let problem)? = reads?.validate(.line(group.value), at: Self.anyMoment) {
                // A number, date, time or boolean driver: the value must read as one.
                reader.error(
                    valueNode,
                    "'\(TerminalSafe.escaped(group.value))' is not a value '\(driverID)' can take: \(problem.reason)")
            }
        }
    }

    /// The values a strict driver field can take: its keys' texts (written in
    /// the form, or its layout's when it resolves). Any other driver may be typed into.
    private func offeredTexts(of field: Field) -> [String]? {
        guard field.strict else { return nil }
        if let texts = field.options?.allTexts { return texts }
        guard let name = field.layout, name != CalendarGrid.name,
            case .found(let layout) = layouts(name), layout.kind == .choice
        else { return nil }
        return layout.choiceTexts
    }

    /// `min_picks`/`max_picks` bound a `multiple` field's count of items, in order.
    private func checkPicks(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        for name in ["min_picks", "max_picks"] where fields.has(name) && !field.multiple {
            reader.report(
                .error(
                    fields.location(of: name),
                    "'\(name)' bounds the picks of a 'multiple' field; '\(field.id)' is not one (add 'multiple: true', or remove '\(name)')"
                ))
        }
        if let min = field.minPicks, let max = field.maxPicks, min > max, let node = fields["max_picks"] {
            reader.error(node, "'max_picks' (\(max)) is less than 'min_picks' (\(min))")
        }
    }

    /// A label wider than the form view's column of labels at 80 columns is
    /// cut there (`FormView.labelRoom`, the room the view draws by). A compact
    /// form's labels are never cut.
    private func checkLabelFits(_ located: LocatedField, in form: Form, _ reader: inout NodeReader) {
        let shown = FormView.label(of: located.field, in: form)
        let room = FormView.labelRoom(width: Self.referenceWidth)
        guard TextWidth.cells(shown) > room, let node = located.fields["label"] else { return }
        reader.warning(
            node,
            "label '\(shown)' is \(TextWidth.cells(shown)) cells wide; at \(Self.referenceWidth) columns a field's label has room for \(room) and it will show as '\(TextWidth.truncate(shown, toCells: room))' (shorten it)"
        )
    }

    /// The terminal width labels must fit at, as a layout's must (`LayoutChecks.referenceWidth`).
    static let referenceWidth = LayoutChecks.referenceWidth

    /// Defaults like `today` and `now` are checked against a fixed moment: only their form matters here.
    static let anyMoment = WallClock(today: CivilDate(year: 2000, month: 1, day: 1)!)

    /// Options only some kinds take (`pattern`, `min`…), on a field of another kind.
    private func checkOptionsFitType(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        let kind = field.kind
        for name in FieldKinds.checkedOptions where fields.has(name) && !kind.options.contains(name) {
            let hint =
                kind.options.contains(name + "_length") ? " (for \(field.type.rawValue), use '\(name)_length')" : ""
            reader.report(
                .error(
                    fields.location(of: name),
                    "'\(name)' applies to \(FieldKinds.taking(name)) fields; '\(field.id)' is \(kind.withArticle) field\(hint)"
                ))
        }
    }

    /// The grids a field picked in steps goes on to after its `layout:` (a
    /// datetime's time keypad): asked for as any layout is, so a Layouts
    /// folder's `time` is the one a run uses, and reported at the `layout:`
    /// line when broken.
    private func checkLaterPickSteps(_ field: Field, _ node: Node, _ reader: inout NodeReader) {
        for step in field.kind.pickSteps.dropFirst() where !CalendarGrid.isCalendar(step) {
            if case .broken = layouts(step) {
                reader.error(
                    node,
                    "'\(field.id)' is picked on the calendar, then on the layout '\(step)', which has errors; run 'keyform layout check' on it"
                )
            }
        }
    }

    /// Reports a layout that does not resolve or is broken, at the `layout:` line; the layout when found.
    private func checkLayout(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) -> Layout? {
        guard let name = field.layout, let node = fields["layout"] else { return nil }
        // The calendar is generated for the month shown, not found in a file.
        if name == CalendarGrid.name {
            guard field.kind.pickSteps.first == CalendarGrid.name else {
                reader.error(
                    node,
                    "'layout: calendar' is for date and datetime fields; '\(field.id)' is \(field.kind.withArticle) field"
                )
                return nil
            }
            checkLaterPickSteps(field, node, &reader)
            return CalendarGrid.layout(month: CivilDate(year: 2000, month: 1, day: 1)!, names: .english)
        }
        switch layouts(name) {
        case .found(let layout):
            return layout
        case .missing where name.hasSuffix(".yaml"):
            reader.error(
                node,
                "layout file '\(TerminalSafe.escaped(name))' was not found; check the path, or give a layout's name (without .yaml) to look in the Layouts folders"
            )
        case .missing:
            let hint =
                suggestLayout(name).map { "did you mean '\($0)'?" }
                ?? "put \(TerminalSafe.escaped(name)).yaml in a Layouts folder beside the form, or set KEYFORM_LAYOUTS"
            reader.error(node, "no layout named '\(TerminalSafe.escaped(name))' was found; \(hint)")
        case .broken:
            reader.error(node, "layout '\(TerminalSafe.escaped(name))' has errors; run 'keyform layout check' on it")
        case .notLookedUp:
            break
        }
        return nil
    }

    private func checkTemplate(_ template: String, at node: Node, ids: [String], _ reader: inout NodeReader) {
        // A template that does not parse is the form's error, found before a record is typed or stored.
        do {
            _ = try RecordTemplate(template)
        } catch {
            guard case .invalid(let line, let column, let reason) = error else { return }
            let offset = Self.offset(line: line, column: column, in: template)
            reader.report(
                .error(
                    offset.map { location(ofOffset: $0, in: template, at: node) } ?? node.location,
                    "the template is not valid: \(reason)"))
            return
        }
        for name in RecordFormat.templateVariables(template) where !ids.contains(name) {
            let hint =
                Suggestion.closest(to: name, among: ids).map { "did you mean '\($0)'?" }
                ?? "the fields are \(Self.andList(ids))"
            let message = "the template uses '\(TerminalSafe.escaped(name))', which is not a field; \(hint)"
            reader.report(.error(location(ofTag: name, in: template, at: node), message))
        }
    }

    /// `'a', 'b' and 'c'`.
    static func andList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Where the first tag naming `name` (`{{name}}`, `{{#name}}`, `{{{name}}}`…)
    /// is written, when the template is written on one line exactly as it reads
    /// (plain or quoted, without escapes); else where the template starts.
    private func location(ofTag name: String, in template: String, at node: Node) -> SourceLocation {
        guard let offset = Self.offset(ofTag: name, in: template) else { return node.location }
        return location(ofOffset: offset, in: template, at: node)
    }

    /// Where the template's Unicode scalar `offset` is in the file, when the
    /// template is written on one line exactly as it reads; else where it starts.
    private func location(ofOffset offset: Int, in template: String, at node: Node) -> SourceLocation {
        let start = node.location
        guard case .scalar(let scalar) = node else { return start }
        let quote: Int
        switch scalar.style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        default: return start
        }
        // By scalars: "\r\n" is one Character, and a file may end its lines so.
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard start.line <= lines.count else { return start }
        let line = Array(lines[start.line - 1])
        let content = Array(template.unicodeScalars)
        let first = start.column - 1 + quote
        guard first >= 0, first + content.count <= line.count, Array(line[first..<(first + content.count)]) == content
        else { return start }
        return SourceLocation(line: start.line, column: first + 1 + offset)
    }

    /// The offset, in Unicode scalars, of a template's 1-based line and column
    /// (in characters, as the template parser counts them).
    static func offset(line: Int, column: Int, in template: String) -> Int? {
        let lines = template.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, column >= 1 else { return nil }
        let before = lines[..<(line - 1)].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        return before + lines[line - 1].prefix(column - 1).unicodeScalars.count
    }

    /// The offset, in Unicode scalars, of the first `{{` whose tag names `name`.
    static func offset(ofTag name: String, in template: String) -> Int? {
        let text = Array(template.unicodeScalars)
        let target = Array(name.unicodeScalars)
        var index = 0
        while index + 1 < text.count {
            defer { index += 1 }
            guard text[index] == "{", text[index + 1] == "{" else { continue }
            var cursor = index + 2
            if cursor < text.count, "{#^/&".unicodeScalars.contains(text[cursor]) { cursor += 1 }
            while cursor < text.count, text[cursor] == " " { cursor += 1 }
            guard cursor + target.count <= text.count, Array(text[cursor..<(cursor + target.count)]) == target else {
                continue
            }
            let after = cursor + target.count
            if after == text.count || text[after] == " " || text[after] == "}" { return index }
        }
        return nil
    }
}

extension FieldCheck {
    /// "has no 'pattern'": what the field lacks for a message about this check.
    var missing: String {
        switch self {
        case .required: "is not required"
        case .strict: "is not strict"
        default: "has no '\(rawValue)'"
        }
    }

    /// What to do about a message for a check the field does not have.
    var missingFix: String {
        switch self {
        case .required, .strict: "add '\(rawValue): true' or remove the message"
        default: "add '\(rawValue):' or remove the message"
        }
    }

    /// A message written as a person would read it, for hints.
    var example: String {
        switch self {
        case .required: "'Give the amount on the receipt'"
        case .pattern: "'Give an email like ada@example.org'"
        case .min: "'At least 1 guest'"
        case .max: "'At most 10 guests'"
        case .minLength: "'Write at least 3 letters'"
        case .maxLength: "'Keep it under 140 letters'"
        case .strict: "'Pick one of the keys'"
        case .minPicks: "'Pick at least 2 toppings'"
        case .maxPicks: "'Four toppings at most'"
        }
    }
}
