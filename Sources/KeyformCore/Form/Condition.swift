import Yams

/// A condition on the answers to earlier fields: the value of `when:` on a field
/// or a page, and of a field's `required_if:`. Values are kept as written and read
/// by the named field's kind when the form is prepared (`Condition.Compiled`),
/// with the run's clock, so `{due: today}` means the run's today.
///
/// As written in a form file:
/// - `{paid: true}`, `{country: Canada}`, `{count: 3}`: the field holds that value,
///   read as the field reads typing (a boolean's `yes`/`no`/`true`/`false` or its
///   `states` words; a `multiple` field: its selection holds that item);
/// - `{country: [Canada, Mexico]}`: one of them;
/// - `{email: filled}`, `{email: empty}`: the field holds a value, or none;
/// - `{all: [C1, C2]}`, `{any: [C1, C2]}`, `{not: C}`;
/// - several keys in one mapping: all of them hold.
///
/// A field that is hidden, or whose text is not a valid value yet, counts as empty.
public indirect enum Condition: Hashable, Sendable {
    /// The field holds one of the values (as written; a `multiple` field: its selection holds one).
    case oneOf(field: String, values: [String])
    /// The field holds a value.
    case filled(field: String)
    /// The field holds no value.
    case empty(field: String)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// `{FIELD: VALUE}`: the field holds that value.
    public static func equals(_ field: String, _ value: String) -> Condition { .oneOf(field: field, values: [value]) }

    /// Every field id the condition names, in the order written, each once.
    public var fieldIDs: [String] {
        var ids: [String] = []
        func visit(_ condition: Condition) {
            switch condition {
            case .oneOf(let field, _), .filled(let field), .empty(let field):
                if !ids.contains(field) { ids.append(field) }
            case .all(let conditions), .any(let conditions):
                conditions.forEach(visit)
            case .not(let inner):
                visit(inner)
            }
        }
        visit(self)
        return ids
    }

    /// The words `filled` and `empty` as a field's value stand for those tests;
    /// to mean the text itself, write it in a list: `{status: [filled]}`.
    public static let keywords = ["filled", "empty"]
    /// The keys of a condition's mapping that are not field ids.
    public static let combinators = ["all", "any", "not"]

    /// How the condition reads to a person, for messages: `paid is yes`,
    /// `country is Canada or Mexico`, `email is filled`, `not (…)`.
    public func describe(in form: Form) -> String {
        said(in: form).english
    }

    /// The condition as a message, said in the reader's language (a `required_if`'s problem).
    public func said(in form: Form) -> Message {
        switch self {
        case .oneOf(let id, let values):
            let field = form.field(id: id)
            // A boolean's value is said as the field shows it: its state's word, else yes or no in the language.
            let shown = values.map { value -> Message in
                guard let field, field.type == .boolean,
                    case .success(.boolean(let flag)) = Self.value(
                        value, of: field, clock: WallClock(today: CivilDate(daysSinceEpoch: 0)))
                else { return .authored(value) }
                let word = flag ? field.states?.yes : field.states?.no
                return word.map(Message.authored) ?? (flag ? .booleanYes : .booleanNo)
            }
            // An empty value is said as a word of the language, not as nothing.
            return shown.contains(.authored(""))
                ? .conditionIsOrEmpty(field: id, values: shown.filter { $0 != .authored("") })
                : .conditionIs(field: id, values: shown)
        case .filled(let id): return .conditionFilled(field: id)
        case .empty(let id): return .conditionEmpty(field: id)
        case .all(let conditions): return .conditionAll(conditions.map { $0.said(in: form) })
        case .any(let conditions): return .conditionAny(conditions.map { $0.said(in: form) })
        case .not(let inner): return .conditionNot(inner.said(in: form))
        }
    }

    /// A value written in a condition, read as `field` reads it: its kind's
    /// `matchValue` (what `--where` reads), a boolean's `states` words too; an
    /// empty text is no value.
    static func value(_ raw: String, of field: Field, clock: WallClock) -> Result<FieldValue?, FieldProblem> {
        let trimmed = field.kind.trimsInput ? String(raw.trimmingSpaces) : raw
        if trimmed.isEmpty { return .success(nil) }
        if field.multiple { return .success(.text(trimmed)) }
        if field.type == .boolean, let states = field.states {
            if trimmed.lowercased() == states.yes.lowercased() { return .success(.boolean(true)) }
            if trimmed.lowercased() == states.no.lowercased() { return .success(.boolean(false)) }
        }
        return field.kind.matchValue(trimmed, clock: clock).map { $0 }
    }
}

