import Foundation
import Testing

/// The command line's own errors in Japanese (`KEYFORM_LANG=ja`, docs/i18n.md):
/// a representative handful, each also checked in English so that the English
/// stays what the other CLI tests pin.
@Suite struct JapaneseCLITests {
    static let japanese = ["KEYFORM_LANG": "ja"]
    static let english = ["KEYFORM_LANG": "en"]

    /// Two flags that contradict each other: ArgumentParser's usage follows our sentence.
    @Test func flagsThatContradictEachOther() throws {
        let ja = try CLIRunner.run(["run", "todo", "--resume", "--fresh", "--no-store"], environment: Self.japanese)
        #expect(ja.status == 2)
        #expect(ja.stderr.contains("--resume と --fresh は同時に使えません。どちらか一方を指定してください"), "\(ja.stderr)")
        let en = try CLIRunner.run(["run", "todo", "--resume", "--fresh", "--no-store"], environment: Self.english)
        #expect(en.stderr.contains("--resume and --fresh contradict each other; give one"), "\(en.stderr)")
        let db = try CLIRunner.run(["run", "todo", "--db", "x.sqlite", "--no-store"], environment: Self.japanese)
        #expect(db.status == 2)
        #expect(db.stderr.contains("--db と --no-store は同時に使えません。どちらか一方を指定してください"), "\(db.stderr)")
    }

    /// An answers file that is not there: the command's words and the reader's, both in Japanese.
    @Test func anAnswersFileThatIsNotThere() throws {
        let ja = try CLIRunner.run(
            ["run", "todo", "--no-store", "--answers", "/no/such/answers.json"], environment: Self.japanese)
        #expect(ja.status == 2)
        #expect(ja.stderr == "keyform: 回答ファイル /no/such/answers.json を読めません: ファイルがありません\n", "\(ja.stderr)")
        let en = try CLIRunner.run(
            ["run", "todo", "--no-store", "--answers", "/no/such/answers.json"], environment: Self.english)
        #expect(en.stderr == "keyform: answers file /no/such/answers.json: no such file\n", "\(en.stderr)")
    }

    /// A path that is not there, and a name given where a path is wanted: where that file is.
    @Test func aPathThatIsNotThere() throws {
        let ja = try CLIRunner.run(["layout", "check", "no/such/file.yaml"], environment: Self.japanese)
        #expect(ja.status == 2)
        #expect(ja.stderr == "keyform: そのようなファイルやフォルダはありません: no/such/file.yaml\n", "\(ja.stderr)")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try CLIRunner.run(["form", "check", folder.path], environment: Self.japanese)
        #expect(empty.status == 2)
        #expect(
            empty.stderr
                == "keyform: '\(folder.path)' にフォームのファイル（*.yaml）がないので、何もしていません。"
                + "ファイルか、ファイルのあるフォルダを指定してください\n", "\(empty.stderr)")
    }

    /// A store named twice, and a form the store does not hold.
    @Test func theStoresTheCommandNames() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("club.sqlite").path
        let same = try CLIRunner.run(
            ["records", "copy", "--from", database, "--to", database], environment: Self.japanese)
        #expect(same.status == 2)
        #expect(
            same.stderr == "keyform: --from と --to が同じストア（'\(database)'）です。別々のストアを指定してください\n",
            "\(same.stderr)")
        let stored = try CLIRunner.run(
            ["run", "demo/todo.yaml", "--db", database, "--answers", "-"], stdin: #"{"text":"Buy milk"}"#)
        #expect(stored.status == 0, "\(stored.stderr)")
        let list = try CLIRunner.run(
            ["records", "list", "todos", "--db", database],
            environment: Self.japanese.merging(["XDG_CONFIG_HOME": "/no/config", "KEYFORM_FORMS": ""]) { $1 })
        #expect(list.status == 2)
        #expect(
            list.stderr
                == "keyform: フォーム 'todos' が見つかりません。探した場所: forms/todos.yaml, demo/todos.yaml, "
                + "/no/config/keyform/forms/todos.yaml、ストア（\(database)）。ストアにあるのは次のフォームの記録です: todo。"
                + "'todo' のことですか？\n", "\(list.stderr)")
    }

    /// A prompt's flag it cannot take, and a demo app that is not there.
    @Test func aPromptsFlagAndADemoApp() throws {
        let type = try CLIRunner.run(["input", "--type", "colour", "--value", "x"], environment: Self.japanese)
        #expect(type.status == 2)
        #expect(
            type.stderr == "keyform: --type colour は使えません。text、integer、number、date、time のどれかを指定してください\n",
            "\(type.stderr)")
        let demo = try CLIRunner.run(["demo", "tod"], environment: Self.japanese)
        #expect(demo.status == 2)
        #expect(demo.stderr.hasPrefix("keyform: デモアプリ 'tod' はありません。'todo' のことですか？ アプリは todo、"), "\(demo.stderr)")
    }
}
