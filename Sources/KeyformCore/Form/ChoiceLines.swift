extension Field {
    /// Keys read from outside the form file when the form runs, one a line:
    /// a program's output (`choices: {command: [git, branch]}`) or a file's
    /// lines (`choices: {file: branches.txt}`). The core never runs or reads
    /// them: the edge does, and gives the lines (`ChoiceLines`) to
    /// `FormContext.prepared`.
    public enum LineSource: Equatable, Sendable {
        /// A program and its arguments, run without a shell (each argument one
        /// argv element; `{{field}}` in one is that earlier answer), killed
        /// with what it started after `timeout`.
        case command(arguments: [String], timeout: Duration)
        /// A file, its path as written (relative to the form file's folder).
        case file(String)

        /// How long a choices command may run unless its `timeout:` says.
        public static let defaultTimeout: Duration = .seconds(5)
        /// The longest `timeout:` a choices command may have.
        public static let longestTimeout: Duration = .seconds(600)

        /// The fields a command's arguments name (`{{country}}`), each once, in order.
        public var namedFields: [String] {
            guard case .command(let arguments, _) = self else { return [] }
            var seen: Set<String> = []
            return arguments.flatMap { Interpolation.tags(in: $0) }.map(\.id).filter { seen.insert($0).inserted }
        }
    }
}

/// What a field's `choices: {command:}` or `{file:}` gives, as the edge found it.
public enum ChoiceLines: Equatable, Sendable {
    /// The command runs; `tick` turns the spinner (one step each time the scene wakes).
    case loading(tick: Int)
    /// The keys: the non-empty lines, each once, in order.
    case keys([String])
    /// Why there are no keys (the command failed, was too slow or printed
    /// nothing; the file could not be read): shown where the keys would be.
    case failed(Message)
    /// Not run or read here (`form preview`, `keyform test` without
    /// `--run-commands`): the grid says where its keys would come from.
    case notRun

    /// The frames of the spinner a loading grid shows before its words.
    public static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How often a loading grid's spinner turns (and the edge looks in on the command).
    public static let spinnerMilliseconds: Int32 = 100

    /// The keys in a program's output or a file: each line that holds more
    /// than spaces, with a `\r` before its line break dropped, each once in the
    /// order first seen. Bytes that are not UTF-8 show as `�`; a control
    /// character is kept in the key's text and escaped where it is drawn.
    public static func keys(in bytes: [UInt8]) -> [String] {
        var seen: Set<String> = []
        var keys: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let text = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace), seen.insert(text).inserted else { continue }
            keys.append(text)
        }
        return keys
    }

    /// What a choices command amounts to once it ended: its keys, or the
    /// reason there are none, in words a person can act on.
    /// - Parameters:
    ///   - program: `arguments[0]`, as written.
    ///   - exitStatus: its status when it exited; nil when a signal ended it.
    ///   - timedOut: it was killed at its `timeout`, `limit`.
    public static func fromCommand(
        program: String, exitStatus: Int32?, timedOut: Bool, limit: Duration,
        output: [UInt8], errors: [UInt8]
    ) -> ChoiceLines {
        if timedOut {
            return .failed(.choicesTookTooLong(program: program, seconds: seconds(limit)))
        }
        guard let exitStatus else { return .failed(.choicesStoppedBySignal(program: program)) }
        guard exitStatus == 0 else {
            return .failed(
                .choicesCommandFailed(program: program, status: Int(exitStatus), said: keys(in: errors).first))
        }
        let found = keys(in: output)
        return found.isEmpty ? .failed(.choicesPrintedNone(program: program)) : .keys(found)
    }

    /// A duration in seconds, to the millisecond (`0.5`).
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) / 1000
    }

    /// `⠋ Loading Branch…`: a grid whose keys are on their way (a command's, or
    /// without a spinner's step the store's: it answers once, not in steps).
    static func loadingTitle(label: String, tick: Int? = nil) -> Message {
        guard let tick else { return .choicesLoading(label: label, spinner: nil) }
        return .choicesLoading(label: label, spinner: spinner[tick % spinner.count])
    }

    /// The title of the grid while there are no keys: `⠋ Loading Branch…`,
    /// the failure, or where the keys would come from.
    func title(label: String, source: Field.LineSource) -> Message? {
        switch self {
        case .loading(let tick): Self.loadingTitle(label: label, tick: tick)
        case .failed(let reason): .choicesMissing(label: label, reason: reason)
        case .notRun:
            switch source {
            case .command(let arguments, _): .choicesNotRun(label: label, command: arguments.joined(separator: " "))
            case .file(let path): .choicesNotRead(label: label, path: path)
            }
        case .keys: nil
        }
    }
}

extension FormContext {
    /// The argv of field `index`'s choices command with these entries: each
    /// `{{field}}` filled with that answer as the field shows it (nothing while
    /// it is empty or not valid), never split: one argument stays one element.
    /// Nil when the field has no command.
    public func commandArguments(ofField index: Int, _ entries: [FormState.Entry]) -> [String]? {
        guard case .command(let arguments, _)? = fields[index].linesFrom else { return nil }
        return arguments.map { interpolated($0, entries) }
    }
}
