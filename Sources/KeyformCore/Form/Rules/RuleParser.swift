/// Reads a rule's `check:` text into a `RuleExpression` (docs/form-format.md
/// "Rules across fields"):
///
/// ```
/// rule       := or
/// or         := and ('or' and)*
/// and        := not ('and' not)*
/// not        := 'not' not | '(' rule ')' | operand (OP operand)?
/// operand    := FIELD | count(FIELD) | length(FIELD) | NUMBER | -NUMBER | 'text' | "text"
///             | DATE (2026-01-01) | TIME (09:30) | true | false | today | now
/// OP         := == | != | < | <= | > | >=
/// ```
/// An operand alone is a truth (a boolean field, `true`, `false`); the checker
/// says when it is not one. Errors carry the column they are at.
public enum RuleParser {
    /// Words that are not field ids in a rule.
    public static let keywords: Set<String> = ["and", "or", "not", "true", "false", "today", "now"]
    /// The functions a rule may call.
    public static let functions = ["count", "length"]

    public static func parse(_ text: String) -> Result<RuleExpression, RuleProblem> {
        do throws(RuleProblem) {
            var parser = try Parser(tokens: Lexer.tokens(of: text), end: text.unicodeScalars.count)
            if parser.atEnd {
                return .failure(RuleProblem(column: 0, .ruleEmpty))
            }
            let expression = try parser.or()
            if let token = parser.peek {
                if case .comparison = token.kind {
                    throw RuleProblem(column: token.column, .ruleChained)
                }
                throw RuleProblem(column: token.column, .ruleExpectedJoin(found: token.said))
            }
            return .success(expression)
        } catch {
            return .failure(error)
        }
    }

    // MARK: Tokens

    struct Token: Equatable {
        enum Kind: Equatable {
            case word(String)
            case number(Double, String)
            case text(String)
            case date(CivilDate)
            case time(ClockTime)
            case comparison(RuleComparison)
            case open, close, minus
        }

        var kind: Kind
        var column: Int

        /// The token as a message quotes it.
        var said: Message {
            switch kind {
            case .word(let word): .ruleWord(word)
            case .number(_, let written): .ruleWord(written)
            case .text(let text): .ruleText(TerminalSafe.escaped(text))
            case .date(let date): .ruleWord("\(date)")
            case .time(let time): .ruleWord("\(time)")
            case .comparison(let op): .ruleWord(op.rawValue)
            case .open: .ruleWord("(")
            case .close: .ruleWord(")")
            case .minus: .ruleWord("-")
            }
        }
    }

