/// What `keyform layout preview --watch` and `keyform form preview --watch` show after
/// each save: the drawing (when the file could be drawn), the diagnostics under it, and a
/// status line. Pure: the commands read and parse the files and write these lines.
public enum WatchFrame {
    /// - Parameters:
    ///   - drawing: the preview; empty when there is none to show.
    ///   - problems: one line each, `PATH:LINE:COLUMN: error: …` (escaped here).
    ///   - errors: how many of them are errors, for the status line.
    ///   - origin: the watched file as a person would type it.
    public static func lines(
        drawing: [Frame.Line], problems: [String], errors: Int, origin: String, language: Language = .english
    ) -> [Frame.Line] {
        var lines = drawing
        if !problems.isEmpty {
            if !lines.isEmpty { lines.append(Frame.Line()) }
            lines += problems.map { Frame.Line(TerminalSafe.escaped($0)) }
        }
        lines.append(Frame.Line())
        // Not fitted to the width: a long path wraps rather than hides which file this is.
        lines.append(Frame.Line(language.text(.watching(TerminalSafe.escaped(origin), errors: errors)), .dim))
        return lines
    }
}

extension LayoutPreview {
    /// A layout's watch frame.
    /// - Parameters:
    ///   - origin: the file as a person would type it, for the diagnostics' `PATH:`.
    ///   - parsed: what parsing the file gave; nil when it could not be read (`readError`).
    public static func watchLines(
        origin: String, parsed: Parsed<Layout>?, readError: String? = nil, width: Int, highlight: Bool,
        language: Language = .english
    ) -> [Frame.Line] {
        let drawing = parsed?.value.map { lines($0, width: width, highlight: highlight, language: language) } ?? []
        let problems =
            (parsed?.diagnostics.map { $0.formatted(path: origin, in: language) } ?? [])
            + (readError.map { ["\(origin): \($0)"] } ?? [])
        let errors = parsed?.diagnostics.filter(\.isError).count ?? 1
        return WatchFrame.lines(
            drawing: drawing, problems: problems, errors: errors, origin: origin, language: language)
    }
}
