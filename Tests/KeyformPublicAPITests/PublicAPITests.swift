// What a Swift program that depends on Keyform writes: this target imports
// `Keyform` and nothing else of the package — no @testable, no KeyformCore —
// (and `Testing`, to run it), and enables MemberImportVisibility, so that
// members of modules it does not import cannot creep in either. If this
// compiles, the public surface is enough for a realistic program and its tests.
import Keyform
import Testing

// MARK: - The program

enum Stroke: String, CaseIterable, Decodable, Sendable {
    case freestyle = "Freestyle", breaststroke = "Breaststroke", backstroke = "Backstroke"
}

struct Swim: Decodable, Equatable {
    var day: KeyformDate
    var stroke: Stroke
    var distance: Int
    var pace: Double?
    var pool: Bool?
    var effort: String
    var note: String
}

/// A layout of its own, with a page turn and the action keys.
let effortLayout = KeyformLayout(
    name: "swim-effort", title: "Effort",
    pages: [
        KeyformLayout.Page(
            "main", title: "How hard",
            rows: [
                [
                    KeyformKey("Easy", hotkey: "e"), KeyformKey("Hard", hotkey: "h"),
                    .page("More…", to: "more", hotkey: "m"),
                ]
            ]),
        KeyformLayout.Page(
            "more",
            rows: [
                [KeyformKey("Max", span: 3), .page("Back", to: "main", span: 3)],
                [.keyboard(), .clear(), .done(), .backspace(), .next(), .previous()],
            ]),
    ])

let distances = KeyformLayout(
    title: "Distance", kind: .keypad,
    rows: [
        [KeyformKey("1", hotkey: "1"), KeyformKey("0", hotkey: "0"), KeyformKey("5", hotkey: "5"), .done(hotkey: "d")],
        [.layout("Strokes", to: "swim-strokes", span: 4)],
    ])

let swimForm = KeyformForm("Swim", name: "swim", template: "{{day}} {{stroke}} {{distance}}m") {
    Page("Set") {
        DateField("day", label: "Day", required: true, default: .today, layout: .named("date"))
        ChoiceField("stroke", label: "Stroke", choices: Stroke.self, default: .freestyle)
        IntegerField("distance", label: "Distance (m)", required: true, default: 400, min: 25, layout: distances)
    }
    Page("How it went") {
        NumberField("pace", label: "Pace", default: nil, min: 0.5, max: 10.0)
        BooleanField("pool", label: "Pool?", default: true, layout: .named("yes-no"))
        ChoiceField("effort", label: "Effort", layout: effortLayout, input: .grid, required: false, default: "Easy")
        TextField(
            "note", label: "Note", required: false, default: .last, pattern: "^[^@]*$", minLength: nil, maxLength: 140)
    }
}
.store(at: "/tmp/never-opened-by-this-test.sqlite", drafts: .resume)
.animated(false)

/// The code under test takes a runner: the terminal in the program, the tester in tests.
@MainActor
func logSwim(using runner: some FormRunner, form: KeyformForm) async throws -> Swim {
    try await runner.run(form, as: Swim.self)
}

/// The program's main, as it would be written.
@MainActor
func programMain() async {
    do {
        let swim = try await swimForm.run(as: Swim.self)
        print(swim)
        let record: KeyformRecord = try await swimForm.run()
        print(record.json, record.templateLine ?? "", record.ids, record.formName, record.values.count)
        _ = try await logSwim(using: TerminalFormRunner(), form: swimForm)
    } catch let error as KeyformError {
        switch error {
        case .cancelled, .interrupted, .terminated(signal: _), .timedOut: return
        case .noTerminal(let reason): print(reason)
        case .invalidForm(let lines), .invalidConfig(let lines): lines.forEach { print($0) }
        case .storeUnavailable(let reason), .decodingFailed(let reason), .invalidKeys(let reason): print(reason)
        case .notStored(let record, let reason): print(record, reason)
        case .unfinished(let screen): print(screen)
        case .ruleBroken(let name, let message): print(name, message)
        }
        KeyformError.exit(withError: error)
    } catch {
        KeyformError.exit(withError: error)
    }
}

/// Several picks: a `multiple` field, in a layout written in Swift and from an enum.
enum Gear: String, CaseIterable, Decodable, Sendable {
    case fins = "Fins", paddles = "Paddles", buoy = "Buoy"
}

struct Kit: Decodable, Equatable {
    var drills: [String]
    var gear: [Gear]?
    var extras: [String]?
}

let drillLayout = KeyformLayout(
    title: "Drills",
    rows: [
        [KeyformKey("Catch-up", hotkey: "c"), KeyformKey("Fist", hotkey: "f"), KeyformKey("Sculling", hotkey: "s")],
        [.keyboard(hotkey: "/"), .clear(hotkey: "x"), .done(hotkey: "d")],
    ])

let kitForm = KeyformForm("Kit", name: "kit") {
    MultipleChoiceField("drills", label: "Drills", layout: drillLayout, required: true)
    MultipleChoiceField("gear", label: "Gear", choices: Gear.self, default: [.fins])
    MultipleChoiceField("extras", choices: ["Cap", "Goggles"], input: .keyboard, default: .last)
}

/// A field reused in several forms.
struct NoteField: FormField {
    var definition: FieldDefinition { TextField("note", label: "Note", maxLength: 140).definition }
}

