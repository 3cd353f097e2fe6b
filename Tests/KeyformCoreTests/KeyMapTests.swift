import KeyformCore
import KeyformTestSupport
import Testing

/// Key maps as data: lookup, the footer drawn from the same bindings, and
/// rebinding by action name (what a user's config will do).
@Suite struct KeyMapTests {
    static let todo = try! DemoForms.context("todo")

    func situation(_ state: FormState, mode: EditingMode = .emacs) -> FormKeySituation {
        FormKeySituation(state: state, context: Self.todo, mode: mode)
    }

    @Test func chordsHaveNamesAConfigCanSpell() {
        for name in [
            "enter", "tab", "shift-tab", "esc", "backspace", "space", "up", "page-down", "ctrl-c", "alt-1", "y", "/",
        ] {
            #expect(KeyChord(name: name)?.name == name, "\(name)")
        }
        #expect(KeyChord(name: "C-q") == .control("q"))
        #expect(KeyChord(name: "M-x") == .alt("x"))
        #expect(KeyChord(name: "bogus") == nil)
        #expect(KeyChord(name: "\u{1B}") == nil, "a control character is no key name")
        #expect(KeyChord.control("s").label == "Ctrl-S")
    }

    /// Each screen's actions are its own enum (a form's action nobody handles
    /// does not compile into a bell); a config reaches each by its name.
    @Test func everyScreenActionThatAConfigRebindsHasAKeyActionName() {
        for name in FormAction.allCases.map(\.rawValue) + ListAction.allCases.map(\.rawValue)
            + DeleteQuestionAction.allCases.map(\.rawValue)
        {
            #expect(KeyAction(rawValue: name) != nil, "\(name)")
        }
        // Rebinding by name reaches the screens that have the action, and only those.
        let keys = ConfiguredKeys(rebinding: [.cancel: [.control("g")], .add: [.character("n")]])
        #expect(keys.form.keyboard.keys(for: .cancel) == [.control("g")])
        #expect(keys.list.list.keys(for: .add) == [.character("n")])
        #expect(keys.list.confirm.bindings.map(\.keys) == RecordListKeyMaps.standard.confirm.bindings.map(\.keys))
    }

