import Foundation
import Testing

/// `form check` and `layout check` in Japanese (`KEYFORM_LANG=ja`): each
/// problem's words from the catalogue, its place (`PATH:LINE:COLUMN: error:`)
/// as tools read it in every language. Several problems a file, pinned whole.
@Suite struct JapaneseDiagnosticsCLITests {
    static let form = """
        title: 経費
        fields:
          - {id: amount, lable: 金額}
          - {id: note, label: [a, b]}
          - id: memo
            label: "メモ\\e"

        """

    static let layout = """
        title: 優先度
        rows:
          - [{label: 高, hotkey: "1"}, {label: 中, hotkey: "1"}, {label: " 低", colour: red}]

        """

    static let pages = """
        title: 数字
        pages:
          - id: main
            rows:
              - [{label: 一, hotkey: "1"}, {label: 二}, {label: もっと, action: page, to: mroe}]
              - [{label: とても長い説明つきのラベルですね}]
          - id: more
            rows:
              - [{label: 三}]

        """

    static func check(_ command: String, _ file: String, _ text: String, language: String) throws -> CLIRunner.Result {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        return try CLIRunner.run([command, "check", file], in: folder, environment: ["KEYFORM_LANG": language])
    }

    @Test func aFormWithSeveralProblems() throws {
        let ja = try Self.check("form", "expense.yaml", Self.form, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                expense.yaml:3:18: error: field 'amount' に 'lable' というフィールドはありません。'label' のことですか？
                expense.yaml:4:23: error: 'label' はテキストにしてください（リストになっています）
                expense.yaml:6:12: error: label に制御文字 ESC U+001B が含まれています。取り除いてください（端末の表示が変わるおそれがあります）

                """, "\(ja.stderr)")
        let en = try Self.check("form", "expense.yaml", Self.form, language: "en")
        #expect(
            en.stderr == """
                expense.yaml:3:18: error: unknown field 'lable' in field 'amount'; did you mean 'label'?
                expense.yaml:4:23: error: 'label' must be text, found a list
                expense.yaml:6:12: error: label contains U+001B (ESC), a control character; remove it (it could change what the terminal shows)

                """, "\(en.stderr)")
    }

    @Test func aLayoutWithSeveralProblems() throws {
        let ja = try Self.check("layout", "priority.yaml", Self.layout, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                priority.yaml:3:50: error: ホットキー '1' は 3:6 の '高' ですでに使われています。ホットキーはレイアウトの中で重ならないようにしてください
                priority.yaml:3:64: warning: label ' 低' の先頭に空白があります。取り除いてください
                priority.yaml:3:70: error: key に 'colour' というフィールドはありません。使えるのは 'label'、'text'、'hotkey'、'span'、'action'、'to' です

                """, "\(ja.stderr)")
        let pages = try Self.check("layout", "digits.yaml", Self.pages, language: "ja")
        #expect(
            pages.stderr == """
                digits.yaml:5:78: error: このレイアウトにページ 'mroe' はありません。'more' のことですか？
                digits.yaml:6:9: warning: この行は 1 列分で、いちばん広い行は 3 列分です。キーは行いっぱいに広げて表示されます（各キーの幅は 'span' で指定できます）

                """, "\(pages.stderr)")
        let en = try Self.check("layout", "priority.yaml", Self.layout, language: "en")
        #expect(
            en.stderr == """
                priority.yaml:3:50: error: hotkey '1' is already used by '高' at 3:6; hotkeys must be unique in a layout
                priority.yaml:3:64: warning: label ' 低' has leading whitespace; remove it
                priority.yaml:3:70: error: unknown field 'colour' in key; expected 'label', 'text', 'hotkey', 'span', 'action' or 'to'

                """, "\(en.stderr)")
    }
}