// MARK: - Evaluating

extension Condition {
    /// A condition with its values read by their fields' kinds and its fields
    /// found by index, once per prepared form: evaluating it reads no text.
    public indirect enum Compiled: Hashable, Sendable {
        case oneOf(field: Int, values: [FieldMatch])
        case filled(field: Int)
        case empty(field: Int)
        case all([Compiled])
        case any([Compiled])
        case not(Compiled)
        /// A field the form does not have, or a value its kind cannot hold
        /// (`form check` reports both; a form built in code may still hold one): never true.
        case never

        /// Whether it holds, given each field's value by index (nil: empty or hidden).
        public func holds(_ values: [FieldValue?]) -> Bool {
            switch self {
            case .oneOf(let field, let matches):
                let value = values[field]
                return matches.contains { match in
                    if case .text(let item)? = match.value, case .list(let items)? = value {
                        return items.contains(item)
                    }
                    return match.value == value
                }
            case .filled(let field): return values[field] != nil
            case .empty(let field): return values[field] == nil
            case .all(let conditions): return conditions.allSatisfy { $0.holds(values) }
            case .any(let conditions): return conditions.contains { $0.holds(values) }
            case .not(let inner): return !inner.holds(values)
            case .never: return false
            }
        }
    }

    /// The condition compiled against the form's fields, its values read with `clock`.
    public func compiled(fields: [Field], clock: WallClock) -> Compiled {
        func index(_ id: String) -> Int? { fields.firstIndex { $0.id == id } }
        switch self {
        case .oneOf(let id, let values):
            guard let at = index(id) else { return .never }
            var matches: [FieldMatch] = []
            for raw in values {
                guard case .success(let value) = Self.value(raw, of: fields[at], clock: clock) else { return .never }
                matches.append(FieldMatch(field: id, value: value))
            }
            return .oneOf(field: at, values: matches)
        case .filled(let id): return index(id).map { .filled(field: $0) } ?? .never
        case .empty(let id): return index(id).map { .empty(field: $0) } ?? .never
        case .all(let conditions): return .all(conditions.map { $0.compiled(fields: fields, clock: clock) })
        case .any(let conditions): return .any(conditions.map { $0.compiled(fields: fields, clock: clock) })
        case .not(let inner): return .not(inner.compiled(fields: fields, clock: clock))
        }
    }
}

// MARK: - Reading from a form file

extension Condition {
    /// Where a condition is written, for its messages and for which fields it may name.
    struct Place {
        /// How messages name it: `'when' of field 'amount'`, `'when' of page 2`.
        var name: Message
        /// The fields asked before the condition's field or page, in order: the only ones it may name.
        var earlier: [Field]
        /// The fields from the condition's own on (itself, later ones): named, they are an error that says why.
        var later: [Field]
        /// How many of `later` are the place's own (1 for a field; a page's fields for a page).
        var own: Int = 1
    }

