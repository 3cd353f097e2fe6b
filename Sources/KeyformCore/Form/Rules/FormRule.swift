/// One of a form's `rules:` (docs/form-format.md "Rules across fields"): a
/// check across fields that keeps Done disabled, with its message, while broken.
public struct FormRule: Equatable, Sendable {
    public enum Test: Equatable, Sendable {
        /// `check: end >= start`: an expression over the fields.
        case check(RuleExpression)
        /// `one_of: [email, phone]`: at least one of these fields is filled.
        case oneOf([String])
    }

    /// `[a-z][a-z0-9_-]*`, unique in the form: how answers and tests name it.
    public var name: String
    public var test: Test
    /// What a person reads while the rule is broken: the form's words ("The end
    /// comes after the start"), or Keyform's when it gives none (`Fill in Email or Phone`).
    public var said: Message
    /// What `said` says in English.
    public var message: String { said.english }

    public init(name: String, test: Test, message: String) {
        self.init(name: name, test: test, said: .authored(message))
    }

    public init(name: String, test: Test, said: Message) {
        self.name = name
        self.test = test
        self.said = said
    }

    /// The fields the rule names, in the order written: the ones it marks.
    public var fieldIDs: [String] {
        switch test {
        case .check(let expression): expression.fieldIDs
        case .oneOf(let ids): ids
        }
    }

    /// Whether the rule holds over `values` (each filled field's typed value),
    /// is broken, or waits for a field it compares.
    public func truth(values: [String: FieldValue], clock: WallClock) -> RuleTruth {
        switch test {
        case .check(let expression):
            RuleEvaluator(values: values, clock: clock).truth(of: expression)
        case .oneOf(let ids):
            ids.contains { values[$0] != nil } ? .holds : .broken
        }
    }

    /// `[a-z][a-z0-9_-]*`: a rule's name.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }
}

extension Form {
    /// The first of the form's rules broken by `values` (the filled fields' typed
    /// values), in the order written; nil while every rule holds or waits.
    public func brokenRule(values: [String: FieldValue], clock: WallClock) -> FormRule? {
        rules.first { $0.truth(values: values, clock: clock) == .broken }
    }
}
