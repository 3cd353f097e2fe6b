extension FormView {
    /// The lines of the fields drawn on one line (not focused, nothing under
    /// them: `FieldLine.plain`), kept by field from one render to the next: a
    /// typed key changes the focused field alone, and each of the other lines
    /// on the screen (a label padded, a value escaped, cut and measured) was
    /// drawn again on every key (issue 27, DECISIONS 92).
    ///
    /// A line is kept under everything it is drawn from (`Shown`: the label as
    /// drawn, star included, the labels' column, the width, the value as the
    /// field shows it, its placeholder), so a line whose value, label, star,
    /// column or width changed, or a field that had a problem or focus (which is
    /// not plain), is drawn again: a render with a cache is the render without one.
    final class PlainLines {
        /// What a plain field's line is drawn from, all of it.
        struct Shown: Equatable {
            var label: String
            var labelWidth: Int
            var width: Int
            /// A switch's face (`[✓] Yes`); nil: the field shows `value`.
            var face: String?
            /// The value as shown (`FormContext.shownText`, masked), before it is made safe and cut.
            var value: String
            /// Whether the field shows nothing, so its placeholder is drawn.
            var empty: Bool
            var placeholder: String?
        }

        private var lines: [Int: (shown: Shown, line: Frame.Line)] = [:]

        /// Field `index`'s line as drawn before from what it shows now, else drawn now and kept.
        func line(ofField index: Int, _ shown: Shown, draw: () -> Frame.Line) -> Frame.Line {
            if let kept = lines[index], kept.shown == shown { return kept.line }
            let line = draw()
            lines[index] = (shown, line)
            return line
        }
    }

    /// What plain field `index`'s line is drawn from (see `PlainLines.Shown`).
    static func plainShown(
        ofField index: Int, label: String, labelWidth: Int, _ state: FormState, _ context: FormContext, width: Int
    ) -> PlainLines.Shown {
        let entry = state.entries[index]
        let face = switchFace(of: index, state, context)
        let text = face == nil ? context.shownText(ofField: index, entry) : ""
        return PlainLines.Shown(
            label: label, labelWidth: labelWidth, width: width, face: face,
            value: face == nil ? context.fields[index].masked(text) : "", empty: text.isEmpty,
            placeholder: context.fields[index].placeholder)
    }
}
