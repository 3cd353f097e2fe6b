/// A key grid: the custom input view a field can swap to (SPEC "Layout files").
public struct Layout: Equatable, Sendable {
    /// What pressing a text key does.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// A text key sets the field's value and commits the field.
        case choice
        /// A text key inserts its text at the cursor.
        case keypad
    }

    /// Shown above the grid.
    public var title: String?
    /// The title in Keyform's own words, for a grid Keyform made (`Loading
    /// Branch…`, why its keys are missing): said in the form's language once
    /// the context knows it (`FormContext.language`); `title` holds the English.
    public var saidTitle: Message?
    public var kind: Kind
    /// At least one page. A layout written with `rows` has one page whose `id` is nil.
    public var pages: [Page]

    public init(title: String? = nil, kind: Kind = .choice, pages: [Page]) {
        self.title = title
        self.kind = kind
        self.pages = pages
    }

    /// Whether the file used `pages` (true) or a single `rows` list (false).
    public var isPaged: Bool { pages.count > 1 || pages.first?.id != nil }

    /// Every key of every page, in reading order.
    public var allKeys: [Key] { pages.flatMap { $0.rows.flatMap { $0 } } }

    /// The texts a `strict` field accepts: those of the text keys.
    public var choiceTexts: [String] {
        allKeys.compactMap { $0.action == .text ? $0.text : nil }
    }

    public func pageIndex(id: String) -> Int? { pages.firstIndex { $0.id == id } }

    /// Whether Keyform wrote some of its words (`saidTitle`, a key's `said`).
    var hasSaidWords: Bool {
        saidTitle != nil || pages.contains { $0.rows.contains { $0.contains { $0.said != nil } } }
    }

    /// The layout with Keyform's own words (its title, the keys it made) in `language`.
    func said(in language: Language) -> Layout {
        guard hasSaidWords else { return self }
        var layout = self
        if let saidTitle { layout.title = language.text(saidTitle) }
        for p in layout.pages.indices {
            for r in layout.pages[p].rows.indices {
                for k in layout.pages[p].rows[r].indices {
                    guard let said = layout.pages[p].rows[r][k].said else { continue }
                    layout.pages[p].rows[r][k].label = language.text(said)
                }
            }
        }
        return layout
    }
}

extension Layout {
    /// One screen of keys.
    public struct Page: Equatable, Sendable {
        /// Target of `action: page`; nil only for a layout written with `rows`.
        public var id: String?
        public var title: String?
        public var rows: [[Key]]

        public init(id: String? = nil, title: String? = nil, rows: [[Key]]) {
            self.id = id
            self.title = title
            self.rows = rows
        }
    }

    /// One key of the grid.
    public struct Key: Equatable, Sendable {
        public var label: String
        /// What the key types (for text keys); defaults to the label.
        public var text: String
        /// Presses the key directly from the grid.
        public var hotkey: Character?
        /// Columns the key covers (at least 1).
        public var span: Int
        public var action: Action
        /// The label in Keyform's own words, for a key Keyform made (`Done`,
        /// `abc (none yet)`): said in the form's language (`Layout.said(in:)`);
        /// `label` holds the English.
        public var said: Message?

        public init(label: String, text: String? = nil, hotkey: Character? = nil, span: Int = 1, action: Action = .text)
        {
            self.label = label
            self.text = text ?? label
            self.hotkey = hotkey
            self.span = span
            self.action = action
        }
    }

    /// What pressing a key does.
    ///
    /// `Kind` is the one table of actions: the parser, the JSON schema
    /// (`LayoutSchema`), `keyform layout preview` and the Swift library
    /// (`KeyformKey`) all read it. A new action is a case here and its effect
    /// in `FormEngine.press`.
    public enum Action: Equatable, Sendable {
        case text
        case keyboard
        case page(String)
        case layout(String)
        case backspace
        case clear
        case done
        case next
        case previous

        /// An action without its target: its name in a layout file, whether it
        /// needs `to:`, and the words that document it.
        public enum Kind: String, CaseIterable, Sendable {
            case text, keyboard, page, layout, backspace, clear, done, next, previous

            /// What a key with this action does, as the schema and the docs say it.
            public var summary: String {
                switch self {
                case .text:
                    "type the key's text (choice: set the value and commit the field; keypad: insert at the cursor)"
                case .keyboard: "swap to the line editor"
                case .page: "turn to page `to` of this layout"
                case .layout: "show layout `to`"
                case .backspace: "delete the character before the cursor"
                case .clear: "empty the field"
                case .done: "commit the field"
                case .next: "go to the next field"
                case .previous: "go to the previous field"
                }
            }

            /// What `to:` names for this action (the placeholder an error shows,
            /// and the schema's words), or nil when the action takes no `to:`.
            public var target: (placeholder: String, meaning: String)? {
                switch self {
                case .page: ("PAGE_ID", "a page id of this layout")
                case .layout: ("LAYOUT_NAME", "a layout name, or a path ending in .yaml")
                default: nil
                }
            }

            public var takesTarget: Bool { target != nil }

            /// The action of this kind; nil when a target is needed and missing.
            public func action(to target: String?) -> Action? {
                switch self {
                case .text: .text
                case .keyboard: .keyboard
                case .page: target.map(Action.page)
                case .layout: target.map(Action.layout)
                case .backspace: .backspace
                case .clear: .clear
                case .done: .done
                case .next: .next
                case .previous: .previous
                }
            }

            /// The kinds that take `to:`, as `'page' or 'layout'`.
            public static var targetTakers: String {
                allCases.filter(\.takesTarget).map { "'\($0.rawValue)'" }.joined(separator: " or ")
            }
        }

        /// The names as written in a layout file.
        public static let names = Kind.allCases.map(\.rawValue)

        public var kind: Kind {
            switch self {
            case .text: .text
            case .keyboard: .keyboard
            case .page: .page
            case .layout: .layout
            case .backspace: .backspace
            case .clear: .clear
            case .done: .done
            case .next: .next
            case .previous: .previous
            }
        }

        public var name: String { kind.rawValue }

        /// The `to:` target of `page` and `layout` actions.
        public var target: String? {
            switch self {
            case .page(let to), .layout(let to): to
            default: nil
            }
        }
    }
}
