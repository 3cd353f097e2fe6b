extension YAMLFormatter {
    /// What one kind of file looks like to the formatter: the only part of `keyform layout fmt`
    /// and `keyform form fmt` that differs. The engine (comments, blank lines, scalars, the
    /// self-check) reads it and knows neither layouts nor forms.
    public struct Kind: Sendable {
        /// The file's words for messages: "layout", "form".
        var noun: String
        /// What the root mapping holds, said when it is missing or not a mapping.
        var rootHint: FormatterShape
        /// Said when the root mapping is empty.
        var emptyHint: FormatterShape
        /// Whether a quoted scalar keeps its quotes (forms: a pattern or template stays as
        /// written), or loses them where plain text reads the same (layouts: `"Low"` → `Low`).
        var keepsQuotes = false
        var root: Block
    }

    /// A block mapping, one `key: value` a line: the named keys first in this order,
    /// then the others as written. A key not in `values` has its value on one line.
    struct Block: Sendable {
        var order: [String]
        var values: [String: Value] = [:]
    }

    /// How the value of a named key is written.
    indirect enum Value: Sendable {
        /// `name:` then one `- entry` a line (`name: []` when empty). `shape` says what it
        /// must be when it is not a list. Blank lines between entries are kept (one) when
        /// `keepsBlankLines`.
        case list(Entry, shape: FormatterShape, keepsBlankLines: Bool)
        /// `name:` then the mapping's own lines, indented (`choices:`).
        case block(Block, shape: FormatterShape)
        /// A mapping as a `block`; anything else on the key's line, as written (`choices`
        /// is a mapping `{from: …}` or `{by: …, keys: …}`, or a list `[Lettuce, Tomatoes]`).
        case blockOrInline(Block)
        /// `{a: x, b: y}` on the key's line, the keys in this order (`states`).
        case flowMapping(order: [String])
    }

    /// One entry of a `list`.
    enum Entry: Sendable {
        /// `- [a, b]`: a flow list of items on one line (a layout's row of keys).
        case row(FlowItem, shape: FormatterShape)
        /// `- first: x` and the other keys below it (a page, a form's field).
        case block(Block, shape: FormatterShape)
    }

    /// An item of a `row`: a scalar, or a flow mapping with its keys in `order`. A mapping
    /// of one of `collapsing` to a scalar means the same as that scalar, and is written so
    /// (`{label: High}` → `High`).
    struct FlowItem: Sendable {
        var order: [String]
        var collapsing: [String]
        var shape: FormatterShape
    }
}

/// What a part of a layout or form file must be, said (`Message.fmtNotShape`)
/// when the formatter finds something else there.
public enum FormatterShape: String, Sendable, CaseIterable {
    case layoutRoot, layoutEmpty, key, row, rows, layoutPage, layoutPages
    case formRoot, formEmpty, choices, choiceKeys, messages, field, fields, formPage, formPages, rule, rules
}

// MARK: - The kinds

extension YAMLFormatter.Kind {
    /// Layout files (SPEC "Layout files", docs/layout-format.md).
    public static let layout: Self = {
        let key = YAMLFormatter.FlowItem(
            order: ["label", "text", "hotkey", "span", "action", "to"],
            collapsing: ["label", "text"],
            shape: .key
        )
        let rows = YAMLFormatter.Value.list(
            .row(key, shape: .row),
            shape: .rows,
            keepsBlankLines: false
        )
        let page = YAMLFormatter.Block(order: ["id", "title", "rows"], values: ["rows": rows])
        let pages = YAMLFormatter.Value.list(
            .block(page, shape: .layoutPage),
            shape: .layoutPages,
            keepsBlankLines: true
        )
        return Self(
            noun: "layout",
            rootHint: .layoutRoot,
            emptyHint: .layoutEmpty,
            root: YAMLFormatter.Block(
                order: ["title", "kind", "rows", "pages"], values: ["rows": rows, "pages": pages])
        )
    }()

    /// Form files (SPEC "Form files", docs/form-format.md). A field reads as what it is
    /// (id, label, type and its words), then how it is entered (layout or choices and their
    /// options), then its rules and their messages, then where it starts (`default`, which may use `states`'
    /// words); `choices` is a block of its own, `states` one line. The form's `rules`
    /// come after its fields: they name them.
    public static let form: Self = {
        let messages = YAMLFormatter.Block(order: FieldCheck.allCases.map(\.rawValue))
        // `keys:` one driver value a line, its keys as a flow list.
        let choices = YAMLFormatter.Block(
            order: ["by", "keys", "from", "order", "limit", "command", "file", "timeout"],
            values: [
                "keys": .block(
                    YAMLFormatter.Block(order: []), shape: .choiceKeys)
            ]
        )
        let field = YAMLFormatter.Block(
            order: fieldOrder,
            values: [
                "choices": .blockOrInline(choices),
                "states": .flowMapping(order: ["no", "yes"]),
                "messages": .block(
                    messages,
                    shape: .messages),
            ]
        )
        let fields = YAMLFormatter.Value.list(
            .block(field, shape: .field),
            shape: .fields,
            keepsBlankLines: true
        )
        let page = YAMLFormatter.Block(order: ["title", "when", "description", "fields"], values: ["fields": fields])
        let pages = YAMLFormatter.Value.list(
            .block(page, shape: .formPage),
            shape: .formPages,
            keepsBlankLines: true
        )
        let rule = YAMLFormatter.Block(order: FormParser.ruleFields)
        let rules = YAMLFormatter.Value.list(
            .block(rule, shape: .rule),
            shape: .rules,
            keepsBlankLines: true
        )
        return Self(
            noun: "form",
            rootHint: .formRoot,
            emptyHint: .formEmpty,
            keepsQuotes: true,
            root: YAMLFormatter.Block(
                order: ["title", "name", "compact", "timeout", "fields", "pages", "rules", "template"],
                values: ["fields": fields, "pages": pages, "rules": rules]
            )
        )
    }()

    /// The canonical order of a form field's options (docs/form-format.md's table).
    public static let fieldOrder = [
        "id", "label", "when", "type", "lines", "states", "secret", "mask", "store", "description", "placeholder",
        "required",
        "required_if", "layout", "choices", "input", "multiple", "strict",
        "pattern", "min_length", "max_length", "min", "max", "min_picks", "max_picks",
        "messages",
        "default",
    ]
}
