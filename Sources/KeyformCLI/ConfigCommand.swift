import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformStore

/// The person's config for this process (`ConfigFiles`), read once, for the
/// commands that use it: run, browse, demo and records.
enum Settings {
    private static let loaded = ConfigFiles.load()

    /// The database the config (with KEYFORM_DB) names, errors or not: they are said by `load()`.
    static var configuredDatabase: String? { loaded.config.database }

    /// The settings in effect.
    /// - Throws: `Failure` (status 2, like an invalid form file) after printing
    ///   each error, when the config has any: a broken config never runs a
    ///   command with settings the person did not mean. Its warnings are for
    ///   `keyform config check`.
    static func load() throws -> UserConfig {
        guard loaded.hasErrors else { return loaded.config }
        for problem in loaded.problems where problem.isError { Output.error(problem.said(in: Speaking.language)) }
        throw Failure(.configHasErrors)
    }
}

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file and show the settings in effect.",
        discussion: """
            The config file is $KEYFORM_CONFIG (/dev/null for none), else \
            $XDG_CONFIG_HOME/keyform/config.yaml (~/.config/keyform/config.yaml). It is \
            YAML, and every setting is optional:

              database: ~/notes/keyform.sqlite   # relative: to the file's folder
              animation: false
              colors: {accent: magenta, error: red, dim: 244, highlight: "#ff8800"}
              keys: {done: alt-d, cancel: [esc, ctrl-g]}

            A color is a name, bright-NAME, 0-255, #rrggbb or none; a key is ctrl-X, \
            alt-X, a named key (esc, f2, enter...) or a character, and the keys' names \
            are the actions of the key maps. Each setting has a KEYFORM_* variable \
            that overrides the file; flags (--db, --no-animation) override both, and \
            NO_COLOR, NO_MOTION and TERM=dumb turn color and motion off. \
            keyform config show --variables lists every setting with its variable and \
            the values it takes.
            """,
        subcommands: [ConfigCheckCommand.self, ConfigShowCommand.self]
    )
}

struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report problems in the config file and the KEYFORM_* variables.",
        discussion: """
            One diagnostic a line on stderr, PATH:LINE:COLUMN: error: MESSAGE (or warning); \
            a variable's as NAME: error: MESSAGE. Without FILE, the config in effect is \
            checked: the file and the variables over it. Exits 1 if any error was found, \
            2 when FILE cannot be read, else 0.
            """
    )

    @Argument(
        help: "A config file to check instead of the one in effect (the variables are checked with it).",
        completion: .file(extensions: ["yaml", "yml"]))
    var file: String?

    func run() throws {
        let resolved: ResolvedConfig
        if let file {
            let bytes: [UInt8]
            do {
                bytes = try SourceFiles.read(file)
            } catch {
                throw Failure(message: "\(file): \(Speaking.describe(error))")
            }
            let environment = ProcessInfo.processInfo.environment
            resolved = ResolvedConfig.resolve(
                file: ConfigFile.parse(bytes, path: file), environment: environment,
                home: environment["HOME"])
        } else {
            resolved = ConfigFiles.load()
        }
        for problem in resolved.problems { Output.error(problem.said(in: Speaking.language)) }
        if resolved.hasErrors { throw ExitCode(1) }
    }
}

struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the settings in effect and where each comes from.",
        discussion: """
            One line a setting: NAME, VALUE, and where it comes from (the file's \
            PATH:LINE:COLUMN, a KEYFORM_* variable, or default). The first line names \
            the config file. With --variables, each setting's KEYFORM_* variable and \
            what the setting does instead. Problems are printed on stderr as by keyform config check \
            (exit 1 if any is an error).
            """
    )

    @Flag(help: "List each setting's KEYFORM_* variable and what the setting does.")
    var variables = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if variables {
            // The settings of the config file, then the prompts' flags (each command's defaults).
            let rows =
                ConfigSetting.all.map { [$0.name, $0.environment, $0.summary] }
                + PromptVariable.all.map { [$0.usage, $0.name, $0.summary] }
            return try Output.result(ConfigShow.table(rows))
        }
        let resolved = ConfigFiles.load()
        let place = ConfigFiles.path()
        let language = Speaking.language
        let file =
            place.map { place in
                place.path
                    + (FileManager.default.fileExists(atPath: place.path)
                        ? "" : language.text(.configFileNotFound))
                    + (place.named ? " (KEYFORM_CONFIG)" : "")
            } ?? language.text(.configFileNone(byVariable: environment["KEYFORM_CONFIG"] == "/dev/null"))
        let database = StoreLocation.defaultPath(
            environment: environment.filter { $0.key != "KEYFORM_DB" }, home: NSHomeDirectory())
        try Output.result(ConfigShow.text(resolved, file: file, defaultDatabase: database, in: language))
        for problem in resolved.problems { Output.error(problem.said(in: Speaking.language)) }
        if resolved.hasErrors { throw ExitCode(1) }
    }
}

/// `config show`'s text: pure, so its tests need no process.
enum ConfigShow {
    static func text(
        _ resolved: ResolvedConfig, file: String, defaultDatabase: String, in language: Language = .english
    ) -> String {
        var rows: [[String]] = []
        for setting in ConfigSetting.all {
            var value = setting.show(resolved.config)
            if setting.name == "database", value.isEmpty { value = defaultDatabase }
            if setting.name == "author", value.isEmpty { value = StoreAuthor.current }
            var source = resolved.source(of: setting.name).said(in: language)
            // A role no colour of its own was written for has the theme's: said so.
            if setting.group == "colors", resolved.sources[setting.name] == nil, resolved.config.theme != .standard {
                source = language.text(.configSourceTheme(resolved.config.theme.rawValue))
            }
            rows.append([setting.name, value, source])
        }
        return language.text(.configShowFile(TerminalSafe.escaped(file))) + "\n" + table(rows)
    }

    /// Columns padded to their widest cell; the last one as it is.
    static func table(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map(TerminalSafe.escaped) }
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() where index < columns - 1 {
                widths[index] = max(widths[index], TextWidth.cells(cell))
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index < row.count - 1
                    ? cell + String(repeating: " ", count: widths[index] - TextWidth.cells(cell) + 2) : cell
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}
