/// What keeps Done disabled: a field's own problem, or — once every field is
/// valid — the first of the form's rules that is broken, shown at the field it
/// marks (the one it names that comes last in the form, where the person just was).
public struct DoneBlocker: Equatable, Sendable {
    /// The field Done points at (the rule's marked field for a rule).
    public var field: Int
    /// What shows under that field: the field's problem, or the rule's message.
    public var problem: FieldProblem
    /// The broken rule, when a rule blocks.
    public var rule: FormRule?

    public init(field: Int, problem: FieldProblem, rule: FormRule? = nil) {
        self.field = field
        self.problem = problem
        self.rule = rule
    }

    /// The sentence Done's line and the notice say: "Text is required", "Email:
    /// Give an email like …", or the rule's message as written ("The end comes
    /// after the start").
    public func sentence(_ context: FormContext, _ entries: [FormState.Entry]) -> String {
        if let rule { return TerminalSafe.escaped(context.language.text(rule.said)) }
        return context.label(ofField: field, entries) + context.language.text(problem.afterLabel)
    }
}

extension FormContext {
    /// The index of the field a rule marks: of the fields it names, the one
    /// that comes last in the form (0 for a rule naming none).
    public func markedField(of rule: FormRule) -> Int {
        rule.fieldIDs.compactMap { index(ofField: $0) }.max() ?? 0
    }

    /// The first broken rule, with the field it marks, over the typed values.
    public func brokenRule(values: [String: FieldValue]) -> DoneBlocker? {
        guard let rule = form.brokenRule(values: values, clock: clock) else { return nil }
        return DoneBlocker(field: markedField(of: rule), problem: FieldProblem(rule.said), rule: rule)
    }
}
