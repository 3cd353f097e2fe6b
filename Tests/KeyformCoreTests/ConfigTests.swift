import KeyformCore
import Testing

/// The config file and the `KEYFORM_*` variables as plain values: parsing with
/// positioned diagnostics, precedence, colours, and key rebindings checked
/// against every view's map.
@Suite struct ConfigTests {
    static let path = "/home/ann/.config/keyform/config.yaml"

    func resolve(_ text: String, environment: [String: String] = [:]) -> ResolvedConfig {
        ResolvedConfig.resolve(
            file: ConfigFile.parse(text: text, path: Self.path), environment: environment, home: "/home/ann")
    }

    /// Each problem as `config check` prints it.
    func problems(_ text: String, environment: [String: String] = [:]) -> [String] {
        resolve(text, environment: environment).problems.map(\.description)
    }

    @Test func aCompleteFileSetsEverySettingAndSaysWhere() {
        let resolved = resolve(
            """
            # Ann's settings
            database: ~/notes/keyform.sqlite
            animation: false
            colors:
              accent: magenta
              error: bright-red
              dim: 244
              highlight: "#ff8800"
            keys:
              done: ctrl-d
              quit: [x, ctrl-q]
            """)
        #expect(
            resolved.problems.map(\.description) == [
                "\(Self.path):10:9: warning: 'ctrl-d' is GNU readline's delete-char while typing a field; there it will be 'done' instead"
            ])
        let config = resolved.config
        #expect(config.database == "/home/ann/notes/keyform.sqlite")
        #expect(config.animation == false)
        #expect(
            config.colors
                == ColorPalette(accent: .basic(5), error: .bright(1), dim: .indexed(244), highlight: .rgb(255, 0x88, 0))
        )
        #expect(config.keys == [.done: [.control("d")], .quit: [.character("x"), .control("q")]])
        #expect(resolved.source(of: "database").description == Self.path + ":2:11")
        #expect(resolved.source(of: "colors.highlight").description == Self.path + ":8:14")
        #expect(resolved.source(of: "keys.quit").description == Self.path + ":11:9")
        #expect(resolved.source(of: "keys.commit") == .standard)
        #expect(resolved.source(of: "colors.accent").description.hasSuffix(":5:11"))
    }

    @Test func anEmptyFileOrOneOfCommentsIsTheDefaults() {
        for text in ["", "# nothing yet\n", "\n\n"] {
            let resolved = resolve(text)
            #expect(resolved.problems.isEmpty)
            #expect(resolved.config == .standard)
        }
        #expect(ResolvedConfig.resolve(file: nil, environment: [:], home: nil).config == .standard)
    }

    @Test func variablesWinOverTheFileAndSaySo() {
        let text = "database: records.sqlite\nanimation: true\ncolors: {accent: blue}\nkeys: {done: ctrl-d}\n"
        let resolved = resolve(
            text,
            environment: [
                "KEYFORM_DB": "/tmp/other.sqlite", "KEYFORM_ANIMATION": "0", "KEYFORM_COLOR_ACCENT": "green",
                "KEYFORM_KEY_DONE": "alt-g, alt-d", "KEYFORM_COLOR_ERROR": "",
            ])
        #expect(resolved.problems.isEmpty, "\(resolved.problems)")
        #expect(resolved.config.database == "/tmp/other.sqlite")
        #expect(resolved.config.animation == false)
        #expect(resolved.config.colors.accent == .basic(2))
        #expect(resolved.config.colors.error == .basic(1), "an empty variable is no setting")
        #expect(resolved.config.keys[.done] == [.alt("g"), .alt("d")])
        #expect(resolved.source(of: "database") == .environment("KEYFORM_DB"))
        #expect(resolved.source(of: "keys.done") == .environment("KEYFORM_KEY_DONE"))
        #expect(resolved.source(of: "colors.error") == .standard)
        // Without the variable the file's relative path is the file's folder's.
        #expect(resolve(text).config.database == "/home/ann/.config/keyform/records.sqlite")
    }

    /// Issue 27: the keys' settings (one an action, made from every screen's
    /// key map) are looked at only when a key's variable is set; the others
    /// resolve as before, and a key's variable still rebinds.
    @Test func theKeysSettingsAreReadOnlyWhenAKeyIsNamed() {
        let environment = ["KEYFORM_DB": "/tmp/a.sqlite", "KEYFORM_KEY_DONE": "", "HOME": "/home/ann"]
        #expect(ConfigSetting.setBy(environment).map(\.name) == ["database"])
        #expect(ConfigSetting.setBy(["KEYFORM_KEY_DONE": "alt-d"]).map(\.name) == ["keys.done"])
        #expect(ConfigSetting.setBy([:]).isEmpty)
        let rebound = ResolvedConfig.resolve(
            file: nil, environment: ["KEYFORM_KEY_DONE": "alt-g", "KEYFORM_MOUSE": "false"], home: nil)
        #expect(rebound.problems.isEmpty, "\(rebound.problems)")
        #expect(rebound.config.keys[.done] == [.alt("g")] && rebound.config.mouse == false)
        // In `all`'s order, keys last: the order their problems are said in.
        #expect(
            ConfigSetting.setBy(["KEYFORM_KEY_CANCEL": "x", "KEYFORM_THEME": "y", "KEYFORM_DB": "z"]).map(\.name)
                == ["database", "theme", "keys.cancel"])
    }

    @Test func aBadVariableIsAnErrorAtItsName() {
        #expect(
            problems("", environment: ["KEYFORM_ANIMATION": "maybe"])
                == ["KEYFORM_ANIMATION: error: 'animation' is true or false, found 'maybe'"])
        #expect(
            problems("", environment: ["KEYFORM_COLOR_DIM": "grene"])
                == ["KEYFORM_COLOR_DIM: error: unknown colour 'grene'; did you mean 'green'?"])
    }

    @Test func misspeltNamesGetADidYouMean() {
        #expect(
            problems("animaton: false\n")
                == ["\(Self.path):1:1: error: unknown field 'animaton' in the config; did you mean 'animation'?"])
        #expect(
            problems("colours: {accent: red}\n")
                == ["\(Self.path):1:1: error: unknown field 'colours' in the config; did you mean 'colors'?"])
        #expect(
            problems("colors:\n  acent: red\n")
                == ["\(Self.path):2:3: error: unknown name 'acent' in 'colors'; did you mean 'accent'?"])
        #expect(
            problems("keys:\n  next_field: ctrl-n\n")
                == ["\(Self.path):2:3: error: unknown action 'next_field' in 'keys'; did you mean 'next-field'?"])
        #expect(
            problems("keys: {interrupt: ctrl-g}\n")
                == [
                    "\(Self.path):1:8: error: unknown action 'interrupt' in 'keys'; 'interrupt' cannot be rebound: Ctrl-C always interrupts (exit 130), so that a person can always get out"
                ])
    }

    @Test func valuesOfTheWrongKindSayWhatToWrite() {
        #expect(problems("animation: yes\n") == ["\(Self.path):1:12: error: 'animation' is true or false, found 'yes'"])
        #expect(
            problems("animation: 1\n") == ["\(Self.path):1:12: error: 'animation' is true or false, found '1'"],
            "1 and 0 are for variables; the file says true or false")
        #expect(
            problems("colors: red\n")
                == [
                    "\(Self.path):1:9: error: 'colors' must be a mapping, like colors: {accent: magenta}, found text 'red'"
                ])
        #expect(
            problems("database:\n") == [
                "\(Self.path):1:10: error: 'database' has no value; write a path, sqlite:PATH or a postgres:// URL, or remove the line"
            ])
        #expect(
            problems("animation: [true]\n") == [
                "\(Self.path):1:12: error: 'animation' must be true or false, found a list"
            ])
        #expect(
            problems("colors: {accent: 256}\n")
                == [
                    "\(Self.path):1:18: error: colour number 256 is out of range; the 256-colour table goes from 0 to 255"
                ])
        #expect(
            problems("colors: {accent: \"#12345\"}\n")
                == ["\(Self.path):1:18: error: '#12345' is no #rrggbb colour; write six hex digits, like #ff8800"])
        #expect(
            problems("- database\n") == [
                "\(Self.path):1:1: error: the config must be a mapping of fields, found a list"
            ])
    }

    @Test func aSyntaxErrorIsPositioned() {
        let found = problems("colors:\n  accent: [cyan\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(Self.path):3:1: error: YAML syntax:") == true, "\(found)")
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        let found = problems("animation: perhaps\ncolors: {accent: cyn, error: red}\nkeys: {done: ctrl-1}\n")
        #expect(
            found == [
                "\(Self.path):1:12: error: 'animation' is true or false, found 'perhaps'",
                "\(Self.path):2:18: error: unknown colour 'cyn'; did you mean 'cyan'?",
                "\(Self.path):3:14: error: a terminal cannot send 'ctrl-1': Ctrl goes with a letter or one of @ \\ ] ^ _; try an alt- key",
            ])
    }

    // MARK: Keys

    @Test func keysATerminalCannotSendAreRefused() {
        #expect(
            problems("keys: {commit: ctrl-m}\n") == [
                "\(Self.path):1:16: error: 'ctrl-m' is the byte a terminal sends for enter; write enter"
            ])
        #expect(
            problems("keys: {swap-view: ctrl-i}\n") == [
                "\(Self.path):1:19: error: 'ctrl-i' is the byte a terminal sends for tab; write tab"
            ])
        #expect(
            problems("keys: {done: \"alt-[\"}\n")
                == [
                    "\(Self.path):1:14: error: 'alt-[' cannot be told from the start of the terminal's escape sequences; choose another key"
                ])
        #expect(
            problems("keys: {done: f13}\n") == [
                "\(Self.path):1:14: error: unknown key 'f13'; write a named key (enter, tab, shift-tab, esc, backspace, delete, page-up…), f1…f12, ctrl-LETTER, alt-CHARACTER, or one character"
            ])
        #expect(
            problems("keys: {done: entr}\n") == ["\(Self.path):1:14: error: unknown key 'entr'; did you mean 'enter'?"])
        #expect(problems("keys: {done: []}\n") == ["\(Self.path):1:14: error: 'done' needs at least one key"])
    }

    @Test func aKeyAnotherActionOfTheViewKeepsIsACollision() {
        #expect(
            problems("keys: {done: enter}\n")
                == [
                    "\(Self.path):1:14: error: 'enter' is already 'commit' in a form's keyboard; rebind 'commit' too (keys: {commit: …}), or choose another key for 'done'"
                ])
        // Rebinding the other action too frees the key.
        #expect(problems("keys: {filter: s, sort: o}\n") == [])
        // A key is the action's in every view that has it: Done is in the grid too, where Enter presses a key.
        #expect(
            problems("keys: {done: enter, commit: alt-j}\n")
                == [
                    "\(Self.path):1:14: error: 'enter' is already 'press-key' in a form's key grid; rebind 'press-key' too (keys: {press-key: …}), or choose another key for 'done'"
                ])
        #expect(
            problems("keys: {done: ctrl-c}\n")
                == [
                    "\(Self.path):1:14: error: 'ctrl-c' belongs to 'interrupt' in a form's keyboard (Ctrl-C always interrupts (exit 130), so that a person can always get out); choose another key for 'done'"
                ])
        #expect(
            problems("keys: {add: n, delete: n}\n")
                == [
                    "\(Self.path):1:24: error: 'n' is given to both 'add' and 'delete', which the browse list both has; give it to one"
                ])
        #expect(
            problems("keys: {filter: s}\n")
                == [
                    "\(Self.path):1:16: error: 's' is already 'sort' in the browse list; rebind 'sort' too (keys: {sort: …}), or choose another key for 'filter'"
                ])
        // A key in another view only is no collision: `t` is today's in a calendar, the list has none.
        #expect(problems("keys: {add: t}\n") == [])
    }

    @Test func aCharacterCannotTakeAFormKeyboardAction() {
        #expect(
            problems("keys: {done: d}\n")
                == [
                    "\(Self.path):1:14: error: 'd' is typed into the field in a form's keyboard, so 'done' cannot have it; choose a ctrl-, alt- or named key"
                ])
        #expect(problems("keys: {cancel: space}\n").first?.contains("'space' is typed into the field") == true)
        // A grid-only or list action may take a character.
        #expect(problems("keys: {quit: x, today: n}\n") == [])
    }

    @Test func readlinesOwnKeysAndKeysListedTwiceAreWarnings() {
        let resolved = resolve("keys: {done: [ctrl-a, ctrl-a]}\n")
        #expect(!resolved.hasErrors)
        #expect(
            resolved.problems.map(\.description) == [
                "\(Self.path):1:14: warning: 'ctrl-a' is listed twice for 'done'; once is enough",
                "\(Self.path):1:14: warning: 'ctrl-a' is GNU readline's beginning-of-line while typing a field; there it will be 'done' instead",
            ])
    }

    @Test func theFootersShowTheReboundKeys() {
        let context = try! DemoForms.context("todo")
        let keys = resolve("keys: {cancel: ctrl-g, next-field: ctrl-n}\n").config.configuredKeys
        let situation = FormKeySituation(state: .start(context, values: ["text": "Buy milk"]), context: context)
        #expect(
            keys.form.footer(in: situation, width: 80)
                == "Enter/Ctrl-N next · Ctrl-G cancel · Ctrl-S done · Alt-1…9 field")
        #expect(keys.form.keyboard.action(for: .control("g"), in: situation) == .cancel)
        #expect(keys.form.keyboard.action(for: .escape, in: situation) == nil)
        let list = resolve("keys: {quit: x}\n").config.configuredKeys.list
        let listSituation = RecordListKeySituation(state: RecordListState(rows: []), form: context.form)
        #expect(list.list.footer(in: listSituation, width: 80).contains("x quit"))
        #expect(list.event(for: .character("q"), in: listSituation) == nil)
        #expect(list.event(for: .character("x"), in: listSituation) == .quitPressed)
    }

    @Test func aKeyAnActionHadStaysSharedAsTheMapSharedIt() {
        // Tab is swap-view's on a field with keys and next-field's on one without.
        let keys = resolve("keys: {next-field: [tab, ctrl-n]}\n").config.configuredKeys.form
        #expect(keys.keyboard.keys(for: .swapView) == [.tab])
        #expect(keys.keyboard.keys(for: .nextField) == [.tab, .control("n")])
        // A map without the action is unchanged: the switch's flip on Enter does not take the keyboard's Enter.
        let flip = FormKeyMaps.standard.rebinding(.flip, to: [.enter])
        #expect(flip.keyboard.keys(for: .commit) == [.enter])
        #expect(flip.booleanSwitch.keys(for: .commit) == [.down])
    }

    // MARK: The table

    @Test func everySettingHasOneNameAndOneVariable() {
        let settings = ConfigSetting.all
        #expect(Set(settings.map(\.name)).count == settings.count)
        #expect(Set(settings.map(\.environment)).count == settings.count)
        #expect(settings.allSatisfy { $0.environment.hasPrefix("KEYFORM_") })
        #expect(
            ConfigSetting.topLevelNames == [
                "database", "author", "animation", "mouse", "accessible", "theme", "colors", "keys",
            ])
        #expect(ConfigSetting.named("keys.next-field")?.environment == "KEYFORM_KEY_NEXT_FIELD")
        #expect(ConfigSetting.named("database")?.environment == "KEYFORM_DB")
        #expect(ConfigSetting.named("keys.interrupt") == nil)
        #expect(ConfigSetting.named("keys.edit") == nil)
        // Every default shows as a config would write it, and reads back as the same
        // (the keys of an action the same in every view: commit's Down is the switch's only).
        for setting in settings where setting.name != "database" {
            let shown = setting.show(.standard)
            let again = ResolvedConfig.resolve(file: nil, environment: [setting.environment: shown], home: nil)
            if setting.group == "keys" {
                let action = KeyAction(rawValue: setting.key)!
                #expect(again.config.keys[action] == KeyRebinding.defaults(of: action))
                if [KeyAction.commit, .previousField].contains(action) { continue }
                #expect(pairs(again.config.configuredKeys.form.keyboard) == pairs(FormKeyMaps.standard.keyboard))
                #expect(pairs(again.config.configuredKeys.list.list) == pairs(RecordListKeyMaps.standard.list))
            } else {
                #expect(again.config == .standard, "\(setting.name): \(shown)")
            }
            #expect(!again.hasErrors, "\(setting.name): \(shown) \(again.problems)")
        }
    }

    /// Which action has which key in a map.
    func pairs<Situation, Action>(_ map: KeyMap<Situation, Action>) -> Set<String> {
        Set(map.bindings.flatMap { binding in binding.keys.map { "\(binding.action.rawValue) \($0.name)" } })
    }

    // MARK: Colours

    @Test func colourNamesNumbersAndHex() throws {
        #expect(try TerminalColor.parse("Cyan").get() == .basic(6))
        #expect(try TerminalColor.parse("bright-black").get() == .bright(0))
        #expect(try TerminalColor.parse("grey").get() == .bright(0))
        #expect(try TerminalColor.parse("208").get() == .indexed(208))
        #expect(try TerminalColor.parse("#FF8800").get() == .rgb(255, 136, 0))
        #expect(try TerminalColor.parse("none").get() == nil)
        #expect(TerminalColor.rgb(255, 8, 0).description == "#ff0800")
        #expect(TerminalColor.bright(6).sgr == "96")
        #expect(TerminalColor.indexed(208).sgr == "38;5;208")
        #expect(TerminalColor.rgb(1, 2, 3).sgr == "38;2;1;2;3")
    }

    /// The codes of every style, and the screen writer's pens, in every theme and
    /// two palettes of all kinds of colour, with and without colour: as joining
    /// the codes gave them (DECISIONS 104).
    @Test func everyStylesCodesAndPenAreTheJoinedCodes() {
        func joined(_ palette: ColorPalette, _ style: TextStyle, _ color: Bool) -> String {
            var foreground: TerminalColor?
            var faint = style.contains(.dim)
            if color {
                if style.contains(.error), let error = palette.error {
                    foreground = error
                } else if style.contains(.accent), !style.contains(.error), let accent = palette.accent {
                    foreground = accent
                } else if style.contains(.reverse), let highlight = palette.highlight {
                    foreground = highlight
                } else if faint, let dim = palette.dim {
                    foreground = dim
                    faint = false
                }
            }
            let codes: [String?] = [
                "0", style.contains(.bold) ? "1" : nil, faint ? "2" : nil, style.contains(.underline) ? "4" : nil,
                style.contains(.reverse) ? "7" : nil, foreground?.sgr,
            ]
            return codes.compactMap { $0 }.joined(separator: ";")
        }
        let palettes =
            Theme.allCases.map(\.palette) + [
                ColorPalette(accent: .rgb(1, 20, 255), error: .indexed(196), dim: .bright(0), highlight: .basic(3)),
                ColorPalette(accent: nil, error: .bright(7), dim: .rgb(0, 0, 0), highlight: .indexed(0)),
            ]
        for palette in palettes {
            for color in [true, false] {
                let pens = palette.pens(color: color)
                #expect(pens.count == 256)
                for raw in 0...255 {
                    let style = TextStyle(rawValue: UInt8(raw))
                    let codes = joined(palette, style, color)
                    #expect(palette.sgr(for: style, color: color) == codes, "\(raw) \(color)")
                    #expect(pens[raw] == Array(codes.utf8) + [UInt8(ascii: "m")], "\(raw) \(color)")
                }
            }
        }
    }

    @Test func aPaletteGivesEachRoleItsCode() {
        let standard = ColorPalette.standard
        #expect(standard.sgr(for: .accent, color: true) == "0;36")
        #expect(standard.sgr(for: [.bold, .error], color: true) == "0;1;31")
        #expect(standard.sgr(for: [.bold, .error, .accent], color: true) == "0;1;31", "error wins")
        #expect(standard.sgr(for: .dim, color: true) == "0;2")
        #expect(standard.sgr(for: [.reverse, .bold], color: true) == "0;1;7")
        let mine = ColorPalette(accent: .basic(5), error: .indexed(196), dim: .bright(0), highlight: .basic(3))
        #expect(mine.sgr(for: .accent, color: true) == "0;35")
        #expect(mine.sgr(for: [.bold, .error], color: true) == "0;1;38;5;196")
        #expect(mine.sgr(for: .dim, color: true) == "0;90", "a dim colour replaces faint")
        #expect(mine.sgr(for: [.reverse, .bold], color: true) == "0;1;7;33", "the highlight stays reverse video")
        #expect(mine.sgr(for: [.bold, .accent, .reverse], color: true) == "0;1;7;35", "the ready Done is the accent")
        // NO_COLOR: attributes only, whatever the palette says.
        #expect(mine.sgr(for: [.bold, .error], color: false) == "0;1")
        #expect(mine.sgr(for: .dim, color: false) == "0;2")
        #expect(ColorPalette(accent: nil).sgr(for: .accent, color: true) == "0")
    }
}
