import Foundation
import Testing

/// What `records` says to a person, and a record NOT stored, in Japanese
/// (`KEYFORM_LANG=ja`); what programs read (JSON, CSV, the record on stdout)
/// stays byte for byte the same in every language.
@Suite struct JapaneseRecordsCLITests {
    static let japanese = ["KEYFORM_LANG": "ja"]

    @Test func theTableAndTheLinesOnStderrInJapanese() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("club.sqlite").path
        let empty = try CLIRunner.run(
            ["records", "import", "demo/todo.yaml", "-", "--db", database], stdin: "[]", environment: Self.japanese)
        #expect(empty.status == 0, "\(empty.stderr)")
        let none = try CLIRunner.run(
            ["records", "list", "demo/todo.yaml", "--db", database], environment: Self.japanese)
        #expect(none.stdout == "（'todo' の記録はありません）\n", "\(none.stdout)")
        let imported = try CLIRunner.run(
            ["records", "import", "demo/todo.yaml", "-", "--db", database],
            stdin: #"[{"text":"牛乳を買う","priority":"High"},{"text":"Call Ada"}]"#, environment: Self.japanese)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "'todo' の記録 2 件を \(database) に取り込みました\n", "\(imported.stderr)")
        let table = try CLIRunner.run(
            ["records", "list", "demo/todo.yaml", "--db", database], environment: Self.japanese)
        #expect(table.stdout.hasPrefix("#  作成日時"), "\(table.stdout)")
        let filtered = try CLIRunner.run(
            ["records", "list", "demo/todo.yaml", "--db", database, "--where", "priority=Low"],
            environment: Self.japanese)
        #expect(filtered.stdout == "（'todo' の記録で Priority: Low のものはありません）\n", "\(filtered.stdout)")
        let output = folder.appendingPathComponent("out.json").path
        let exported = try CLIRunner.run(
            ["records", "export", "demo/todo.yaml", "--db", database, "-o", output], environment: Self.japanese)
        #expect(exported.stderr == "keyform: 2 件の記録を \(output) に書き出しました\n", "\(exported.stderr)")
        // What programs read is the same in both languages.
        for format in ["json", "csv"] {
            let ja = try CLIRunner.run(
                ["records", "list", "demo/todo.yaml", "--db", database, "--format", format], environment: Self.japanese)
            let en = try CLIRunner.run(
                ["records", "list", "demo/todo.yaml", "--db", database, "--format", format],
                environment: ["KEYFORM_LANG": "en"])
            #expect(ja.stdout == en.stdout && !ja.stdout.isEmpty, "\(format)")
        }
        let bad = try CLIRunner.run(
            ["records", "import", "demo/todo.yaml", "-", "--db", database], stdin: #"[{"priority":"High"}]"#,
            environment: Self.japanese)
        #expect(bad.status == 2)
        // `-` is 標準入力 in a sentence; the place before a row's problem stays `stdin:LINE:`, as tools read it.
        #expect(bad.stderr.hasPrefix("stdin:1: "), "\(bad.stderr)")
        #expect(bad.stderr.hasSuffix("keyform: 標準入力 に問題が 1 件あるため、何も取り込んでいません\n"), "\(bad.stderr)")
    }

    /// A yes/no field reads はい/いいえ in the table for people; JSON and CSV keep true/false.
    /// Why a database cannot be opened is said in the language too, not only the sentence around it.
    @Test func theReasonInsideAStoreMessageIsJapanese() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = try CLIRunner.run(
            ["records", "list", "demo/todo.yaml", "--db", folder.path], environment: Self.japanese)
        #expect(list.status != 0)
        #expect(list.stderr.hasPrefix("keyform: データベース '\(folder.path)' を開けません: フォルダです。"), "\(list.stderr)")
        let english = try CLIRunner.run(["records", "list", "demo/todo.yaml", "--db", folder.path])
        #expect(english.stderr.hasPrefix("keyform: cannot open the database '\(folder.path)': it is a folder."))
    }

    @Test func booleansForPeopleInJapaneseAndForProgramsAsTheyAre() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("tasks.sqlite").path
        let form = folder.appendingPathComponent("tasks.yaml").path
        try "title: 用事\nfields:\n  - {id: text, label: 用事}\n  - {id: done, label: 済み, type: boolean}\n"
            .write(toFile: form, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(
            ["records", "import", form, "-", "--db", database],
            stdin: #"[{"text":"牛乳を買う","done":true},{"text":"Call Ada","done":false}]"#, environment: Self.japanese)
        #expect(imported.status == 0, "\(imported.stderr)")
        let table = try CLIRunner.run(["records", "list", form, "--db", database], environment: Self.japanese)
        let rows = table.stdout.split(separator: "\n")
        #expect(rows.contains { $0.contains("牛乳を買う") && $0.contains("はい") }, "\(table.stdout)")
        #expect(rows.contains { $0.contains("Call Ada") && $0.contains("いいえ") }, "\(table.stdout)")
        #expect(!table.stdout.contains(" yes") && !table.stdout.contains(" no "), "\(table.stdout)")
        let english = try CLIRunner.run(
            ["records", "list", form, "--db", database], environment: ["KEYFORM_LANG": "en"])
        #expect(english.stdout.split(separator: "\n").contains { $0.contains("牛乳を買う") && $0.contains("yes") })
        let json = try CLIRunner.run(
            ["records", "list", form, "--db", database, "--format", "json"], environment: Self.japanese)
        #expect(json.stdout.contains(#""done":true"#) && json.stdout.contains(#""done":false"#), "\(json.stdout)")
        #expect(!json.stdout.contains("はい"), "\(json.stdout)")
    }

    /// The store refuses the record: said in Japanese, the record still printed and rescued.
    @Test func aRecordNotStoredInJapanese() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the database should be: the store cannot open it.
        let database = folder.appendingPathComponent("db.sqlite")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        let result = try CLIRunner.run(
            ["run", "demo/todo.yaml", "--db", database.path, "--answers", "-"], stdin: #"{"text":"牛乳を買う"}"#,
            environment: Self.japanese.merging(["TMPDIR": folder.path]) { $1 })
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"text":"牛乳を買う""#), "the record on stdout, as in English")
        #expect(result.stderr.hasPrefix("keyform: 記録は保存されていません: データベース '"), "\(result.stderr)")
        #expect(
            result.stderr.contains("。記録は失われていません（標準出力、ファイル \(folder.path)/keyform-rescued-todo-"),
            "\(result.stderr)")
        #expect(result.stderr.contains(".json にあります）。保存先がまた記録を受け付けるようになったら"), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(".json' --db '\(database.path)'\n"),
            "ends with the records import command: \(result.stderr)")
    }
}
