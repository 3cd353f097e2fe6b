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

    /// What a form's fields, conditions and rules may hold: the form's own checks.
    static let formMeaning = """
        title: 経費
        fields:
          - {id: amount, type: integr}
          - {id: paid, type: boolean, placeholder: はい}
          - {id: count, type: integer, min: 5, max: 1}
          - id: note
            when: {piad: yes}
          - {id: amount, label: 金額}
        rules:
          - {name: total, check: "count >=", message: 件数を直してください}

        """

    /// A YAML syntax error: libyaml's own words are quoted after the Japanese.
    static let syntax = """
        title: 経費
        fields:
          - id: amount
           label: 金額

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
                expense.yaml:3:18: error: 項目 'amount' に 'lable' というフィールドはありません。'label' のことですか？
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

    @Test func aFormsFieldsConditionsAndRulesInJapanese() throws {
        let ja = try Self.check("form", "expense.yaml", Self.formMeaning, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                expense.yaml:3:24: error: 'type' に 'integr' は使えません。'integer' のことですか？
                expense.yaml:4:31: error: 'placeholder' は空の行に表示するものですが、boolean の項目はスイッチです。'description' に書くか、取り除いてください
                expense.yaml:5:45: error: 'max'（1）が 'min'（5）より小さくなっています
                expense.yaml:7:12: error: 項目 'note' の 'when' が指す 'piad' は、フォームの前にある項目ではありません。'paid' のことですか？
                expense.yaml:8:10: error: 項目 id 'amount' は 3:10 ですでに使われています。id は重ならないようにしてください
                expense.yaml:10:35: error: ルール 'total': 値が来るところで check が終わっています。項目か定数を加えてください

                """, "\(ja.stderr)")
        // English is what it was, word for word.
        let en = try Self.check("form", "expense.yaml", Self.formMeaning, language: "en")
        #expect(
            en.stderr == """
                expense.yaml:3:24: error: unknown type 'integr'; did you mean 'integer'?
                expense.yaml:4:31: error: 'placeholder' shows in an empty line, and a boolean field is a switch; say it in 'description', or remove it
                expense.yaml:5:45: error: 'max' (1) is less than 'min' (5)
                expense.yaml:7:12: error: 'when' of field 'note' names 'piad', which is not an earlier field of the form; did you mean 'paid'?
                expense.yaml:8:10: error: field id 'amount' is already used at 3:10; ids must be unique
                expense.yaml:10:35: error: rule 'total': the check ends where a value should be; add a field or a constant

                """, "\(en.stderr)")
    }

    @Test func aYAMLSyntaxErrorIsSaidInJapaneseWithYAMLsWordsQuoted() throws {
        let ja = try Self.check("form", "broken.yaml", Self.syntax, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr
                == "broken.yaml:4:4: error: YAML の書き方に誤りがあります: リストの「- 」が来るはずの所にありません。字下げを確かめてください"
                + "（YAML の説明:「did not find expected '-' indicator」、3:3 の「while parsing a block collection」）\n",
            "\(ja.stderr)")
        let en = try Self.check("form", "broken.yaml", Self.syntax, language: "en")
        #expect(
            en.stderr
                == "broken.yaml:4:4: error: YAML syntax: did not find expected '-' indicator (while parsing a block collection at 3:3)\n"
        )
    }

    @Test func aLayoutsShapeInJapanese() throws {
        let layout = """
            title: 優先度
            kind: choise
            rows:
              - [{label: 高, hotkey: "ab"}, {label: 中, action: pag}]
              - []

            """
        let ja = try Self.check("layout", "priority.yaml", layout, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                priority.yaml:2:7: error: 'kind' に 'choise' は使えません。'choice' のことですか？
                priority.yaml:4:25: error: 'hotkey' は 1 文字にしてください（'ab' になっています）
                priority.yaml:4:51: error: 'action' に 'pag' は使えません。'page' のことですか？
                priority.yaml:5:5: error: 2 行目が空です。キーを加えるか、その行を取り除いてください

                """, "\(ja.stderr)")
        let en = try Self.check("layout", "priority.yaml", layout, language: "en")
        #expect(
            en.stderr == """
                priority.yaml:2:7: error: unknown kind 'choise'; did you mean 'choice'?
                priority.yaml:4:25: error: 'hotkey' must be one character, found 'ab'
                priority.yaml:4:51: error: unknown action 'pag'; did you mean 'page'?
                priority.yaml:5:5: error: row 2 is empty; add keys or remove the row

                """, "\(en.stderr)")
    }

    /// `config check`: the file's shape, each value and the keys rebound, in Japanese.
    @Test func configCheckInJapanese() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml").path
        try "animation: yes\ncolors:\n  acent: red\n  error: rde\nkeys:\n  done: enter\n  cancel: ctrl-m\ntheme: lite\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let ja = try CLIRunner.run(
            ["config", "check"], in: folder, environment: ["KEYFORM_CONFIG": config, "KEYFORM_LANG": "ja"])
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                \(config):1:12: error: 'animation' は true か false です（'yes' になっています）
                \(config):3:3: error: 'colors' に名前 'acent' はありません。'accent' のことですか？
                \(config):4:10: error: 色 'rde' はありません。'red' のことですか？
                \(config):6:9: error: 'enter' はフォームのキーボードですでに 'commit' です。'commit' も付け替えるか（keys: {commit: …}）、'done' に別のキーを選んでください
                \(config):7:11: error: 'ctrl-m' は端末が enter で送るバイトです。enter と書いてください
                \(config):8:8: error: テーマ 'lite' はありません。次のどれかを書いてください: default、high-contrast、monochrome、light

                """, "\(ja.stderr)")
    }

    @Test func aLayoutWithSeveralProblems() throws {
        let ja = try Self.check("layout", "priority.yaml", Self.layout, language: "ja")
        #expect(ja.status == 1)
        #expect(
            ja.stderr == """
                priority.yaml:3:50: error: ホットキー '1' は 3:6 の '高' ですでに使われています。ホットキーはレイアウトの中で重ならないようにしてください
                priority.yaml:3:64: warning: label ' 低' の先頭に空白があります。取り除いてください
                priority.yaml:3:70: error: キーに 'colour' というフィールドはありません。使えるのは 'label'、'text'、'hotkey'、'span'、'action'、'to' です

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
