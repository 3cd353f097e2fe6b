/// A form's first frame, as `keyform run` draws it before the first key
/// (`keyform form preview`): the defaults filled in, the first field focused in the
/// view it opens with. Pure: no terminal, no store. A `choices` field shows as it does
/// with nothing stored yet, and `default: last` as empty, since a preview reads no
/// records.
public enum FormPreview {
    /// - Throws: a field's `pattern` that is not a valid regular expression (`form check`
    ///   reports it first, with its position).
    public static func frame(
        _ form: Form, layouts: [String: Layout], width: Int, height: Int, clock: WallClock, color: Bool = false
    ) throws(FieldValidator.PatternError) -> Frame {
        let context = try FormContext.prepared(form, layouts: layouts, clock: clock)
        return FormView.render(FormState.start(context), context, width: width, height: height, color: color)
    }

    /// The frame's lines without their trailing blanks: all of them for plain text; with
    /// `styled`, only unstyled ones (reverse video shows its spaces).
    public static func drawing(_ frame: Frame, styled: Bool = true) -> [Frame.Line] {
        guard styled else { return frame.lines.map { Frame.Line($0.text.trimmingTrailingSpaces) } }
        return frame.lines.map { line in
            var spans = line.spans
            while let last = spans.last, last.style.isEmpty {
                let trimmed = last.text.trimmingTrailingSpaces
                if trimmed.isEmpty {
                    spans.removeLast()
                } else {
                    spans[spans.count - 1].text = trimmed
                    break
                }
            }
            return Frame.Line(spans)
        }
    }

    /// A form's watch frame: the drawing (nil when the form has errors or could not be
    /// read), then every diagnostic of the form and its layouts, each at its own path.
    /// - Parameter styled: whether the lines are shown with their styles (on a terminal).
    public static func watchLines(
        origin: String, frame: Frame?, diagnostics: [(path: String, diagnostic: Diagnostic)], readError: String? = nil,
        styled: Bool = false, language: Language = .english
    ) -> [Frame.Line] {
        let problems =
            diagnostics.map { $0.diagnostic.formatted(path: $0.path, in: language) }
            + (readError.map { ["\(origin): \($0)"] } ?? [])
        let errors = diagnostics.filter(\.diagnostic.isError).count + (readError == nil ? 0 : 1)
        return WatchFrame.lines(
            drawing: frame.map { drawing($0, styled: styled) } ?? [], problems: problems, errors: errors,
            origin: origin,
            language: language)
    }
}
