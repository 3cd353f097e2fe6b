/// The key list (F1): every key of the view the
/// form is in, drawn from the same key map the keys are looked up in, with what
/// each does now. The footer names it when it leaves hints out for room.
///
/// ```
/// Keys · Due (calendar)
///
///   ←↑↓→          move
///   PgUp/PgDn     month
///   t             today
///   Enter         pick 2026-11-22
///   …
///
/// Any key goes back to the form.
/// ```
public enum KeyListView {
    public static func render(_ situation: FormKeySituation, keys: FormKeyMaps, width: Int, height: Int) -> Frame {
        let context = situation.context
        let say = context.language.text
        let viewName: Message =
            switch situation.view {
            case .keyboard: .keyListKeyboard
            case .grid: situation.isCalendar ? .keyListCalendar : .keyListKeys
            case .switch: .keyListSwitch
            case .note: .keyListNote
            }
        let view = say(viewName)
        var title = Frame.Line(say(.keyListTitle), .bold)
        if context.fields.indices.contains(situation.state.focus) {
            title.append(
                " · " + TerminalSafe.escaped(context.label(ofField: situation.state.focus, situation.state.entries))
                    + " (\(view))")
        }
        var entries = keys.map(for: situation).keyList(in: situation, anyKey: say(.keyListAnyKey)) {
            say(.keySummary($0))
        }
        if situation.view == .keyboard {
            // What the key map leaves to readline, in one line.
            entries.append((say(.keyListTyping), say(.keyListTypingSummary)))
        }
        let keyWidth = min(entries.map { TextWidth.cells($0.keys) }.max() ?? 0, max(4, width / 3))
        var rows = entries.map { entry in
            Frame.Line(
                "  " + TextWidth.pad(TextWidth.truncate(entry.keys, toCells: keyWidth), toCells: keyWidth) + "  "
                    + entry.words)
        }
        let room = max(0, height - 4)
        if rows.count > room {
            let left = rows.count - max(0, room - 1)
            rows = Array(rows.prefix(max(0, room - 1))) + [Frame.Line("  " + say(.keyListMore(left)), .dim)]
        }
        var lines = [title, Frame.Line()] + rows
        lines += Array(repeating: Frame.Line(), count: max(0, height - 1 - lines.count))
        lines.append(Frame.Line(say(.keyListAnyKeyGoesBack), .dim))
        return Frame(
            width: width, height: height, lines: Array(lines.prefix(max(0, height))).map { $0.truncated(to: width) })
    }
}
