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
                reader.error(rule.nameNode, Message.ruleNameUsedTwice(rule.name, at: "\(earlier)"))
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
                            Message.inRule(rule.name, problem.said)))
                }
                if let expression, problems.isEmpty, let message = rule.message {
                    checked.append(FormRule(name: rule.name, test: .check(expression), message: message))
                }
            case .oneOf(let nodes):
                var ids: [String] = []
                for node in nodes {
                    guard let id = reader.text(node, field: "one_of") else { continue }
                    guard let field = fields.first(where: { $0.id == id }) else {
                        let hint = Self.hint(for: id, among: fields.map(\.id))
                        reader.error(
                            node, Message.inRule(rule.name, .oneOfNotAField(TerminalSafe.escaped(id), hint: hint)))
                        continue
                    }
                    if ids.contains(id) {
                        reader.error(node, Message.inRule(rule.name, .oneOfTwice(id)))
                    } else if RuleChecker.kind(of: field) == nil {
                        reader.error(
                            node, Message.inRule(rule.name, .oneOfNeverFilled(id, kind: field.type.rawValue)))
                    }
                    ids.append(id)
                }
                if nodes.count < 2, let node = rule.fields["one_of"] {
                    reader.error(node, Message.inRule(rule.name, .oneOfNeedsTwo))
                }
                let labels = ids.compactMap { id in fields.first { $0.id == id }?.label }
                let said = rule.message.map(Message.authored) ?? .fillInOneOf(labels)
                checked.append(FormRule(name: rule.name, test: .oneOf(ids), said: said))
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
        var places: [(name: Message, node: Node)] = form.pages.compactMap { page in
            page.whenNode.map { (Message.placeOptionOfPage("when", page: page.number), $0) }
        }
        for located in form.pages.flatMap(\.fields) {
            for option in ["when", "required_if"] {
                if let node = located.fields[option] {
                    places.append((.placeOptionOfField(option, field: located.field.id), node))
                }
            }
        }
        for (name, node) in places {
            for (id, valueNode) in Self.conditionValues(in: node) {
                guard let field = fields.first(where: { $0.id == id }), let offered = offeredTexts(of: field),
                    let value = valueNode.scalar?.string, !offered.contains(value)
                else { continue }
                let hint =
                    Suggestion.closest(to: value, among: offered).map { Message.didYouMean(TerminalSafe.escaped($0)) }
                    ?? .itsKeysAre(offered.map(TerminalSafe.escaped))
                reader.warning(
                    valueNode,
                    Message.conditionNeverHolds(
                        place: name, value: TerminalSafe.escaped(value), field: id, hint: hint))
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
                    where: .placePageOption(name), &reader)
            }
            for (offset, located) in page.fields.enumerated() {
                for name in ["label", "description"] {
                    guard let node = located.fields[name] else { continue }
                    checkTags(
                        at: node, ids: ids, secrets: secrets, notes: notes, answeredBefore: first + offset,
                        where: .placeOptionOf(name, field: located.field.id), &reader)
                }
                // A command's arguments name earlier answers (a secret would show in the process list).
                if case .command? = located.field.linesFrom, case .mapping(let choices)? = located.fields["choices"],
                    case .sequence(let arguments)? = choices["command"]
                {
                    for argument in arguments {
                        checkTags(
                            at: argument, ids: ids, secrets: secrets, notes: notes, answeredBefore: first + offset,
                            where: .placeOptionOf("command", field: located.field.id), &reader)
                    }
                }
            }
            first = pageEnd
        }
    }

    private func checkTags(
        at node: Node, ids: [String], secrets: Set<String>, notes: Set<String>, answeredBefore limit: Int,
        where place: Message, _ reader: inout NodeReader
    ) {
        guard let text = node.scalar?.string else { return }
        for tag in Interpolation.tags(in: text) {
            let location = location(ofOffset: tag.offset, in: text, at: node)
            guard let index = ids.firstIndex(of: tag.id) else {
                let hint = Self.hint(for: tag.id, among: ids)
                reader.report(.error(location, Message.tagNamesNoField(tag.id, in: place, hint: hint)))
                continue
            }
            if notes.contains(tag.id) {
                reader.report(.error(location, Message.tagNamesNote(tag.id, in: place)))
            } else if secrets.contains(tag.id) {
                // A secret shows nowhere (DECISIONS 39); the screen would show its dots.
                reader.report(.error(location, Message.tagNamesSecret(tag.id, in: place)))
            } else if index >= limit {
                reader.report(.warning(location, Message.tagNamesLaterField(tag.id, in: place)))
            }
        }
    }

    private func checkIDsUnique(_ fields: [LocatedField], _ reader: inout NodeReader) {
        var first: [String: SourceLocation] = [:]
        for located in fields {
            guard let node = located.fields["id"] else { continue }
            if let earlier = first[located.field.id] {
                reader.error(node, Message.fieldIDUsedTwice(located.field.id, at: "\(earlier)"))
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
            reader.error(
                node, Message.boundBelow("max_length", value: "\(max)", other: "min_length", otherValue: "\(min)"))
        }
        if field.required, field.requiredIf != nil, let node = fields["required_if"] {
            reader.error(node, Message.requiredAndRequiredIf(field.id))
        }
        if field.type == .integer {
            // A bound no whole number reaches would refuse every value.
            for (name, bound) in [("min", field.min), ("max", field.max)] {
                guard let bound, let node = fields[name], bound > Double(Int.max) || bound < Double(Int.min) else {
                    continue
                }
                reader.error(node, Message.boundBeyondInteger(name, bound: FieldValue.format(bound)))
            }
        }
        if let min = field.min, let max = field.max, min > max, let node = fields["max"] {
            reader.error(
                node,
                Message.boundBelow(
                    "max", value: FieldValue.format(max), other: "min", otherValue: FieldValue.format(min)))
        }
        if field.placeholder != nil, field.type == .boolean {
            // Its row is a switch, `[ ] –`, never an empty line for the hint to show in.
            reader.report(.error(fields.location(of: "placeholder"), Message.placeholderOnBoolean))
        }
        for (check, key) in located.messageKeys where !check.isSet(on: field) {
            reader.error(key, Message.messageWithoutCheck(check: check.rawValue, field: field.id))
        }
        checkPicks(field, fields, &reader)
        let layout = checkLayout(field, fields, &reader)
        // Stored values by an answer are keys by a field once prepared: strict holds to the answer's values.
        let readsLines = field.linesFrom != nil || field.choices?.by != nil
        if field.strict, field.layout == nil, field.options == nil, !readsLines, let node = fields["strict"] {
            reader.error(node, Message.strictNeedsKeys)
        }
        if field.input == .grid, field.layout == nil, field.choices == nil, field.options == nil, !readsLines,
            let node = fields["input"]
        {
            reader.error(node, Message.gridNeedsKeys)
        }
        if field.multiple, let node = fields["multiple"] {
            if field.layout == nil, field.choices == nil, field.options == nil, !readsLines {
                reader.error(node, Message.multipleNeedsKeys)
            }
            if !field.kind.options.contains("multiple") {
                reader.error(
                    node,
                    Message.optionForKinds(
                        "multiple", kinds: FieldKinds.kinds(taking: "multiple"), field: field.id,
                        kind: field.type.rawValue, lengthInstead: false))
            }
        }
        if field.multiple, let layout, layout.kind != .choice, let node = fields["multiple"] {
            reader.error(node, Message.multipleNeedsChoiceLayout(TerminalSafe.escaped(field.layout ?? "")))
        }
        if field.states != nil, let node = fields["states"] {
            if !field.kind.options.contains("states") {
                reader.error(node, Message.statesForKind(FieldKinds.taking("states"), field: field.id))
            }
        }
        if field.choices != nil, field.layout != nil {
            reader.report(.error(fields.location(of: "choices"), Message.layoutAndStoredChoices))
        }
        if readsLines, field.layout != nil {
            reader.report(.error(fields.location(of: "choices"), Message.layoutAndLineChoices))
        }
        checkSecret(field, fields, &reader)
        checkLines(field, fields, &reader)
        if field.options != nil, field.layout != nil {
            reader.report(.error(fields.location(of: "choices"), Message.layoutAndWrittenChoices))
        }
        // Pattern and default need the field's validator; a strict field's choices need its layout.
        // Keys chosen by another field: a default is checked against every group's keys.
        let choices = field.strict ? (field.options?.allTexts ?? layout?.choiceTexts) : nil
        if field.strict, layout == nil, field.layout != nil { return }  // the layout's own error says why
        let validator: FieldValidator
        do {
            validator = try FieldValidator(field: field, choices: choices)
        } catch {
            reader.error(fields["pattern"] ?? fields.node, Message.patternInvalid(reason: error.reason))
            return
        }
        guard case .value(let input)? = field.defaultValue, let node = fields["default"] else { return }
        if case .selection = input, !field.multiple {
            reader.error(node, Message.listDefaultNeedsMultiple)
        } else if !input.isEmpty, case .failure(let problem) = validator.validate(input, at: FormChecks.anyMoment) {
            reader.error(node, Message.defaultFails(TerminalSafe.escaped(input.text), problem: problem.message))
        }
    }

    /// What a note takes: text to show and a condition. Every check, grid,
    /// default or secret is about a value, which a note never holds: each is an
    /// error at its own line, and a note that shows nothing is one too.
    private func checkNote(_ located: LocatedField, _ reader: inout NodeReader) {
        let fields = located.fields
        for name in FormParser.fieldFields where fields.has(name) && !Self.noteOptions.contains(name) {
            reader.report(.error(fields.location(of: name), Message.noteOption(name, field: located.field.id)))
        }
        if !fields.has("label"), !fields.has("description") {
            reader.error(fields["type"] ?? fields.node, Message.noteShowsNothing(located.field.id))
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
            reader.error(node, Message.secretWithLines)
        }
        if field.multiple {
            reader.error(node, Message.multipleWithLines)
        } else if field.layout != nil || field.choices != nil || field.options != nil {
            let option = field.layout != nil ? "layout" : "choices"
            reader.report(.error(fields.location(of: option), Message.linesWithKeys(option)))
        }
    }

    private func checkSecret(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        guard field.secret, let node = fields["secret"] else {
            // `mask` and `store` say how a secret shows and where it goes: nothing, on any other field.
            for name in ["mask", "store"] where fields.has(name) {
                reader.report(.error(fields.location(of: name), Message.secretOption(name, field: field.id)))
            }
            return
        }
        if !field.kind.options.contains("secret") {
            reader.error(
                node,
                Message.secretForKinds(
                    kinds: FieldKinds.kinds(taking: "secret"), field: field.id, kind: field.type.rawValue))
        }
        if field.multiple {
            reader.error(node, Message.secretMultiple)
        }
        if field.layout != nil || field.choices != nil || field.linesFrom != nil {
            let option = field.layout != nil ? "layout" : "choices"
            reader.report(.error(fields.location(of: option), Message.secretWithKeys(option)))
        }
        if field.defaultValue == .last, let defaultNode = fields["default"] {
            reader.error(defaultNode, Message.secretDefaultLast)
        } else if case .value(let input)? = field.defaultValue, !input.isEmpty, let defaultNode = fields["default"] {
            reader.warning(defaultNode, Message.secretInFile(field.id))
        }
        if field.storesSecret, let storeNode = fields["store"] {
            reader.warning(storeNode, Message.secretStored(field.id))
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
                reader.error(byNode, Message.byNamesItself(driverID))
                return nil
            }
            let hint = Self.hint(for: driverID, among: others)
            reader.error(byNode, Message.byNamesNoField(TerminalSafe.escaped(driverID), hint: hint))
            return nil
        }
        if !driver.holdsValue {
            reader.error(byNode, Message.byNamesNote(driverID))
            return nil
        }
        if driver.multiple {
            reader.error(byNode, Message.byNamesList(driverID))
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
                        Message.didYouMean(TerminalSafe.escaped($0))
                    }
                    ?? .itOffers(offered.map(TerminalSafe.escaped))
                reader.error(
                    valueNode, Message.notAValueOf(TerminalSafe.escaped(group.value), field: driverID, hint: hint))
            } else if case .failure(let problem)? = reads?.validate(.line(group.value), at: Self.anyMoment) {
                // A number, date, time or boolean driver: the value must read as one.
                reader.error(
                    valueNode,
                    Message.notAValueOfKind(
                        TerminalSafe.escaped(group.value), field: driverID, problem: problem.message))
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
            reader.report(.error(fields.location(of: name), Message.picksWithoutMultiple(name, field: field.id)))
        }
        if let min = field.minPicks, let max = field.maxPicks, min > max, let node = fields["max_picks"] {
            reader.error(
                node, Message.boundBelow("max_picks", value: "\(max)", other: "min_picks", otherValue: "\(min)"))
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
            Message.fieldLabelTooWide(
                shown, cells: TextWidth.cells(shown), columns: Self.referenceWidth, room: room,
                shows: TextWidth.truncate(shown, toCells: room)))
    }

    /// The terminal width labels must fit at, as a layout's must (`LayoutChecks.referenceWidth`).
    static let referenceWidth = LayoutChecks.referenceWidth

    /// Defaults like `today` and `now` are checked against a fixed moment: only their form matters here.
    static let anyMoment = WallClock(today: CivilDate(year: 2000, month: 1, day: 1)!)

    /// Options only some kinds take (`pattern`, `min`…), on a field of another kind.
    private func checkOptionsFitType(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) {
        let kind = field.kind
        for name in FieldKinds.checkedOptions where fields.has(name) && !kind.options.contains(name) {
            reader.report(
                .error(
                    fields.location(of: name),
                    Message.optionForKinds(
                        name, kinds: FieldKinds.kinds(taking: name), field: field.id, kind: field.type.rawValue,
                        lengthInstead: kind.options.contains(name + "_length"))))
        }
    }

    /// The grids a field picked in steps goes on to after its `layout:` (a
    /// datetime's time keypad): asked for as any layout is, so a Layouts
    /// folder's `time` is the one a run uses, and reported at the `layout:`
    /// line when broken.
    private func checkLaterPickSteps(_ field: Field, _ node: Node, _ reader: inout NodeReader) {
        for step in field.kind.pickSteps.dropFirst() where !CalendarGrid.isCalendar(step) {
            if case .broken = layouts(step) {
                reader.error(node, Message.laterStepBroken(field: field.id, layout: step))
            }
        }
    }

    /// Reports a layout that does not resolve or is broken, at the `layout:` line; the layout when found.
    private func checkLayout(_ field: Field, _ fields: Fields, _ reader: inout NodeReader) -> Layout? {
        guard let name = field.layout, let node = fields["layout"] else { return nil }
        // The calendar is generated for the month shown, not found in a file.
        if name == CalendarGrid.name {
            guard field.kind.pickSteps.first == CalendarGrid.name else {
                reader.error(node, Message.calendarForDates(field: field.id, kind: field.type.rawValue))
                return nil
            }
            checkLaterPickSteps(field, node, &reader)
            return CalendarGrid.layout(month: CivilDate(year: 2000, month: 1, day: 1)!, names: .english)
        }
        switch layouts(name) {
        case .found(let layout):
            return layout
        case .missing where name.hasSuffix(".yaml"):
            reader.error(node, Message.layoutFileMissing(TerminalSafe.escaped(name)))
        case .missing:
            let hint =
                suggestLayout(name).map { Message.didYouMean($0) } ?? .putLayoutBesideForm(TerminalSafe.escaped(name))
            reader.error(node, Message.noLayoutNamed(TerminalSafe.escaped(name), hint: hint))
        case .broken:
            reader.error(node, Message.layoutHasErrors(TerminalSafe.escaped(name)))
        case .notLookedUp:
            break
        }
        return nil
    }

    private func checkTemplate(_ template: String, at node: Node, ids: [String], _ reader: inout NodeReader) {
        // A template that does not parse is the form's error, found before a record is typed or stored.
        do {
            try RecordTemplate.check(template)
        } catch {
            guard case .invalid(let line, let column, let reason) = error else { return }
            let offset = Self.offset(line: line, column: column, in: template)
            reader.report(
                .error(
                    offset.map { location(ofOffset: $0, in: template, at: node) } ?? node.location,
                    Message.templateInvalid(reason: reason)))
            return
        }
        for name in RecordFormat.templateVariables(template) where !ids.contains(name) {
            let message = Message.templateNamesNoField(
                TerminalSafe.escaped(name), hint: Self.hint(for: name, among: ids))
            reader.report(.error(location(ofTag: name, in: template, at: node), message))
        }
    }

    /// `did you mean 'x'?` when a field's id is close, else the form's fields.
    static func hint(for id: String, among ids: [String]) -> Message {
        Suggestion.closest(to: id, among: ids).map { .didYouMean($0) } ?? .fieldsAre(ids)
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
