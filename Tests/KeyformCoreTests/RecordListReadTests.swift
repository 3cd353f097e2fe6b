import KeyformCore
import Testing

/// The list's reads answered off the terminal's loop (`keyform browse` over a
/// slow server): what the list shows and which keys act while rows, a count or
/// a look at another terminal's change are on their way, as whole states and
/// frames.
@Suite struct RecordListReadTests {
    static let packing = RecordListTests.packing

    static func items(_ ids: ClosedRange<Int>) -> [RecordListRow] {
        ids.reversed().map { RecordListTests.row(Int64($0), ["item": .text("Item \($0)")], packing) }
    }

    static func screen(_ state: RecordListState, width: Int = 40, height: Int = 8) -> String {
        RecordListView.render(state, packing, width: width, height: height, color: false).text()
    }

    /// Opened before its rows are read, the list says it loads (not that there
    /// are none) and counts nothing yet; q leaves without waiting for the store.
    @Test func aListOpenedBeforeItsRowsSaysItLoadsUntilTheyCome() {
        var state = RecordListState(rows: [], visibleRows: 3)
        #expect(RecordListTests.send(&state, .opened) == [.reload(matching: [], limit: RecordListEngine.firstBatch)])
        var expected = RecordListState(rows: [], visibleRows: 3)
        expected.isLoading = true
        #expect(state == expected)
        #expect(
            Self.screen(state) == """
                Packing List

                Loading records…




                a add · q quit
                """, "\(Self.screen(state))")
        // Keys that need rows find none; nothing else is asked of the store meanwhile.
        #expect(RecordListTests.send(&state, .moved(.down), .moved(.last), .sortPressed, .storeChanged) == [])
        #expect(state.isLoading && state.rows.isEmpty)

        RecordListTests.send(&state, .rowsReloaded(Self.items(1...5), total: 5))
        #expect((state.isLoading, state.isWaitingForRows, state.total, state.highlight) == (false, false, 5, 0))
        #expect(Self.screen(state).hasPrefix("Packing List · 5 records · rows 1–3"), "\(Self.screen(state))")

