/// The key maps of every view after a config's rebindings: what the terminal
/// sessions look keys up in and draw their footers from, so the footers show
/// the person's own keys.
public struct ConfiguredKeys: Sendable {
    public var form: FormKeyMaps
    public var list: RecordListKeyMaps

    public init(form: FormKeyMaps = .standard, list: RecordListKeyMaps = .standard) {
        self.form = form
        self.list = list
    }

    public static let standard = ConfiguredKeys()

    /// The standard maps with each action on the keys given (checked first with
    /// `KeyRebinding.problems`: then the order does not matter).
    public init(rebinding keys: [KeyAction: [KeyChord]]) {
        var form = FormKeyMaps.standard
        var list = RecordListKeyMaps.standard
        for action in KeyAction.allCases {
            guard let chords = keys[action], !chords.isEmpty else { continue }
            form = form.rebinding(action, to: chords)
            list = list.rebinding(action, to: chords)
        }
        self.init(form: form, list: list)
    }
}

/// Which actions a config may rebind, and what makes a rebinding wrong: a key
/// no terminal sends, a key another action of the same view keeps, a character
/// that a form's keyboard must type.
public enum KeyRebinding {
    /// One view's bindings as the standard maps have them.
    struct View {
        var name: Message
        /// Typed characters go to the field (a form's keyboard): no action may take them.
        var typesText: Bool
        var keys: [(action: KeyAction, keys: [KeyChord])]

        init<Situation, Action>(_ name: Message, typesText: Bool = false, _ map: KeyMap<Situation, Action>) {
            self.name = name
            self.typesText = typesText
            var keys: [(action: KeyAction, keys: [KeyChord])] = []
            for binding in map.bindings {
                guard let action = binding.action.configName else { continue }
                if let index = keys.firstIndex(where: { $0.action == action }) {
                    keys[index].keys += binding.keys.filter { !keys[index].keys.contains($0) }
                } else {
                    keys.append((action, binding.keys))
                }
            }
            self.keys = keys
        }

        func defaults(of action: KeyAction) -> [KeyChord] { keys.first { $0.action == action }?.keys ?? [] }
        func has(_ action: KeyAction) -> Bool { keys.contains { $0.action == action } }
    }

    static let views: [View] = [
        View(.viewKeyboard, typesText: true, FormKeyMaps.standard.keyboard),
        View(.viewGrid, FormKeyMaps.standard.grid),
        View(.viewSwitch, FormKeyMaps.standard.booleanSwitch),
        View(.viewNote, FormKeyMaps.standard.note),
        View(.viewBrowse, RecordListKeyMaps.standard.list),
        View(.viewDeleteQuestion, RecordListKeyMaps.standard.confirm),
    ]

    /// Actions whose keys are not the person's to move, and why.
    static let fixed: [KeyAction: Message] = [
        .interrupt: .fixedInterrupt, .edit: .fixedEdit, .pressHotkey: .fixedHotkey, .typeFilter: .fixedFilter,
        .jumpToField: .fixedJump,
    ]

    /// Every action a config may rebind, in `KeyAction` order.
    public static let actions: [KeyAction] = KeyAction.allCases.filter { action in
        fixed[action] == nil && views.contains { $0.has(action) }
    }

    /// Why `action` cannot be rebound; nil when it can.
    public static func refusal(of action: KeyAction) -> Message? {
        if let why = fixed[action] { return .cannotRebind(action.rawValue, why: why) }
        guard actions.contains(action) else { return .noKeyOfAnyScreen(action.rawValue) }
        return nil
    }

    /// The keys an action has by default, over every view (`config show`).
    public static func defaults(of action: KeyAction) -> [KeyChord] {
        var out: [KeyChord] = []
        for view in views {
            for key in view.defaults(of: action) where !out.contains(key) { out.append(key) }
        }
        return out
    }

    /// The chord a config writes as `name`, if a terminal can send it.
    public static func chord(named name: String) -> Result<KeyChord, ConfigValueError> {
        let lower = name.lowercased()
        let shown = TerminalSafe.escaped(name)
        // Control bytes that are other keys: the terminal sends these named keys instead. (Ctrl-J,
        // a line feed, is told from Enter's CR in raw mode: a field of several lines binds it, DECISIONS 44.)
        let sameAs = [
            "ctrl-i": "tab", "ctrl-m": "enter", "ctrl-h": "backspace", "ctrl-[": "esc",
            "c-i": "tab", "c-m": "enter", "c-h": "backspace", "c-[": "esc",
        ]
        if let key = sameAs[lower] {
            return .failure(ConfigValueError(.keyIsByteOf(shown, key: key)))
        }
        if lower == "any-character" {
            return .failure(
                ConfigValueError(.anyCharacterIsNoKey))
        }
        guard let chord = KeyChord(name: name) else {
            return .failure(ConfigValueError(.unknownKey(shown, hint: hint(for: name))))
        }
        switch chord {
        case .control(let character):
            // A terminal sends Ctrl with a letter or @ [ \ ] ^ _ (bytes 0–31); not with a digit or other symbol.
            guard character.isASCII, character.isLetter || "@\\]^_".contains(character) else {
                return .failure(
                    ConfigValueError(.ctrlCannotBeSent(shown)))
            }
        case .alt(let character):
            guard character != "[" else {
                return .failure(
                    ConfigValueError(.altBracket(shown)))
            }
            guard !character.unicodeScalars.contains(where: TerminalSafe.isUnsafe), character != " " else {
                return .failure(ConfigValueError(.keyCannotBeSent(shown)))
            }
        default:
            break
        }
        return .success(chord)
    }

