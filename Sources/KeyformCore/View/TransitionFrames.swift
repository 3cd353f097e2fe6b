/// The in-between frames of a transition (SPEC: views change with short
/// transitions of at most ~150 ms). Pure: the runner asks for the frame at a
/// progress from 0 to 1 and draws it; keys keep being handled meanwhile, so
/// none is lost; the transition only decides what the screen shows.
public enum TransitionFrames {
    /// How long a transition lasts, in milliseconds.
    public static let duration = 120

    /// The frame `progress` (0…1) of the way from `old` to `new`. The cursor is
    /// hidden until the end, when the frame is exactly `new`.
    public static func frame(_ transition: Transition, from old: Frame, to new: Frame, progress: Double) -> Frame {
        guard progress < 1, old.width == new.width, old.height == new.height else { return new }
        let p = max(0, progress)
        var lines: [Frame.Line]
        switch transition {
        case .swapView(let toGrid):
            lines = rise(old: old.lines, new: new.lines, progress: p, comingIn: toGrid)
        case .page(let forward):
            let shift = Int((1 - p) * Double(new.width))
            lines = new.lines.map { forward ? $0.shiftedRight(by: shift, width: new.width) : $0.shiftedLeft(by: shift) }
        }
        return Frame(width: new.width, height: new.height, lines: lines, cursor: nil)
    }

    /// The rows that differ slide vertically: the incoming part rises from the
    /// bottom of that region (a grid coming in), or the outgoing part sinks (a grid going away).
    private static func rise(old: [Frame.Line], new: [Frame.Line], progress: Double, comingIn: Bool) -> [Frame.Line] {
        let rows = old.indices.filter { old[$0] != new[$0] }
        guard let top = rows.first, let bottom = rows.last else { return new }
        let height = bottom - top + 1
        var lines = new
        for row in top...bottom {
            if comingIn {
                let source = row - Int(((1 - progress) * Double(height)).rounded())
                lines[row] = source >= top ? new[source] : old[row]
            } else {
                let source = row - Int((progress * Double(height)).rounded())
                lines[row] = source >= top ? old[source] : new[row]
            }
        }
        return lines
    }
}

extension Frame.Line {
    /// The line moved `shift` cells to the right (blank cells come in at the left), cut to `width`.
    func shiftedRight(by shift: Int, width: Int) -> Frame.Line {
        guard shift > 0 else { return self }
        var line = Frame.Line(String(repeating: " ", count: shift))
        line.append(self)
        return line.clipped(to: width)
    }

    /// The first `width` cells, cut hard (no "…": the rest is only off screen for a moment).
    func clipped(to width: Int) -> Frame.Line {
        var out = Frame.Line()
        var used = 0
        for span in spans {
            var kept = ""
            for character in span.text {
                let cells = TextWidth.cells(character)
                if used + cells > width { break }
                kept.append(character)
                used += cells
            }
            out.append(kept, span.style)
            if used >= width { break }
        }
        return out
    }

    /// The line moved `shift` cells to the left: its first `shift` cells are gone
    /// (half of a wide character becomes a space).
    func shiftedLeft(by shift: Int) -> Frame.Line {
        guard shift > 0 else { return self }
        var out = Frame.Line()
        var skipped = 0
        for span in spans {
            var kept = ""
            for character in span.text {
                let cells = TextWidth.cells(character)
                if skipped >= shift {
                    kept.append(character)
                } else {
                    skipped += cells
                    if skipped > shift { kept.append(" ") }  // the right half of a cut wide character
                }
            }
            out.append(kept, span.style)
        }
        return out
    }
}
