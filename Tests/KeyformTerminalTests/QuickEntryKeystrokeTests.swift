import Foundation
import KeyformCore
import KeyformTerminal
import Testing

/// Quick entry, measured in keystrokes: scripted entries of the swim demo, each
/// counted and compared with typing the same line at a plain readline prompt
/// (every character, then Enter). The figures are quoted in docs/PERFORMANCE.md.
@MainActor
@Suite(.serialized) struct QuickEntryKeystrokeTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    static func swim() throws -> FormContext {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("demo/swim.yaml")))
        let layouts = ShippedLayouts.sources.compactMapValues { LayoutParser.parse($0).value }
        let form = try #require(
            FormParser.parse(
                bytes: bytes, stem: "swim", layouts: { layouts[$0].map(LayoutAvailability.found) ?? .missing }
            ).value)
        return try FormContext(form: form, layouts: layouts, clock: WallClock(today: today))
    }

    /// The line a script gives, and how many keys it took.
    func enter(_ script: String, in context: FormContext, state: FormState? = nil) throws -> (line: String, keys: Int) {
        let keys = try KeyScript.parse(script).get()
        let result = ScriptedRun.run(context: context, state: state ?? .start(context), keys: keys)
        guard case .submitted(let record)? = result.outcome else {
            Issue.record("not submitted:\n\(result.frame.text())")
            return ("", keys.count)
        }
        return (try RecordFormat.template(record, form: context.form).trimmingCharacters(in: .newlines), keys.count)
    }

    @Test(arguments: [
        ("fae<C-s>", "2026-11-22 Freestyle 400m Easy", 4),
        ("bsh<C-s>", "2026-11-22 Backstroke 800m Hard", 4),
        ("<S-Tab>yrdx<C-s>", "2026-11-21 Breaststroke 1500m Max", 6),
        ("faef", "2026-11-22 Freestyle 400m Easy (Felt strong)", 4),
    ])
    func oneKeyPerChoice(script: String, line: String, keys: Int) throws {
        let entry = try enter(script, in: Self.swim())
        #expect(entry.line == line)
        #expect(entry.keys == keys)
        let typed = line.count + 1  // the same line at a readline prompt, then Enter
        #expect(typed >= 5 * entry.keys, "\(typed) typed keys vs \(entry.keys)")
    }

    /// A month of varied swims as a person logs them (docs/PERFORMANCE.md quotes
    /// the figure): the form opens past today's date, so a day's entry costs one
    /// key per real choice — stroke, distance, effort, and the note (a phrase, or
    /// Ctrl-S for none, which also submits) — and none for the date. Another day
    /// costs Shift-Tab back to the date and its key.
    @Test func aMonthOfEntriesCostsOneKeyPerChoice() throws {
        let context = try Self.swim()
        let strokes = ["f", "b", "r", "y", "m"], distances = ["q", "w", "e", "r", "a", "s", "d"]
        let efforts = ["e", "m", "h", "x"], notes: [String?] = [nil, "f", "t", "w", nil, "e", "o"]
        var keys = 0
        var otherDays = 0
        for day in 0..<30 {
            let yesterday = day % 7 == 3
            let script =
                (yesterday ? "<S-Tab>y" : "") + strokes[day % 5] + distances[day % 7] + efforts[day % 4]
                + (notes[day % 7] ?? "<C-s>")
            let entry = try enter(script, in: context)
            #expect(entry.line.hasPrefix(yesterday ? "2026-11-21 " : "2026-11-22 "), "\(script): \(entry.line)")
            let choices = 4 + (yesterday ? 1 : 0)
            #expect(entry.keys == choices + (yesterday ? 1 : 0), "\(script)")
            keys += entry.keys
            otherDays += yesterday ? 1 : 0
        }
        // 26 entries of today at 4 keys, 4 of yesterday at 6: 128 keys, 4.27 an entry
        // (every entry paid t or y before: 150, 5.0).
        #expect(otherDays == 4)
        #expect(keys == 128)
    }

    @Test func repeatingTheLastEntryWithOneFieldChangedTakesThreeKeys() throws {
        let context = try Self.swim()
        // `keyform run swim --repeat`: every field from the last record, the date still today.
        let last: [String: FieldInput] = ["stroke": "Freestyle", "distance": "400", "effort": "Easy", "note": ""]
        let entry = try enter("<M-3>s<C-s>", in: context, state: .start(context, values: last))
        #expect(entry.line == "2026-11-22 Freestyle 800m Easy")
        #expect(entry.keys == 3)
    }
}
