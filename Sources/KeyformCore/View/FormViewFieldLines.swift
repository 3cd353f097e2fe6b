extension FormView {
    /// The lines of the fields drawn on one line (not focused, nothing under
    /// them: `FieldLine.plain`), kept by field from one render to the next: a
    /// typed key changes the focused field alone, and each of the other lines
    /// on the screen (a label padded, a value escaped, cut and measured) was
    /// drawn again on every key (issue 27, DECISIONS 92).
    ///
    /// A line is kept under everything it is drawn from (`Source`): what the
    /// field holds, its label when it names an answer, its star, the labels'
    /// column, the width and the context. A line whose field holds another
    /// value, or whose label, star, column, width or context changed, or a field
    /// that had a problem or focus (which is not plain), is drawn again: a
    /// render with a cache is the render without one.
    final class PlainLines {
        /// What a plain field's line is drawn from, all of it, told without
        /// drawing it: what the line shows (the value as the field shows it, a
        /// switch's face, the placeholder) is made from these alone. Compared on
        /// every key for each line in view, so it holds what compares at once
        /// (an unchanged entry's text is the same string), not what is made
        /// from it (DECISIONS 105).
        struct Source {
            /// What the field holds: its line, a selection, a value standing (`holdsSameInput`).
            var entry: FormState.Entry
            /// The label as drawn when it names an answer (`{{name}}`); nil: the context's fixed label.
            var label: String?
            /// The label's star (`required`, a `required_if` that holds).
            var star: Bool
            var labelWidth: Int
            var width: Int
            /// The context's labels, told by their storage (held here, so it is
            /// not reused): the context's fields, validators, keys' labels and
            /// clock are made with them, once, by its `init` (its copies share
            /// them), and are all the line reads of it besides its language.
            var labels: [(text: String, cells: Int)?]
            /// A switch's face is said in it.
            var language: Language

            func draws(as other: Source) -> Bool {
                entry.holdsSameInput(as: other.entry) && star == other.star && labelWidth == other.labelWidth
                    && width == other.width && language == other.language && label == other.label
                    && labels.count == other.labels.count
                    && labels.withUnsafeBufferPointer { a in
                        other.labels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                    }
            }
        }

        /// By field index.
        private var lines: [(source: Source, line: Frame.Line)?] = []

        /// Field `index`'s line as drawn before from the same source, else drawn now and kept.
        func line(ofField index: Int, _ source: Source, draw: () -> Frame.Line) -> Frame.Line {
            if index < lines.count, let kept = lines[index], kept.source.draws(as: source) { return kept.line }
            let line = draw()
            if index >= lines.count { lines += Array(repeating: nil, count: index + 1 - lines.count) }
            lines[index] = (source, line)
            return line
        }
    }

    /// What plain field `index`'s line is drawn from (see `PlainLines.Source`);
    /// nil when it follows another field's value (a switch's face can read its
    /// driver's): such a line is drawn on every frame.
    static func plainSource(
        ofField index: Int, labelWidth: Int, _ state: FormState, _ context: FormContext,
        _ evaluation: FormEvaluation, width: Int
    ) -> PlainLines.Source? {
        guard context.followers[index] == nil else { return nil }
        return PlainLines.Source(
            entry: state.entries[index],
            label: context.fixedLabels[index] == nil ? label(ofField: index, state, context, evaluation) : nil,
            star: evaluation.required[index] && context.form.presentation == .form, labelWidth: labelWidth,
            width: width, labels: context.fixedLabels, language: context.language)
    }
}
