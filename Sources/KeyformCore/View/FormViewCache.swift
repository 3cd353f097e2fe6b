extension FormView {
    /// What one render of a form can lend the next: the grid's lines, which a
    /// keystroke in the grid rarely changes, and the footer's key hints, which
    /// a keystroke rarely changes either. A grid move changes the highlight
    /// only, so with a cache it redraws the one or two rows of keys the
    /// highlight leaves and enters, not the page; a typed key finds the hints
    /// it had without building their text again.
    ///
    /// Everything is stored under all that it is made from (the page's keys, the
    /// width, the marked keys; the enabled bindings' keys, words and ranks and
    /// the width), never under a name or a position that could
    /// come to mean something else: a render with a cache is the render
    /// without one (`FormViewCacheTests` compares them over long random runs).
    /// Owned by whoever renders the same form again and again (`FormSession`);
    /// not shared between threads.
    public final class Cache {
        /// The pages drawn lately, the newest last (a form shows one grid at a
        /// time; a few stay for paging back and forth and for resizes).
        private var pages: [PageLines] = []
        private static let pagesKept = 4

        /// The footers of key hints made lately, by what they are made from but
        /// the words of Enter's hint (see `KeptFooters`), the newest last. In a
        /// grid the footer names the highlighted key (`Enter pick item005`), so
        /// every key of a long grid makes a footer of its own: the rest of the
        /// hints (grouped, ranked) are kept across them and only Enter's words
        /// are put in, and the lines made are kept by those words.
        private var footers: [KeptFooters] = []
        private static let footersKept = 8

        /// The lines of the fields drawn on one line, by field (see `PlainLines`).
        let plainLines = PlainLines()
        /// The focused page's shown fields and labels' column (see `LabelColumn`).
        let labelColumn = LabelColumn()
        /// The focused field's line as measured last (see `TypedLine`).
        let typedLine = TypedLine()

        public init() {}

        /// The footer's hints for what the key maps' bindings say now (see
        /// `KeyMap.hintInputs`), as made before when they said the same, else made now.
        func footer(_ inputs: [HintInput], width: Int) -> Frame.Line {
            let enter = KeptFooters.enterIndex(in: inputs)
            let words = enter.map { inputs[$0].words } ?? ""
            if let index = footers.lastIndex(where: { $0.width == width && $0.holds(inputs, enter: enter) }) {
                return footers[index].line(saying: words)
            }
            let kept = KeptFooters(inputs, enter: enter, width: width)
            footers.append(kept)
            if footers.count > Self.footersKept { footers.removeFirst() }
            return kept.line(saying: words)
        }

        /// The page's lines in `width` cells with `selected` keys marked (and the
        /// characters that matched `filter`), as drawn before when it was, else
        /// drawn now (with nothing highlighted).
        func lines(of page: Layout.Page, width: Int, selected: Set<String>, filter: GridFilter?) -> PageLines {
            if let index = pages.lastIndex(where: {
                $0.width == width && $0.selected == selected && $0.query == filter?.query && $0.page == page
            }) {
                let found = pages[index]
                if index != pages.count - 1 {
                    pages.remove(at: index)
                    pages.append(found)
                }
                return found
            }
            let drawn = PageLines(page: page, width: width, selected: selected, filter: filter)
            pages.append(drawn)
            if pages.count > Self.pagesKept { pages.removeFirst() }
            return drawn
        }
    }

    /// The footers of one set of hint inputs but for the words of Enter's hint
    /// (the one emphasized input), in one width: the hints grouped once, with
    /// no words for Enter, and the line made for each of Enter's words asked.
    /// Inputs are held exactly (the other inputs whole; Enter's keys, rank and
    /// flags), so a line found here is the line `KeyHints.footerLine` makes of
    /// the inputs asked for. Inputs whose Enter words are also another hint's
    /// (they would share its hint) or with no single emphasized input are held
    /// whole, one line each.
    final class KeptFooters {
        /// The inputs, the emphasized one's words left empty when `enter` is not nil.
        let inputs: [HintInput]
        /// The emphasized input whose words vary, by index.
        let enter: Int?
        let width: Int
        private let candidates: KeyHints.Candidates
        private var lines: [String: Frame.Line] = [:]
        /// Enough for the keys a person moves among; past it, the lines are made again (a few hints fitted).
        private static let linesKept = 64

        init(_ inputs: [HintInput], enter: Int?, width: Int) {
            var held = inputs
            if let enter { held[enter].words = "" }
            self.inputs = held
            self.enter = enter
            self.width = width
            candidates = KeyHints.Candidates(held)
        }

        /// The input whose words can be put in afresh: the one emphasized input,
        /// when no other input has its words or none (the held inputs give it none).
        static func enterIndex(in inputs: [HintInput]) -> Int? {
            guard let index = inputs.firstIndex(where: \.emphasized) else { return nil }
            let words = inputs[index].words
            for other in inputs.indices where other != index {
                if inputs[other].emphasized || inputs[other].words == words || inputs[other].words.isEmpty {
                    return nil
                }
            }
            return index
        }

        /// Whether these are the inputs held, but for Enter's words.
        func holds(_ asked: [HintInput], enter asking: Int?) -> Bool {
            guard asking == enter, asked.count == inputs.count else { return false }
            for index in inputs.indices {
                var input = asked[index]
                if index == enter { input.words = "" }
                if input != inputs[index] { return false }
            }
            return true
        }

        /// The footer's line with `words` for Enter's hint (ignored when `enter` is nil).
        func line(saying words: String) -> Frame.Line {
            if let line = lines[words] { return line }
            let said = enter == nil ? candidates : candidates.sayingEnter(words)
            let line = KeyHints.footerLine(KeyHints.shown(said, width: width))
            if lines.count >= Self.linesKept { lines.removeAll(keepingCapacity: true) }
            lines[words] = line
            return line
        }
    }

    /// A page of keys drawn without a highlight, and its lines as they are asked
    /// for, each kept with its width measured: a frame cuts its lines to the
    /// width on every render, and these are not measured again.
    final class PageLines {
        let page: Layout.Page
        let width: Int
        let selected: Set<String>
        /// The filter's query the page's matches were marked for (nil: no filter).
        let query: String?
        let drawing: GridDrawing.Drawing
        private var rules: [RuleKey: Frame.Line] = [:]
        /// Each row's keys with none highlighted, by row, as they are asked for.
        private var keyLines: [Frame.Line?]
        /// Rows drawn with one of their keys highlighted, by that key: a move
        /// back to a key finds its row as drawn before.
        private var highlightedLines: [GridDrawing.KeyIndex: Frame.Line] = [:]
        /// Enough for the keys a person moves among; past it, rows are drawn again.
        private static let highlightedKept = 64

        private struct RuleKey: Hashable {
            var above: Int?
            var below: Int?
            /// `border(of:top:)` rather than `rule(between:and:)`.
            var border: Bool
        }

        init(page: Layout.Page, width: Int, selected: Set<String>, filter: GridFilter?) {
            self.page = page
            self.width = width
            self.selected = selected
            query = filter?.query
            drawing = FormView.drawGrid(page, width: width, selected: selected, filter: filter)
            keyLines = Array(repeating: nil, count: drawing.rows.count)
        }

        func rule(between above: Int?, and below: Int?) -> Frame.Line {
            let key = RuleKey(above: above, below: below, border: false)
            if let line = rules[key] { return line }
            let line = drawing.rule(between: above, and: below).measured()
            rules[key] = line
            return line
        }

        func border(of row: Int, top: Bool) -> Frame.Line {
            let key = RuleKey(above: top ? nil : row, below: top ? row : nil, border: true)
            if let line = rules[key] { return line }
            let line = drawing.border(of: row, top: top).measured()
            rules[key] = line
            return line
        }

        /// The row's keys with none of them highlighted.
        func keyLine(_ row: Int) -> Frame.Line {
            if let line = keyLines[row] { return line }
            let line = drawing.keyLine(row)
            keyLines[row] = line
            return line
        }

        /// The row of `drawing`'s highlighted key, `drawing` being this page's
        /// drawing with that key highlighted (`highlighting`).
        func keyLine(of highlighted: GridDrawing.KeyIndex, in drawing: GridDrawing.Drawing) -> Frame.Line {
            if let line = highlightedLines[highlighted] { return line }
            let line = drawing.keyLine(highlighted.row)
            if highlightedLines.count >= Self.highlightedKept { highlightedLines.removeAll(keepingCapacity: true) }
            highlightedLines[highlighted] = line
            return line
        }
    }

    /// A page's lines with one key highlighted: from a cache's `PageLines` when
    /// there is one (only the highlighted row is drawn anew, and a row highlighted
    /// before is found as it was drawn), else drawn whole.
    struct GridLines {
        let drawing: GridDrawing.Drawing
        private let cached: PageLines?

        init(
            _ page: Layout.Page, width: Int, highlight: GridDrawing.KeyIndex?, selected: Set<String>,
            filter: GridFilter?,
            cache: Cache?
        ) {
            if let cache {
                let cached = cache.lines(of: page, width: width, selected: selected, filter: filter)
                self.cached = cached
                drawing = cached.drawing.highlighting(highlight)
            } else {
                cached = nil
                drawing = FormView.drawGrid(page, width: width, selected: selected, filter: filter).highlighting(
                    highlight)
            }
        }

        func rule(between above: Int?, and below: Int?) -> Frame.Line {
            cached?.rule(between: above, and: below) ?? drawing.rule(between: above, and: below)
        }

        func border(of row: Int, top: Bool) -> Frame.Line {
            cached?.border(of: row, top: top) ?? drawing.border(of: row, top: top)
        }

        func keyLine(_ row: Int) -> Frame.Line {
            guard let cached else { return drawing.keyLine(row) }
            guard let highlighted = drawing.highlighted, highlighted.row == row else { return cached.keyLine(row) }
            return cached.keyLine(of: highlighted, in: drawing)
        }
    }

    /// The page drawn for a form's grid: a `multiple` field's selected keys are
    /// marked `✓`; with a filter open, the characters of each key that matched it.
    static func drawGrid(
        _ page: Layout.Page, width: Int, selected: Set<String>, filter: GridFilter? = nil
    ) -> GridDrawing.Drawing {
        GridDrawing.draw(
            page, width: width, marked: { key in key.action == .text && selected.contains(key.text) },
            matched: { index in filter?.match(at: index)?.marked ?? [] })
    }
}
