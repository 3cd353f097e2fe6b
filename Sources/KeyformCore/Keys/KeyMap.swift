/// The names a config file rebinds (`cancel`, `next-field`): every screen's
/// actions, by name. Each screen has its own action enum (`FormAction`,
/// `ListAction`, `DeleteQuestionAction`, `QuestionAction`), switched
/// exhaustively where its keys are handled; a case named like one of these is
/// what `keys: {NAME: …}` rebinds on that screen.
public enum KeyAction: String, CaseIterable, Hashable, Sendable {
    // Every screen
    /// Leave, keeping what was typed (exit 1).
    case cancel
    /// Ctrl-C: leave at once (exit 130).
    case interrupt
    /// Ctrl-Z: give the terminal back until `fg`.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw

    // A form
    /// Enter: commit the field and go on (Done on the last field).
    case commit
    /// Tab on a field without keys: commit the field and go to the next one.
    case nextField = "next-field"
    /// Shift-Tab: the previous field, never blocked.
    case previousField = "previous-field"
    /// Tab: swap between the keyboard and the field's keys.
    case swapView = "swap-view"
    /// Ctrl-S: press Done from any field.
    case done
    /// Alt-1…9: go to the field with the digit's number.
    case jumpToField = "jump-to-field"
    /// The key goes to the line editor (GNU readline), which does what it binds.
    case edit
    /// F1: the list of every key of the view.
    case showKeys = "show-keys"
    /// A grid's arrows.
    case moveLeft = "move-left", moveUp = "move-up", moveDown = "move-down", moveRight = "move-right"
    /// Enter in a grid: press the highlighted key, or commit the field as it is when none is.
    case pressKey = "press-key"
    /// A character in a grid: press the key with that hotkey.
    case pressHotkey = "press-hotkey"
    /// Backspace in a grid: press the page's backspace key.
    case pressBackspace = "press-backspace"
    /// A date field's calendar: PgUp and PgDn turn the month, `t` goes to today.
    case previousMonth = "previous-month", nextMonth = "next-month", today
    /// A switch (a boolean field).
    case flip, setYes = "set-yes", setNo = "set-no", clear
    /// A field of several lines (`lines:`): break the line here (Ctrl-J, Alt-Enter).
    case newLine = "new-line"
    /// A field of several lines: the cursor to the line above or below (↑ ↓).
    case previousLine = "previous-line", nextLine = "next-line"
    /// A field of several lines: edit the value in `$VISUAL`/`$EDITOR` (Ctrl-E).
    case openEditor = "open-editor"
    /// A long grid's filter: a character typed into it, Backspace, Esc (`filter`, which opens it, is the list's name too).
    case typeFilter = "type-filter", eraseFilter = "erase-filter", closeFilter = "close-filter"

    // The browse list
    case listUp = "list-up", listDown = "list-down", listPageUp = "list-page-up", listPageDown = "list-page-down"
    case listFirst = "list-first", listLast = "list-last"
    case open, add, delete, toggle, filter
    /// s: sort the list in its next order (by a date, by a priority, newest first).
    case sort
    /// q: leave the list (the footer says where to).
    case quit
    /// Esc on the list: show all records again when filtered, else leave.
    case back

    // A question
    case yes, no
    /// `Delete …?` on the list: y is yes, any other key no.
    case answer
}

/// One screen's actions: an enum switched exhaustively where its keys are
/// handled, so an action nobody handles does not compile. Its raw values are
/// `KeyAction` names (the names a config rebinds).
public protocol ScreenAction: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

extension ScreenAction {
    /// The name a config file rebinds it by; nil for an action no config names.
    public var configName: KeyAction? { KeyAction(rawValue: rawValue) }
}

/// One binding: which keys, what they do, what the footer says about them,
/// and when they work. `when` is asked with what the screen is in (the form's
/// state and readline's mode, the list's state, the question's); a binding that
/// is not enabled neither acts nor shows in the footer.
public struct KeyBinding<Situation, Action: ScreenAction>: Sendable {
    public var keys: [KeyChord]
    public var action: Action
    /// The footer's words for the binding now (`next`, `pick Felt strong`), or
    /// nil when the footer does not name it.
    public var help: @Sendable (Situation) -> String?
    /// How long the hint is kept on a narrow screen: 0 always, higher goes first.
    public var rank: Int
    public var when: @Sendable (Situation) -> Bool
    /// Named in the footer only when other hints are left out for room (the
    /// key that lists them all).
    public var onlyWhenCut = false
    /// Its hint drawn at the text's own weight among dimmed ones: what Enter does.
    public var emphasized = false

