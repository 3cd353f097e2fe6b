/// What `keyform layout preview --watch` shows after each save: the drawing (when
/// the file parses), the file's diagnostics under it, and a status line. Pure: the
/// command reads the file, parses it and writes these lines.
extension LayoutPreview {
    /// - Parameters:
    ///   - origin: the file as a person would type it, for the diagnostics' `PATH:`.
    ///   - parsed: what parsing the file gave; nil when it could not be read (`readError`).
    public static func watchLines(
        origin: String, parsed: Parsed<Layout>?, readError: String? = nil, width: Int, highlight: Bool
    ) -> [Frame.Line] {
        var lines: [Frame.Line] = []
        if let layout = parsed?.value {
            lines = self.lines(layout, width: width, highlight: highlight)
        }
        let problems = (parsed?.diagnostics.map { $0.formatted(path: origin) } ?? [])
            + (readError.map { ["\(origin): \($0)"] } ?? [])
        if !problems.isEmpty {
            if !lines.isEmpty { lines.append(Frame.Line()) }
            lines += problems.map { Frame.Line(TerminalSafe.escaped($0)) }
        }
        let errors = parsed?.diagnostics.filter(\.isError).count ?? 1
        let state = errors == 0 ? "ok" : errors == 1 ? "1 error" : "\(errors) errors"
        lines.append(Frame.Line())
        // Not fitted to the width: a long path wraps rather than hides which file this is.
        lines.append(Frame.Line("watching \(TerminalSafe.escaped(origin)) (\(state)); redrawn on every save, Ctrl-C stops", .dim))
        return lines
    }
}
