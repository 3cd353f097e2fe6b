/// A person's settings for Keyform: what `~/.config/keyform/config.yaml`
/// and the `KEYFORM_*` variables say, over the defaults. A plain value; where
/// each setting came from is `ResolvedConfig`'s.
public struct UserConfig: Equatable, Sendable {
    /// The database `run`, `browse` and `records` use without `--db`; nil: the default place.
    public var database: String?
    /// Whose drafts, history and `default: last` the store serves, and whom records name; nil: USER@HOST.
    public var author: String?
    /// Transitions between pages and views (NO_MOTION and --no-animation still turn them off).
    public var animation = true
    /// Clicks and the wheel on a form's screen (--no-mouse still turns them off).
    public var mouse = true
    /// Forms asked as plain sequential prompts, one line at a time (as --accessible and TERM=dumb ask them).
    public var accessible = false
    /// The built-in colour scheme the roles start from (`theme:`, `KEYFORM_THEME`).
    public var theme = Theme.standard
    /// The roles given a colour of their own (`colors:`, `KEYFORM_COLOR_*`; nil:
    /// none), over the theme's whichever is written first.
    public var roleColors: [ColorPalette.Role: TerminalColor?] = [:]
    /// What the screen writers draw each role in: the theme's colours, with the
    /// roles given their own. Set whole, every role has its own.
    public var colors: ColorPalette {
        get { theme.palette.overriding(roleColors) }
        set { roleColors = Dictionary(uniqueKeysWithValues: ColorPalette.Role.allCases.map { ($0, newValue[$0]) }) }
    }
    /// The actions given keys of their own, each with its keys.
    public var keys: [KeyAction: [KeyChord]] = [:]

    public init() {}

    public static let standard = UserConfig()

    /// Equal when they draw and act the same: a role given the theme's own
    /// colour is no different from one left to the theme.
    public static func == (a: UserConfig, b: UserConfig) -> Bool {
        a.database == b.database && a.author == b.author && a.animation == b.animation && a.mouse == b.mouse
            && a.accessible == b.accessible && a.theme == b.theme && a.colors == b.colors && a.keys == b.keys
    }

    /// Every view's key map with the keys rebound.
    public var configuredKeys: ConfiguredKeys { ConfiguredKeys(rebinding: keys) }
}

/// One setting: its name in the file (`colors.accent` is `accent:` under
/// `colors:`), the variable that overrides it, what may be written, what it
/// does, and how a value is read and shown. Adding a setting is adding a row to
/// `all` (and the field it sets to `UserConfig`): the file's reader, the
/// variables, `config show` and the "did you mean" hints all read this table.
public struct ConfigSetting: Sendable {
    public var name: String
    public var environment: String
    /// What may be written: `true or false`, `a colour` (`valuesSaid` in English).
    public var values: String { valuesSaid.english }
    /// What may be written, said in the reader's language.
    public var valuesSaid: Message
    public var summary: String
    /// Whether a list is allowed (`done: [ctrl-d, f2]`; in a variable, separated by commas or spaces).
    public var takesList: Bool
    /// Reads the words written into the config; the error says what is wrong and what to write.
    let apply: @Sendable (inout UserConfig, [String], ConfigValueContext) -> ConfigValueError?
    /// The setting's value in a config, as a file would write it.
    public let show: @Sendable (UserConfig) -> String

    /// The group in the file (`colors`, `keys`), or nil for a top-level setting.
    public var group: String? { name.firstIndex(of: ".").map { String(name[..<$0]) } }
    /// The name inside its group (`accent`).
    public var key: String { name.firstIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name }

    /// Every setting, in the order `config show` and the docs list them.
    public static let all: [ConfigSetting] = plain + keys

    /// Every setting but the keys'. Those are one an action, made from every
    /// screen's key map (the browse list's too): 4.4 M instructions, 16% of a
    /// start, when they were made to resolve a config that rebinds nothing
    /// (issue 27). They are made only when a key is named.
    static let plain: [ConfigSetting] = [database, author, animation, mouse, accessible, theme] + colors

    /// What every key's variable starts with (`KEYFORM_KEY_DONE`).
    static let keyVariablePrefix = "KEYFORM_KEY_"

    public static func named(_ name: String) -> ConfigSetting? {
        (name.hasPrefix("keys.") ? keys : plain).first { $0.name == name }
    }

