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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("demo/swim.yaml")))
        let layouts = ShippedLayouts.sources.compactMapValues { LayoutParser.parse($0).value }
        let form = try #require(FormParser.parse(bytes: bytes, stem: "swim", layouts: { layouts[$0].map(LayoutAvailability.found) ?? .missing }).value)
        return try FormContext(form: form, layouts: layouts, today: today)
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
        ("tfae<C-s>", "2026-11-22 Freestyle 400m Easy"),
        ("tbsh<C-s>", "2026-11-22 Backstroke 800m Hard"),
        ("yrdx<C-s>", "2026-11-21 Breaststroke 1500m Max"),
        ("tfaef", "2026-11-22 Freestyle 400m Easy (Felt strong)"),
    ])
    func oneKeyPerField(script: String, line: String) throws {
        let entry = try enter(script, in: Self.swim())
        #expect(entry.line == line)
        let typed = line.count + 1  // the same line at a readline prompt, then Enter
        #expect(entry.keys <= 5)
        #expect(typed >= 4 * entry.keys, "\(typed) typed keys vs \(entry.keys)")
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
