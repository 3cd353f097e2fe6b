/// What a rule's check comes to over the entries.
public enum RuleTruth: Equatable, Sendable {
    case holds
    case broken
    /// A field it compares is empty (or not a valid value yet): emptiness is
    /// `required`'s business, so the rule waits (`end >= start` waits until
    /// both are filled) and does not block Done.
    case waiting

    /// Three-valued (Kleene) logic: `false and waiting` is broken, `true or waiting` holds.
    static func and(_ a: RuleTruth, _ b: RuleTruth) -> RuleTruth {
        if a == .broken || b == .broken { return .broken }
        return a == .holds && b == .holds ? .holds : .waiting
    }

    static func or(_ a: RuleTruth, _ b: RuleTruth) -> RuleTruth {
        if a == .holds || b == .holds { return .holds }
        return a == .broken && b == .broken ? .broken : .waiting
    }

    static func not(_ a: RuleTruth) -> RuleTruth {
        switch a {
        case .holds: .broken
        case .broken: .holds
        case .waiting: .waiting
        }
    }
}

/// Evaluates a checked rule over the typed values of a form's entries, with
/// the run's clock (`today`, `now`). Pure: the same values and clock give the
/// same truth.
public struct RuleEvaluator {
    /// Each field's value; an empty field (or one whose own checks fail) is absent.
    public var values: [String: FieldValue]
    public var clock: WallClock

    public init(values: [String: FieldValue], clock: WallClock) {
        self.values = values
        self.clock = clock
    }

    public func truth(of expression: RuleExpression) -> RuleTruth {
        switch expression {
        case .and(let a, let b):
            return RuleTruth.and(truth(of: a), truth(of: b))
        case .or(let a, let b):
            return RuleTruth.or(truth(of: a), truth(of: b))
        case .not(let inner, _):
            return RuleTruth.not(truth(of: inner))
        case .truth(let operand):
            guard case .boolean(let flag)? = value(of: operand) else { return .waiting }
            return flag ? .holds : .broken
        case .comparison(let left, let op, let right):
            guard let a = value(of: left), let b = value(of: right), let order = Self.order(a, b) else {
                return .waiting
            }
            return Self.holds(op, order) ? .holds : .broken
        }
    }

    /// A value a rule compares.
    enum Value: Equatable {
        case text(String)
        case number(Double)
        case date(CivilDate)
        case time(ClockTime)
        case datetime(CivilDateTime)
        case boolean(Bool)
    }

    /// The operand's value; nil while a field it reads is empty. `count()` and
    /// `length()` of an empty field are 0: a count is never missing.
    func value(of operand: RuleOperand) -> Value? {
        switch operand.value {
        case .number(let number): return .number(number)
        case .text(let text): return .text(text)
        case .date(let date): return .date(date)
        case .time(let time): return .time(time)
        case .boolean(let flag): return .boolean(flag)
        case .today: return .date(clock.today)
        case .now: return .time(ClockTime(minuteOfDay: clock.minuteOfDay))
        case .count(let id):
            guard let value = values[id] else { return .number(0) }
            if case .list(let items) = value { return .number(Double(items.count)) }
            return .number(1)
        case .length(let id):
            guard let value = values[id] else { return .number(0) }
            return .number(Double(value.text.count))
        case .field(let id):
            switch values[id] {
            case nil, .list?: return nil
            case .text(let text)?: return .text(text)
            case .integer(let number)?: return .number(Double(number))
            case .number(let number)?: return .number(number)
            case .date(let date)?: return .date(date)
            case .time(let time)?: return .time(time)
            case .datetime(let moment)?: return .datetime(moment)
            case .boolean(let flag)?: return .boolean(flag)
            }
        }
    }

    /// How `a` stands to `b` (-1, 0, 1); nil for values of different kinds.
    static func order(_ a: Value, _ b: Value) -> Int? {
        func compare<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
        switch (a, b) {
        case (.text(let x), .text(let y)): return x == y ? 0 : compare(x, y)
        case (.number(let x), .number(let y)): return compare(x, y)
        case (.date(let x), .date(let y)): return compare(x, y)
        case (.time(let x), .time(let y)): return compare(x, y)
        case (.datetime(let x), .datetime(let y)): return compare(x, y)
        case (.boolean(let x), .boolean(let y)): return x == y ? 0 : (x ? 1 : -1)
        default: return nil
        }
    }

    static func holds(_ op: RuleComparison, _ order: Int) -> Bool {
        switch op {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
