import KeyformCore
import Testing

@testable import Keyform

/// The Swift library's keys take their actions from the layout files' one table
/// (`Layout.Action.Kind`): every action has a `KeyformKey` constructor, and a
/// layout written in Swift reads back with the same actions.
struct KeyActionsTests {
    /// One key per action of the table; the switch has no default, so a new
    /// action does not compile here until the library offers a key for it.
    static func key(for kind: Layout.Action.Kind) -> KeyformKey {
        switch kind {
        case .text: KeyformKey("Text")
        case .keyboard: .keyboard()
        case .page: .page("More", to: "more")
        case .layout: .layout("Digits", to: "keypad")
        case .backspace: .backspace()
        case .clear: .clear()
        case .done: .done()
        case .next: .next()
        case .previous: .previous()
        }
    }

    @Test func everyActionOfTheTableHasAKey() {
        for kind in Layout.Action.Kind.allCases {
            #expect(Self.key(for: kind).action.kind == kind)
        }
    }

    @Test func aLayoutWrittenInSwiftReadsBackWithTheSameActions() throws {
        let keys = Layout.Action.Kind.allCases.map { [Self.key(for: $0)] }
        let definition = KeyformLayout.Definition(
            name: "all", title: nil, kind: .choice,
            pages: [("main", nil, keys), ("more", nil, [["Back"]])])
        let source = SwiftSource.layoutText(definition, context: "test").source
        let parsed = LayoutParser.parse(source)
        let layout = try #require(parsed.value, "\(parsed.diagnostics)\n\(source)")
        #expect(layout.pages[0].rows.map { $0[0].action } == keys.map { $0[0].action })
    }
}
