/// Checks a parsed rule against the form's fields: every field it names exists
/// (did you mean…), `count()` counts a `multiple` field and `length()` a text
/// one, both sides of a comparison are of one kind (a date with a date, a
/// number with a number), order (`<`…) is asked only of numbers, dates and
/// times, and an operand alone is a boolean. Problems carry their column.
public struct RuleChecker {
    public let fields: [Field]

    public init(fields: [Field]) { self.fields = fields }

    public func problems(in expression: RuleExpression) -> [RuleProblem] {
        var problems: [RuleProblem] = []
        check(expression, &problems)
        return problems
    }

    /// The kind of value a field holds in a rule; nil for a kind that holds none.
    public static func kind(of field: Field) -> RuleValueKind? {
        if field.multiple { return .list }
        // By name: a kind added later (a note) holds nothing a rule compares.
        switch field.type.rawValue {
        case "text": return .text
        case "integer", "number": return .number
        case "date": return .date
        case "time": return .time
        case "datetime": return .datetime
        case "boolean": return .boolean
        default: return nil
        }
    }

    private func check(_ expression: RuleExpression, _ problems: inout [RuleProblem]) {
        switch expression {
        case .and(let a, let b), .or(let a, let b):
            check(a, &problems)
            check(b, &problems)
        case .not(let inner, _):
            check(inner, &problems)
        case .truth(let operand):
            guard let kind = kind(of: operand, &problems), kind != .boolean else { return }
            let name = operand.fieldID.map { "'\($0)'" } ?? "this value"
            problems.append(
                RuleProblem(
                    column: operand.column,
                    "\(name) is \(kind.withArticle), not a yes or no; compare it, like \(operand.fieldID ?? "field") == \(kind.sample)"
                ))
        case .comparison(let left, let op, let right):
            let leftKind = kind(of: left, &problems)
            let rightKind = kind(of: right, &problems)
            guard let leftKind, let rightKind else { return }
            if left.fieldID == nil, right.fieldID == nil {
                problems.append(
                    RuleProblem(
                        column: left.column,
                        "this compares two constants; a rule compares a field's value, like end >= start"))
                return
            }
            for (operand, kind) in [(left, leftKind), (right, rightKind)] where kind == .list {
                let id = operand.fieldID ?? "field"
                problems.append(
                    RuleProblem(
                        column: operand.column, "'\(id)' holds a list of picks; compare how many with count(\(id))"))
                return
            }
            guard leftKind == rightKind else {
                problems.append(mismatch(left, leftKind, right, rightKind))
                return
            }
            if op.ordersValues, leftKind == .text || leftKind == .boolean {
                problems.append(
                    RuleProblem(
                        column: left.column,
                        "'\(op.rawValue)' orders numbers, dates and times; \(leftKind.withArticle) is compared with == or !="
                    ))
            }
        }
    }

    /// Two kinds that cannot be compared: said at the constant when one side is one.
    private func mismatch(
        _ left: RuleOperand, _ leftKind: RuleValueKind, _ right: RuleOperand, _ rightKind: RuleValueKind
    ) -> RuleProblem {
        if left.fieldID != nil, right.fieldID == nil {
            return RuleProblem(
                column: right.column,
                "'\(described(left))' is \(leftKind.withArticle); compare it with \(leftKind.withArticle) like \(leftKind.example), not \(rightKind.withArticle)"
            )
        }
        if right.fieldID != nil, left.fieldID == nil {
            return RuleProblem(
                column: left.column,
                "'\(described(right))' is \(rightKind.withArticle); compare it with \(rightKind.withArticle) like \(rightKind.example), not \(leftKind.withArticle)"
            )
        }
        return RuleProblem(
            column: left.column,
            "'\(described(left))' is \(leftKind.withArticle) and '\(described(right))' is \(rightKind.withArticle): they cannot be compared"
        )
    }

    /// `start`, `count(tags)`.
    private func described(_ operand: RuleOperand) -> String {
        switch operand.value {
        case .field(let id): id
        case .count(let id): "count(\(id))"
        case .length(let id): "length(\(id))"
        default: ""
        }
    }

    /// The operand's kind, or nil after reporting why it has none.
    private func kind(of operand: RuleOperand, _ problems: inout [RuleProblem]) -> RuleValueKind? {
        switch operand.value {
        case .number: return .number
        case .text: return .text
        case .date, .today: return .date
        case .time, .now: return .time
        case .boolean: return .boolean
        case .field(let id):
            guard let field = field(id, at: operand.column, &problems) else { return nil }
            guard let kind = Self.kind(of: field) else {
                problems.append(
                    RuleProblem(
                        column: operand.column,
                        "'\(id)' is \(field.kind.withArticle) field: it holds no value to compare"))
                return nil
            }
            return kind
        case .count(let id):
            guard let field = field(id, at: operand.column + 6, &problems) else { return nil }
            guard field.multiple else {
                let instead = Self.kind(of: field) == .text ? " (length(\(id)) counts its characters)" : ""
                problems.append(
                    RuleProblem(
                        column: operand.column,
                        "count() counts the picks of a 'multiple' field; '\(id)' is not one\(instead)"))
                return nil
            }
            return .number
        case .length(let id):
            guard let field = field(id, at: operand.column + 7, &problems) else { return nil }
            if field.multiple {
                problems.append(
                    RuleProblem(column: operand.column, "'\(id)' is a 'multiple' field; count(\(id)) counts its picks"))
                return nil
            }
            guard Self.kind(of: field) == .text else {
                problems.append(
                    RuleProblem(
                        column: operand.column,
                        "length() counts a text field's characters; '\(id)' is \(field.kind.withArticle) field"))
                return nil
            }
            return .number
        }
    }

    /// The field `id`, or nil after reporting that the form has none (did you mean…).
    private func field(_ id: String, at column: Int, _ problems: inout [RuleProblem]) -> Field? {
        if let field = fields.first(where: { $0.id == id }) { return field }
        let ids = fields.map(\.id)
        let hint =
            Suggestion.closest(to: id, among: ids).map { "did you mean '\($0)'?" }
            ?? "the fields are \(FormChecks.andList(ids))"
        problems.append(
            RuleProblem(column: column, "the rule names '\(TerminalSafe.escaped(id))', which is not a field; \(hint)"))
        return nil
    }
}
