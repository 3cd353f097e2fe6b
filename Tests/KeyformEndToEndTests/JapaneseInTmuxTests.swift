import Foundation
import KeyformTestSupport
import Testing

/// The 日本語 demo with `KEYFORM_LANG=ja` in a real terminal: Japanese footers,
/// Done's reason and a field's problem in Japanese, the record stored and said
/// so in Japanese; and English again with `KEYFORM_LANG=en` whatever `LANG` says.
@Suite(.serialized) struct JapaneseInTmuxTests {
    @Test func theJapaneseDemoSpeaksJapanese() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-ja-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "japanese"], environment: ["XDG_DATA_HOME": data.path, "KEYFORM_LANG": "ja"])
        defer { run.close() }
        let tmux = run.tmux
        // The first screen: the footer's keys and Done's reason in Japanese.
        let first = try tmux.wait(forText: "新しいタスク", "Esc 中止", "[ 完了 ] 無効: 件名は必須です")
        #expect(!first.contains("cancel") && !first.contains("Done"), "\(first)")
        // Done pressed too soon: the problem under the field and the notice, in Japanese.
        try tmux.press("C-s")
        let problem = try tmux.wait(forText: "✗ 必須です", "! まだ完了できません：件名は必須です")
        #expect(!problem.contains("required"), "\(problem)")
        try tmux.type("牛乳を買う")
        try tmux.wait(forText: "牛乳を買う", "Enter/Tab 次へ")
        try tmux.press("Enter")
        // The grid: Enter picks the default key, then Done (the last field comes after it).
        let grid = try tmux.wait(forText: "[1] 高", "Enter 中を選ぶ")
        #expect(grid.contains("[ 完了 ]"), "\(grid)")
        try tmux.press("1")
        try tmux.wait(forText: "› メモ", "Enter 完了")
        try tmux.press("Enter")
        // Stored: the next entry says so in Japanese, with the record as the template writes it.
        try tmux.wait(forText: "✓ 「牛乳を買う（高）」を保存しました（Esc で終了）", "記録（新しい順）:")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// The demo's own menu in Japanese: its title, the grid's title, the apps'
    /// names, the note on their data and the footer; an app opened from it
    /// and left comes back to it.
    @Test func theDemoMenuInJapanese() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-ja-menu-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo"], environment: ["XDG_DATA_HOME": data.path, "KEYFORM_LANG": "ja"])
        defer { run.close() }
        let tmux = run.tmux
        let menu = try tmux.wait(forText: "Keyform のデモ", "アプリを選んでください", "Esc 中止")
        for name in ["[1] やること", "[3] 水泳の記録", "[6] 日本語のタスク", "› アプリ", "未作成", "休暇ごとに 1 つ（まだありません）"] {
            #expect(menu.contains(name), "\(name) is not in the menu:\n\(menu)")
        }
        #expect(menu.contains("データ: \(data.path)/keyform/demo/（アプリごとに"), "\(menu)")
        for english in ["Keyform demos", "Pick an app", "not created yet", "cancel"] {
            #expect(!menu.contains(english), "\(english) in:\n\(menu)")
        }
        try tmux.press("6")
        try tmux.wait(for: "the 日本語 app without the menu") { $0.contains("新しいタスク") && !$0.contains("アプリを選んで") }
        try tmux.press("Escape")
        try tmux.wait(forText: "Keyform のデモ", "[6] japanese_task.sqlite  作成済み")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// The checklist app in Japanese: the sample list of a first start in
    /// Japanese, the lists' picker asking in Japanese (its title whole, wrapped
    /// at 40 columns), and the delete question and its keys in Japanese; n keeps the list.
    @Test func theChecklistAppSpeaksJapanese() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-ja-lists-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(
            ["demo", "checklist", "--no-animation"], environment: ["XDG_DATA_HOME": data.path, "KEYFORM_LANG": "ja"])
        defer { run.close() }
        let tmux = run.tmux
        let sample = try tmux.wait(forText: "List: 買い物 · 3 件", "お試し用のリストです")
        #expect(sample.contains("卵") && sample.contains("パン") && sample.contains("牛乳"), "\(sample)")
        try tmux.press("q")
        var lists = try tmux.wait(
            forText: "チェックリスト · リストを選ぶか、新しい名前で新しいリストを作ります", "[1] 買い物 · 残り 2 件")
        #expect(lists.contains("[r] 改名…") && lists.contains("[x] 削除…"), "\(lists)")
        for english in ["Checklists", "pick a list", "left", "Rename", "Delete"] {
            #expect(!lists.contains(english), "\(english) in:\n\(lists)")
        }
        // 40 columns: the question wraps onto a second line, read whole.
        try tmux.resize(width: 40, height: 24)
        lists = try tmux.wait(forText: "チェックリスト · リストを選ぶか、新しい\n名前で新しいリストを作ります")
        #expect(!lists.split(separator: "\n").prefix(2).contains { $0.contains("…") }, "\(lists)")
        try tmux.resize(width: 80, height: 24)
        try tmux.press("x")
        try tmux.wait(forText: "どのリストを削除しますか？", "[1] 買い物")
        try tmux.press("1")
        let question = try tmux.wait(
            forText: "リスト「買い物」とその 3 件を削除しますか？", "[y] はい、削除", "[n] いいえ、残す")
        #expect(question.contains("y で削除、n か Esc で残す"), "\(question)")
        try tmux.press("n")
        try tmux.wait(forText: "チェックリスト · リストを選ぶか", "[1] 買い物 · 残り 2 件")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// The menu's Japanese footer fits 40 columns whole, as the form's does (JapaneseFormTests).
    @Test func theDemoMenusFooterFitsFortyColumns() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-ja-menu40-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(
            ["demo"], environment: ["XDG_DATA_HOME": data.path, "KEYFORM_LANG": "ja"], width: 40, height: 24)
        defer { run.close() }
        let menu = try run.tmux.wait(forText: "Keyform のデモ", "アプリを選んでください")
        let footer = menu.split(separator: "\n").last.map(String.init) ?? ""
        #expect(footer.trimmingCharacters(in: .whitespaces) == "←↑↓→ 移動 · Esc 中止", "\(menu)")
        try run.tmux.press("Escape")
        #expect(try run.result().status == 0)
    }

    @Test func keyformLangEnglishWinsOverAJapaneseLocale() throws {
        let run = try FormRun(
            ["run", "demo/japanese.yaml", "--no-store"], environment: ["LC_ALL": "ja_JP.UTF-8", "KEYFORM_LANG": "en"])
        defer { run.close() }
        try run.tmux.wait(forText: "新しいタスク", "Esc cancel", "[ Done ] disabled: 件名 is required")
        try run.tmux.press("Escape")
        _ = try run.result()
    }
}
