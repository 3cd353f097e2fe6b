import Testing

@testable import KeyformCore

/// Every screen's Japanese words fit 40 columns as they fit 80: no line wider
/// than the screen, no footer hint cut short. The form's fields are checked
/// field by field in `JapaneseFormTests`; these are the other screens: the
/// browse list (its footer, its delete question), the form that edits a
/// record, the conflict form, and the saving line.
@Suite struct JapaneseAt40Tests {
    static let sizes = [(80, 24), (40, 12)]

    /// Every line within the width; the last line (the footer) not cut short.
    /// `ending`: the footer's whole last words, when they end in `…` themselves.
    static func fits(_ frame: Frame, width: Int, _ place: String, ending: String? = nil) {
        for line in frame.lines {
            #expect(TextWidth.cells(line.text) <= width, "\(place) at \(width): '\(line.text)'")
        }
        let footer = frame.lines.map(\.text).last { !$0.isEmpty } ?? ""
        if let ending {
            #expect(footer.hasSuffix(ending), "\(place) at \(width): the footer is cut: '\(footer)'")
        } else {
            #expect(!footer.hasSuffix("…"), "\(place) at \(width): the footer is cut: '\(footer)'")
        }
    }

    static func list(_ form: Form, _ events: [RecordListEvent] = []) -> RecordListState {
        let rows = [
            RecordListTests.row(2, ["title": .text("牛乳を買う"), "priority": .text("高")], form),
            RecordListTests.row(1, ["title": .text("会議の資料を準備する"), "priority": .text("低")], form),
        ]
        var state = RecordListState(
            rows: rows, visibleRows: RecordListView.visibleRows(height: 12), language: .japanese)
        for event in events { _ = RecordListEngine.reduce(&state, event, form) }
        return state
    }

    @Test(arguments: sizes) func theBrowseListAndItsDeleteQuestion(width: Int, height: Int) throws {
        let form = try DemoForms.context("japanese").form
        let listed = RecordListView.render(Self.list(form), form, width: width, height: height, color: false)
        Self.fits(listed, width: width, "the list")
        #expect(listed.text().contains("編集"), "\(listed.text())")
        let asking = RecordListView.render(
            Self.list(form, [.deletePressed]), form, width: width, height: height, color: false)
        Self.fits(asking, width: width, "the delete question")
        #expect(asking.text().contains("牛乳を買う"), "\(asking.text())")
    }

    @Test(arguments: sizes) func theFormThatEditsARecord(width: Int, height: Int) throws {
        var context = try JapaneseFormTests.japanese("japanese")
        var form = context.form
        form.title = RecordListEngine.editTitle(of: form, language: .japanese)
        context = try FormContext.prepared(form, layouts: context.layouts, clock: context.clock)
        context.language = .japanese
        let frame = FormView.render(
            FormViewTests.state(context, [FormViewTests.typed("牛乳")]), context, width: width, height: height)
        Self.fits(frame, width: width, "the edit form")
    }

    @Test(arguments: sizes) func theConflictForm(width: Int, height: Int) throws {
        let context = try JapaneseFormTests.japanese("japanese")
        let mine = Record(values: [("title", .text("牛乳を買う")), ("priority", .text("高"))])
        let theirs = RecordListTests.row(1, ["title": .text("豆乳を買う"), "priority": .text("中")], context.form)
        let asked = try RecordListEngine.conflictForm(mine: mine, theirs: theirs, in: context).context
        for focus in asked.fields.indices {
            let state = FormState.start(asked, values: [RecordListEngine.conflictWholeID: "each"], focus: focus)
            Self.fits(
                FormView.render(state, asked, width: width, height: height), width: width,
                "the conflict form, field \(focus)")
        }
    }

    @Test(arguments: sizes) func theSavingLine(width: Int, height: Int) throws {
        var context = try SavingTests.context()
        context.language = .japanese
        var state = SavingTests.filled(context)
        _ = FormEngine.reduce(&state, .donePressed, context)
        Self.fits(
            FormView.render(state, context, width: width, height: height), width: width, "saving",
            ending: "[ 完了 ] 記録を保存しています…")
        _ = FormEngine.reduce(&state, .interrupted, context)
        let told = FormView.render(state, context, width: width, height: height)
        Self.fits(told, width: width, "saving, Ctrl-C said", ending: "[ 完了 ] 記録を保存しています…")
        #expect(told.text().contains("保存中です"), "\(told.text())")
    }
}

extension JapaneseAt40Tests {
    /// The prompts of scripts (`keyform input`, `write`, `choose`, `confirm`, `date`,
    /// `time`), drawn under the cursor as they are: every hint of their footer fits.
    @Test(arguments: sizes) func thePrompts(width: Int, height: Int) throws {
        let prompts: [Prompt] = [
            try Prompt.input(label: "お名前", placeholder: nil, value: nil),
            try Prompt.write(label: "メモ", placeholder: nil, value: nil),
            try Prompt.choose(["高", "中", "低"], label: "優先度"),
            try Prompt.choose(["牛乳", "卵", "パン"], label: "買う物", multiple: true),
            Prompt.confirm("続けますか？"),
            Prompt.date(label: "期日", value: nil),
            Prompt.time(label: "時刻", value: nil),
        ]
        for prompt in prompts {
            var context = try FormContext.prepared(prompt.form, layouts: prompt.layouts, clock: ChoiceLinesTests.clock)
            context.language = .japanese
            for events in [[], [FormEvent.swapViewPressed]] {
                var state = FormState.start(context)
                for event in events { _ = FormEngine.reduce(&state, event, context) }
                let frame = FormView.render(state, context, width: width, height: height, fitted: true)
                Self.fits(frame, width: width, "\(prompt.command) \(events)")
            }
        }
    }
}
