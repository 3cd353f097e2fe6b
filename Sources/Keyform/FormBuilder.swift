/// A page of a form: fields shown together, with a title. A form with pages shows
/// one page at a time, turning as focus moves on (Shift-Tab goes back across pages).
///
/// ```swift
/// KeyformForm("Swim") {
///     Page("Set") {
///         DateField("day", default: .today)
///         ChoiceField("stroke", layout: .named("swim-strokes"))
///     }
///     Page("How it went") {
///         ChoiceField("effort", layout: .named("effort"))
///         TextField("note")
///     }
/// }
/// ```
public struct Page: Sendable, Equatable {
    /// Shown at the top while the page is on screen.
    public let title: String?
    /// The page's fields, in order.
    public let fields: [FieldDefinition]
    /// A short note under the header while the page is on screen.
    public let description: String?
    /// Shown only while this holds (a form file's page `when:`): hidden, its fields are skipped and not stored.
    let condition: KeyformCondition?

    /// A page of these fields.
    ///
    /// - Parameters:
    ///   - title: shown at the top while the page is on screen.
    ///   - description: a short note under the header (dimmed, wrapped).
    ///   - when: the page is shown only while this holds (it names fields of earlier pages).
    ///   - fields: the page's fields, in order.
    public init(
        _ title: String? = nil, description: String? = nil, when condition: KeyformCondition? = nil,
        @FieldBuilder fields: () -> [FieldDefinition]
    ) {
        self.title = title
        self.description = description
        self.condition = condition
        self.fields = fields()
    }
}

/// A check across a form's fields that keeps Done disabled, with its message,
/// while broken (a form file's `rules:`; docs/form-format.md "Rules across fields").
///
/// ```swift
/// KeyformForm("Shift") {
///     TimeField("start")
///     TimeField("end")
///     Rule("end-after-start", check: "end >= start", message: "The end comes after the start")
/// }
/// ```
public struct Rule: Sendable, Equatable {
    enum Test: Sendable, Equatable {
        case check(String)
        case oneOf([String])
    }

    /// `[a-z][a-z0-9_-]*`: how answers and tests name the rule.
    public let name: String
    let test: Test
    let message: String?

    /// A comparison of fields and constants that must hold (`end >= start`,
    /// `count(toppings) <= 4`), checked against the fields when the form compiles.
    public init(_ name: String, check: String, message: String) {
        self.name = name
        test = .check(check)
        self.message = message
    }

    /// At least one of these fields must be filled; the message defaults to
    /// "Fill in Email or Phone" (their labels).
    public init(_ name: String, oneOf fields: [String], message: String? = nil) {
        self.name = name
        test = .oneOf(fields)
        self.message = message
    }
}

/// What a ``KeyformForm``'s builder holds: fields and pages, in order. Fields
/// outside a ``Page`` make a page of their own (without a title) when the form has pages.
public struct FormContent: Sendable, Equatable {
    enum Item: Sendable, Equatable {
        case field(FieldDefinition)
        case page(Page)
        case rule(Rule)
    }

    let items: [Item]
}

/// Builds a form from fields and pages, with `if`, `switch` and `for` as in any result builder.
@resultBuilder
public enum FormBuilder {
    /// A field.
    public static func buildExpression(_ field: some FormField) -> FormContent {
        FormContent(items: [.field(field.definition)])
    }

    /// A page of fields.
    public static func buildExpression(_ page: Page) -> FormContent {
        FormContent(items: [.page(page)])
    }

    /// A rule across the form's fields.
    public static func buildExpression(_ rule: Rule) -> FormContent {
        FormContent(items: [.rule(rule)])
    }

    /// Fields and pages in order.
    public static func buildBlock(_ parts: FormContent...) -> FormContent {
        FormContent(items: parts.flatMap(\.items))
    }

    /// The contents of an `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ part: FormContent?) -> FormContent {
        part ?? FormContent(items: [])
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: FormContent) -> FormContent { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: FormContent) -> FormContent { part }

    /// The contents of a `for` loop, in order.
    public static func buildArray(_ parts: [FormContent]) -> FormContent {
        FormContent(items: parts.flatMap(\.items))
    }
}

/// Builds the fields of a ``Page``, with `if`, `switch` and `for` as in any result builder.
@resultBuilder
public enum FieldBuilder {
    /// A field.
    public static func buildExpression(_ field: some FormField) -> [FieldDefinition] {
        [field.definition]
    }

    /// Fields in order.
    public static func buildBlock(_ parts: [FieldDefinition]...) -> [FieldDefinition] {
        parts.flatMap { $0 }
    }

    /// The fields of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [FieldDefinition]?) -> [FieldDefinition] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [FieldDefinition]) -> [FieldDefinition] { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [FieldDefinition]) -> [FieldDefinition] { part }

    /// The fields of a `for` loop, in order.
    public static func buildArray(_ parts: [[FieldDefinition]]) -> [FieldDefinition] {
        parts.flatMap { $0 }
    }
}