    /// The settings whose variable `environment` sets (not empty), in `all`'s
    /// order; the keys' only when a `KEYFORM_KEY_` variable is set.
    package static func setBy(_ environment: [String: String]) -> [ConfigSetting] {
        let rebinds = environment.contains { $0.key.hasPrefix(keyVariablePrefix) && !$0.value.isEmpty }
        return (rebinds ? all : plain).filter { !(environment[$0.environment] ?? "").isEmpty }
    }

    /// The names at the top of the file: plain settings and groups.
    public static var topLevelNames: [String] {
        var names: [String] = []
        for setting in all where !names.contains(setting.group ?? setting.name) {
            names.append(setting.group ?? setting.name)
        }
        return names
    }

    static let database = ConfigSetting(
        name: "database", environment: "KEYFORM_DB", valuesSaid: .valuesDatabase,
        summary:
            "the database of run, browse and records when no --db is given (a relative path in the file is relative to the file's folder; ~/ is your home)",
        takesList: false,
        apply: { config, words, context in
            let path = words.first ?? ""
            guard !path.isEmpty else { return ConfigValueError(.databaseNeedsPath) }
            // A server's URL is no path to resolve; sqlite:PATH resolves its path.
            if path.contains("://") {
                config.database = path
            } else if path.hasPrefix("sqlite:") {
                config.database = "sqlite:" + context.resolve(String(path.dropFirst("sqlite:".count)))
            } else {
                config.database = context.resolve(path)
            }
            return nil
        },
        show: { $0.database ?? "" })

    static let author = ConfigSetting(
        name: "author", environment: "KEYFORM_AUTHOR", valuesSaid: .valuesName,
        summary:
            "whose drafts, field history and default: last a store serves, and whom each record saved names (default: USER@HOST; --author overrides)",
        takesList: false,
        apply: { config, words, _ in
            let name = words.first ?? ""
            guard !name.isEmpty else { return ConfigValueError(.authorNeedsName) }
            config.author = name
            return nil
        },
        show: { $0.author ?? "" })

    static let animation = switchSetting(
        "animation", environment: "KEYFORM_ANIMATION", \.animation,
        summary:
            "short transitions between pages and views (NO_MOTION and --no-animation turn them off whatever this says)")

    static let mouse = switchSetting(
        "mouse", environment: "KEYFORM_MOUSE", \.mouse,
        summary:
            "a click presses a grid's key, focuses a field or presses Done; the wheel scrolls grids and the browse list (--no-mouse turns it off whatever this says)"
    )

    static let accessible = switchSetting(
        "accessible", environment: "KEYFORM_ACCESSIBLE", \.accessible,
        summary:
            "forms asked as plain prompts, one line at a time, for screen readers and dumb terminals (also --accessible and TERM=dumb)"
    )

    /// A setting that is true or false (1 or 0 in its variable).
    private static func switchSetting(
        _ name: String, environment: String, _ value: WritableKeyPath<UserConfig, Bool> & Sendable,
        summary: String
    ) -> ConfigSetting {
        ConfigSetting(
            name: name, environment: environment, valuesSaid: .valuesTrueOrFalse, summary: summary, takesList: false,
            apply: { config, words, context in
                switch (words.first ?? "").lowercased() {
                case "true": config[keyPath: value] = true
                case "false": config[keyPath: value] = false
                case "1" where context.isVariable: config[keyPath: value] = true
                case "0" where context.isVariable: config[keyPath: value] = false
                default:
                    return ConfigValueError(
                        .settingIsTrueOrFalse(name, found: TerminalSafe.escaped(words.first ?? "")))
                }
                return nil
            },
            show: { $0[keyPath: value] ? "true" : "false" })
    }

    static let theme = ConfigSetting(
        name: "theme", environment: "KEYFORM_THEME", valuesSaid: .valuesThemes(Theme.allCases.map(\.rawValue)),
        summary: "the colours of the roles, built in: "
            + Theme.allCases.map { "\($0.rawValue) (\($0.summary))" }.joinedText(separator: "; ")
            + "; colors: changes roles over it; NO_COLOR turns colour off whatever it says",
        takesList: false,
        apply: { config, words, _ in
            switch Theme.parse(words.first ?? "") {
            case .success(let theme): config.theme = theme
            case .failure(let error): return error
            }
            return nil
        },
        show: { $0.theme.rawValue })

    static let colors: [ConfigSetting] = ColorPalette.Role.allCases.map { role in
        ConfigSetting(
            name: "colors." + role.rawValue, environment: "KEYFORM_COLOR_" + role.rawValue.uppercased(),
            valuesSaid: .valuesColour,
            summary: role.summary, takesList: false,
            apply: { config, words, _ in
                switch TerminalColor.parse(words.first ?? "") {
                case .success(let color): config.roleColors.updateValue(color, forKey: role)
                case .failure(let error): return error
                }
                return nil
            },
            show: { $0.colors[role].map(\.description) ?? "none" })
    }

