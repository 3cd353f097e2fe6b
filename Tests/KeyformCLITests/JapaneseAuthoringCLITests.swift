import Foundation
import Testing

/// What `keyform layout fmt`, `keyform test` and a layout's check say in Japanese (`KEYFORM_LANG=ja`): the catalogue's words,
/// the place (`PATH:LINE:COLUMN: error:`) and the markers tools read
/// (`PASS`, `FAIL`) as in English.
@Suite struct JapaneseAuthoringCLITests {
    static let japanese = ["KEYFORM_LANG": "ja", "INPUTRC": "/dev/null", "LANG": "C.UTF-8"]

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A layout the formatter cannot keep as written (an anchor): said in Japanese.
    @Test func fmtRefusesInJapanese() throws {
        let folder = try Self.folder(["prio.yaml": "title: &t 優先度\nrows:\n  - [高, 低]\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let ja = try CLIRunner.run(["layout", "fmt", "prio.yaml"], in: folder, environment: Self.japanese)
        #expect(ja.status == 1)
        #expect(
            ja.stderr == "prio.yaml:1:8: error: アンカーとエイリアス（&t、*t）は整形できません。使う所ごとに値を書いてください\n",
            "\(ja.stderr)")
        let en = try CLIRunner.run(["layout", "fmt", "prio.yaml"], in: folder, environment: ["KEYFORM_LANG": "en"])
        #expect(
            en.stderr
                == "prio.yaml:1:8: error: anchors and aliases (&t, *t) are not supported by the formatter; write the value out at each place it is used\n",
            "\(en.stderr)")
    }

    /// `keyform test`: what differed and the count in Japanese; `PASS`/`FAIL` as tools read them.
    @Test func aFailingTestIsSaidInJapanese() throws {
        let form = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        let folder = try Self.folder([
            "x.test.yaml": """
            form: \(form)
            tests:
              - name: wrong priority
                keys: "Buy milk<Enter>m<Enter><Enter><Enter>"
                expect: {text: Buy milk, priority: High, colour: red}
              - name: still open
                keys: "Buy"
                outcome: submitted
              - name: another screen
                keys: "Buy"
                screen: "Nothing"
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["test", "x.test.yaml"], in: folder, environment: Self.japanese)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "FAIL x.test.yaml:3: wrong priority\n     expect: フォームに項目 'colour' がありません\n"
                    + "     priority: 'High' のはずが 'Medium' でした\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains("FAIL x.test.yaml:6: still open\n     結果: submitted のはずが open でした。画面:\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("FAIL x.test.yaml:9: another screen\n     画面が違います。期待した画面:\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("\n     実際の画面:\n"), "\(result.stdout)")
        for english in ["; screen:", "got:"] {
            #expect(!result.stdout.contains(english), "\(english) in \(result.stdout)")
        }
        #expect(result.stdout.hasSuffix("成功 0 件、失敗 3 件\n"), "\(result.stdout)")
    }

    /// The thing that holds an unsafe character is named in the language (a page's title).
    @Test func anUnsafeCharacterInAPageTitleIsSaidInJapanese() throws {
        let folder = try Self.folder([
            "pages.yaml": "pages:\n  - id: a\n    title: \"x\\e\"\n    rows:\n      - [一]\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["layout", "check", "pages.yaml"], in: folder, environment: Self.japanese)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: ページのタイトル に制御文字 ESC U+001B が含まれています"), "\(result.stderr)")
    }
}