// MARK: - Its tests

@MainActor
struct PublicAPITests {
    /// The same form without a store, so the test leaves no database behind.
    let form = KeyformForm("Quick swim", name: "quick_swim") {
        DateField("day", required: true)
        ChoiceField("stroke", choices: Stroke.self)
        IntegerField("distance", required: true, min: 25)
        NumberField("pace")
        BooleanField("pool")
        ChoiceField("effort", choices: ["Easy", "Hard"], required: true)
        NoteField()
    }

    @Test func aFormIsFilledInAndDecoded() async throws {
        let result = try await form.test(
            keys: "2026-11-21<Enter><Right><Enter>400<Enter>1.5<Enter>yes<Enter><Right><Right><Enter>felt good<Enter>",
            as: Swim.self)
        #expect(result.outcome == .submitted)
        #expect(
            result.value
                == Swim(
                    day: KeyformDate(year: 2026, month: 11, day: 21)!, stroke: .freestyle, distance: 400, pace: 1.5,
                    pool: true,
                    effort: "Hard", note: "felt good"))
        let record = try #require(result.record)
        #expect(record["distance"] == .integer(400))
        #expect(record["pace"] == .number(1.5))
        #expect(record["pool"] == .boolean(true))
        #expect(record["day"] == .date(KeyformDate("2026-11-21")!))
        #expect(record["stroke"]?.description == "Freestyle")
        #expect(try record.decode(Swim.self).note == "felt good")
        #expect(!result.screen.isEmpty)
    }

    @Test func multiplePicksDecodeAsArrays() async throws {
        // Drills: s, c toggle Sculling and Catch-up, d commits. Gear: Fins (the default) is
        // picked, no key highlighted; the first Right shows the highlight on Fins, the second
        // moves to Paddles, Enter adds it, Down Enter is Done. Extras: typed, an item a
        // line, Enter on the empty line commits.
        let result = try await kitForm.test(
            keys: "scd<Right><Right><Enter><Down><Enter>Goggles<Enter>Cap<Enter><Enter>", as: Kit.self)
        #expect(result.outcome == .submitted)
        #expect(
            result.value
                == Kit(drills: ["Sculling", "Catch-up"], gear: [.fins, .paddles], extras: ["Goggles", "Cap"]))
        let record = try #require(result.record)
        #expect(record["drills"] == .list(["Sculling", "Catch-up"]))
        #expect(record["gear"]?.description == "Fins, Paddles")
        #expect(
            record.json == #"{"drills":["Sculling","Catch-up"],"gear":["Fins","Paddles"],"extras":["Goggles","Cap"]}"#)

        // Nothing picked (Right shows the highlight on Fins, the default; Enter unpicks it): nil;
        // a required field keeps Done disabled until one is.
        let none = try await kitForm.test(keys: "fd<Right><Enter><Down><Enter><Enter>", as: Kit.self)
        #expect(none.value == Kit(drills: ["Fist"], gear: nil, extras: nil))
        #expect(none.record?["gear"] == nil)
        let blocked = try await kitForm.test(keys: "d")
        #expect(blocked.outcome == .open)
        #expect(blocked.screen.contains("Drills is required"))
        #expect(try kitForm.check().isEmpty)
    }

    @Test func theTesterIsARunner() async throws {
        let tester = KeyformTester(
            keys: "today<Enter><Right><Enter>50<Enter><Enter><Enter><Right><Enter><Enter>", width: 60, height: 20)
        let swim = try await logSwim(using: tester, form: form)
        #expect(swim.day == KeyformDate.today())
        #expect(swim.effort == "Easy")
        #expect(tester.results.count == 1)
        await #expect(throws: KeyformError.self) { try await logSwim(using: tester, form: form) }
    }

    @Test func cancelling() async throws {
        let result = try await form.test(
            keys: "<Esc>", width: 80, height: 24, today: KeyformDate(year: 2026, month: 1, day: 1))
        #expect(result.outcome == .cancelled)
        let outcomes: [KeyformOutcome] = [.submitted, .cancelled, .interrupted, .terminated(signal: 15), .open]
        #expect(outcomes.contains(result.outcome))
    }

    @Test func theFormsAreValid() throws {
        let warnings: [String] = try swimForm.check()
        #expect(warnings.isEmpty)
        #expect(swimForm.name == "swim")
        #expect(swimForm.title == "Swim")
        _ = programMain
    }

    @Test func valuesAndErrorsReadAsText() {
        let values: [KeyformValue] = [
            .text("a"), .integer(1), .number(2.5), .date(KeyformDate(year: 2026, month: 3, day: 4)!), .boolean(false),
            .list(["b", "c"]),
        ]
        #expect(values.map(\.description) == ["a", "1", "2.5", "2026-03-04", "no", "b, c"])
        let error: KeyformError = .invalidForm(["x"])
        #expect(error.exitStatus == 2)
        #expect(InputView.allCases == [.keyboard, .grid])
        #expect(KeyformLayout.Kind.allCases == [.choice, .keypad])
        let policy: KeyformForm.DraftPolicy = .discard
        #expect(policy != .ask)
        let defaults: [FieldDefault<String>] = ["x", .value("y"), .last]
        #expect(defaults.count == 3)
        let picks: [FieldDefault<[String]>] = [["x", "y"], .value(["z"]), .last, []]
        #expect(picks.count == 4)
    }
}
