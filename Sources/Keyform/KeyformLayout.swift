import Foundation
internal import KeyformCore

/// A key grid: the custom input view a field can swap to (a layout file's
/// contents, docs/layout-format.md).
///
/// A layout comes from one of three places:
/// - **by name**, ``named(_:)``: `NAME.yaml` in `./Layouts`, in each folder of
///   `$KEYFORM_LAYOUTS`, then the layouts shipped with Keyform (`priority`,
///   `status`, `keypad`, `date`, `yes-no`, …). A form loaded from a file also
///   looks in the `Layouts/` folder beside it first.
/// - **from a file**, ``file(_:)``.
/// - **written in Swift**, with ``init(name:title:kind:rows:)`` or
///   ``init(name:title:kind:pages:)``.
///
/// Every layout is checked as `keyform layout check` checks a file (unique
/// hotkeys, pages that exist, labels that fit); its errors make the form invalid.
///
/// ```swift
/// let effort = KeyformLayout(title: "Effort", rows: [
///     [KeyformKey("Easy", hotkey: "e"), KeyformKey("Hard", hotkey: "h")],
///     [.keyboard(), .clear()],
/// ])
/// ```
public struct KeyformLayout: Sendable, Equatable {
    /// What pressing a text key does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A text key sets the field's value and commits the field (phrases to pick).
        case choice
        /// A text key inserts its text at the cursor (a keypad).
        case keypad
    }

    /// One page of a paged layout; keys with ``KeyformKey/page(_:to:hotkey:span:)`` turn to it by id.
    public struct Page: Sendable, Equatable {
        /// What `page` keys name to turn here.
        public let id: String
        /// Shown after the layout's title while the page is on screen.
        public let title: String?
        /// The keys, row by row.
        public let rows: [[KeyformKey]]

        /// A page of keys.
        ///
        /// - Parameters:
        ///   - id: what `page` keys name to turn here.
        ///   - title: shown after the layout's title while the page is on screen.
        ///   - rows: the keys, row by row.
        public init(_ id: String, title: String? = nil, rows: [[KeyformKey]]) {
            self.id = id
            self.title = title
            self.rows = rows
        }
    }

    enum Source: Sendable, Equatable {
        case named(String)
        case file(String)
        case defined(Definition)
    }

    /// A layout written in Swift.
    struct Definition: Sendable, Equatable {
        var name: String?
        var title: String?
        var kind: Kind
        /// Pages with ids, or one page of rows (id nil) for a layout written with `rows`.
        var pages: [(id: String?, title: String?, rows: [[KeyformKey]])]

        static func == (a: Definition, b: Definition) -> Bool {
            a.name == b.name && a.title == b.title && a.kind == b.kind && a.pages.count == b.pages.count
                && zip(a.pages, b.pages).allSatisfy { $0.id == $1.id && $0.title == $1.title && $0.rows == $1.rows }
        }
    }

    let source: Source

    init(source: Source) {
        self.source = source
    }

    /// The layout of this name: `NAME.yaml` in `./Layouts` (and, for a form
    /// loaded from a file, the `Layouts/` folder beside it first), in each folder of
    /// `$KEYFORM_LAYOUTS`, or a layout shipped with Keyform; a layout written in
    /// Swift with this `name` comes before all of them.
    public static func named(_ name: String) -> KeyformLayout {
        KeyformLayout(source: .named(name))
    }

    /// The layout in this YAML file. Its `action: layout` keys find other layouts
    /// by name, looking in the file's own folder as well.
    public static func file(_ url: URL) -> KeyformLayout {
        KeyformLayout(source: .file(url.isFileURL ? url.relativePath : url.absoluteString))
    }

    /// A layout of one page of keys.
    /// - Parameters:
    ///   - name: what other layouts' ``KeyformKey/layout(_:to:hotkey:span:)`` keys and
    ///     ``named(_:)`` call it; found before any file or shipped layout of that name.
    ///     Without a name the layout belongs to the field it is given to.
    ///   - title: shown above the grid (without one, the field's label).
    ///   - kind: whether a text key picks a value (`.choice`) or types at the cursor (`.keypad`).
    ///   - rows: the keys, row by row; rows of different widths leave a gap unless a key spans it.
    public init(name: String? = nil, title: String? = nil, kind: Kind = .choice, rows: [[KeyformKey]]) {
        source = .defined(Definition(name: name, title: title, kind: kind, pages: [(nil, nil, rows)]))
    }

    /// A layout of several pages; the first shows first.
    /// - Parameters:
    ///   - name: what other layouts' `layout` keys and ``named(_:)`` call it.
    ///   - title: shown above the grid (without one, the field's label).
    ///   - kind: whether a text key picks a value (`.choice`) or types at the cursor (`.keypad`).
    ///   - pages: the pages, each with an id that `page` keys turn to.
    public init(name: String? = nil, title: String? = nil, kind: Kind = .choice, pages: [Page]) {
        source = .defined(
            Definition(name: name, title: title, kind: kind, pages: pages.map { ($0.id, $0.title, $0.rows) }))
    }

    /// A choice layout of these texts: one row of up to four keys, else rows of
    /// three, the last key spanning what its row leaves; with `doneKey`, a last
    /// row of one `Done` key as wide as the grid (for a `multiple` field, whose
    /// text keys toggle and do not commit).
    init(choices: [String], doneKey: Bool = false) {
        let columns = choices.count <= 4 ? max(choices.count, 1) : 3
        var rows: [[KeyformKey]] = stride(from: 0, to: choices.count, by: columns).map { start in
            choices[start..<min(start + columns, choices.count)].map { KeyformKey($0) }
        }
        if let last = rows.indices.last, rows[last].count < columns {
            let key = rows[last].removeLast()
            rows[last].append(
                KeyformKey(key.label, text: key.text, hotkey: key.hotkey, span: columns - rows[last].count))
        }
        if doneKey { rows.append([.done(span: columns)]) }
        self.init(rows: rows)
    }
}

