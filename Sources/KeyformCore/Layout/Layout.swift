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

        public init(label: String, text: String? = nil, hotkey: Character? = nil, span: Int = 1, action: Action = .text) {
            self.label = label
            self.text = text ?? label
            self.hotkey = hotkey
            self.span = span
            self.action = action
        }
    }

    /// What pressing a key does.
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

        /// The names as written in a layout file.
        public static let names = ["text", "keyboard", "page", "layout", "backspace", "clear", "done", "next", "previous"]

        public var name: String {
            switch self {
            case .text: "text"
            case .keyboard: "keyboard"
            case .page: "page"
            case .layout: "layout"
            case .backspace: "backspace"
            case .clear: "clear"
            case .done: "done"
            case .next: "next"
            case .previous: "previous"
            }
        }

        /// The `to:` target of `page` and `layout` actions.
        public var target: String? {
            switch self {
            case .page(let to), .layout(let to): to
            default: nil
            }
        }
    }
}