    @Test func aKeyIsLookedUpInTheMapOfTheView() {
        let keys = FormKeyMaps.standard
        let keyboard = situation(.start(Self.todo))
        #expect(keyboard.view == .keyboard)
        #expect(keys.map(for: keyboard).action(for: .escape, in: keyboard) == .cancel)
        #expect(keys.map(for: keyboard).action(for: .tab, in: keyboard) == .nextField, "no layout: Tab goes on")
        #expect(keys.map(for: keyboard).action(for: .character("x"), in: keyboard) == nil, "typing is readline's")
        var state = FormState.start(Self.todo, values: ["text": "x"], focus: 1)
        let grid = situation(state)
        #expect(grid.view == .grid)
        #expect(keys.map(for: grid).action(for: .character("h"), in: grid) == .pressHotkey)
        #expect(keys.map(for: grid).action(for: .space, in: grid) == .pressHotkey)
        #expect(keys.map(for: grid).action(for: .control("c"), in: grid) == .interrupt)
        state.grid = nil
        #expect(
            keys.map(for: situation(state)).action(for: .tab, in: situation(state)) == .swapView,
            "a layout: Tab shows its keys")
    }

    @Test func viModeSaysWhatEscDoesInEachMode() {
        let keys = FormKeyMaps.standard
        let state = FormState.start(Self.todo, values: ["text": "Buy milk"])
        let insert = situation(state, mode: .viInsert)
        #expect(keys.keyboard.action(for: .escape, in: insert) == .edit, "readline's: to command mode")
        #expect(keys.footer(in: insert, width: 80) == "Enter/Tab next · Esc command mode · Ctrl-S done · Alt-1…9 field")
        let command = situation(state, mode: .viCommand)
        #expect(keys.keyboard.action(for: .escape, in: command) == .cancel)
        #expect(
            keys.footer(in: command, width: 80)
                == "Enter/Tab next · Esc cancel · i insert · Ctrl-S done · Alt-1…9 field")
        #expect(
            keys.footer(in: situation(state), width: 80) == "Enter/Tab next · Esc cancel · Ctrl-S done · Alt-1…9 field")
    }

    /// SPEC: the hints say what each key does at that moment. On the last
    /// field, Enter submits only when nothing blocks Done; else it goes to the
    /// field that blocks it.
    @Test func enterOnTheLastFieldSaysWhereItGoesWhileDoneIsDisabled() {
        let keys = FormKeyMaps.standard
        let blocked = FormState.start(Self.todo, values: ["text": ""], focus: 4)
        #expect(
            keys.footer(in: situation(blocked), width: 80)
                == "Enter go to Text · Shift-Tab back · Esc cancel · Alt-1…9 field")
        let ready = FormState.start(Self.todo, values: ["text": "Buy milk"], focus: 4)
        #expect(
            keys.footer(in: situation(ready), width: 80) == "Enter done · Shift-Tab back · Esc cancel · Alt-1…9 field",
            "the last field: Enter is Done, no Ctrl-S")
        // The last field itself invalid: Enter stays and only shows why, so it is not offered.
        let own = FormState.start(Self.todo, values: ["text": "", "note": "a@b"], focus: 4)
        #expect(keys.footer(in: situation(own), width: 80) == "Shift-Tab back · Esc cancel · Alt-1…9 field")
    }

    /// Issue #20: what Enter does is the engine's one answer
    /// (`FormEngine.enterAnswer`), with the run's clock. A grid with nothing
    /// highlighted keeps the field as it is: the hint names what will be
    /// stored, as the field's row shows it (it said "keep today").
    @Test func enterInAGridNamesTheValueTheEngineCommits() {
        var state = FormState.start(Self.todo, values: ["text": "Buy milk", "due": "today"], focus: 3)
        _ = FormEngine.reduce(&state, .swapViewPressed, Self.todo)
        #expect(situation(state).isCalendar)
        let today = Self.todo.today.description
        #expect(FormEngine.enterAnswer(state, Self.todo) == .commit(.next(4)))
        #expect(
            FormKeyMaps.standard.footer(in: situation(state), width: 200).contains("Enter keep \(today) ·"),
            "\(FormKeyMaps.standard.footer(in: situation(state), width: 200))")
        // What the reducer then does is what was named.
        var after = state
        _ = FormEngine.reduce(&after, .gridKeyPressed, Self.todo)
        #expect(after.focus == 4)
    }

    /// The Done line names Enter's key from the map, and only when the engine's
    /// answer to Enter is to submit.
    @Test func theDoneLineNamesEntersKeyWhenEnterSubmits() {
        let last = FormState.start(Self.todo, values: ["text": "Buy milk"], focus: 4)
        #expect(FormEngine.enterAnswer(last, Self.todo) == .commit(.submit))
        let frame = FormView.render(last, Self.todo, width: 80, height: 24)
        #expect(frame.text().contains("[ Done ] ready: press Enter"))
        let first = FormState.start(Self.todo, values: ["text": "Buy milk"], focus: 0)
        #expect(FormEngine.enterAnswer(first, Self.todo) == .commit(.next(1)))
        #expect(
            FormView.render(first, Self.todo, width: 80, height: 24).text().contains("[ Done ] ready\n")
                || FormView.render(first, Self.todo, width: 80, height: 24).text().hasSuffix("[ Done ] ready"))
        let blocked = FormState.start(Self.todo, values: ["text": ""], focus: 4)
        #expect(FormEngine.enterAnswer(blocked, Self.todo) == .commit(.goTo(field: 0)))
    }

    /// Prose names an action's key by the first binding of it enabled now that
    /// has a key to name (not `anyCharacter`), by its first such key; when none
    /// is enabled, by the first key of any binding of it; nil when it has none.
    @Test func anActionsKeyIsNamedByItsFirstEnabledBindingWithANamedKey() {
        typealias Map = KeyMap<Bool, FormAction>
        let map = Map([
            Map.Binding([.anyCharacter], .pressKey),
            Map.Binding([.control("x")], .pressKey) { !$0 },
            Map.Binding([.anyCharacter, .space, .enter], .pressKey) { $0 },
            Map.Binding([.control("c")], .cancel) { _ in false },
            Map.Binding([.escape], .cancel) { _ in false },
        ])
        #expect(map.label(of: .pressKey, in: true) == "Space")
        #expect(map.label(of: .pressKey, in: false) == "Ctrl-X")
        #expect(map.label(of: .cancel, in: true) == "Ctrl-C")
        #expect(map.label(of: .done, in: true) == nil)
    }

    /// SPEC: the hints say what each key does at that moment. On an empty
    /// required field Enter and Tab stay and show why, so "next" is not offered
    /// (it was, and the keys then stayed); the keys still work, to show why.
    @Test func anEmptyRequiredFieldOffersNoNext() {
        let keys = FormKeyMaps.standard
        let empty = situation(.start(Self.todo))
        #expect(keys.footer(in: empty, width: 80) == "Esc cancel · Alt-1…9 field", "Done would not submit: no Ctrl-S")
        #expect(keys.keyboard.action(for: .tab, in: empty) == .nextField, "Tab still commits, to show why")
        #expect(keys.keyboard.action(for: .enter, in: empty) == .commit)
        let typed = situation(.start(Self.todo, values: ["text": "B"]))
        #expect(
            keys.footer(in: typed, width: 80) == "Enter/Tab next · Esc cancel · Ctrl-S done · Alt-1…9 field",
            "offered from the first letter")
    }

    /// DECISIONS 12: Enter and Esc stay. At the narrowest form (24 columns) a
    /// shared hint gives up its less needed key rather than Esc losing its hint.
    @Test func atTheNarrowestWidthEnterAndEscStayBeforeTab() {
        let keys = FormKeyMaps.standard
        let first = situation(.start(Self.todo, values: ["text": "Buy milk"]))
        #expect(keys.footer(in: first, width: 80) == "Enter/Tab next · Esc cancel · Ctrl-S done · Alt-1…9 field")
        #expect(keys.footer(in: first, width: 37) == "Enter/Tab next · Esc cancel · F1 keys")
        #expect(keys.footer(in: first, width: 27) == "Enter/Tab next · Esc cancel", "no room for F1 with both")
        #expect(keys.footer(in: first, width: 24) == "Enter next · Esc cancel")
        #expect(keys.footer(in: first, width: 15) == "Enter/Tab next", "no room for both: the fuller Enter hint")
    }

    /// Issue #20: Ctrl-S (Done from any field) and Alt-1…9 were in no footer,
    /// nor a rebound Done key.
    @Test func theFooterNamesDoneFromAnyFieldAndTheFieldNumbers() {
        let typed = situation(.start(Self.todo, values: ["text": "Buy milk"]))
        #expect(FormKeyMaps.standard.footer(in: typed, width: 80).contains("Ctrl-S done · Alt-1…9 field"))
        let rebound = ConfiguredKeys(rebinding: [.done: [.alt("d")]]).form
        #expect(rebound.footer(in: typed, width: 80) == "Enter/Tab next · Esc cancel · Alt-d done · Alt-1…9 field")
    }

    /// Issue #20: at 80 columns the calendar's arrows and `t today` were left
    /// out; the grid's own keys now stay before the keys of every view, and
    /// when hints are left out the footer says how to see them all.
    @Test func aCalendarAt80ColumnsNamesItsArrowsAndTodayAndTheKeyList() {
        var state = FormState.start(Self.todo, values: ["text": "Buy milk"], focus: 3)
        _ = FormEngine.reduce(&state, .swapViewPressed, Self.todo)
        _ = FormEngine.reduce(&state, .gridMoved(.right), Self.todo)
        let footer = FormKeyMaps.standard.footer(in: situation(state), width: 80)
        #expect(footer.hasPrefix("←↑↓→ move · t today · Enter pick "), "\(footer)")
        #expect(footer.hasSuffix(" · Esc cancel · F1 keys"), "\(footer)")
        #expect(TextWidth.cells(footer) <= 80)
        // The key list names everything the footer left out, from the same map.
        let list = FormKeyMaps.standard.grid.keyList(in: situation(state))
        for (keys, words) in [
            ("PgUp/PgDn", "month"), ("Tab", "keyboard"), ("Shift-Tab", "back"), ("Ctrl-S", "done"),
            ("Alt-1…9", "field"), ("F1", "keys"), ("Ctrl-C", "leave at once (exit 130)"),
        ] {
            #expect(list.contains { $0.keys == keys && $0.words == words }, "\(keys) \(words): \(list)")
        }
    }

    @Test func rebindingIsAPlainValueChange() {
        let keys = FormKeyMaps.standard.rebinding(.cancel, to: [.control("q")])
        let state = FormState.start(Self.todo, values: ["text": "Buy milk"])
        let here = situation(state)
        #expect(keys.keyboard.action(for: .control("q"), in: here) == .cancel)
        #expect(keys.keyboard.action(for: .escape, in: here) == nil)
        #expect(keys.footer(in: here, width: 80) == "Enter/Tab next · Ctrl-Q cancel · Ctrl-S done · Alt-1…9 field")
        #expect(keys.grid.keys(for: .cancel) == [.control("q")])
        // A key taken by the rebinding leaves the action it had: one key, one thing.
        let swapped = FormKeyMaps.standard.rebinding(.done, to: [.tab])
        #expect(swapped.keyboard.action(for: .tab, in: here) == .done)
        #expect(swapped.keyboard.keys(for: .nextField).isEmpty)
        #expect(
            FormKeyMaps.standard.keyboard.action(for: .escape, in: here) == .cancel, "the standard map is unchanged")
    }

    /// A key asks only the bindings that name it (issue 27): the answer is the
    /// first enabled binding naming it, else for a typed key the first enabled
    /// `anyCharacter` one, as walking every binding finds, in every view and
    /// mode, through rebindings and bindings changed in place.
    @Test func aKeyFindsTheBindingThatWalkingEveryBindingFinds() {
        var random = SplitMix64(seed: 27)
        let chords: [KeyChord] =
            [
                .enter, .tab, .shiftTab, .escape, .backspace, .delete, .space, .altEnter, .up, .down, .left, .right,
                .home, .end, .pageUp, .pageDown, .anyCharacter, .function(1), .function(2),
            ] + ["a", "h", "i", "x", "y", "n", "t", "é", "/"].map { KeyChord.character($0) }
            + ["c", "z", "l", "s", "j", "e", "q"].map { KeyChord.control($0) }
            + ["1", "2", "9"].map { KeyChord.alt($0) }
        var situations: [FormKeySituation] = []
        for focus in Self.todo.fields.indices {
            for mode in [EditingMode.emacs, .viInsert, .viCommand] {
                var state = FormState.start(Self.todo, values: ["text": focus % 2 == 0 ? "x" : ""], focus: focus)
                situations.append(situation(state, mode: mode))
                state.grid = nil
                situations.append(situation(state, mode: mode))
            }
        }
        func walked(_ map: FormKeyMaps.Map, _ chord: KeyChord, _ situation: FormKeySituation) -> Int? {
            map.bindings.indices.first { map.bindings[$0].keys.contains(chord) && map.bindings[$0].when(situation) }
                ?? (chord.isTyped
                    ? map.bindings.indices.first {
                        map.bindings[$0].keys.contains(.anyCharacter) && map.bindings[$0].when(situation)
                    } : nil)
        }
        func expectWalked(_ map: FormKeyMaps.Map, _ step: String) {
            for chord in chords {
                for situation in situations {
                    let found = map.binding(for: chord, in: situation)
                    let expected = walked(map, chord, situation).map { map.bindings[$0] }
                    #expect(
                        found?.action == expected?.action && found?.keys == expected?.keys
                            && found?.rank == expected?.rank, "\(step): \(chord)")
                }
            }
        }
        let standard = FormKeyMaps.standard
        for var map in [standard.keyboard, standard.grid, standard.booleanSwitch, standard.note] {
            expectWalked(map, "standard")
            for step in 0..<40 {
                let index = Int.random(in: map.bindings.indices, using: &random)
                let chord = chords.randomElement(using: &random)!
                switch Int.random(in: 0..<5, using: &random) {
                case 0: map.bindings[index].keys.append(chord)
                case 1: map.bindings[index].keys = Array(map.bindings[index].keys.dropFirst())
                case 2: map.bindings.swapAt(index, Int.random(in: map.bindings.indices, using: &random))
                case 3: map.bindings.append(map.bindings[index])
                default:
                    map = map.rebinding(KeyAction.allCases.randomElement(using: &random)!, to: [chord])
                }
                if map.bindings.count < 2 { map.bindings += standard.keyboard.bindings }
                expectWalked(map, "step \(step)")
            }
        }
    }

    @Test func actionsHaveNamesAConfigCanSpell() {
        #expect(KeyAction(rawValue: "next-field") == .nextField)
        #expect(KeyAction(rawValue: "cancel") == .cancel)
        #expect(Set(KeyAction.allCases.map(\.rawValue)).count == KeyAction.allCases.count, "one name, one action")
        // What a config line `cancel = ctrl-q` becomes.
        let keys = FormKeyMaps.standard.rebinding(KeyAction(rawValue: "cancel")!, to: [KeyChord(name: "ctrl-q")!])
        #expect(keys.booleanSwitch.keys(for: .cancel) == [.control("q")])
    }

    @Test func hintsWithTheSameWordsShareOneHint() {
        let state = FormState.start(Self.todo, values: ["text": "x"], focus: 1)
        let hints = FormKeyMaps.standard.grid.hints(in: situation(state)).map(\.text)
        #expect(
            hints == [
                "←↑↓→ move", "Enter pick Medium", "Tab keyboard", "Shift-Tab back", "Esc cancel", "Ctrl-S done",
                "Alt-1…9 field",
            ])
    }

    @Test func aQuestionTakesOnlyItsAnswerKeys() {
        let keys = QuestionKeys.standard
        #expect(keys.action(for: .character("y"), in: QuestionKeySituation()) == .yes)
        #expect(keys.action(for: .enter, in: QuestionKeySituation()) == .yes)
        #expect(keys.action(for: .character("n"), in: QuestionKeySituation()) == .no)
        #expect(keys.action(for: .character("B"), in: QuestionKeySituation()) == .stray)
        // Once something else was typed, y is typing too, and Enter answers nothing.
        let typing = QuestionKeySituation(stray: "Bu")
        #expect(keys.action(for: .character("y"), in: typing) == .stray)
        #expect(keys.action(for: .enter, in: typing) == nil)
        #expect(keys.action(for: .backspace, in: typing) == .erase)
        #expect(QuestionKeys.strayHint(typing, width: 80) == "“Bu” is no answer: Backspace erase · Esc cancel")
        #expect(QuestionKeys.strayHint(QuestionKeySituation(stray: "\u{7}"), width: 80)?.contains("\u{7}") == false)
    }

    @Test func aDraftIsSummedUpForTheQuestionThatOffersIt() {
        let form = Self.todo.form
        #expect(
            FormState.summary(of: ["text": "Buy milk", "priority": "High", "note": " "], in: form)
                == "Text: Buy milk · Priority: High")
        #expect(FormState.summary(of: ["text": "a\u{1B}[2J"], in: form)?.contains("\u{1B}") == false)
        #expect(FormState.summary(of: ["note": ""], in: form) == nil)
        #expect(
            FormState.summary(of: ["text": "x", "done": "no"], in: form) == "Text: x · Status: In progress",
            "a switch in its words")
    }
}
