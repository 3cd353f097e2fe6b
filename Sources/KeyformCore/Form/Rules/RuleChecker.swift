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
            problems.append(RuleProblem(column: operand.column, .ruleNotYesOrNo(operand.fieldID, kind: kind)))
        case .comparison(let left, let op, let right):
            let leftKind = kind(of: left, &problems)
            let rightKind = kind(of: right, &problems)
            guard let leftKind, let rightKind else { return }
            if left.fieldID == nil, right.fieldID == nil {
                problems.append(RuleProblem(column: left.column, .ruleComparesConstants))
                return
            }
            for (operand, kind) in [(left, leftKind), (right, rightKind)] where kind == .list {
                let id = operand.fieldID ?? "field"
                problems.append(RuleProblem(column: operand.column, .ruleListNeedsCount(id)))
                return
            }
            guard leftKind == rightKind else {
                problems.append(mismatch(left, leftKind, right, rightKind))
                return
            }
            if op.ordersValues, leftKind == .text || leftKind == .boolean {
                problems.append(RuleProblem(column: left.column, .ruleOrdersOnly(op.rawValue, kind: leftKind)))
            }
        }
    }

    /// Two kinds that cannot be compared: said at the constant when one side is one.
    private func mismatch(
        _ left: RuleOperand, _ leftKind: RuleValueKind, _ right: RuleOperand, _ rightKind: RuleValueKind
    ) -> RuleProblem {
        if left.fieldID != nil, right.fieldID == nil {
            return RuleProblem(
                column: right.column, .ruleKindsDiffer(described(left), kind: leftKind, other: rightKind))
        }
        if right.fieldID != nil, left.fieldID == nil {
            return RuleProblem(
                column: left.column, .ruleKindsDiffer(described(right), kind: rightKind, other: leftKind))
        }
        return RuleProblem(
            column: left.column,
            .ruleCannotCompare(described(left), kind: leftKind, other: described(right), otherKind: rightKind))
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
                    RuleProblem(column: operand.column, .ruleFieldHoldsNothing(id, kind: field.type.rawValue)))
                return nil
            }
            return kind
        case .count(let id):
            guard let field = field(id, at: operand.column + 6, &problems) else { return nil }
            guard field.multiple else {
                problems.append(
                    RuleProblem(
                        column: operand.column, .ruleCountNeedsMultiple(id, isText: Self.kind(of: field) == .text)))
                return nil
            }
            return .number
        case .length(let id):
            guard let field = field(id, at: operand.column + 7, &problems) else { return nil }
            if field.multiple {
                problems.append(
                    RuleProblem(column: operand.column, .ruleCountThePicks(id)))
                return nil
            }
            guard Self.kind(of: field) == .text else {
                problems.append(
                    RuleProblem(column: operand.column, .ruleLengthNeedsText(id, kind: field.type.rawValue)))
                return nil
            }
            return .number
        }
    }

    /// The field `id`, or nil after reporting that the form has none (did you mean…).
    private func field(_ id: String, at column: Int, _ problems: inout [RuleProblem]) -> Field? {
        if let field = fields.first(where: { $0.id == id }) { return field }
        let ids = fields.map(\.id)
        problems.append(
            RuleProblem(
                column: column, .ruleNamesNoField(TerminalSafe.escaped(id), hint: FormChecks.hint(for: id, among: ids)))
        )
        return nil
    }
}
