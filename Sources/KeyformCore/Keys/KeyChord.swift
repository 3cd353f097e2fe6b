/// A key as a key map names it: what the person presses, without the bytes it
/// came as. The terminal's decoder turns its keys into chords; a key map looks
/// them up. Every chord has a name a config file can spell (`ctrl-c`, `alt-1`,
/// `shift-tab`, `y`) and a label the footer shows (`Ctrl-C`, `↑`).
public enum KeyChord: Hashable, Sendable, CustomStringConvertible {
    case enter, tab, shiftTab, escape, backspace, delete, space
    /// Alt (or Meta) with Enter: `ESC CR`, as terminals send it.
    case altEnter
    case up, down, left, right, home, end, pageUp, pageDown
    /// One printable character other than space.
    case character(Character)
    /// Ctrl with a letter or symbol, lowercased (`ctrl-c`).
    case control(Character)
    /// Alt (or Meta) with a character (`alt-1`).
    case alt(Character)
    /// Any printable character that no other binding of the map names (a grid's
    /// hotkeys; a switch's or a question's stray typing).
    case anyCharacter
    /// A function key, F1…F12.
    case function(Int)

    private static let names: [(KeyChord, String, String)] = [
        (.enter, "enter", "Enter"), (.tab, "tab", "Tab"), (.shiftTab, "shift-tab", "Shift-Tab"),
        (.escape, "esc", "Esc"), (.backspace, "backspace", "Backspace"), (.delete, "delete", "Del"),
        (.space, "space", "Space"), (.up, "up", "↑"), (.down, "down", "↓"), (.left, "left", "←"),
        (.right, "right", "→"), (.home, "home", "Home"), (.end, "end", "End"),
        (.pageUp, "page-up", "PgUp"), (.pageDown, "page-down", "PgDn"), (.anyCharacter, "any-character", "a key"),
        (.altEnter, "alt-enter", "Alt-Enter"),
    ]

    /// The name a config file writes: `enter`, `ctrl-c`, `alt-1`, `y`.
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .control(let character): "ctrl-" + String(character)
        case .alt(let character): "alt-" + String(character)
        case .function(let number): "f\(number)"
        default: Self.names.first { $0.0 == self }!.1
        }
    }

    /// How the footer shows it: `Enter`, `Ctrl-S`, `↑`, `q`.
    public var label: String {
        switch self {
        case .character(let character): TerminalSafe.escaped(String(character))
        case .control(let character): "Ctrl-" + TerminalSafe.escaped(String(character)).uppercased()
        case .alt(let character): "Alt-" + TerminalSafe.escaped(String(character))
        case .function(let number): "F\(number)"
        default: Self.names.first { $0.0 == self }!.2
        }
    }

    public var description: String { name }

    /// The chord a config file names, or nil when there is none by that name.
    public init?(name: String) {
        let lower = name.lowercased()
        if let known = Self.names.first(where: { $0.1 == lower }) {
            self = known.0
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number), lower == "f\(number)" {
            self = .function(number)
            return
        }
        for (prefix, make) in [
            ("ctrl-", KeyChord.control), ("c-", KeyChord.control), ("alt-", KeyChord.alt), ("m-", KeyChord.alt),
        ] {
            if lower.hasPrefix(prefix), lower.count == prefix.count + 1, let character = lower.last {
                self = make(character)
                return
            }
        }
        guard name.count == 1, let character = name.first, character != " ",
            !character.unicodeScalars.contains(where: TerminalSafe.isUnsafe)
        else { return nil }
        self = .character(character)
    }

    /// Whether this chord is typed text (a printable character or Space), which
    /// `anyCharacter` stands for when nothing else names it.
    public var isTyped: Bool {
        switch self {
        case .character, .space: true
        default: false
        }
    }

    /// The character typed, for a typed chord.
    public var typedCharacter: Character? {
        switch self {
        case .character(let character): character
        case .space: " "
        default: nil
        }
    }
}

/// Which keymap GNU readline uses in the keyboard view: Esc means something
/// different in each, and the footer says what.
public enum EditingMode: Equatable, Sendable {
    case emacs
    /// vi mode, typing text: Esc goes to command mode.
    case viInsert
    /// vi mode, moving and editing with commands: Esc cancels the form, i types again.
    case viCommand
}