    /// Reads a condition from its YAML node, with a positioned error for every
    /// problem: an unknown field (with did-you-mean), a field asked at or after
    /// the place (a condition decides from earlier answers only: one pass in
    /// field order, no cycles), a value the field's kind cannot hold, an empty
    /// `all`/`any`, a mapping with no test.
    static func read(_ node: Node, at place: Place, _ reader: inout NodeReader) -> Condition? {
        guard case .mapping(let mapping) = node else {
            reader.error(node, Message.conditionMustBeMapping(place.name, found: node.kindSaid))
            return nil
        }
        guard !mapping.isEmpty else {
            reader.error(node, Message.conditionEmptyMapping(place.name))
            return nil
        }
        var parts: [Condition] = []
        var failed = false
        for (key, value) in mapping {
            guard case .scalar(let name) = key else {
                reader.error(key, Message.conditionKeyNotText(place.name, found: key.kindSaid))
                failed = true
                continue
            }
            let part: Condition?
            switch name.string {
            case "all", "any":
                part = readList(value, combinator: name.string, at: place, &reader)
            case "not":
                part = read(value, at: place, &reader).map { .not($0) }
            default:
                part = readTest(field: name.string, keyNode: key, value: value, at: place, &reader)
            }
            if let part { parts.append(part) } else { failed = true }
        }
        guard !failed else { return nil }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private static func readList(
        _ node: Node, combinator: String, at place: Place, _ reader: inout NodeReader
    ) -> Condition? {
        guard let items = reader.items(of: node, field: combinator) else { return nil }
        guard !items.isEmpty else {
            reader.error(node, Message.conditionCombinatorEmpty(place.name, combinator: combinator))
            return nil
        }
        var conditions: [Condition] = []
        var failed = false
        for item in items {
            if let condition = Self.read(item, at: place, &reader) {
                conditions.append(condition)
            } else {
                failed = true
            }
        }
        guard !failed else { return nil }
        return combinator == "all" ? .all(conditions) : .any(conditions)
    }

    private static func readTest(
        field id: String, keyNode: Node, value: Node, at place: Place, _ reader: inout NodeReader
    ) -> Condition? {
        guard let field = place.earlier.first(where: { $0.id == id }) else {
            if let named = place.later.first(where: { $0.id == id }) {
                let ownIndex = place.later.firstIndex { $0.id == id } ?? place.own
                reader.error(
                    keyNode,
                    Message.conditionNamesLater(
                        place.name, field: named.id, own: ownIndex < place.own, page: place.own != 1))
            } else {
                let known = place.earlier.map(\.id)
                let hint: Message =
                    known.isEmpty
                    ? .noEarlierField
                    : Suggestion.closest(to: id, among: known).map { .didYouMean($0) } ?? .earlierFieldsAre(known)
                reader.error(
                    keyNode, Message.conditionNamesNoEarlier(place.name, field: TerminalSafe.escaped(id), hint: hint))
            }
            return nil
        }
        guard field.holdsValue else {
            reader.error(keyNode, Message.conditionNamesNote(place.name, field: id))
            return nil
        }
        switch value {
        case .scalar(let scalar) where Condition.keywords.contains(scalar.string):
            return scalar.string == "filled" ? .filled(field: id) : .empty(field: id)
        case .scalar(let scalar):
            return check([scalar.string], node: [value], field: field, at: place, &reader).map {
                .oneOf(field: id, values: $0)
            }
        case .sequence:
            guard let items = reader.items(of: value, field: id) else { return nil }
            guard !items.isEmpty else {
                reader.error(value, Message.conditionValuesEmpty(place.name, field: id))
                return nil
            }
            let texts = items.map { reader.text($0, field: id) }
            guard texts.allSatisfy({ $0 != nil }) else { return nil }
            return check(texts.compactMap { $0 }, node: items, field: field, at: place, &reader).map {
                .oneOf(field: id, values: $0)
            }
        default:
            reader.error(value, Message.conditionValueNotValue(place.name, field: id, found: value.kindSaid))
            return nil
        }
    }

    /// Each value as the field's kind reads it (at any moment: `today` is a date whatever the day).
    private static func check(
        _ values: [String], node: [Node], field: Field, at place: Place, _ reader: inout NodeReader
    ) -> [String]? {
        var valid = true
        for (raw, node) in zip(values, node) {
            if case .failure(let problem) = value(raw, of: field, clock: FormChecks.anyMoment) {
                reader.error(
                    node,
                    Message.conditionCannotHold(
                        place.name, kind: field.type.rawValue, multiple: field.multiple, field: field.id,
                        value: TerminalSafe.escaped(raw), problem: problem.message))
                valid = false
            }
        }
        return valid ? values : nil
    }
}
