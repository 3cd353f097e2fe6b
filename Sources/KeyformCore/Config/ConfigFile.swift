import Yams

/// A config file as read: each setting written, with its words and where,
/// and every problem of its shape (syntax, unknown names with a "did you
/// mean", values of the wrong kind). What the values mean is checked when they
/// are applied (`ResolvedConfig.resolve`).
public struct ConfigFile: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The setting's name (`colors.accent`).
        public var setting: String
        /// The value's words: one for a scalar, the items of a list.
        public var words: [String]
        public var location: SourceLocation
    }

    public var path: String
    public var entries: [Entry]
    public var diagnostics: [Diagnostic]

    /// Reads a config file's bytes. An empty file (or one of comments) sets nothing.
    public static func parse(_ bytes: [UInt8], path: String) -> ConfigFile {
        switch YAMLDocument.decode(bytes, kind: "config") {
        case .failure(let diagnostic): return ConfigFile(path: path, entries: [], diagnostics: [diagnostic])
        case .success(let text): return parse(text: text, path: path)
        }
    }

    public static func parse(text: String, path: String) -> ConfigFile {
        if text.utf8.count > YAMLDocument.maxBytes {
            return ConfigFile(
                path: path, entries: [],
                diagnostics: [.error(.start, Message.fileTooLarge(bytes: text.utf8.count, kind: "config", limit: nil))])
        }
        let root: Node
        switch YAMLDocument.compose(text) {
        case .failure(let diagnostic): return ConfigFile(path: path, entries: [], diagnostics: [diagnostic])
        case .success(let node?) where !node.isEmptyScalar: root = node
        case .success: return ConfigFile(path: path, entries: [], diagnostics: [])
        }
        var reader = NodeReader()
        var entries: [Entry] = []
        if let top = reader.fields(of: root, allowed: ConfigSetting.topLevelNames, in: .placeConfig) {
            for name in ConfigSetting.topLevelNames {
                guard let entry = top.entries[name] else { continue }
                if ConfigSetting.named(name) != nil {
                    if let words = Self.words(of: entry.value, setting: name, &reader) {
                        entries.append(Entry(setting: name, words: words, location: entry.value.location))
                    }
                } else {
                    entries += group(name, entry.value, &reader)
                }
            }
        }
        entries.sort { $0.location < $1.location }
        return ConfigFile(
            path: path, entries: entries,
            diagnostics: Parsed<Void>(value: (), diagnostics: reader.diagnostics).diagnostics)
    }

    /// The settings of a group (`colors:`, `keys:`).
    private static func group(_ group: String, _ node: Node, _ reader: inout NodeReader) -> [Entry] {
        let names = ConfigSetting.all.filter { $0.group == group }.map(\.key)
        guard case .mapping(let mapping) = node else {
            reader.error(
                node, Message.configGroupMustBeMapping(group, example: example(group), found: node.kindSaid))
            return []
        }
        var entries: [Entry] = []
        for (key, value) in mapping {
            guard case .scalar(let name) = key else {
                reader.error(key, Message.configNameNotText(group, found: key.kindSaid))
                continue
            }
            guard names.contains(name.string) else {
                reader.error(
                    key,
                    Message.configUnknownName(
                        TerminalSafe.escaped(name.string), in: group, isAction: group == "keys",
                        hint: hint(name.string, in: group, among: names))
                )
                continue
            }
            if let words = words(of: value, setting: group + "." + name.string, &reader) {
                entries.append(Entry(setting: group + "." + name.string, words: words, location: value.location))
            }
        }
        return entries
    }

    private static func example(_ group: String) -> String {
        group == "keys" ? "done: ctrl-d" : group == "colors" ? "accent: magenta" : "…"
    }

    private static func hint(_ name: String, in group: String, among names: [String]) -> Message {
        if group == "keys", let action = KeyAction(rawValue: name), let refusal = KeyRebinding.refusal(of: action) {
            return refusal
        }
        if let close = Suggestion.closest(to: name, among: names) { return .didYouMean(close) }
        return .configExpected(names)
    }

    /// A value's words: a scalar's text, or a list's items where the setting takes a list.
    private static func words(of node: Node, setting name: String, _ reader: inout NodeReader) -> [String]? {
        let setting = ConfigSetting.named(name)!
        switch node {
        case .scalar(let scalar):
            if scalar.string.isEmpty, scalar.style == .plain {
                reader.error(node, Message.configNoValue(setting.key, values: setting.valuesSaid))
                return nil
            }
            return [scalar.string]
        case .sequence(let sequence) where setting.takesList:
            var words: [String] = []
            for item in sequence {
                guard case .scalar(let scalar) = item else {
                    reader.error(item, Message.configKeyNotText(setting.key, found: item.kindSaid))
                    return nil
                }
                words.append(scalar.string)
            }
            return words
        default:
            reader.error(node, Message.configMustBe(setting.key, values: setting.valuesSaid, found: node.kindSaid))
            return nil
        }
    }
}

