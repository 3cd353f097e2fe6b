import KeyformCore
import SnapshotTesting
import Testing

typealias Key = Layout.Key

/// Layouts as an author would write them, built directly (the parser is tested elsewhere).
enum SampleLayouts {
    /// The SPEC's example layout.
    static let priority = Layout(
        title: "Priority",
        pages: [
            Layout.Page(rows: [
                [Key(label: "High"), Key(label: "Medium"), Key(label: "Low")],
                [
                    Key(label: "abc", action: .keyboard), Key(label: "Clear", action: .clear),
                    Key(label: "Done", action: .done),
                ],
            ])
        ])

    static let japanese = Layout(
        title: "優先度",
        pages: [
            Layout.Page(rows: [
                [Key(label: "高", hotkey: "1"), Key(label: "中", hotkey: "2"), Key(label: "低", hotkey: "3")],
                [Key(label: "キーボード", action: .keyboard), Key(label: "決定", span: 2, action: .done)],
            ])
        ])

    static let keypad = Layout(
        title: "Amount", kind: .keypad,
        pages: [
            Layout.Page(rows: [
                ["7", "8", "9"].map { Key(label: $0) },
                ["4", "5", "6"].map { Key(label: $0) },
                ["1", "2", "3"].map { Key(label: $0) },
                [Key(label: "0", span: 2), Key(label: ".")],
                [
                    Key(label: "⌫", action: .backspace), Key(label: "Clear", action: .clear),
                    Key(label: "Done", action: .done),
                ],
            ])
        ])

    /// Rows of different lengths and spans, so borders exist only above or below.
    static let ragged = Layout(pages: [
        Layout.Page(rows: [
            [Key(label: "A"), Key(label: "B"), Key(label: "C"), Key(label: "D")],
            [Key(label: "Wide", span: 3), Key(label: "E")],
            [Key(label: "F"), Key(label: "Middle", span: 2)],
            [Key(label: "G", span: 2)],
        ])
    ])

    static let paged = Layout(
        title: "Swim log",
        pages: [
            Layout.Page(
                id: "strokes", title: "Strokes",
                rows: [
                    [Key(label: "Freestyle", hotkey: "f"), Key(label: "Backstroke", hotkey: "b")],
                    [Key(label: "Breaststroke", hotkey: "r"), Key(label: "Butterfly", hotkey: "u")],
                    [Key(label: "More", hotkey: "m", span: 2, action: .page("more"))],
                ]),
            Layout.Page(
                id: "more", title: "More strokes",
                rows: [
                    [Key(label: "IM", text: "Individual medley"), Key(label: "Drill"), Key(label: "Kick")],
                    [
                        Key(label: "Back", action: .page("strokes")), Key(label: "Sets", action: .layout("sets")),
                        Key(label: "abc", action: .keyboard),
                    ],
                ]),
        ])
}

@Suite(.snapshots(record: .missing))
struct LayoutPreviewTests {
    @Test func priorityLayout() {
        assertSnapshot(of: LayoutPreview.render(SampleLayouts.priority, width: 80), as: .lines, named: "80")
    }

    @Test func japaneseLayout() {
        for width in [80, 40] {
            assertSnapshot(
                of: LayoutPreview.render(SampleLayouts.japanese, width: width), as: .lines, named: "\(width)")
        }
    }

    @Test func keypadWithSpans() {
        for width in [80, 40] {
            assertSnapshot(of: LayoutPreview.render(SampleLayouts.keypad, width: width), as: .lines, named: "\(width)")
        }
    }

