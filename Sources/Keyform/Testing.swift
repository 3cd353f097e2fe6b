internal import KeyformCore
internal import KeyformRun
internal import KeyformStore
internal import KeyformTerminal

/// How a form ended under the test double.
public enum KeyformOutcome: Sendable, Hashable {
    /// Done was pressed with the form valid: there is a record.
    case submitted
    /// Esc.
    case cancelled
    /// Ctrl-C (`<C-c>`).
    case interrupted
    /// A signal ended the form.
    case terminated(signal: Int32)
    /// The form's time limit ran out.
    case timedOut
    /// The keys ran out with the form still open (Done disabled, say).
    case open
}

/// What a scripted run of a form gave: how it ended, the record (decoded when
/// asked), and the last screen as text.
///
/// ```swift
/// let result = try await form.test(keys: "Buy milk<Enter>h<Enter><Enter><Enter>", as: ToDo.self)
/// #expect(result.outcome == .submitted)
/// #expect(result.value?.priority == "High")
/// ```
public struct KeyformTestResult<Value> {
    /// How the form ended.
    public let outcome: KeyformOutcome
    /// The record decoded into `Value` (the record itself for `KeyformTestResult<KeyformRecord>`);
    /// nil unless the form was submitted.
    public let value: Value?
    /// The submitted record; nil unless the form was submitted.
    public let record: KeyformRecord?
    /// The last screen, plain text (no color), one line per row, without trailing
    /// spaces or trailing empty lines: what `screen:` in a `keyform test` file compares.
    public let screen: String
    /// The rule of the form that keeps Done disabled when the keys ran out with
    /// every field valid (the form still open): its name and message; nil otherwise.
    public let brokenRule: (name: String, message: String)?

    init(
        outcome: KeyformOutcome, value: Value?, record: KeyformRecord?, screen: String,
        brokenRule: (name: String, message: String)? = nil
    ) {
        self.outcome = outcome
        self.value = value
        self.record = record
        self.screen = screen
        self.brokenRule = brokenRule
    }
}

extension KeyformTestResult: Sendable where Value: Sendable {}

extension KeyformForm {
    /// Fills the form in with a key script, headless — the engine `keyform test`
    /// runs, GNU readline included, on a virtual screen — and returns how it ended,
    /// the record and the last screen. No terminal is needed: use it in your tests.
    ///
    /// The keys are written as in `keyform test` files (docs/testing-forms.md): text
    /// as is, named keys in angle brackets — `<Enter>` `<Tab>` `<S-Tab>` `<Esc>`
    /// `<BS>` `<Up>` `<Down>` `<Left>` `<Right>` `<C-c>` `<C-u>` … and `<lt>` for `<`.
    ///
    /// With ``store(at:drafts:)`` the store is used as on the terminal (the record is
    /// saved, drafts kept); a draft is then resumed only with `drafts: .resume`.
    /// - Parameters:
    ///   - keys: the key script.
    ///   - width: the virtual screen's columns.
    ///   - height: the virtual screen's rows.
    ///   - today: the day `today` means (and `default: .today`); the real one when nil.
    /// - Throws: ``KeyformError/invalidKeys(_:)``, ``KeyformError/invalidForm(_:)``,
    ///   ``KeyformError/storeUnavailable(_:)``, ``KeyformError/notStored(_:reason:)`` —
    ///   never for how the form ended, which is the result's ``KeyformTestResult/outcome``.
    @MainActor
    public func test(
        keys: String, width: Int = 80, height: Int = 24, today: KeyformDate? = nil
    ) async throws -> KeyformTestResult<KeyformRecord> {
        try ScriptedFormRun(keys: keys, width: width, height: height, today: today).run(self)
    }

    /// Fills the form in with a key script, headless, and decodes the record into
    /// `type` (see ``test(keys:width:height:today:)``).
    /// - Throws: what ``test(keys:width:height:today:)`` throws, and
    ///   ``KeyformError/decodingFailed(_:)`` when the record does not fit the type.
    @MainActor
    public func test<Value: Decodable>(
        keys: String, as type: Value.Type, width: Int = 80, height: Int = 24, today: KeyformDate? = nil
    ) async throws -> sending KeyformTestResult<Value> {
        let result = try ScriptedFormRun(keys: keys, width: width, height: height, today: today).run(self)
        var value: Value?
        if let record = result.record {
            let decoded: Value = try record.decoded()
            value = decoded
        }
        return KeyformTestResult(
            outcome: result.outcome, value: value, record: result.record, screen: result.screen,
            brokenRule: result.brokenRule)
    }
}

