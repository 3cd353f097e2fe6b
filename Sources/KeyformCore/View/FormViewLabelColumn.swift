extension FormView {
    /// The shown fields of a page and the cells of their labels' column, kept
    /// from one render to the next: a key typed into one of 200 fields walked
    /// the page's 200 fields for them on every frame (issue 27), though what
    /// they are made from had not changed.
    ///
    /// Kept only when every label of the page names no answer (each is
    /// `FormContext.fixedLabels`', measured once per form), and under all the
    /// column is made from: the page's fields, the width, which fields are
    /// shown and required (an evaluation of a typed key shares these arrays
    /// with the one before, so they compare at once), the presentation (a
    /// picker's label has no star), and the context's labels and which fields
    /// hold a value, told by their storage (held here, so it cannot be reused).
    /// A render with it is the render without it.
    final class LabelColumn {
        private struct Made {
            var fields: Range<Int>
            var width: Int
            var shown: [Bool]
            var required: [Bool]
            var presentation: Form.Presentation
            var labels: [(text: String, cells: Int)?]
            var holdsValue: [Bool]
            var indices: [Int]
            var labelWidth: Int
        }

        private var made: Made?

        /// The page's shown fields and the labels' cells as made before from the
        /// same, else made by `make` (nil from it: a label names an answer, so
        /// the column follows the entries and is not kept).
        func column(
            page fields: Range<Int>, width: Int, _ evaluation: FormEvaluation, _ context: FormContext,
            make: () -> (indices: [Int], width: Int, fixed: Bool)
        ) -> (indices: [Int], width: Int) {
            let (shown, required) = (evaluation.shown, evaluation.required)
            if let made, made.fields == fields, made.width == width, made.presentation == context.form.presentation,
                Self.same(made.labels, context.fixedLabels), Self.same(made.holdsValue, context.holdsValue),
                made.shown == shown, made.required == required
            {
                return (made.indices, made.labelWidth)
            }
            let (indices, labelWidth, fixed) = make()
            made =
                fixed
                ? Made(
                    fields: fields, width: width, shown: shown, required: required,
                    presentation: context.form.presentation, labels: context.fixedLabels,
                    holdsValue: context.holdsValue, indices: indices, labelWidth: labelWidth) : nil
            return (indices, labelWidth)
        }

        /// One storage: the same values, told without reading them (`a` is held, so its storage is not reused).
        private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count
                && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        }
    }
}