/// One key of a ``KeyformLayout``.
///
/// A string literal is a text key: `"High"` is `KeyformKey("High")`. The other
/// actions have their own constructors: ``keyboard(_:hotkey:span:)``,
/// ``backspace(_:hotkey:span:)``, ``clear(_:hotkey:span:)``, ``done(_:hotkey:span:)``,
/// ``next(_:hotkey:span:)``, ``previous(_:hotkey:span:)``,
/// ``page(_:to:hotkey:span:)`` and ``layout(_:to:hotkey:span:)``.
public struct KeyformKey: Sendable, Equatable, ExpressibleByStringLiteral {
    /// A layout file's actions (`Layout.Action`): one table for files, the schema and Swift.
    typealias Action = Layout.Action

    /// What the key shows.
    public let label: String
    /// What a text key types (its label unless given).
    public let text: String
    /// The character that presses the key directly from the grid.
    public let hotkey: Character?
    /// The columns the key covers.
    public let span: Int
    let action: Action

    /// A text key.
    /// - Parameters:
    ///   - label: what the key shows.
    ///   - text: what it types or picks; the label when nil.
    ///   - hotkey: one character that presses the key from the grid; unique in the layout.
    ///   - span: the columns the key covers.
    public init(_ label: String, text: String? = nil, hotkey: Character? = nil, span: Int = 1) {
        self.init(label, text: text, hotkey: hotkey, span: span, action: .text)
    }

    /// A text key whose label and text are the literal: `"High"`.
    public init(stringLiteral label: String) {
        self.init(label)
    }

    init(_ label: String, text: String? = nil, hotkey: Character?, span: Int, action: Action) {
        self.label = label
        self.text = text ?? label
        self.hotkey = hotkey
        self.span = span
        self.action = action
    }

    /// Swaps to the keyboard (the line editor) to type a value the grid does not offer.
    public static func keyboard(_ label: String = "abc", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .keyboard)
    }

    /// Deletes the character before the cursor.
    public static func backspace(_ label: String = "⌫", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .backspace)
    }

    /// Empties the field.
    public static func clear(_ label: String = "Clear", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .clear)
    }

    /// Commits the field (on the last field: presses Done).
    public static func done(_ label: String = "Done", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .done)
    }

    /// Moves to the next field, keeping the value as it is (never presses Done).
    public static func next(_ label: String = "Skip ›", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .next)
    }

    /// Moves to the previous field, like Shift-Tab.
    public static func previous(_ label: String = "‹ Back", hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .previous)
    }

    /// Turns to the page `id` of the same layout.
    public static func page(_ label: String, to id: String, hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .page(id))
    }

    /// Shows the layout called `name` (a layout written in Swift with that name, or
    /// one found as ``KeyformLayout/named(_:)`` finds it).
    public static func layout(_ label: String, to name: String, hotkey: Character? = nil, span: Int = 1) -> KeyformKey {
        KeyformKey(label, hotkey: hotkey, span: span, action: .layout(name))
    }
}
