import KeyformCore
import SnapshotTesting
import Testing

/// The form screen in Japanese (`KEYFORM_LANG=ja`): the 日本語 demo's frames
/// at 80 and 40 columns, its footer, Done's reason and a field's problem from
/// the Japanese catalogue, and a calendar with Japanese names and dates.
@Suite(.snapshots(record: .missing))
struct JapaneseFormTests {
    static func japanese(_ name: String) throws -> FormContext {
        var context = try DemoForms.context(name)
        context.language = .japanese
        return context
    }

    static func footer(_ frame: Frame) -> (hints: String, done: String) {
        let lines = frame.lines.map(\.text)
        let last = lines.lastIndex { !$0.isEmpty } ?? 0
        return (lines[max(0, last - 1)], lines[last])
    }

    @Test(arguments: [(80, 24), (40, 12)]) func theJapaneseDemoStartsInJapanese(width: Int, height: Int) throws {
        let context = try Self.japanese("japanese")
        let state = FormViewTests.state(context)
        let frame = FormView.render(state, context, width: width, height: height)
        let footer = Self.footer(frame)
        #expect(footer.done == "[ 完了 ] 無効: 件名は必須です")
        #expect(footer.hints.hasPrefix("Esc 中止"), "\(footer.hints)")
        #expect(TextWidth.cells(footer.hints) <= width && TextWidth.cells(footer.done) <= width)
        assertSnapshot(
            of: FormViewTests.picture(state, context, width: width, height: height), as: .lines,
            named: "\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (40, 12)]) func aProblemAndDonesReasonInJapanese(width: Int, height: Int) throws {
        let context = try Self.japanese("japanese")
        // Done pressed with the title empty: the problem under the field, the notice, Done's reason.
        let state = FormViewTests.state(context, [.donePressed])
        let frame = FormView.render(state, context, width: width, height: height)
        #expect(frame.text().contains("✗ 必須です"))
        #expect(frame.text().contains("まだ完了できません：件名は必須です"))
        assertSnapshot(
            of: FormViewTests.picture(state, context, width: width, height: height), as: .lines,
            named: "\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (40, 12)]) func theJapaneseFooterFits(width: Int, height: Int) throws {
        let context = try Self.japanese("japanese")
        // Typed: Enter goes on; in the grid: Enter picks.
        for state in [
            FormViewTests.state(context, [FormViewTests.typed("日本語")]),
            FormViewTests.state(context, [FormViewTests.typed("日本語"), .commitPressed]),
        ] {
            let footer = Self.footer(FormView.render(state, context, width: width, height: height))
            #expect(TextWidth.cells(footer.hints) <= width, "\(footer.hints)")
            #expect(footer.hints.contains("Enter") && footer.hints.contains("Esc 中止"), "\(footer.hints)")
            #expect(!footer.hints.hasSuffix("…"), "no hint cut short")
        }
    }

    /// Every field of every demo form, focused in its keyboard and in its grid
    /// (a switch, a calendar, a long grid's filter, lines): the Japanese footer
    /// fits 80 and 40 columns without a hint cut short.
    @Test(arguments: [(80, 24), (40, 12)]) func everyFieldsFooterFitsInJapanese(width: Int, height: Int) throws {
        for name in DemoForms.names {
            let context = try Self.japanese(name)
            for index in context.fields.indices {
                for events in [[], [FormEvent.swapViewPressed]] {
                    let state = FormViewTests.state(context, focus: index, events)
                    let footer = Self.footer(FormView.render(state, context, width: width, height: height))
                    let place = "\(name) field \(context.fields[index].id) \(events.isEmpty ? "" : "swapped")"
                    #expect(TextWidth.cells(footer.hints) <= width, "\(place): \(footer.hints)")
                    #expect(TextWidth.cells(footer.done) <= width, "\(place): \(footer.done)")
                    #expect(!footer.hints.hasSuffix("…"), "\(place): no hint cut short: \(footer.hints)")
                    #expect(footer.hints.contains("中止") || footer.hints.contains("戻る"), "\(place): \(footer.hints)")
                }
            }
        }
    }

    @Test func theCalendarInJapanese() throws {
        let context = try Self.japanese("todo")
        let due = try #require(context.fields.firstIndex { $0.id == "due" })
        let state = FormViewTests.state(
            context, values: ["text": "牛乳を買う"], focus: due, [.swapViewPressed, .calendarTodayPressed])
        let frame = FormView.render(state, context, width: 80, height: 24)
        #expect(frame.text().contains("2026年11月"))
        #expect(frame.text().contains("2026年11月21日を選ぶ"), "the day as a Japanese reader writes it")
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func theKeyListInJapanese() throws {
        let context = try Self.japanese("todo")
        let due = try #require(context.fields.firstIndex { $0.id == "due" })
        let state = FormViewTests.state(
            context, values: ["text": "牛乳を買う"], focus: due, [.swapViewPressed, .calendarTodayPressed])
        let frame = KeyListView.render(
            FormKeySituation(state: state, context: context), keys: .standard, width: 80, height: 24)
        let text = frame.text()
        #expect(text.hasPrefix("キー一覧 · Due (カレンダー)"), "\(text)")
        #expect(text.contains("2026年11月21日を選ぶ") && text.contains("すぐに終了する") && text.contains("どのキーでもフォームに戻ります。"))
        #expect(!text.contains("leave at once"), "a key without footer words is said in Japanese too")
        assertSnapshot(of: frame.text(), as: .lines)
    }

    /// A grid's hotkeys are `a key` in the key list: in Japanese, 任意のキー.
    @Test func theKeyListNamesAGridsHotkeysInJapanese() throws {
        let context = try Self.japanese("japanese")
        let state = FormViewTests.state(context, [FormViewTests.typed("日本語"), .commitPressed])
        let text = KeyListView.render(
            FormKeySituation(state: state, context: context), keys: .standard, width: 80, height: 24
        ).text()
        #expect(text.contains("任意のキー"), "\(text)")
        #expect(!text.contains("a key"), "\(text)")
        var english = context
        english.language = .english
        let said = KeyListView.render(
            FormKeySituation(state: state, context: english), keys: .standard, width: 80, height: 24
        ).text()
        #expect(said.contains("a key"), "\(said)")
    }

    @Test func englishIsUnchangedByTheCatalogue() throws {
        let context = try DemoForms.context("japanese")
        let frame = FormView.render(FormViewTests.state(context), context, width: 80, height: 24)
        #expect(Self.footer(frame).done == "[ Done ] disabled: 件名 is required")
    }
}