/// Where a setting's value came from.
public enum ConfigSource: Hashable, Sendable, CustomStringConvertible {
    case standard
    case file(path: String, location: SourceLocation)
    case environment(String)

    /// `default`, `PATH:LINE:COLUMN`, `KEYFORM_DB`.
    public var description: String {
        switch self {
        case .standard: "default"
        case .file(let path, let location): "\(path):\(location)"
        case .environment(let name): name
        }
    }

    /// The place in `language`: only `default` is a word; a path and a variable stay as written.
    public func said(in language: Language) -> String {
        self == .standard ? language.text(.configSourceDefault) : description
    }
}

/// A problem of the config, at the place it was written.
public struct ConfigProblem: Hashable, Sendable, CustomStringConvertible {
    public var place: ConfigSource
    public var severity: Diagnostic.Severity
    /// What is wrong, said in the reader's language (`said(in:)`).
    public var said: Message
    /// What is wrong, in English.
    public var message: String { said.english }

    public init(_ severity: Diagnostic.Severity, at place: ConfigSource, _ said: Message) {
        self.severity = severity
        self.place = place
        self.said = said
    }

    public init(_ severity: Diagnostic.Severity, at place: ConfigSource, _ message: String) {
        self.init(severity, at: place, .authored(message))
    }

    public var isError: Bool { severity == .error }

    /// `PATH:LINE:COLUMN: error: MESSAGE` (as `layout check` writes), or `KEYFORM_X: error: MESSAGE`.
    public var description: String { said(in: .english) }

    /// `description` with the message in `language`; the place and `error` as tools read them.
    public func said(in language: Language) -> String {
        switch place {
        case .standard: "config: \(severity.rawValue): \(language.text(said))"
        default: "\(place): \(severity.rawValue): \(language.text(said))"
        }
    }
}

/// The settings in effect: the defaults, under the file, under the
/// `KEYFORM_*` variables; where each came from; and what was wrong.
public struct ResolvedConfig: Sendable {
    public var config: UserConfig
    /// The file read, if any.
    public var path: String?
    /// Setting name to where its value came from; absent: the default.
    public var sources: [String: ConfigSource]
    public var problems: [ConfigProblem]

    public var hasErrors: Bool { problems.contains { $0.isError } }

    public func source(of setting: String) -> ConfigSource { sources[setting] ?? .standard }

    /// No file, no variables: the defaults.
    public static let standard = ResolvedConfig(config: .standard, path: nil, sources: [:], problems: [])

    /// The file's settings, then the `KEYFORM_*` variables set (and not empty)
    /// over them, then the keys checked together. A value that cannot be read
    /// leaves the setting as it was and is a problem at its place.
    /// - Parameters:
    ///   - fileProblem: why the file named could not be read (said at its path or `KEYFORM_CONFIG`).
    ///   - home: `~/` in the file's paths.
    public static func resolve(
        file: ConfigFile?, environment: [String: String], home: String?,
        fileProblem: ConfigProblem? = nil
    ) -> ResolvedConfig {
        var resolved = ResolvedConfig(
            config: .standard, path: file?.path, sources: [:], problems: fileProblem.map { [$0] } ?? [])
        if let file {
            resolved.problems += file.diagnostics.map {
                ConfigProblem($0.severity, at: .file(path: file.path, location: $0.location), $0.said)
            }
            let folder = Self.folder(of: file.path)
            for entry in file.entries {
                resolved.apply(
                    entry.setting, entry.words, at: .file(path: file.path, location: entry.location),
                    ConfigValueContext(folder: folder, home: home))
            }
        }
        for setting in ConfigSetting.setBy(environment) {
            guard let value = environment[setting.environment] else { continue }
            let words =
                setting.takesList
                ? value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                : [value]
            resolved.apply(
                setting.name, words, at: .environment(setting.environment), ConfigValueContext(folder: nil, home: home))
        }
        for (action, severity, message) in KeyRebinding.problems(resolved.config.keys) {
            resolved.problems.append(
                ConfigProblem(severity, at: resolved.source(of: "keys." + action.rawValue), message))
        }
        // In file order, then the variables' (stable: problems at one place keep their order).
        resolved.problems = resolved.problems.enumerated().sorted { a, b in
            switch (a.element.place, b.element.place) {
            case (.file(_, let x), .file(_, let y)) where x != y: x < y
            case (.file, .environment), (.file, .standard): true
            case (.environment, .file), (.standard, .file): false
            default: a.offset < b.offset
            }
        }.map(\.element)
        return resolved
    }

    private mutating func apply(
        _ name: String, _ words: [String], at place: ConfigSource, _ context: ConfigValueContext
    ) {
        guard let setting = ConfigSetting.named(name) else { return }
        if let error = setting.apply(&config, words, context) {
            problems.append(ConfigProblem(.error, at: place, error.said))
        } else {
            sources[name] = place
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
