import Glibc
import KeyformCore

/// A yes/no question as a scene of the one terminal loop (`TerminalRunner.ask`):
/// drawn inline under the cursor, keys looked up in `QuestionKeys`.
///
/// ```
/// Text: Buy milk · Priority: High          ← details (what the draft holds)
/// Resume the draft of 'To-Do' saved at 09:12? [Y/n] Bu
/// “Bu” is no answer: Backspace erase · Esc cancel
/// ```
/// Keys that answer nothing are shown after the question and under it, never
/// dropped silently and never taken as an answer, until Backspace erases them.
@MainActor
final class QuestionScene: TerminalScene {
    private let question: String
    private let details: [String]
    private let keys: QuestionKeys.Map
    private var decoder = KeyDecoder()
    private var situation: QuestionKeySituation
    private(set) var outcome: TerminalRunner.Answer?

    /// `language`: the footer's words (the question comes in its words already).
    init(
        question: String, details: [String] = [], keys: QuestionKeys.Map = QuestionKeys.standard,
        language: Language = .english
    ) {
        self.question = question
        self.details = details
        self.keys = keys
        situation = QuestionKeySituation(language: language)
    }

    var hasPendingEscape: Bool { decoder.hasPendingEscape }

    func receive(_ bytes: [UInt8]) -> [TerminalRequest] {
        decoder.feed(bytes).flatMap(handle)
    }

    func flushPendingEscape() -> [TerminalRequest] {
        decoder.flushPendingEscape().flatMap(handle)
    }

    func stop(signal: Int32) -> TerminalRunner.Answer {
        if outcome == nil { outcome = signal == SIGINT ? .interrupted : .terminated(signal: signal) }
        return outcome!
    }

    func frame(width: Int, height: Int, color: Bool) -> Frame {
        var lines = details.map { Frame.Line(TextWidth.truncate(TerminalSafe.escaped($0), toCells: width), .dim) }
        // The question is wrapped, not cut: on a narrow terminal (a Japanese question at 40 columns) it is read whole.
        let asked = FormView.wrap(TerminalSafe.escaped(question) + " [Y/n]", width: max(1, width - 1))
        lines += asked.dropLast().map { Frame.Line($0) }
        var ask = Frame.Line((asked.last ?? "[Y/n]") + " ")
        switch outcome {
        case .yes?: ask.append(situation.language.text(.booleanYes), .bold)
        case .no?: ask.append(situation.language.text(.booleanNo), .bold)
        case nil: ask.append(TerminalSafe.escaped(situation.stray))
        default: break
        }
        lines.append(ask)
        let row = lines.count - 1
        if outcome == nil, let hint = QuestionKeys.strayHint(situation, keys: keys, width: width) {
            lines.append(Frame.Line(hint, .dim))
        }
        // Long lines wrap on the terminal: keep each within the width so rows are where the writer thinks.
        lines = lines.map { $0.truncated(to: max(1, width - 1)) }
        let cursor = outcome == nil ? Frame.Position(row: row, column: min(lines[row].cells, max(0, width - 1))) : nil
        return Frame(width: width, height: lines.count, lines: lines, cursor: cursor)
    }

    private func handle(_ press: KeyPress) -> [TerminalRequest] {
        guard outcome == nil else { return [] }
        guard let chord = KeyChord(press, isBound: { self.keys.binding(for: $0, in: self.situation) != nil }),
            let action = keys.action(for: chord, in: situation)
        else { return [.bell] }
        switch action {
        case .yes: outcome = .yes
        case .no: outcome = .no
        case .cancel: outcome = .cancelled
        case .interrupt: outcome = .interrupted
        case .suspend: return [.suspend]
        case .redraw: return [.redraw]
        case .erase: if !situation.stray.isEmpty { situation.stray.removeLast() }
        case .stray:
            guard let character = chord.typedCharacter else { return [.bell] }
            situation.stray.append(character)
            return [.bell]
        }
        return []
    }
}
