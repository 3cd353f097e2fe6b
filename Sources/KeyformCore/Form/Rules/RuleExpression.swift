/// A rule's `check:` read into a tree (docs/form-format.md "Rules across fields"):
/// comparisons of fields and constants joined by `and`, `or` and `not`.
/// Every node knows the column it starts at in the rule's text (0-based, in
/// Unicode scalars), so a problem found later points into the file.
public indirect enum RuleExpression: Equatable, Sendable {
    /// `left OP right`.
    case comparison(RuleOperand, RuleComparison, RuleOperand)
    /// A boolean field or `true`/`false` on its own: `paid`, `not paid`.
    case truth(RuleOperand)
    case and(RuleExpression, RuleExpression)
    case or(RuleExpression, RuleExpression)
    case not(RuleExpression, column: Int)

    /// Where the expression starts in the rule's text.
    public var column: Int {
        switch self {
        case .comparison(let left, _, _), .truth(let left): left.column
        case .and(let left, _), .or(let left, _): left.column
        case .not(_, let column): column
        }
    }

    /// The fields the expression names, each once, in the order written.
    public var fieldIDs: [String] {
        var ids: [String] = []
        func visit(_ expression: RuleExpression) {
            switch expression {
            case .comparison(let left, _, let right):
                for id in [left.fieldID, right.fieldID].compactMap({ $0 }) where !ids.contains(id) { ids.append(id) }
            case .truth(let operand):
                if let id = operand.fieldID, !ids.contains(id) { ids.append(id) }
            case .and(let a, let b), .or(let a, let b):
                visit(a)
                visit(b)
            case .not(let inner, _):
                visit(inner)
            }
        }
        visit(self)
        return ids
    }
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
public enum RuleComparison: String, Equatable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether the comparison asks for an order (`<`…), not only equality.
    public var ordersValues: Bool { self != .equal && self != .notEqual }
}

/// One side of a comparison, with the column it starts at.
public struct RuleOperand: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        /// A field's value, by id.
        case field(String)
        /// `count(FIELD)`: how many items a `multiple` field holds (0 when empty).
        case count(String)
        /// `length(FIELD)`: how many characters a text field holds, as a person
        /// counts them (0 when empty).
        case length(String)
        case number(Double)
        /// Quoted text: `'High'` or `"High"`.
        case text(String)
        case date(CivilDate)
        case time(ClockTime)
        case boolean(Bool)
        /// The run's day, and its time of day (the clock the form was opened with).
        case today
        case now
    }

    public var value: Value
    public var column: Int

    public init(_ value: Value, column: Int) {
        self.value = value
        self.column = column
    }

    /// The field the operand reads, if it reads one.
    public var fieldID: String? {
        switch value {
        case .field(let id), .count(let id), .length(let id): id
        default: nil
        }
    }
}

/// The kinds of value a rule compares. An integer and a number are both numbers.
public enum RuleValueKind: String, Equatable, Sendable {
    case text, number, date, time, datetime, boolean
    /// A `multiple` field's items: counted with `count()`, never compared.
    case list

    /// "a date", "an integer or number".
    var withArticle: String {
        switch self {
        case .text: "text"
        case .number: "a number"
        case .date: "a date"
        case .time: "a time"
        case .datetime: "a date and time"
        case .boolean: "a boolean"
        case .list: "a list of picks"
        }
    }

    /// One constant of this kind, as a rule writes it.
    var sample: String {
        switch self {
        case .text: "'High'"
        case .number: "10"
        case .date: "2026-01-01"
        case .time: "09:30"
        case .datetime: "other_datetime_field"
        case .boolean: "true"
        case .list: "count(FIELD)"
        }
    }

    /// Constants of this kind, to show how one is written.
    var example: String {
        switch self {
        case .text: "'High'"
        case .number: "10"
        case .date: "2026-01-01 or today"
        case .time: "09:30 or now"
        // No constant yet: a datetime is compared with another datetime field.
        case .datetime: "another datetime field"
        case .boolean: "true or false"
        case .list: "count(FIELD) >= 1"
        }
    }
}

/// A problem in a rule's text, at a column of it (0-based, in Unicode scalars).
public struct RuleProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var column: Int
    /// What is wrong, said in the reader's language where it is shown.
    public var said: Message
    /// What is wrong, in English.
    public var message: String { said.english }

    public init(column: Int, _ said: Message) {
        self.column = column
        self.said = said
    }

    public var description: String { "column \(column + 1): \(message)" }
}
