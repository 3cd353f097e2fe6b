import KeyformCore
import Testing

@Suite struct LayoutParserTests {
    func layout(_ source: String) throws -> Layout {
        let parsed = LayoutParser.parse(source)
        #expect(parsed.diagnostics == [])
        return try #require(parsed.value)
    }

    @Test func plainScalarsAreAlwaysTextAsWritten() throws {
        let parsed = try layout("rows:\n  - [no, on, 1.10, ~, yes, null, true, 0x10, 1e3, .inf]\n")
        #expect(parsed.allKeys.map(\.label) == ["no", "on", "1.10", "~", "yes", "null", "true", "0x10", "1e3", ".inf"])
        #expect(parsed.allKeys.map(\.text) == parsed.allKeys.map(\.label))
    }

    @Test func keysAsStringsAndMappings() throws {
        let parsed = try layout(
            """
            title: Keypad
            kind: keypad
            rows:
              - [7, {label: Eight, text: "8", hotkey: e}]
              - [{text: "0", span: 2}]
              - [{label: ⌫, action: backspace}, {label: abc, action: keyboard}]
            """)
        #expect(
            parsed
                == Layout(
                    title: "Keypad", kind: .keypad,
                    pages: [
                        Layout.Page(rows: [
                            [Layout.Key(label: "7"), Layout.Key(label: "Eight", text: "8", hotkey: "e")],
                            [Layout.Key(label: "0", span: 2)],
                            [Layout.Key(label: "⌫", action: .backspace), Layout.Key(label: "abc", action: .keyboard)],
                        ])
                    ]))
        #expect(parsed.isPaged == false)
    }

    @Test func everyAction() throws {
        let parsed = try layout(
            """
            pages:
              - id: main
                rows:
                  - [{label: T}, {label: K, action: keyboard}, {label: P, action: page, to: other}, {label: L, action: layout, to: priority}]
                  - [{label: B, action: backspace}, {label: C, action: clear}, {label: D, action: done}, {label: N, action: next}]
              - id: other
                title: Other
                rows:
                  - [{label: Back, action: page, to: main}, {label: Pr, action: previous}, x, y]
            """)
        #expect(
            parsed.allKeys.map(\.action) == [
                .text, .keyboard, .page("other"), .layout("priority"),
                .backspace, .clear, .done, .next,
                .page("main"), .previous, .text, .text,
            ])
        #expect(parsed.isPaged)
        #expect(parsed.pages.map(\.id) == ["main", "other"])
        #expect(parsed.pages[1].title == "Other")
        #expect(parsed.pageIndex(id: "other") == 1)
    }

    @Test func choiceTextsAreTheTextKeys() throws {
        let parsed = try layout("rows:\n  - [High, {label: Mid, text: Medium}, {label: Clear, action: clear}]\n")
        #expect(parsed.choiceTexts == ["High", "Medium"])
    }

    @Test func aliasesAreFollowed() throws {
        let parsed = try layout("rows:\n  - &row [a, b]\n  - *row\n")
        #expect(parsed.allKeys.map(\.label) == ["a", "b", "a", "b"])
    }

    @Test func japaneseLabelsFitByCells() throws {
        // Three keys at 80 columns leave 25 cells for a label: 12 wide characters fit, 13 do not.
        let fits = LayoutParser.parse("rows:\n  - [高高高高高高高高高高高高, 中, 低]\n")
        #expect(fits.diagnostics == [])
        let cut = LayoutParser.parse("rows:\n  - [高高高高高高高高高高高高高, 中, 低]\n")
        #expect(cut.diagnostics.map(\.severity) == [.warning])
        #expect(cut.value != nil, "a warning does not reject the layout")
    }
}

/// The actions come from one table (`Layout.Action.Kind`): every name in it is
/// read from a file, with `to:` exactly when the table says so.
@Suite struct LayoutActionTableTests {
    @Test func everyActionInTheTableIsReadFromAFile() throws {
        for kind in Layout.Action.Kind.allCases {
            let to = kind.takesTarget ? ", to: \(kind == .page ? "one" : "keypad")" : ""
            let parsed = LayoutParser.parse(
                "pages:\n  - id: one\n    rows:\n      - [{label: X, action: \(kind.rawValue)\(to)}]\n")
            let key = try #require(parsed.value?.allKeys.first, "\(kind): \(parsed.diagnostics)")
            #expect(key.action.kind == kind)
            #expect(key.action.name == kind.rawValue)
            #expect(kind.action(to: kind.takesTarget ? "t" : nil)?.kind == kind)
        }
    }

    @Test func anActionThatTakesToNeedsItAndTheOthersWarnAboutIt() {
        for kind in Layout.Action.Kind.allCases {
            let parsed = LayoutParser.parse("rows:\n  - [{label: X, action: \(kind.rawValue)}]\n")
            if let placeholder = kind.target?.placeholder {
                #expect(parsed.value == nil)
                #expect(
                    parsed.diagnostics.map(\.message) == [
                        "action '\(kind.rawValue)' needs 'to: \(placeholder)' naming the \(kind.rawValue) to show"
                    ])
            } else {
                let warned = LayoutParser.parse("rows:\n  - [{label: X, action: \(kind.rawValue), to: somewhere}]\n")
                #expect(warned.value != nil)
                #expect(
                    warned.diagnostics.map(\.message) == [
                        "'to' is only used by action 'page' or 'layout'; action '\(kind.rawValue)' ignores it"
                    ])
            }
        }
    }
}
