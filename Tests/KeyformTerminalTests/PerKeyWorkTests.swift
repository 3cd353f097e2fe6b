import Foundation
import KeyformCore
import Testing

@testable import KeyformTerminal

/// What one key costs through the real session (decoder, key maps, readline,
/// engine, a frame drawn after each key, as the terminal does), counted through
/// `FormEvaluation.counter`: a key evaluates the form once at most, validates
/// only the field it changed, and a key that changes no value evaluates nothing
/// (Done's blocker, the footer's hints and the key maps read the evaluation kept).
@MainActor
@Suite(.serialized) struct PerKeyWorkTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    /// 200 text fields on one page, the second required: the size the aim names.
    static let wide = try! FormContext(
        form: Form(
            title: "Wide", name: "wide",
            pages: [
                Form.Page(
                    fields: [Field(id: "name", label: "Name"), Field(id: "code", label: "Code", required: true)]
                        + (3...200).map { Field(id: "f\($0)", label: "Field \($0)") })
            ]),
        layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))

    /// A grid of choices after a text field.
    static let picking = try! FormContext(
        form: Form(
            title: "Trip", name: "trip",
            pages: [
                .init(fields: [
                    Field(id: "place", label: "Place", required: true),
                    Field(id: "kind", label: "Kind", layout: "kinds", input: .grid, strict: true),
                ])
            ]),
        layouts: [
            "kinds": Layout(
                title: "Kinds",
                pages: [
                    .init(rows: [
                        [Layout.Key(label: "Beach"), Layout.Key(label: "Food"), Layout.Key(label: "City")],
                        [Layout.Key(label: "Hike"), Layout.Key(label: "Museum"), Layout.Key(label: "Rest")],
                    ])
                ])
        ],
        clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))

    /// Each key's counts, the frame drawn after it.
    func counts(_ session: FormSession, _ keys: [String]) -> [(evaluations: Int, validations: Int)] {
        keys.map { key in
            let counter = FormEvaluation.Counter()
            FormEvaluation.$counter.withValue(counter) {
                _ = session.receive(Array(key.utf8))
                _ = session.frame(width: 80, height: 24, color: true)
            }
            return (counter.evaluations, counter.validations)
        }
    }

    @Test func aTypedKeyEvaluatesOnceAndValidatesItsFieldAlone() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        let typed = counts(session, ["A", "d", "a", "é", "日", "\u{7F}"])
        // The Backspace brings back the entries of two keys ago: remembered, not evaluated again.
        #expect(typed.map(\.evaluations) == [1, 1, 1, 1, 1, 0], "\(typed)")
        #expect(typed.map(\.validations) == [1, 1, 1, 1, 1, 0], "\(typed)")
        #expect(session.state.entries[0].text == "Adaé")
        // Keys that move the cursor change no value: nothing is evaluated, and Done still names the field that blocks it.
        let moved = counts(session, ["\u{1B}[D", "\u{1B}[D", "\u{01}", "\u{05}"])
        #expect(moved.map(\.evaluations) == [0, 0, 0, 0], "\(moved)")
        #expect(session.frame(width: 80, height: 24, color: true).lines.last?.text.contains("Code") == true)
    }

    /// Issue 27: a key's evaluation decided each of the 200 fields again (its
    /// `required_if`, its `when`, its value for the rules) though one changed.
    /// A key typed into a field nothing else reads decides that field alone, and
    /// Done's blocker is the one kept: the required Code, which no key touched.
    @Test func aTypedKeyDecidesItsFieldAlone() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        let decided = ["A", "d", "é", "\u{7F}", "x"].map { key in
            let counter = FormEvaluation.Counter()
            FormEvaluation.$counter.withValue(counter) {
                _ = session.receive(Array(key.utf8))
                _ = session.frame(width: 80, height: 24, color: true)
            }
            return counter.fieldsDecided
        }
        // The Backspace brings back the entries of two keys ago: remembered, nothing decided.
        #expect(decided == [1, 1, 1, 0, 1], "\(decided)")
        #expect(session.state.entries[0].text == "Adx")
        #expect(session.frame(width: 80, height: 24, color: true).lines.last?.text.contains("Code") == true)
    }

    /// Issue 27: the memo compared every entry of the 200 with each it kept, on
    /// every ask of a key (the footer, the Done line, the key maps, the reducer):
    /// 800 and more a key. The state's own entries asked for again are told by
    /// their storage, and other entries are compared up to the first that differs.
    @Test func aTypedKeyComparesTheEntriesUpToItsField() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        let compared = ["A", "d", "a", "\u{7F}"].map { key in
            let counter = FormEvaluation.Counter()
            FormEvaluation.$counter.withValue(counter) {
                _ = session.receive(Array(key.utf8))
                _ = session.frame(width: 80, height: 24, color: true)
                _ = session.frame(width: 80, height: 24, color: true)
            }
            return counter.entriesCompared
        }
        // The first field changed: one entry of each kept evaluation (two at most), of 200.
        #expect(compared.prefix(3).allSatisfy { $0 <= 2 }, "\(compared)")
        // The Backspace brings back the entries of two keys ago: found whole once, then told by their storage.
        #expect(compared[3] <= 1 + 200, "\(compared)")
        #expect(session.state.entries[0].text == "Ad")
    }

    @Test func aGridMoveEvaluatesOnlyWhatItsPickWouldMake() {
        let session = FormSession(context: Self.picking, state: .start(Self.picking))
        defer { session.close() }
        _ = session.receive(Array("Lisbon\r".utf8))
        _ = session.frame(width: 80, height: 24, color: true)
        #expect(session.state.grid != nil)
        let moves = counts(session, ["\u{1B}[C", "\u{1B}[C", "\u{1B}[B", "\u{1B}[D"])
        // The footer asks what Enter would make of the highlighted key (whether it
        // submits): the entries of that pick, the one field changed, once a move.
        #expect(moves.map(\.evaluations).allSatisfy { $0 <= 1 }, "\(moves)")
        #expect(moves.map(\.validations).allSatisfy { $0 <= 1 }, "\(moves)")
        // Drawn again with nothing changed: nothing at all.
        let counter = FormEvaluation.Counter()
        FormEvaluation.$counter.withValue(counter) { _ = session.frame(width: 80, height: 24, color: true) }
        #expect(counter.evaluations == 0)
    }

    /// Issue 27: a frame drew every field of the page (its label padded, its
    /// value escaped and cut), though 24 rows show some 18 of them. It draws
    /// the fields in view only: the focused one, and those the window shows.
    @Test func aKeyDrawsTheFieldsInViewOnly() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        let drawn = ["A", "d", "\u{1B}[D", "\r", "x", "\r"].map { key in
            let counter = FormEvaluation.Counter()
            FormEvaluation.$counter.withValue(counter) {
                _ = session.receive(Array(key.utf8))
                _ = session.frame(width: 80, height: 24, color: true)
            }
            return counter.fieldsDrawn
        }
        #expect(session.state.focus == 2)
        // No more fields than the 24 rows could show, of 200.
        #expect(drawn.allSatisfy { $0 > 0 && $0 <= 24 }, "\(drawn)")
    }

    /// Issue 27: each key drew the lines of the fields in view again (each label
    /// padded, each value escaped and measured), though only the focused field's
    /// value changed. The lines of the others are kept (`FormView.PlainLines`):
    /// a typed key draws its field alone; Enter draws the field left (its value
    /// now shown as a value) and the one entered; a new width draws those in view.
    @Test func aTypedKeyDrawsItsFieldAlone() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        func drawn(_ key: String, width: Int = 80) -> Int {
            let counter = FormEvaluation.Counter()
            FormEvaluation.$counter.withValue(counter) {
                _ = session.receive(Array(key.utf8))
                _ = session.frame(width: width, height: 24, color: true)
            }
            return counter.fieldsDrawn
        }
        let typed = ["A", "d", "a", "\u{7F}", "\u{1B}[D"].map { drawn($0) }
        #expect(typed == [1, 1, 1, 1, 1], "\(typed)")
        #expect(drawn("\r") == 2)
        #expect(drawn("x") == 1)
        #expect(drawn("y", width: 60) > 15, "a new width draws the fields in view again")
        #expect(drawn("z", width: 60) == 1)
        let frame = session.frame(width: 60, height: 24, color: true).lines.map(\.text)
        #expect(frame.contains { $0.hasPrefix("  Name") && $0.hasSuffix("Ad") }, "\(frame)")
        #expect(frame.contains { $0.hasPrefix("› Code") && $0.contains("xyz") }, "\(frame)")
    }

    /// Issue 27: the evaluations the memo kept held the state's entries, so the
    /// reducer's write of a typed key copied all 200 of them (and the memo then
    /// freed the old ones). A typed key now writes the state's entries in place.
    @Test func aTypedKeyWritesTheEntriesInPlace() {
        let session = FormSession(context: Self.wide, state: .start(Self.wide))
        defer { session.close() }
        _ = session.frame(width: 80, height: 24, color: true)
        func storage() -> UnsafeRawPointer? {
            session.state.entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let first = storage()
        for key in ["A", "d", "é", "\u{7F}", "\u{1B}[D", "x"] {
            _ = session.receive(Array(key.utf8))
            _ = session.frame(width: 80, height: 24, color: true)
            #expect(storage() == first, "after \(key.debugDescription)")
        }
        #expect(session.state.entries[0].text == "Axd")
        #expect(session.frame(width: 80, height: 24, color: true).lines.last?.text.contains("Code") == true)
    }
}