        var leaving = RecordListState(rows: [], visibleRows: 3)
        RecordListTests.send(&leaving, .opened)
        #expect(RecordListTests.send(&leaving, .quitPressed) == [.finish(.quit)])
        #expect(RecordListTests.send(&leaving, .rowsReloaded(Self.items(1...5), total: 5)) == [])
        #expect(leaving.rows.isEmpty, "an answer after the list was left changes nothing")
    }

    /// Japanese: the same words in the list's language.
    @Test func theLoadingLineIsJapanese() {
        var state = RecordListState(rows: [], visibleRows: 3, language: .japanese)
        RecordListTests.send(&state, .opened)
        #expect(Self.screen(state).contains("記録を読み込んでいます…"), "\(Self.screen(state))")
    }

    /// End's page on its way: the rows shown still move and open, the footer
    /// says what the list waits for instead of the keys, and the keys come back with the rows.
    @Test func rowsOnTheirWayAreSaidInTheFooterAndTheRowsShownStillMove() {
        var state = RecordListState(rows: Self.items(801...1000), total: 1000, visibleRows: 3)
        #expect(
            RecordListTests.send(&state, .moved(.last))
                == [.loadOldest(limit: RecordListEngine.firstBatch, matching: [])])
        #expect(Self.screen(state).hasSuffix("Loading records…"), "\(Self.screen(state))")
        RecordListTests.send(&state, .moved(.down))
        #expect(state.highlight == 1)
        #expect(RecordListTests.send(&state, .openPressed) == [.edit(Self.items(801...1000)[1])])
        RecordListTests.send(&state, .oldestRowsLoaded(Self.items(1...200)))
        #expect(state.highlighted?.id == 1)
        #expect(Self.screen(state).hasSuffix("q quit"), "\(Self.screen(state))")
    }

    /// A look at another terminal's change is quiet: the list stays drawn and
    /// usable (moves, a delete asked and answered) while it is on its way; the
    /// store answers in the order asked, so the look's answer (read before the
    /// delete) comes first and the delete's after it. A look that fails is said,
    /// and the next change is looked at again.
    @Test func aRefreshOnItsWayLeavesTheListUsableAndSaysNothing() {
        var state = RecordListState(rows: Self.items(1...5), visibleRows: 3)
        let before = Self.screen(state)
        #expect(
            RecordListTests.send(&state, .storeChanged)
                == [.refreshChanges(RecordListChangeQuery(ids: 1...5, newerThan: 5, matching: []))])
        #expect(state.isLoading && state.isRefreshing && !state.isWaitingForRows)
        #expect(Self.screen(state) == before, "nothing said of a refresh")
        RecordListTests.send(&state, .moved(.down))
        #expect(RecordListTests.send(&state, .deletePressed, .confirmAnswered(true)) == [.delete(id: 4)])
        let changes = RecordListChanges(
            ids: 1...5, present: Set(1...5),
            rows: [RecordListTests.row(6, ["item": .text("Item 6")], Self.packing)], total: 6)
        RecordListTests.send(&state, .rowsChanged(changes))
        #expect((state.isLoading, state.isRefreshing, state.writing) == (false, false, true))
        #expect(state.highlighted?.id == 4, "the highlight stays on its record")
        RecordListTests.send(&state, .recordDeleted(id: 4))
        #expect(state.rows.map(\.id) == [6, 5, 3, 2, 1])
        #expect(state.total == 5)

        RecordListTests.send(&state, .storeChanged)
        var expected = state
        (expected.isLoading, expected.isRefreshing) = (false, false)
        expected.notice = .problem("the server cannot be reached")
        RecordListTests.send(&state, .readFailed("the server cannot be reached"))
        #expect(state == expected)
        #expect(state.canRefresh, "the next change is looked at again")
    }

    /// A filter picked while rows are on their way: those rows answer for the
    /// conditions before, so their answer is dropped (the store answers in order:
    /// it is the next to come) and the filter's rows are the list's.
    @Test func anAnswerForConditionsThatChangedMeanwhileIsDropped() {
        let packed = FieldMatch(field: "packed", value: .boolean(true))
        var state = RecordListState(rows: Self.items(801...1000), total: 1000, visibleRows: 3)
        RecordListTests.send(&state, .moved(.last))
        #expect(
            RecordListTests.send(&state, .filterPicked(packed))
                == [.reload(matching: [packed], limit: RecordListEngine.firstBatch)])
        #expect((state.supersededReads, state.rows.count, state.isWaitingForRows) == (1, 0, true))
        #expect(RecordListTests.send(&state, .oldestRowsLoaded(Self.items(1...200))) == [])
        #expect((state.supersededReads, state.rows.count, state.isLoading) == (0, 0, true))
        let packedRows = [RecordListTests.row(7, ["item": .text("Item 7"), "packed": .boolean(true)], Self.packing)]
        RecordListTests.send(&state, .rowsReloaded(packedRows, total: 1))
        #expect((state.rows, state.total, state.isLoading) == (packedRows, 1, false))
    }

    /// A read that failed is said once and not tried on every key; the list
    /// says it loads no more. Changing the conditions reads again.
    @Test func aFailedReadIsSaidAndNotTriedOnEveryKey() {
        var state = RecordListState(rows: [], visibleRows: 3)
        RecordListTests.send(&state, .opened)
        RecordListTests.send(&state, .readFailed("the server cannot be reached"))
        #expect(state.readFailed && !state.isWaitingForRows)
        #expect(Self.screen(state).hasSuffix("! the server cannot be reached"), "\(Self.screen(state))")
        #expect(RecordListTests.send(&state, .moved(.down)) == [])
        #expect(Self.screen(state).contains("No records yet"), "\(Self.screen(state))")
        #expect(RecordListTests.send(&state, .storeChanged) == [], "no refresh over a failed read")
        let packed = FieldMatch(field: "packed", value: .boolean(true))
        #expect(
            RecordListTests.send(&state, .filterPicked(packed))
                == [.reload(matching: [packed], limit: RecordListEngine.firstBatch)])
        #expect((state.readFailed, state.supersededReads, state.isWaitingForRows) == (false, 0, true))
    }
}
