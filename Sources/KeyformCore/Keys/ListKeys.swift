/// What a key does on the browse list, by the name a config rebinds it by.
public enum ListAction: String, ScreenAction {
    case listUp = "list-up", listDown = "list-down", listPageUp = "list-page-up", listPageDown = "list-page-down"
    case listFirst = "list-first", listLast = "list-last"
    case open, add, delete, toggle, filter
    /// s: sort the list in its next order (by a date, by a priority, newest first).
    case sort
    /// q: leave the list (the footer says where to).
    case quit
    /// Esc on the list: show all records again when filtered, else leave.
    case back
    case interrupt, suspend, redraw
}

/// What a key does while the list asks `Delete …? (y/n)`: a key that is
/// not yes (or the terminal's) answers no.
public enum DeleteQuestionAction: String, ScreenAction {
    case yes, interrupt, suspend, redraw
}

/// What the browse list's key map asks: the list's state and its form.
public struct RecordListKeySituation: Sendable {
    public var state: RecordListState
    public var form: Form

    public init(state: RecordListState, form: Form) {
        self.state = state
        self.form = form
    }

    var hasRows: Bool { !state.rows.isEmpty }

    /// `words` in the list's language.
    func say(_ words: Message) -> String { state.language.text(words) }
}

/// The keys of `keyform browse`'s list, and of its `Delete …? (y/n)` question:
/// `RecordBrowser` looks keys up here, `RecordListView` draws the footer from
/// the same map.
public struct RecordListKeyMaps: Sendable {
    public var list: KeyMap<RecordListKeySituation, ListAction>
    /// While a delete is asked: y is yes; a key it does not name is no.
    public var confirm: KeyMap<RecordListKeySituation, DeleteQuestionAction>

    public init(
        list: KeyMap<RecordListKeySituation, ListAction>, confirm: KeyMap<RecordListKeySituation, DeleteQuestionAction>
    ) {
        self.list = list
        self.confirm = confirm
    }

    public typealias Binding = KeyBinding<RecordListKeySituation, ListAction>
    public typealias QuestionBinding = KeyBinding<RecordListKeySituation, DeleteQuestionAction>

    /// Keys that need rows are named only when there are some; the list's
    /// reducer answers them with the bell otherwise.
    public static let standard = RecordListKeyMaps(
        list: KeyMap([
            Binding([.up], .listUp, rank: 4, help: { $0.hasRows ? $0.say(.hintMove) : nil }),
            Binding([.down], .listDown, rank: 4, help: { $0.hasRows ? $0.say(.hintMove) : nil }),
            Binding([.character("k")], .listUp),
            Binding([.character("j")], .listDown),
            Binding([.pageUp], .listPageUp),
            Binding([.pageDown], .listPageDown),
            Binding([.home], .listFirst),
            Binding([.end], .listLast),
            Binding([.enter], .open, rank: 0, help: { $0.hasRows ? $0.say(.hintEdit) : nil }),
            Binding([.character("a")], .add, rank: 1, help: { $0.say(.hintAdd) }),
            Binding([.character("d")], .delete, rank: 2, help: { $0.hasRows ? $0.say(.hintDelete) : nil }),
            Binding([.delete], .delete),
            Binding(
                [.space], .toggle, rank: 3,
                help: { $0.hasRows && RecordListEngine.toggledField($0.form) != nil ? $0.say(.hintToggle) : nil }),
            Binding(
                [.character("f")], .filter, rank: 3,
                help: {
                    $0.hasRows && !RecordListEngine.filterFields($0.state, $0.form).isEmpty ? $0.say(.hintFilter) : nil
                }),
            Binding([.character("/")], .filter),
            // Named as what it does next: `s by Due`, then `s by Priority`, then `s newest first`.
            Binding(
                [.character("s")], .sort, rank: 3,
                help: { situation in
                    guard situation.hasRows, !situation.state.sorts.isEmpty else { return nil }
                    return situation.say(
                        .hintSort(RecordListEngine.nextSort(situation.state)?.said(in: situation.form) ?? .newestFirst))
                }),
            Binding([.escape], .back, rank: 1, help: { $0.state.filters.isEmpty ? nil : $0.say(.hintShowAll) }),
            Binding([.character("q")], .quit, rank: 0, help: { $0.say($0.state.leaveLabel) }),
            Binding([.control("c")], .interrupt),
            Binding([.control("z")], .suspend),
            Binding([.control("l")], .redraw),
        ]),
        confirm: KeyMap([
            QuestionBinding([.character("y"), .character("Y")], .yes),
            QuestionBinding([.control("c")], .interrupt),
            QuestionBinding([.control("z")], .suspend),
            QuestionBinding([.control("l")], .redraw),
        ]))

    /// Both maps with `action` on `keys` (see `KeyMap.rebinding`).
    public func rebinding(_ action: KeyAction, to keys: [KeyChord]) -> RecordListKeyMaps {
        RecordListKeyMaps(list: list.rebinding(action, to: keys), confirm: confirm.rebinding(action, to: keys))
    }

    /// What `chord` means on the list now: an event for `RecordListEngine`, nil
    /// for a key that does nothing there (the bell). While a delete is asked,
    /// any key but yes (and Ctrl-C) answers no. Suspend and redraw are the
    /// terminal's: `RecordBrowser` looks them up in the map in use.
    public func event(for chord: KeyChord, in situation: RecordListKeySituation) -> RecordListEvent? {
        if situation.state.confirmingDelete != nil {
            switch confirm.action(for: chord, in: situation) {
            case .yes?: return .confirmAnswered(true)
            case .interrupt?: return .interrupted
            case .suspend?, .redraw?: return nil  // the terminal's, looked up by `RecordBrowser`
            case nil: return .confirmAnswered(false)
            }
        }
        guard let action = list.action(for: chord, in: situation) else { return nil }
        switch action {
        case .interrupt: return .interrupted
        case .listUp: return .moved(.up)
        case .listDown: return .moved(.down)
        case .listPageUp: return .moved(.pageUp)
        case .listPageDown: return .moved(.pageDown)
        case .listFirst: return .moved(.first)
        case .listLast: return .moved(.last)
        case .open: return .openPressed
        case .add: return .addPressed
        case .delete: return .deletePressed
        case .toggle: return .togglePressed
        case .filter: return .filterPressed
        case .sort: return .sortPressed
        case .quit: return .quitPressed
        case .back: return .backPressed
        case .suspend, .redraw: return nil  // the terminal's, looked up by `RecordBrowser`
        }
    }
}
