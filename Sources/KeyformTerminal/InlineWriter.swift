import KeyformCore

/// What the terminal runner draws frames with.
protocol FrameWriter {
    /// The bytes that make the terminal show `frame` (empty when nothing changed).
    mutating func render(_ frame: Frame) -> [UInt8]
    /// Something else may have written: the next render draws everything.
    mutating func invalidate()
    /// The bytes that leave what was drawn behind (the cursor on a fresh line
    /// under it), before the terminal is given back.
    mutating func leave() -> [UInt8]
}

extension ScreenWriter: FrameWriter {
    /// The alternate screen goes away with the terminal's mode: nothing to leave.
    mutating func leave() -> [UInt8] { [] }
}

/// Draws frames in the lines under the cursor, on the shell's own screen (no
/// alternate screen): a question asked before a form stays in the scrollback
/// with its answer, as a shell prompt does. Every render goes back to the
/// first line it drew and rewrites the lines (each cleared to its end, and
/// what is below cleared), so a line that came or went leaves nothing behind.
/// Pure: it returns bytes. Span text must already be terminal-safe (views escape it).
struct InlineWriter: FrameWriter {
    let color: Bool
    /// The colours of the roles (a config's `colors:`); used only with `color`.
    let palette: ColorPalette
    /// The lines drawn and the cursor, as last rendered; nil before the first render.
    private var drawn: Frame?
    /// The row (from the first line drawn) the terminal's cursor is on.
    private var cursorRow = 0

    init(color: Bool, palette: ColorPalette = .standard) {
        self.color = color
        self.palette = palette
    }

    mutating func render(_ frame: Frame) -> [UInt8] {
        if let drawn, drawn.lines == frame.lines, drawn.cursor == frame.cursor { return [] }
        var out = "\r"
        if drawn != nil, cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
        for (row, line) in frame.lines.enumerated() {
            if row > 0 { out += "\r\n" }
            out += styled(line) + "\u{1B}[0m\u{1B}[K"
        }
        out += "\u{1B}[J"
        cursorRow = max(0, frame.lines.count - 1)
        if let cursor = frame.cursor, cursor.row < frame.lines.count {
            if cursorRow > cursor.row { out += "\u{1B}[\(cursorRow - cursor.row)A" }
            out += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "")
            cursorRow = cursor.row
        }
        drawn = frame
        return Array(out.utf8)
    }

    mutating func invalidate() {
        drawn = nil
        cursorRow = 0
    }

    mutating func leave() -> [UInt8] {
        guard let drawn else { return [] }
        let below = max(0, drawn.lines.count - 1 - cursorRow)
        invalidate()
        return Array(((below > 0 ? "\u{1B}[\(below)B" : "") + "\r\n").utf8)
    }

    /// A line's spans, each after the SGR of its style.
    private func styled(_ line: Frame.Line) -> String {
        var out = ""
        for span in line.spans {
            out += "\u{1B}[" + palette.sgr(for: span.style, color: color) + "m" + TerminalSafe.escaped(span.text)
        }
        return out
    }
}
