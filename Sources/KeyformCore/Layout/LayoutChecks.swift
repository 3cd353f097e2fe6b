import Yams

/// The rules of a layout that need the whole layout in view: hotkeys unique,
/// page and layout targets that exist, every page reachable, even rows, labels
/// that fit at 80 columns, and text that is safe to put on a terminal.
struct LayoutChecks {
    /// The terminal width labels must fit at (SPEC: "labels wider than their cell at 80 columns").
    static let referenceWidth = 80

    /// False when the shape had errors, so some keys or pages are missing.
    let shapeIsComplete: Bool
    private var diagnostics: [Diagnostic] = []

    init(shapeIsComplete: Bool) { self.shapeIsComplete = shapeIsComplete }

    /// - Parameters:
    ///   - layoutExists: whether a name given in `action: layout` resolves.
    ///   - suggestLayout: a close name to suggest when one does not.
    mutating func run(
        on layout: LocatedLayout, layoutExists: (String) -> Bool, suggestLayout: (String) -> String?
    ) -> [Diagnostic] {
        if let title = layout.title, let node = layout.titleNode {
            checkSafe(title, at: node, what: .authored("title"))
        }
        checkHotkeysUnique(layout)
        checkTargets(layout, layoutExists: layoutExists, suggestLayout: suggestLayout)
        for page in layout.pages {
            if let (_, title, fields) = page.page, let title, let node = fields["title"] {
                checkSafe(title, at: node, what: .wordPageTitle)
            }
            if shapeIsComplete { checkEvenRows(page) }
            checkKeys(page)
        }
        return diagnostics
    }

    private mutating func error(_ node: Node, _ message: String) { diagnostics.append(.error(node.location, message)) }
    private mutating func warning(_ node: Node, _ message: String) {
        diagnostics.append(.warning(node.location, message))
    }

    private mutating func error(_ node: Node, _ said: Message) {
        diagnostics.append(.error(node.location, said))
    }

    private mutating func warning(_ node: Node, _ said: Message) {
        diagnostics.append(Diagnostic(.warning, at: node.location, said))
    }

    private mutating func checkHotkeysUnique(_ layout: LocatedLayout) {
        var seen: [Character: LocatedKey] = [:]
        for key in layout.pages.flatMap({ $0.rows.flatMap(\.keys) }) {
            guard let hotkey = key.key.hotkey, let node = key.hotkeyNode else { continue }
            if let first = seen[hotkey] {
                error(
                    node,
                    Message.hotkeyUsedTwice(
                        String(hotkey), by: TerminalSafe.escaped(first.key.label), at: "\(first.node.location)"))
            } else {
                seen[hotkey] = key
            }
        }
    }

    private mutating func checkTargets(
        _ layout: LocatedLayout, layoutExists: (String) -> Bool, suggestLayout: (String) -> String?
    ) {
        let pageIDs = layout.pages.compactMap(\.id)
        var reached = Set<String>()
        for key in layout.pages.flatMap({ $0.rows.flatMap(\.keys) }) {
            let node = key.toNode ?? key.node
            switch key.key.action {
            case .page(let target):
                if pageIDs.isEmpty {
                    error(node, Message.pageActionWithoutPages)
                } else if pageIDs.contains(target) {
                    reached.insert(target)
                } else if let guess = Suggestion.closest(to: target, among: pageIDs) {
                    error(node, Message.noPage(TerminalSafe.escaped(target), hint: .didYouMean(guess)))
                    reached.insert(guess)  // the typo is the error; "never shown" would only repeat it
                } else {
                    error(node, Message.noPage(TerminalSafe.escaped(target), hint: .pagesAre(pageIDs)))
                }
            case .layout(let target):
                if !layoutExists(target) {
                    let hint =
                        suggestLayout(target).map { Message.didYouMean($0) }
                        ?? .putLayoutInAFolder(TerminalSafe.escaped(target))
                    error(node, Message.noLayoutNamed(TerminalSafe.escaped(target), hint: hint))
                }
            default:
                break
            }
        }
        guard shapeIsComplete else { return }
        for page in layout.pages.dropFirst() {
            guard let (id, _, fields) = page.page, !reached.contains(id), let idNode = fields["id"] else { continue }
            error(idNode, Message.pageNeverShown(TerminalSafe.escaped(id)))
        }
    }

    private mutating func checkEvenRows(_ page: LocatedPage) {
        let totals = page.rows.map { $0.keys.reduce(0) { $0 + $1.key.span } }
        guard let widest = totals.max() else { return }
        for (row, total) in zip(page.rows, totals) where total != widest {
            warning(row.node, Message.rowNarrower(total, widest: widest))
        }
    }

    private mutating func checkKeys(_ page: LocatedPage) {
        let geometry = GridGeometry(spans: page.rows.map { $0.keys.map(\.key.span) }, width: Self.referenceWidth)
        for (row, cells) in zip(page.rows, geometry.cells) {
            for (key, cell) in zip(row.keys, cells) {
                let labelNode = key.labelNode ?? key.node
                checkLabel(key.key, at: labelNode, innerWidth: cell.innerWidth)
                if let textNode = key.textNode, textNode.location != labelNode.location {
                    checkSafe(key.key.text, at: textNode, what: .authored("text"))
                    checkSpaces(key.key.text, at: textNode, what: "text")
                }
            }
        }
    }

    private mutating func checkLabel(_ key: Layout.Key, at node: Node, innerWidth: Int) {
        let label = key.label
        if label.isEmpty {
            error(node, Message.emptyLabel)
            return
        }
        guard checkSafe(label, at: node, what: .authored("label")) else { return }
        checkSpaces(label, at: node, what: "label")
        // The room the drawing gives the label (less the hotkey's `[h] `), and what it then shows.
        let needed = TextWidth.cells(label)
        let room = GridDrawing.labelRoom(of: key, innerWidth: innerWidth)
        if needed > room {
            warning(
                node,
                Message.labelTooWide(
                    label, cells: needed, room: max(0, room), besideHotkey: key.hotkey != nil,
                    columns: Self.referenceWidth, shows: GridDrawing.face(of: key, room: innerWidth)))
        }
    }

    /// Reports the first unsafe character; true when the text is safe.
    @discardableResult
    /// `what`: the option's name as the file writes it (`.authored("label")`), or a word (`.wordPageTitle`).
    private mutating func checkSafe(_ text: String, at node: Node, what: Message) -> Bool {
        guard let scalar = TerminalSafe.unsafeScalars(in: text).first else { return true }
        error(node, Message.unsafeCharacter(in: what, scalar))
        return false
    }

    private mutating func checkSpaces(_ text: String, at node: Node, what: String) {
        guard let first = text.first, let last = text.last else { return }
        if first.isWhitespace || last.isWhitespace {
            warning(
                node,
                Message.whitespaceAround(what, text: text, leading: first.isWhitespace, trailing: last.isWhitespace))
        }
    }
}
