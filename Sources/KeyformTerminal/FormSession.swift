import KeyformCore

/// One form being filled in from key bytes: the key decoder, GNU readline (the
/// keyboard view's editor) and the form engine wired together, with no terminal.
/// The terminal runner feeds it what the person types; `keyform test` and the
/// Swift library's test double feed it key scripts. Both draw `frame(...)`.
@MainActor
public final class FormSession {
    public let context: FormContext
    public private(set) var state: FormState
    /// Set by Ctrl-Z: the runner suspends the process (and clears it).
    public var suspendRequested = false
    /// Set by Ctrl-L: the runner redraws the whole screen (and clears it).
    public var redrawRequested = false

    private let editor: LineEditor
    private var decoder = KeyDecoder()
    /// Earlier values of a field, oldest first (for readline's Up), by field id.
    private let history: (String) -> [String]
    private var historyField: Int?

    /// - Parameter history: a field's earlier values, oldest first.
    public init(context: FormContext, state: FormState, history: @escaping (String) -> [String] = { _ in [] }) {
        self.context = context
        self.state = state
        self.history = history
        LineEditor.ensureUTF8Locale()
        editor = LineEditor()
        loadLine()
    }

    /// Whether a lone Esc is waiting to be told apart from an escape sequence:
    /// call `flushPendingEscape()` after `KeyDecoder.escapeTimeout` of silence.
    public var hasPendingEscape: Bool { decoder.hasPendingEscape }

    /// Bytes from the terminal; returns the effects for the edges (drafts, submit, finish, bell, transitions).
    public func receive(_ bytes: [UInt8]) -> [FormEffect] {
        decoder.feed(bytes).flatMap(handle)
    }

    /// Keys already decoded (by a scene that hosts the form and decodes for both).
    public func receive(_ presses: [KeyPress]) -> [FormEffect] {
        presses.flatMap(handle)
    }

    public func flushPendingEscape() -> [FormEffect] {
        decoder.flushPendingEscape().flatMap(handle)
    }

    /// An event from outside the keyboard (a signal).
    public func send(_ event: FormEvent) -> [FormEffect] {
        let effects = FormEngine.reduce(&state, event, context)
        for case .setLine(let text, let cursor) in effects { loadLine(text: text, cursor: cursor) }
        return effects
    }

    public func frame(width: Int, height: Int, color: Bool) -> Frame {
        FormView.render(state, context, width: width, height: height, color: color)
    }

    /// Uninstalls readline (the session can't be used afterwards).
    public func close() { editor.reset() }

    private func handle(_ press: KeyPress) -> [FormEffect] {
        guard state.outcome == nil else { return [] }
        switch press.key {
        case .control("c"):
            return send(.interrupted)
        case .control("z"):
            suspendRequested = true
            return []
        case .control("l"):
            redrawRequested = true
            return []
        case .control("s"):
            return send(.donePressed)
        case .modified(.character(let digit), let modifiers) where modifiers == .alt && ("1"..."9").contains(digit):
            return send(.fieldJumpRequested(Int(String(digit)) ?? 0))
        case .escape where state.grid != nil || showsSwitch || !editor.isViMode:
            return send(.cancelPressed)
        default:
            break
        }
        if state.grid != nil { return handleInGrid(press.key) }
        return showsSwitch ? handleInSwitch(press.key) : handleInKeyboard(press)
    }

    /// A boolean field's keyboard view is a switch, not the line editor.
    private var showsSwitch: Bool {
        state.grid == nil && context.fields.indices.contains(state.focus) && context.fields[state.focus].type == .boolean
    }

    private func handleInSwitch(_ key: Key) -> [FormEffect] {
        switch key {
        case .character(" "): send(.toggle(.flip))
        case .character(let character) where "yYtT1".contains(character): send(.toggle(.set(true)))
        case .character(let character) where "nNfF0".contains(character): send(.toggle(.set(false)))
        case .backspace, .delete: send(.toggle(.clear))
        case .enter: send(.commitPressed)
        case .tab: send(.swapViewPressed)
        case .shiftTab, .up: send(.previousPressed)
        case .down: send(.commitPressed)
        default: [.bell]
        }
    }

    private func handleInGrid(_ key: Key) -> [FormEffect] {
        switch key {
        case .up: send(.gridMoved(.up))
        case .down: send(.gridMoved(.down))
        case .left: send(.gridMoved(.left))
        case .right: send(.gridMoved(.right))
        case .enter: send(.gridKeyPressed)
        case .tab: send(.swapViewPressed)
        case .shiftTab: send(.previousPressed)
        case .character(let character): send(.gridHotkeyPressed(character))
        case .backspace: send(.gridBackspacePressed)
        default: [.bell]
        }
    }

    private func handleInKeyboard(_ press: KeyPress) -> [FormEffect] {
        let events: [LineEditor.Event]
        if case .paste(let text) = press.key {
            events = editor.insert(Self.oneLine(text))
        } else {
            events = editor.feed(press.bytes)
        }
        return events.flatMap { event -> [FormEffect] in
            switch event {
            case .edited(let text, let cursor): send(.lineEdited(text: text, cursor: cursor))
            case .commit: send(.commitPressed)
            case .swapView: send(.swapViewPressed)
            case .previous: send(.previousPressed)
            }
        }
    }

    /// Pasted text for a one-line field: line breaks and tabs become spaces,
    /// other control characters are dropped (they must never reach the screen).
    static func oneLine(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isNewline || character == "\t" {
                out.append(" ")
            } else {
                out.unicodeScalars.append(contentsOf: character.unicodeScalars.filter { !TerminalSafe.isUnsafe($0) || $0.value == 0x200D })
            }
        }
        return out
    }

    /// Gives readline the focused field's text, and its history when focus moved.
    private func loadLine(text: String? = nil, cursor: Int? = nil) {
        guard state.entries.indices.contains(state.focus) else { return }
        if historyField != state.focus {
            historyField = state.focus
            editor.useHistory(history(context.fields[state.focus].id))
        }
        let entry = state.entries[state.focus]
        editor.setLine(text ?? entry.text, cursor: cursor ?? entry.cursor)
    }
}
