/// A layout drawn as plain text, the way its grid appears in a form
/// (`keyform layout preview`).
///
/// ```
/// Yes or no?
/// ┌──────────────┬──────────────┐
/// │   [y] Yes    │    [n] No    │
/// └──────────────┴──────────────┘
/// ```
/// Keys sit where `GridGeometry` puts them, with their hotkey in brackets before
/// the label. Under each grid a legend names what the non-text keys do, and the
/// text of keys that type something other than their label. Everything taken
/// from the layout goes through `TerminalSafe.escaped`, so the result never holds
/// a control character.
public enum LayoutPreview {
    /// The layout's title, then each page's grid in at most `width` cells.
    /// A paged layout is drawn page by page, each under a `Page 1/2: ID (TITLE)`
    /// header. When `width` is below `minimumWidth(for:)` the result is a one-line
    /// notice instead; widths above 1000 are drawn at 1000.
    public static func render(_ layout: Layout, width: Int, language: Language = .english) -> String {
        lines(layout, width: width, language: language).map(\.text).joined(separator: "\n")
    }

    /// `render`'s lines with their styles. With `highlight`, each page's first
    /// key is highlighted as a form highlights it (reverse video), so that on a
    /// terminal the grid shows as it will appear.
    public static func lines(
        _ layout: Layout, width: Int, highlight: Bool = false, language: Language = .english
    ) -> [Frame.Line] {
        let needed = minimumWidth(for: layout)
        guard width >= needed else {
            return [Frame.Line(language.text(.layoutPreviewTooNarrow(needs: needed)))]
        }
        let width = min(width, widest)
        var blocks: [[Frame.Line]] = []
        if let title = layout.title {
            blocks.append([Frame.Line(fitted(title, width))])
        }
        for (index, page) in layout.pages.enumerated() {
            var lines: [Frame.Line] = []
            if layout.isPaged {
                let header = Message.layoutPreviewPage(
                    index + 1, of: layout.pages.count, id: page.id, title: page.title)
                lines.append(Frame.Line(fitted(language.text(header), width)))
            }
            let first = page.rows.firstIndex { !$0.isEmpty }.map { GridDrawing.KeyIndex(row: $0, key: 0) }
            lines += GridDrawing.draw(page, width: width, highlight: highlight ? first : nil).lines
            lines += legend(of: page, width: width).map { Frame.Line($0) }
            blocks.append(lines)
        }
        // The title sits right above a single grid; pages are set apart by a blank line.
        let separator = layout.isPaged ? [Frame.Line()] : []
        return Array(blocks.joined(separator: separator))
    }

    /// The narrowest width at which every key of every page has at least one
    /// cell for its label (and at least 10).
    public static func minimumWidth(for layout: Layout) -> Int {
        let columns = layout.pages.map { GridGeometry(page: $0, width: 0).columns }.max() ?? 1
        return max(10, columns * narrowestUnit + 1)
    }

    /// Cells per column at the minimum width: a border, a padding cell on each
    /// side, and one cell of label.
    private static let narrowestUnit = 2 * GridGeometry.labelPadding + 2

    /// Wider than any terminal; keeps a huge `--width` from building huge strings.
    private static let widest = 1000

    /// A line of text from the layout, made safe and cut to `width` cells.
    private static func fitted(_ text: String, _ width: Int) -> String {
        TextWidth.truncate(TerminalSafe.escaped(text), toCells: width)
    }
}

// MARK: - The legend

extension LayoutPreview {
    /// What the page's keys do beyond typing their label, wrapped to `width`:
    /// `⌫ = backspace · More → page more · Swim = "Freestyle"`.
    private static func legend(of page: Layout.Page, width: Int) -> [String] {
        let entries = page.rows.joined().compactMap(legendEntry).map { fitted($0, width) }
        var lines: [String] = []
        for entry in entries {
            if let last = lines.last, TextWidth.cells(last + separator + entry) <= width {
                lines[lines.count - 1] = last + separator + entry
            } else {
                lines.append(entry)
            }
        }
        return lines
    }

    private static let separator = " · "

    /// Unescaped on purpose: `fitted` makes the whole entry safe.
    private static func legendEntry(_ key: Layout.Key) -> String? {
        switch key.action {
        case .text: key.text == key.label ? nil : "\(key.label) = \"\(key.text)\""
        case .page(let to): "\(key.label) → page \(to)"
        case .layout(let to): "\(key.label) → layout \(to)"
        default: "\(key.label) = \(key.action.name)"
        }
    }
}
