import Testing

@testable import KeyformCore

/// Keys from the world (`choices: {command: […]}`, `choices: {file: PATH}`):
/// reading them from the form file, turning output into keys and failures
/// into words, filling arguments in, and the grid while there are none yet.
/// And the form's time limit (`timeout:`), as the engine and the footer see it.
@Suite struct ChoiceLinesTests {
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 26)!, minuteOfDay: 23 * 60)

    static let deploy = """
        fields:
          - id: country
          - id: branch
            label: Branch
            choices: {command: [git, branch, "--format=%(refname:short)", "{{country}}"], timeout: 2}
            strict: true
          - id: city
            choices: {file: cities.txt}
        """

    static func context(_ source: String, lines: [String: ChoiceLines] = [:]) throws -> FormContext {
        try FormContext.prepared(try FormParserTests.form(source), layouts: [:], clock: clock, lines: lines)
    }

    static func diagnostics(_ source: String) -> [String] {
        FormParserTests.parse(source).diagnostics.map(\.description)
    }

    // MARK: Reading the form file

    @Test func aCommandIsAListOfArgumentsWithItsTimeLimit() throws {
        let form = try FormParserTests.form(Self.deploy)
        #expect(
            form.fields[1].linesFrom
                == .command(
                    arguments: ["git", "branch", "--format=%(refname:short)", "{{country}}"],
                    timeout: .seconds(2)))
        #expect(form.fields[1].linesFrom?.namedFields == ["country"])
        #expect(form.fields[2].linesFrom == .file("cities.txt"))
        #expect(form.fields[1].options == nil && form.fields[1].choices == nil)
    }

    @Test func aCommandWithoutTimeoutHasFiveSeconds() throws {
        let form = try FormParserTests.form("fields:\n  - id: branch\n    choices: {command: [git, branch]}\n")
        #expect(form.fields[0].linesFrom == .command(arguments: ["git", "branch"], timeout: .seconds(5)))
    }

    @Test func aCommandWrittenAsOneStringIsRefusedNotSplit() {
        let found = Self.diagnostics("fields:\n  - id: branch\n    choices: {command: git branch}\n")
        #expect(found.count == 1)
        #expect(found.first?.contains("'command' must be a list: the program, then each argument (no shell)") == true)
    }

    @Test func wrongSourcesSayWhatToWrite() {
        #expect(
            Self.diagnostics("fields:\n  - id: a\n    choices: {command: [ls], file: x.txt}\n")
                == ["3:30: error: 'choices' come from a 'command' or a 'file', not both; remove one"])
        #expect(
            Self.diagnostics("fields:\n  - id: a\n    choices: {command: [ls], timeout: 0}\n")
                == ["3:39: error: 'timeout' must be from 0.1 to 600 seconds, found 0"])
        #expect(
            Self.diagnostics("fields:\n  - id: a\n    choices: {file: x.txt, timeout: 3}\n")
                == ["3:37: error: 'timeout' limits a 'command'; a file is read at once: remove it"])
        #expect(
            Self.diagnostics("fields:\n  - id: a\n    choices: {command: []}\n")
                == ["3:24: error: 'command' is empty; give the program and its arguments, like [git, branch]"])
    }

    @Test func anArgumentNamingNoFieldOrASecretIsAnError() {
        let unknown = Self.diagnostics(
            "fields:\n  - id: country\n  - id: city\n    choices: {command: [list, \"{{contry}}\"]}\n")
        #expect(unknown.count == 1)
        #expect(
            unknown.first?.contains("{{contry}} in the command of 'city' names no field; did you mean 'country'?")
                == true)
        let secret = Self.diagnostics(
            "fields:\n  - id: pin\n    secret: true\n  - id: city\n    choices: {command: [list, \"{{pin}}\"]}\n")
        #expect(secret.first?.contains("names a secret") == true)
    }

    @Test func strictAndMultipleNeedNoLayoutWithLines() {
        #expect(
            Self.diagnostics(
                "fields:\n  - id: tags\n    choices: {file: tags.txt}\n    multiple: true\n    strict: true\n") == [])
    }

    @Test func theFormsTimeLimitIsWholeSeconds() throws {
        #expect(try FormParserTests.form("timeout: 30\nfields:\n  - id: a\n").timeout == .seconds(30))
        #expect(
            Self.diagnostics("timeout: 0\nfields:\n  - id: a\n")
                == ["1:10: error: 'timeout' must be a whole number of seconds from 1 to 86400, found '0'"])
    }

    // MARK: Output into keys, failures into words

    @Test func eachNonEmptyLineIsAKeyOnceInOrder() {
        let bytes = Array("main\r\nfeature/x\n\n   \nmain\ndev".utf8)
        #expect(ChoiceLines.keys(in: bytes) == ["main", "feature/x", "dev"])
        // Not UTF-8: shown as U+FFFD; a control character stays in the text (the view escapes it).
        #expect(ChoiceLines.keys(in: [0x61, 0xFF, 0x0A, 0x62, 0x1B, 0x5B, 0x32, 0x4A]) == ["a\u{FFFD}", "b\u{1B}[2J"])
    }

    @Test func aCommandsEndingIsKeysOrAReason() {
        let five = Duration.seconds(5)
        #expect(
            ChoiceLines.fromCommand(
                program: "git", exitStatus: 0, timedOut: false, limit: five,
                output: Array("main\ndev\n".utf8), errors: []) == .keys(["main", "dev"]))
        #expect(
            ChoiceLines.fromCommand(
                program: "git", exitStatus: 128, timedOut: false, limit: five, output: [],
                errors: Array("\nfatal: not a git repository\nmore\n".utf8)
            )
            .said == "git failed (exit status 128): fatal: not a git repository")
        #expect(
            ChoiceLines.fromCommand(
                program: "slow", exitStatus: nil, timedOut: true, limit: .milliseconds(500), output: [], errors: []
            )
            .said == "slow took longer than 0.5 s and was stopped")
        #expect(
            ChoiceLines.fromCommand(
                program: "true", exitStatus: 0, timedOut: false, limit: five, output: Array("\n \n".utf8), errors: []
            )
            .said == "true printed no choices")
    }

    // MARK: Arguments

    @Test func anAnswerFillsOneArgumentNeverSplit() throws {
        let context = try Self.context(Self.deploy)
        var state = FormState.start(context)
        state.entries[0].text = "New York; rm -rf ~ $(id)"
        #expect(
            context.commandArguments(ofField: 1, state.entries)
                == ["git", "branch", "--format=%(refname:short)", "New York; rm -rf ~ $(id)"])
        #expect(context.commandArguments(ofField: 0, state.entries) == nil)
    }

    // MARK: The grid

    @Test func whileLoadingTheGridIsTitledWithASpinnerAndTheLabel() throws {
        let context = try Self.context(Self.deploy, lines: ["branch": .loading(tick: 1)])
        let grid = try #require(context.layout(ofField: 1, []))
        #expect(grid.title == "⠙ Loading Branch…")
        #expect(grid.allKeys.isEmpty, "strict: nothing to pick yet, and no keyboard")
        #expect(context.fields[1].input == .grid)
        let city = try #require(context.layout(ofField: 2, []))
        #expect(city.title == "city: keys from cities.txt (not read here)")
        #expect(city.allKeys.map(\.label) == ["abc (none yet)"])
    }

    @Test func theLinesBecomeKeysAndAStrictFieldAcceptsOnlyThem() throws {
        let context = try Self.context(Self.deploy, lines: ["branch": .keys(["main", "dev"])])
        let grid = try #require(context.layout(ofField: 1, []))
        #expect(grid.allKeys.map(\.text) == ["main", "dev"])
        #expect(grid.allKeys.map(\.hotkey) == ["1", "2"])
        var state = FormState.start(context)
        state.entries[1].text = "main"
        #expect(throws: Never.self) { try context.validate(field: 1, state.entries).get() }
        state.entries[1].text = "release"
        #expect((try? context.validate(field: 1, state.entries).get()) == nil)
    }

    @Test func aFailureIsSaidWhereTheKeysWouldBe() throws {
        let failed = ChoiceLines.failed(
            .choicesCommandFailed(program: "git", status: 128, said: "fatal: not a git repository"))
        let context = try Self.context(Self.deploy, lines: ["branch": failed])
        #expect(
            context.layout(ofField: 1, [])?.title == "Branch: git failed (exit status 128): fatal: not a git repository"
        )
    }

    /// The words Keyform writes into the grids it makes are said in the form's
    /// language, though the form is prepared before the language is known:
    /// the loading title, a failure, where keys would come from, and its keys.
    @Test func aGridsOwnWordsAreSaidInTheFormsLanguage() throws {
        let failed = ChoiceLines.failed(.choicesTookTooLong(program: "git", seconds: 120))
        var context = try Self.context(Self.deploy, lines: ["branch": failed])
        context.language = .japanese
        #expect(context.layout(ofField: 1, [])?.title == "Branch: git が 2 分を過ぎても終わらないため止めました")
        let city = try #require(context.layout(ofField: 2, []))
        #expect(city.title == "city: キーは cities.txt から（ここでは読みません）")
        #expect(city.allKeys.map(\.label) == ["abc（まだありません）"])

        var loading = try Self.context(Self.deploy, lines: ["branch": .loading(tick: 1)])
        loading.language = .japanese
        #expect(loading.layout(ofField: 1, [])?.title == "⠙ Branch を読み込んでいます…")
        let frame = FormView.render(FormState.start(loading, focus: 1), loading, width: 60, height: 20)
        #expect(frame.text().contains("Branch を読み込んでいます…"), "\(frame.text())")
        #expect(!frame.text().contains("Loading"), "\(frame.text())")
        loading.language = .english
        #expect(loading.layout(ofField: 1, [])?.title == "⠙ Loading Branch…", "and back, when a language is set again")

        var toppings = try Self.context(
            "fields:\n  - id: toppings\n    choices: [Olives, Basil]\n    multiple: true\n")
        #expect(toppings.layout(ofField: 0, [])?.allKeys.last?.label == "Done")
        toppings.language = .japanese
        #expect(toppings.layout(ofField: 0, [])?.allKeys.last?.label == "完了")
    }

    // MARK: Time limits

    @Test func theTimeLeftChangesNoNoticeAndTheEndKeepsTheDraft() throws {
        let context = try Self.context("fields:\n  - id: a\n    required: true\n  - id: b\n")
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .commitPressed, context)  // a is required: a problem shows
        let problems = state.problems
        #expect(!problems.isEmpty)
        state.notice = "something said"
        #expect(FormEngine.reduce(&state, .timeLeft(seconds: 42), context) == [])
        #expect(state.secondsLeft == 42)
        #expect(state.notice == "something said")
        #expect(state.problems == problems)
        state.entries[1].text = "typed"
        let effects = FormEngine.reduce(&state, .timeRanOut, context)
        #expect(state.outcome == .timedOut)
        #expect(effects == [.saveDraft(state.draft(context)), .finish(.timedOut)])
        #expect(state.draft(context)["b"] == .line("typed"))
    }

    @Test func theFooterShowsTheTimeLeftAndTheEnd() throws {
        let context = try Self.context("fields:\n  - id: a\n")
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .timeLeft(seconds: 42), context)
        let lines = FormView.render(state, context, width: 80, height: 24).text().split(separator: "\n")
        #expect(lines.last?.hasSuffix("42 s left") == true)
        _ = FormEngine.reduce(&state, .timeLeft(seconds: 65), context)
        #expect(FormView.render(state, context, width: 80, height: 24).text().hasSuffix("1:05 left"))
        _ = FormEngine.reduce(&state, .timeRanOut, context)
        #expect(
            FormView.render(state, context, width: 80, height: 24).text().hasSuffix("Time is up; the draft is kept"))
    }
}

extension ChoiceLines {
    /// The reason there are no keys, in English (nil when there are keys or none were looked for).
    fileprivate var said: String? {
        if case .failed(let reason) = self { reason.english } else { nil }
    }
}
