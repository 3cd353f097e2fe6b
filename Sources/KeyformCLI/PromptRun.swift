import ArgumentParser
import Foundation
import KeyformCore
import KeyformRun
import KeyformTerminal

/// The flags every prompt takes (`--format`, `--inline`/`--no-inline`, `--timeout`, `--no-animation`).
struct PromptOptions: ParsableArguments {
    @Option(help: "What stdout gets: text (the value alone; a list one item a line) or json.")
    var format: Prompt.Format?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Draw under the cursor, in as many lines as the prompt needs (the default), or on the full screen (--no-inline)."
    )
    var inline: Bool?

    @Option(
        help: ArgumentHelp("End the prompt after this many seconds, as Esc but with exit 124.", valueName: "SECONDS"))
    var timeout: Int?

    @Flag(help: "No transitions (also when NO_MOTION is set, or the config says animation: false).")
    var noAnimation = false
}

extension Prompt.Format: ExpressibleByArgument {}

/// Runs a prompt (`Prompt`: the flags as a form) the way `keyform run` runs a
/// form — the same engine, runner, config, keys and exit statuses — and prints
/// its answer. Nothing is stored: a prompt keeps no record and no draft
/// (`--history` keeps earlier answers, in a file of their own).
@MainActor
enum PromptRun {
    /// Asks `prompt` on the terminal (/dev/tty, whatever stdin and stdout are)
    /// and prints the answer on stdout. Without a terminal the answer is the
    /// one the flags give (`Prompt.answersWithoutTerminal`), checked as if typed;
    /// with none, exit 2 saying what to give.
    /// - Throws: `Departure` (Esc 1, Ctrl-C 130, signals), `Failure` (2: usage,
    ///   no terminal and no answer; 74: stdout failed); `ExitCode(1)` for a confirm answered no.
    static func ask(_ prompt: Prompt, options: PromptOptions, history: PromptHistory? = nil) throws {
        let config = try Settings.load()
        let defaults = PromptVariable.Defaults(prompt.command, environment: ProcessInfo.processInfo.environment)
        let format =
            try options.format ?? defaults.string("format", nil).map { text in
                guard let format = Prompt.Format(rawValue: text) else {
                    throw Failure(
                        .promptFormatNotTextOrJSON(
                            variable: "KEYFORM_\(prompt.command.rawValue.uppercased())_FORMAT", value: text))
                }
                return format
            } ?? .text
        let inline = try checked { () throws(Prompt.Problem) in
            try defaults.flag("inline", options.inline, otherwise: true)
        }
        // The form's own time limit (`timeout:`, counted down in the footer): no second timer.
        var form = prompt.form
        if let seconds = try checked({ () throws(Prompt.Problem) in try defaults.integer("timeout", options.timeout) })
        {
            guard (1...86_400).contains(seconds) else {
                throw Failure(.timeoutOutOfRange(seconds))
            }
            form.timeout = .seconds(seconds)
        }
        let context: FormContext
        do {
            context = try FormContext.prepared(form, layouts: prompt.layouts, clock: .now())
        } catch {
            throw Failure(message: "--pattern: \(Speaking.describe(error))")
        }
        let record: Record
        do {
            var hooks = TerminalRunner.Hooks()
            if let history { hooks.history = { _ in history.answers() } }
            var terminal = TerminalRunner.Options.fromEnvironment(animate: !options.noAnimation, config: config)
            terminal.inline = inline
            record = try TerminalRunner.run(context: context, state: .start(context), options: terminal, hooks: hooks)
                .record()
        } catch let error as TerminalError {
            record = try answerWithoutTerminal(prompt, context, because: error)
        }
        if let history, let value = record[prompt.field.id], !value.text.isEmpty { history.add(value.text) }
        try Output.result(prompt.output(record, format: format))
        if prompt.saysNo(record) { throw ExitCode(1) }
    }

    /// The answer the flags give, checked as a typed one would be (exit 2 with
    /// `keyform: field 'input': REASON` when it is not valid).
    private static func answerWithoutTerminal(
        _ prompt: Prompt, _ context: FormContext, because error: TerminalError
    ) throws -> Record {
        guard prompt.answersWithoutTerminal else {
            throw WithoutTerminal.failure(error, WithoutTerminal.prompt(prompt.command))
        }
        switch HeadlessFill.fill(context, answers: [:]) {
        case .success(let record): return record
        case .failure(let problems):
            Output.error(lines: problems.said(in: Speaking.language).trimmingCharacters(in: .newlines))
            throw ExitCode(ExitStatus.badUsage)
        }
    }

    /// A flag combination the prompt refuses, as bad usage (exit 2).
    static func checked<T>(_ make: () throws(Prompt.Problem) -> T) throws -> T {
        do { return try make() } catch { throw Failure(error.said) }
    }
}

extension WithoutTerminal {
    /// What a prompt without a terminal needs: the answer in its flags.
    static func prompt(_ command: Prompt.Command) -> Message {
        switch command {
        case .input, .write, .date, .time: .withoutTerminalValue
        case .choose: .withoutTerminalSelected
        case .confirm: .withoutTerminalDefault
        }
    }
}

/// Earlier answers of `keyform input --history NAME`, offered by Up (readline's
/// history), oldest first: one a line in `$XDG_STATE_HOME/keyform/history/NAME`
/// (`~/.local/state/keyform/history/NAME`), the newest 500 kept.
struct PromptHistory {
    let path: String
    static let kept = 500

    /// - Throws: `Failure` for a name that is not a plain file name.
    init(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else {
            throw Failure(.historyNotAName(name))
        }
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
            + "/.local/state"
        path = state + "/keyform/history/" + name
    }

    func answers() -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Adds an answer (not again when it is the newest already). A failure to
    /// write is not the script's problem: the answer is printed all the same.
    func add(_ answer: String) {
        guard !answer.contains("\n") else { return }
        var lines = answers()
        guard lines.last != answer else { return }
        lines.append(answer)
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? (lines.suffix(Self.kept).joined(separator: "\n") + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
    }
}