    enum Lexer {
        static func tokens(of text: String) throws(RuleProblem) -> [Token] {
            let scalars = Array(text.unicodeScalars)
            var tokens: [Token] = []
            var index = 0
            func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
            func isWordStart(_ s: Unicode.Scalar) -> Bool {
                ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_"
            }
            while index < scalars.count {
                let scalar = scalars[index]
                let start = index
                let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
                switch scalar {
                case " ", "\t":
                    index += 1
                case "(":
                    tokens.append(Token(kind: .open, column: start)); index += 1
                case ")":
                    tokens.append(Token(kind: .close, column: start)); index += 1
                case "-":
                    tokens.append(Token(kind: .minus, column: start)); index += 1
                case "=", "!", "<", ">":
                    if next == "=" {
                        let op: RuleComparison =
                            switch scalar {
                            case "=": .equal
                            case "!": .notEqual
                            case "<": .lessOrEqual
                            default: .greaterOrEqual
                            }
                        tokens.append(Token(kind: .comparison(op), column: start))
                        index += 2
                    } else if scalar == "<" || scalar == ">" {
                        tokens.append(Token(kind: .comparison(scalar == "<" ? .less : .greater), column: start))
                        index += 1
                    } else if scalar == "=" {
                        throw RuleProblem(column: start, .ruleLoneEquals)
                    } else {
                        throw RuleProblem(column: start, .ruleLoneBang)
                    }
                case "&", "|":
                    let word = scalar == "&" ? "and" : "or"
                    throw RuleProblem(
                        column: start, .ruleNotAWord("\(scalar)\(next == scalar ? String(scalar) : "")", write: word))
                case "'", "\"":
                    index += 1
                    var value = ""
                    while index < scalars.count, scalars[index] != scalar {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else {
                        throw RuleProblem(column: start, .ruleTextNotClosed(String(scalar)))
                    }
                    index += 1
                    tokens.append(Token(kind: .text(value), column: start))
                case _ where isDigit(scalar) || (scalar == "." && next.map(isDigit) == true):
                    // A number, a date (2026-01-01) or a time (09:30): one run of digits, '.', ':' and '-'.
                    var written = ""
                    while index < scalars.count {
                        let s = scalars[index]
                        let followedByDigit = index + 1 < scalars.count && isDigit(scalars[index + 1])
                        guard isDigit(s) || s == "." || ((s == ":" || s == "-") && followedByDigit) else { break }
                        written.unicodeScalars.append(s)
                        index += 1
                    }
                    tokens.append(Token(kind: try constant(written, at: start), column: start))
                case _ where isWordStart(scalar):
                    var word = ""
                    while index < scalars.count, isWordStart(scalars[index]) || isDigit(scalars[index]) {
                        word.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    tokens.append(Token(kind: .word(word), column: start))
                default:
                    throw RuleProblem(column: start, .ruleMeaningless(scalar))
                }
            }
            return tokens
        }

        /// A number, date or time as written.
        private static func constant(_ written: String, at column: Int) throws(RuleProblem) -> Token.Kind {
            if written.contains(":") {
                guard let time = ClockTime(written) else {
                    throw RuleProblem(column: column, .ruleNotATime(written))
                }
                return .time(time)
            }
            if written.contains("-") {
                guard let date = CivilDate(iso: written) else {
                    throw RuleProblem(column: column, .ruleNotADate(written))
                }
                return .date(date)
            }
            guard NumberKind.isDecimalNumber(Substring(written).utf8), let number = Double(written), number.isFinite
            else {
                throw RuleProblem(column: column, .ruleNotANumber(written))
            }
            return .number(number, written)
        }
    }

    // MARK: Grammar

    struct Parser {
        let tokens: [Token]
        /// The column just past the text, for "expected … at the end".
        let end: Int
        var position = 0

        init(tokens: [Token], end: Int) {
            self.tokens = tokens
            self.end = end
        }

        var atEnd: Bool { position >= tokens.count }
        var peek: Token? { atEnd ? nil : tokens[position] }

        mutating func take(word: String) -> Token? {
            guard let token = peek, token.kind == .word(word) else { return nil }
            position += 1
            return token
        }

        mutating func or() throws(RuleProblem) -> RuleExpression {
            var left = try and()
            while take(word: "or") != nil { left = .or(left, try and()) }
            return left
        }

        mutating func and() throws(RuleProblem) -> RuleExpression {
            var left = try not()
            while take(word: "and") != nil { left = .and(left, try not()) }
            return left
        }

        mutating func not() throws(RuleProblem) -> RuleExpression {
            if let token = take(word: "not") { return .not(try not(), column: token.column) }
            if let token = peek, token.kind == .open {
                position += 1
                let inner = try or()
                guard let close = peek, close.kind == .close else {
                    throw RuleProblem(column: peek?.column ?? end, .ruleParenNotClosed(column: token.column + 1))
                }
                position += 1
                return inner
            }
            let left = try operand()
            guard let token = peek, case .comparison(let op) = token.kind else { return .truth(left) }
            position += 1
            return .comparison(left, op, try operand())
        }

        mutating func operand() throws(RuleProblem) -> RuleOperand {
            guard let token = peek else {
                throw RuleProblem(column: end, .ruleEndsEarly)
            }
            position += 1
            switch token.kind {
            case .number(let value, _): return RuleOperand(.number(value), column: token.column)
            case .text(let text): return RuleOperand(.text(text), column: token.column)
            case .date(let date): return RuleOperand(.date(date), column: token.column)
            case .time(let time): return RuleOperand(.time(time), column: token.column)
            case .minus:
                guard let next = peek, case .number(let value, _) = next.kind else {
                    throw RuleProblem(column: token.column, .ruleMinusBeforeNumber)
                }
                position += 1
                return RuleOperand(.number(-value), column: token.column)
            case .word(let word):
                switch word {
                case "true", "false": return RuleOperand(.boolean(word == "true"), column: token.column)
                case "today": return RuleOperand(.today, column: token.column)
                case "now": return RuleOperand(.now, column: token.column)
                case "and", "or", "not":
                    throw RuleProblem(column: token.column, .ruleWordWhereValue(word))
                default: break
                }
                guard let open = peek, open.kind == .open else {
                    return RuleOperand(.field(word), column: token.column)
                }
                return try call(word, at: token.column, open: open)
            case .comparison(let op):
                throw RuleProblem(column: token.column, .ruleOperatorNeedsLeft(op.rawValue))
            case .open, .close:
                throw RuleProblem(column: token.column, .ruleTokenWhereValue(token.said))
            }
        }

        /// `count(FIELD)` or `length(FIELD)`.
        private mutating func call(_ name: String, at column: Int, open: Token) throws(RuleProblem) -> RuleOperand {
            guard RuleParser.functions.contains(name) else {
                throw RuleProblem(
                    column: column,
                    .ruleUnknownFunction(name, hint: NodeReader.said(for: name, among: RuleParser.functions)))
            }
            position += 1
            guard let argument = peek, case .word(let id) = argument.kind, !RuleParser.keywords.contains(id) else {
                throw RuleProblem(column: peek?.column ?? end, .ruleFunctionTakesID(name))
            }
            position += 1
            guard let close = peek, close.kind == .close else {
                throw RuleProblem(column: peek?.column ?? end, .ruleFunctionNotClosed(name, field: id))
            }
            position += 1
            return RuleOperand(name == "count" ? .count(id) : .length(id), column: column)
        }
    }
}
