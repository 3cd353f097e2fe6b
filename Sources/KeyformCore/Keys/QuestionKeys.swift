/// What a yes/no question's key map asks: what was typed that is no answer.
public struct QuestionKeySituation: Sendable {
    /// Keys typed that answer nothing (someone typing into a form that is not
    /// there yet): shown, never taken as an answer, erased with Backspace.
    public var stray: String
    /// The language of the footer's words.
    public var language: Language

    public init(stray: String = "", language: Language = .english) {
        self.stray = stray
        self.language = language
    }

    func say(_ words: Message) -> String { language.text(words) }
}

/// What a key does to a yes/no question.
public enum QuestionAction: String, ScreenAction {
    case yes, no
    /// Backspace: erase the last key typed that answered nothing.
    case erase
    /// Esc: answer nothing and leave.
    case cancel
    case interrupt, suspend, redraw
    /// A character that is no answer: shown after the question, never taken as one.
    case stray
}

/// The keys of a yes/no question asked before a form (`Resume the draft …?
/// [Y/n]`). Only its answer keys answer it, and only while nothing else has
/// been typed: typing "Buy" does not take its `y` for yes.
public enum QuestionKeys {
    public typealias Binding = KeyBinding<QuestionKeySituation, QuestionAction>
    public typealias Map = KeyMap<QuestionKeySituation, QuestionAction>

    public static let standard = Map([
        Binding(
            [.character("y"), .character("Y"), .enter], .yes, when: { $0.stray.isEmpty }, help: { $0.say(.hintYes) }),
        Binding([.character("n"), .character("N")], .no, when: { $0.stray.isEmpty }, help: { $0.say(.hintNo) }),
        Binding([.backspace], .erase, rank: 1, when: { !$0.stray.isEmpty }, help: { $0.say(.hintErase) }),
        Binding([.escape], .cancel, rank: 2, help: { $0.say(.hintCancel) }),
        Binding([.control("c")], .interrupt),
        Binding([.control("z")], .suspend),
        Binding([.control("l")], .redraw),
        Binding([.anyCharacter], .stray),
    ])

    /// The line under the question while stray keys are shown: what was typed,
    /// that it is no answer, and the keys that work now (the question's own
    /// `[Y/n]` says how to answer once it is erased).
    public static func strayHint(_ situation: QuestionKeySituation, keys: Map = standard, width: Int) -> String? {
        guard !situation.stray.isEmpty else { return nil }
        let typed = TextWidth.truncate(TerminalSafe.escaped(situation.stray), toCells: max(1, width / 3))
        let lead = situation.say(.noAnswer(typed))
        return lead + keys.footer(in: situation, width: max(1, width - TextWidth.cells(lead)))
    }
}