    static let keys: [ConfigSetting] = KeyRebinding.actions.map { action in
        ConfigSetting(
            name: "keys." + action.rawValue,
            environment: keyVariablePrefix + action.rawValue.uppercased().replacingOccurrences(of: "-", with: "_"),
            valuesSaid: .valuesKeys,
            summary: action.summary, takesList: true,
            apply: { config, words, _ in
                var chords: [KeyChord] = []
                for word in words {
                    switch KeyRebinding.chord(named: word) {
                    case .success(let chord): chords.append(chord)
                    case .failure(let error): return error
                    }
                }
                config.keys[action] = chords
                return nil
            },
            show: { config in
                (config.keys[action] ?? KeyRebinding.defaults(of: action)).map(\.name).joined(separator: ", ")
            })
    }
}

/// Where a value was written, for what reading it depends on.
struct ConfigValueContext {
    /// The config file's folder; nil for a variable.
    var folder: String?
    var home: String?

    var isVariable: Bool { folder == nil }

    /// A path from the file: `~/` is the home folder, a relative path is the file's folder's.
    /// From a variable, as written (relative to the current folder, as always).
    func resolve(_ path: String) -> String {
        guard let folder else { return path }
        if path == "~" || path.hasPrefix("~/"), let home {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") { return path }
        return folder == "/" ? "/" + path : folder + "/" + path
    }
}

extension KeyAction {
    /// What the action does, without the view it belongs to (the key list
    /// is of one view): "the month before", not "calendar: the month before".
    public var shortSummary: String {
        let text = summary
        for view in ["grid: ", "calendar: ", "switch: ", "list: ", "a question: ", "a field of several lines: "]
        where text.hasPrefix(view) {
            return String(text.dropFirst(view.count))
        }
        return text
    }

    /// What the action does, for `config show` and the docs.
    public var summary: String {
        switch self {
        case .cancel: "leave the form, keeping the draft (exit 1)"
        case .interrupt: "leave at once (exit 130)"
        case .suspend: "give the terminal back until fg"
        case .redraw: "draw the whole screen again"
        case .commit: "commit the field and go on (Done on the last field)"
        case .nextField: "on a field without keys: commit it and go to the next"
        case .previousField: "the previous field"
        case .swapView: "swap between the keyboard and the field's keys"
        case .done: "press Done from any field"
        case .jumpToField: "go to the field with the digit's number"
        case .edit: "the key goes to GNU readline"
        case .showKeys: "the list of every key of the view"
        case .moveLeft: "grid: move the highlight left"
        case .moveUp: "grid: move the highlight up"
        case .moveDown: "grid: move the highlight down"
        case .moveRight: "grid: move the highlight right"
        case .pressKey: "grid: press the highlighted key (or commit the field as it is)"
        case .pressHotkey: "grid: press the key with that hotkey"
        case .pressBackspace: "grid: press the page's backspace key"
        case .previousMonth: "calendar: the month before"
        case .nextMonth: "calendar: the month after"
        case .today: "calendar: today"
        case .flip: "switch: flip yes and no"
        case .setYes: "switch: yes"
        case .setNo: "switch: no"
        case .clear: "switch: empty"
        case .newLine: "a field of several lines: break the line"
        case .previousLine: "a field of several lines: the line above"
        case .nextLine: "a field of several lines: the line below"
        case .openEditor: "a field of several lines: edit it in $VISUAL or $EDITOR"
        case .typeFilter: "grid: type into the filter"
        case .eraseFilter: "grid: erase the filter's last character (close it when empty)"
        case .closeFilter: "grid: close the filter, showing the whole grid again"
        case .listUp: "list: the record above"
        case .listDown: "list: the record below"
        case .listPageUp: "list: a page up"
        case .listPageDown: "list: a page down"
        case .listFirst: "list: the first record"
        case .listLast: "list: the last record"
        case .open: "list: edit the record"
        case .add: "list: add a record"
        case .delete: "list: delete the record (after asking)"
        case .toggle: "list: toggle the form's first yes/no field"
        case .filter: "filter: the browse list by a field's value, a long grid by what is typed"
        case .sort: "list: sort in the next order"
        case .quit: "list: leave"
        case .back: "list: show all records again, or leave; a datetime's time keypad: back to its calendar"
        case .yes: "list: yes, delete it"
        case .no: "a question: no"
        case .answer: "a question: answer"
        }
    }
}