    public init(
        _ keys: [KeyChord], _ action: Action, help: String? = nil, rank: Int = 0,
        when: @escaping @Sendable (Situation) -> Bool = { _ in true }
    ) {
        self.init(keys, action, rank: rank, when: when, help: { _ in help })
    }

    public init(
        _ keys: [KeyChord], _ action: Action, rank: Int = 0,
        when: @escaping @Sendable (Situation) -> Bool = { _ in true },
        help: @escaping @Sendable (Situation) -> String?
    ) {
        self.keys = keys
        self.action = action
        self.help = help
        self.rank = rank
        self.when = when
    }
}

/// The keys of one view as data (prompt_toolkit's key-binding registry, huh's
/// `KeyMap`): the edges look a key up here and send its action to the reducer,
/// and the footer is drawn from the same bindings, so the screen cannot name a
/// key that does something else. A user's config rebinds an action by name
/// (`rebinding(_:to:)`), a plain value change.
public struct KeyMap<Situation, Action: ScreenAction>: Sendable {
    public typealias Binding = KeyBinding<Situation, Action>
    public var bindings: [Binding] { didSet { namers = Self.namers(of: bindings) } }
    /// The indices of the bindings that name each chord, in the map's order:
    /// a key asks only those, not every binding's keys (issue 27). Made again
    /// whenever `bindings` changes.
    private var namers: [KeyChord: [Int]]

    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        namers = Self.namers(of: bindings)
    }

    private static func namers(of bindings: [Binding]) -> [KeyChord: [Int]] {
        var namers: [KeyChord: [Int]] = [:]
        for index in bindings.indices {
            for chord in bindings[index].keys where namers[chord]?.last != index {
                namers[chord, default: []].append(index)
            }
        }
        return namers
    }

    /// The first enabled binding that names `chord`; a typed character that no
    /// enabled binding names goes to an enabled `anyCharacter` binding.
    public func binding(for chord: KeyChord, in situation: Situation) -> Binding? {
        // By index: a binding is copied only when it is the answer (this runs for every key).
        for index in namers[chord] ?? [] where bindings[index].when(situation) {
            return bindings[index]
        }
        guard chord.isTyped else { return nil }
        for index in namers[.anyCharacter] ?? [] where bindings[index].when(situation) {
            return bindings[index]
        }
        return nil
    }

    /// The action of `chord` now, or nil when no enabled binding has it.
    public func action(for chord: KeyChord, in situation: Situation) -> Action? {
        binding(for: chord, in: situation)?.action
    }

    /// The keys bound to `action` (enabled or not), in the map's order.
    public func keys(for action: Action) -> [KeyChord] {
        bindings.filter { $0.action == action }.flatMap(\.keys)
    }

    /// How a screen names the key of `action` in a sentence ("press Esc"): the
    /// first key of its first binding enabled now, else of any binding; nil
    /// when the map has no key for it. Prose asks here, so it names the
    /// person's own key after a rebinding.
    public func label(of action: Action, in situation: Situation) -> String? {
        // By index, as `hintInputs`: Done's line asks on every frame, and a binding taken whole is copied.
        for index in bindings.indices where bindings[index].action == action && bindings[index].when(situation) {
            if let key = bindings[index].keys.first(where: { $0 != .anyCharacter }) { return key.label }
        }
        return keys(for: action).first { $0 != .anyCharacter }?.label
    }

    /// The map with `action` on `keys` instead of its own: every binding of the
    /// action gets them (keeping its words and when it works), and no other
    /// binding keeps a key new to the action, so one key does one thing. A key
    /// the action had stays shared as the map shared it (Tab between swap-view
    /// and next-field, each when the other is not). A map without the action is
    /// unchanged: a switch's Enter does not leave the keyboard's commit.
    public func rebinding(_ name: KeyAction, to keys: [KeyChord]) -> KeyMap {
        guard let action = Action(rawValue: name.rawValue), bindings.contains(where: { $0.action == action }) else {
            return self
        }
        let had = self.keys(for: action)
        let taken = keys.filter { !had.contains($0) }
        var out = bindings.map { binding -> Binding in
            var binding = binding
            binding.keys = binding.action == action ? keys : binding.keys.filter { !taken.contains($0) }
            return binding
        }
        out.removeAll { $0.keys.isEmpty }
        return KeyMap(out)
    }

    /// What the footer is drawn from now: each enabled binding that has words,
    /// in the map's order, with its keys and rank. Asks every binding's `when`
    /// and `help`; what follows from them (`KeyHints.footer(from:width:)`) asks
    /// nothing more, so a footer can be kept under them (`FormView.Cache`).
    public func hintInputs(in situation: Situation) -> [HintInput] {
        var inputs: [HintInput] = []
        for index in bindings.indices where bindings[index].when(situation) {
            guard let words = bindings[index].help(situation), !words.isEmpty else { continue }
            inputs.append(
                HintInput(
                    keys: bindings[index].keys, words: words, rank: bindings[index].rank,
                    onlyWhenCut: bindings[index].onlyWhenCut, emphasized: bindings[index].emphasized))
        }
        return inputs
    }

    /// The footer's hints now, in the map's order: enabled bindings that have
    /// words (but not those named only when hints are left out); bindings with
    /// the same words share one hint (`←↑↓→ move`).
    /// Each with its rank (see `KeyHints.fit`).
    /// - Parameter lean: each shared hint names only the keys of its most needed
    ///   bindings (`Enter next`, not `Enter/Tab next`), to make room.
    public func hints(in situation: Situation, lean: Bool = false) -> [(text: String, rank: Int)] {
        KeyHints.hints(from: hintInputs(in: situation).filter { !$0.onlyWhenCut }, lean: lean).map {
            ($0.text, $0.rank)
        }
    }

    /// Every key that works now, for the key list (F1): each enabled binding
    /// with its keys and its words now, or, for one the footer does not name,
    /// what its action does (`KeyAction.summary`); bindings with the same words
    /// share a line. Keys that only give the key to the line editor are left
    /// to the list's note on readline.
    /// - Parameters:
    ///   - anyKey: the name of a grid's hotkeys in the reader's language (`Message.keyListAnyKey`).
    ///   - summary: what an action does in the reader's language (`Message.keySummary`).
    public func keyList(
        in situation: Situation, anyKey: String = KeyChord.anyCharacter.label,
        summary: (KeyAction) -> String = \.shortSummary
    ) -> [(keys: String, words: String)] {
        var inputs: [HintInput] = []
        for index in bindings.indices where bindings[index].when(situation) {
            let binding = bindings[index]
            let words = binding.help(situation) ?? binding.action.configName.map(summary)
            guard let words, !words.isEmpty else { continue }
            inputs.append(HintInput(keys: binding.keys, words: words, rank: binding.rank))
        }
        return KeyHints.grouped(inputs, anyCharacter: anyKey).map { ($0.keys, $0.words) }
    }

    /// The hints that fit in `width` cells, joined as the footer shows them
    /// (see `KeyHints.footer(from:width:)`: shared hints give up their less
    /// needed keys before Enter's or Esc's hint is left out).
    public func footer(in situation: Situation, width: Int) -> String {
        KeyHints.footer(from: hintInputs(in: situation), width: width)
    }
}

/// One enabled binding as the footer sees it: its keys, its words now, its
/// rank. Everything the footer's text is made from, so two equal lists make
/// the same footer.
public struct HintInput: Equatable, Sendable {
    public var keys: [KeyChord]
    public var words: String
    public var rank: Int
    /// Named only when other hints are left out (see `KeyBinding.onlyWhenCut`).
    public var onlyWhenCut = false
    /// Drawn at the text's own weight (see `KeyBinding.emphasized`).
    public var emphasized = false
}

extension KeyBinding {
    /// The binding, named in the footer only when other hints are left out.
    public func namedWhenHintsAreCut() -> KeyBinding {
        var binding = self
        binding.onlyWhenCut = true
        return binding
    }

    /// The binding, its hint drawn at the text's own weight while the footer's
    /// others are dimmed: the hint of what Enter does.
    public func emphasizedInFooter() -> KeyBinding {
        var binding = self
        binding.emphasized = true
        return binding
    }
}