    private static func hint(for name: String) -> Message {
        let named = [
            "enter", "tab", "shift-tab", "esc", "backspace", "delete", "space", "up", "down", "left", "right",
            "home", "end", "page-up", "page-down",
        ]
        if let close = Suggestion.closest(to: name, among: named) { return .didYouMean(close) }
        return .keyNameHint(Array(named.prefix(6)))
    }

    /// What is wrong with rebinding each action to its keys, together: keys
    /// that another action of the same view keeps (or is given too), and
    /// characters in a form's keyboard, where they are typed. A key an action
    /// already has by default stays shared as the standard maps share it (Tab
    /// between swap-view and next-field). Warnings: a key readline would have
    /// done something with, a key listed twice. In `KeyAction` order.
    public static func problems(
        _ keys: [KeyAction: [KeyChord]]
    ) -> [(action: KeyAction, severity: Diagnostic.Severity, message: Message)] {
        var out: [(action: KeyAction, severity: Diagnostic.Severity, message: Message)] = []
        var reported: Set<String> = []
        for action in KeyAction.allCases {
            guard let chords = keys[action] else { continue }
            if chords.isEmpty {
                out.append((action, .error, .keyNeedsOne(action.rawValue)))
                continue
            }
            var seen: [KeyChord] = []
            for chord in chords {
                if seen.contains(chord) {
                    out.append(
                        (action, .warning, .keyListedTwice(chord.name, action: action.rawValue)))
                } else {
                    seen.append(chord)
                }
            }
            for view in views where view.has(action) {
                for chord in seen where !view.defaults(of: action).contains(chord) {
                    let place = "\(chord.name)|\(action.rawValue)"
                    guard !reported.contains(place) else { continue }
                    if view.typesText, chord.isTyped {
                        reported.insert(place)
                        out.append(
                            (
                                action, .error,
                                .keyTypedInField(chord.name, view: view.name, action: action.rawValue)
                            ))
                        continue
                    }
                    for other in view.keys where other.action != action {
                        let theirs = keys[other.action] ?? other.keys
                        guard theirs.contains(chord) else { continue }
                        reported.insert(place)
                        if let why = fixed[other.action] {
                            out.append(
                                (
                                    action, .error,
                                    .keyBelongsTo(
                                        chord.name, other: other.action.rawValue, view: view.name, why: why,
                                        action: action.rawValue)
                                ))
                        } else if keys[other.action] != nil {
                            // Said once, at the later of the two.
                            guard
                                KeyAction.allCases.firstIndex(of: other.action)! < KeyAction.allCases.firstIndex(
                                    of: action)!
                            else { break }
                            out.append(
                                (
                                    action, .error,
                                    .keyGivenToBoth(
                                        chord.name, other: other.action.rawValue, action: action.rawValue,
                                        view: view.name)
                                ))
                        } else {
                            out.append(
                                (
                                    action, .error,
                                    .keyAlreadyBound(
                                        chord.name, other: other.action.rawValue, view: view.name,
                                        action: action.rawValue)
                                ))
                        }
                        break
                    }
                }
            }
            if views[0].has(action) {
                for chord in seen where !views[0].defaults(of: action).contains(chord) {
                    if case .control(let character) = chord, let function = readlineEmacs[character] {
                        out.append(
                            (
                                action, .warning,
                                .keyIsReadlines(chord.name, function: function, action: action.rawValue)
                            ))
                    }
                }
            }
        }
        return out
    }

    /// Control keys GNU readline binds in emacs mode (what a form's keyboard would lose).
    static let readlineEmacs: [Character: String] = [
        "a": "beginning-of-line", "b": "backward-char", "d": "delete-char", "e": "end-of-line", "f": "forward-char",
        "k": "kill-line", "n": "next-history", "p": "previous-history", "r": "reverse-search-history",
        "t": "transpose-chars", "u": "unix-line-discard", "v": "quoted-insert", "w": "unix-word-rubout",
        "x": "prefix key (C-x …)", "y": "yank", "_": "undo", "]": "character-search",
    ]
}