    /// The example in `LayoutPreview`'s doc comment.
    @Test func hotkeysComeBeforeTheLabel() {
        let yesNo = Layout(
            title: "Yes or no?",
            pages: [
                Layout.Page(rows: [[Key(label: "Yes", hotkey: "y"), Key(label: "No", hotkey: "n")]])
            ])
        #expect(
            LayoutPreview.render(yesNo, width: 31) == """
                Yes or no?
                ┌──────────────┬──────────────┐
                │   [y] Yes    │    [n] No    │
                └──────────────┴──────────────┘
                """)
    }

    @Test func raggedRows() {
        assertSnapshot(of: LayoutPreview.render(SampleLayouts.ragged, width: 41), as: .lines, named: "41")
    }

    @Test func pagedLayout() {
        assertSnapshot(of: LayoutPreview.render(SampleLayouts.paged, width: 60), as: .lines, named: "60")
    }

    @Test func narrowWidthsGiveANotice() {
        assertSnapshot(of: LayoutPreview.render(SampleLayouts.keypad, width: 5), as: .lines, named: "5")
        assertSnapshot(of: LayoutPreview.render(SampleLayouts.keypad, width: 0), as: .lines, named: "0")
        #expect(
            LayoutPreview.render(SampleLayouts.keypad, width: -3)
                == LayoutPreview.render(SampleLayouts.keypad, width: 0))
    }

    @Test func minimumWidthIsDrawn() {
        let width = LayoutPreview.minimumWidth(for: SampleLayouts.keypad)
        #expect(width == 13)
        #expect(LayoutPreview.render(SampleLayouts.keypad, width: width).hasPrefix("Amount\n┌"))
        #expect(LayoutPreview.render(SampleLayouts.keypad, width: width - 1).hasPrefix("(too narrow"))
    }

    @Test func unsafeLabelsAreEscaped() {
        let layout = Layout(
            title: "Bad\u{1B}[2J",
            pages: [
                Layout.Page(rows: [
                    [
                        Key(label: "Red\u{1B}[31m", hotkey: "\t"),
                        Key(label: "\u{202E}txet", text: "a\nb"),
                        Key(label: "zero\u{200B}width", action: .page("x\u{7}")),
                    ]
                ])
            ])
        let preview = LayoutPreview.render(layout, width: 80)
        assertSnapshot(of: preview, as: .lines, named: "80")
        #expect(preview.unicodeScalars.allSatisfy { $0 == "\n" || !TerminalSafe.isUnsafe($0) })
    }

    @Test(arguments: [
        SampleLayouts.priority, SampleLayouts.japanese, SampleLayouts.keypad,
        SampleLayouts.ragged, SampleLayouts.paged,
    ])
    func gridLinesLineUp(layout: Layout) {
        for width in 20...120 {
            let lines = LayoutPreview.render(layout, width: width).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { TextWidth.cells($0) <= width }, "width \(width)")
            for grid in grids(in: lines) {
                let widths = Set(grid.map { TextWidth.cells($0) })
                #expect(widths.count == 1, "width \(width): lines of \(widths.sorted()) cells")
                #expect(bordersMeet(grid), "width \(width):\n\(grid.joined(separator: "\n"))")
            }
        }
    }
}

// MARK: - Reading a drawn grid back

/// Each run of consecutive lines that are part of a box-drawn grid.
private func grids(in lines: [Substring]) -> [[Substring]] {
    var grids: [[Substring]] = []
    var current: [Substring] = []
    for line in lines {
        if let first = line.first, "┌│├└".contains(first) {
            current.append(line)
        } else if !current.isEmpty {
            grids.append(current)
            current = []
        }
    }
    return current.isEmpty ? grids : grids + [current]
}

/// Whether every stroke is continued by its neighbour: a stroke leaving a cell
/// downward enters the cell below from above, and one leaving rightward enters
/// the next cell from the left. Labels here hold no box characters.
private func bordersMeet(_ grid: [Substring]) -> Bool {
    let cells = grid.map(screenCells)
    for (r, row) in cells.enumerated() {
        for (x, c) in row.enumerated() {
            let right = x + 1 < row.count ? row[x + 1] : " "
            let below = r + 1 < cells.count && x < cells[r + 1].count ? cells[r + 1][x] : " "
            if "┌┬┐├┼┤│".contains(c) != "└┴┘├┼┤│".contains(below) { return false }
            if "┌┬├┼└┴─".contains(c) != "┬┐┼┤┴┘─".contains(right) { return false }
        }
    }
    return true
}

/// A line as the terminal shows it: one character per cell, a wide character's
/// second cell as "\0".
private func screenCells(_ line: Substring) -> [Character] {
    line.flatMap { c in TextWidth.cells(c) == 2 ? [c, "\0"] : [c] }
}