/// A ``FormRunner`` for tests: each ``run(_:)`` fills a form in with the next key
/// script, headless (the engine `keyform test` runs), and returns the record or
/// throws as the terminal would. Hand it to code that takes a runner.
///
/// ```swift
/// @Test @MainActor func addsAToDo() async throws {
///     let tester = KeyformTester(keys: "Buy milk<Enter>h<Enter><Enter><Enter>")
///     let todo = try await addToDo(using: tester)
///     #expect(todo.priority == "High")
///     #expect(tester.results.first?.screen.contains("New To-Do") == true)
/// }
/// ```
@MainActor
public final class KeyformTester: FormRunner {
    private var scripts: [String]
    private let width: Int
    private let height: Int
    private let today: KeyformDate?
    /// Every run so far, in order: outcome, record and last screen.
    public private(set) var results: [KeyformTestResult<KeyformRecord>] = []

    /// A tester that presses these key scripts, one per run.
    ///
    /// - Parameters:
    ///   - keys: one key script per form the code under test runs, in order (see
    ///     ``KeyformForm/test(keys:width:height:today:)`` for the notation). A run
    ///     after the last script presses no key.
    ///   - width: the virtual screen's columns.
    ///   - height: the virtual screen's rows.
    ///   - today: the day `today` means; the real one when nil.
    nonisolated public init(keys: String..., width: Int = 80, height: Int = 24, today: KeyformDate? = nil) {
        scripts = keys
        self.width = width
        self.height = height
        self.today = today
    }

    /// Fills the form in with the next key script.
    /// - Throws: ``KeyformError/cancelled``, ``KeyformError/interrupted`` and
    ///   ``KeyformError/terminated(signal:)`` as the terminal would;
    ///   ``KeyformError/ruleBroken(name:message:)`` when the keys ran out with every
    ///   field valid and a rule of the form keeping Done disabled;
    ///   ``KeyformError/unfinished(screen:)`` when they ran out with the form open otherwise;
    ///   and what ``KeyformForm/test(keys:width:height:today:)`` throws.
    public func run(_ form: KeyformForm) async throws -> KeyformRecord {
        let keys = scripts.isEmpty ? "" : scripts.removeFirst()
        let result = try ScriptedFormRun(keys: keys, width: width, height: height, today: today).run(form)
        results.append(result)
        switch result.outcome {
        case .submitted:
            if let record = result.record { return record }
            throw KeyformError.unfinished(screen: result.screen)
        case .cancelled: throw KeyformError.cancelled
        case .interrupted: throw KeyformError.interrupted
        case .terminated(let signal): throw KeyformError.terminated(signal: signal)
        case .timedOut: throw KeyformError.timedOut
        case .open:
            if let rule = result.brokenRule { throw KeyformError.ruleBroken(name: rule.name, message: rule.message) }
            throw KeyformError.unfinished(screen: result.screen)
        }
    }
}

extension KeyformOutcome {
    init(_ departure: Departure) {
        switch departure {
        case .cancelled: self = .cancelled
        case .interrupted: self = .interrupted
        case .terminated(let signal): self = .terminated(signal: signal)
        case .timedOut: self = .timedOut
        }
    }
}

/// One headless run: the form's `StoredFormRun`, driven by a key script.
@MainActor
struct ScriptedFormRun {
    var keys: String
    var width: Int
    var height: Int
    var today: KeyformDate?

    func run(_ form: KeyformForm) throws -> KeyformTestResult<KeyformRecord> {
        let presses: [KeyScript.Press]
        switch KeyScript.parse(keys) {
        case .success(let parsed): presses = parsed
        case .failure(let failure):
            throw KeyformError.invalidKeys("\(failure.message.english) (at character \(failure.offset + 1))")
        }
        let run = try form.storedRun(
            clock: today.map { WallClock(today: $0.civil, minuteOfDay: WallClock.now().minuteOfDay) } ?? .now())
        // Nobody to ask: with `.ask` the draft is left alone.
        let policy = form.draftPolicy == .ask ? .ignore : form.draftPolicy.forRun
        let start = try run.start(drafts: policy)
        let result = run.runScripted(from: start, keys: presses, width: width, height: height)
        let screen = Self.trimmed(result.frame.text())
        guard let outcome = result.outcome else {
            // The one evaluation says what keeps Done disabled: a rule, once every field is valid.
            let rule = run.context.evaluation(of: result.state).doneBlocker?.rule
            return KeyformTestResult(
                outcome: .open, value: nil, record: nil, screen: screen, brokenRule: rule.map { ($0.name, $0.message) })
        }
        do {
            let record = try run.saved(try outcome.record())
            return KeyformTestResult(outcome: .submitted, value: record, record: record, screen: screen)
        } catch let departure as Departure {
            return KeyformTestResult(outcome: KeyformOutcome(departure), value: nil, record: nil, screen: screen)
        }
    }

    /// Lines without trailing spaces, without trailing empty lines.
    static func trimmed(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
