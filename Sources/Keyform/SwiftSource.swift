import Foundation
internal import KeyformCore
internal import KeyformFiles

/// Forms and layouts written in Swift, turned into the YAML their files would
/// hold and read by the same parser and checks as `keyform form check` uses, so
/// a form behaves the same whichever way it is written (docs/DECISIONS.md).
/// Each generated line remembers what it belongs to, so a problem is reported as
/// `form 'todo', field 'due': error: …` rather than at a line no one wrote.
enum SwiftSource {
    /// Generated YAML and, line by line, the part of the Swift definition it comes from.
    struct Text {
        var lines: [String] = []
        var contexts: [String] = []

        mutating func add(_ line: String, _ context: String) {
            lines.append(line)
            contexts.append(context)
        }

        var source: String { lines.joined(separator: "\n") + "\n" }

        func context(at location: SourceLocation) -> String {
            contexts.indices.contains(location.line - 1) ? contexts[location.line - 1] : (contexts.first ?? "form")
        }
    }

    /// The layouts found by name before any file or shipped layout: those written in
    /// Swift, and layout files a form names by path (``KeyformLayout/file(_:)``).
    struct Layouts {
        private var definitions: [String: (definition: KeyformLayout.Definition, context: String)] = [:]
        private var files: [String: String] = [:]
        /// The generated text of each layout written in Swift, by the origin its diagnostics carry.
        private(set) var texts: [String: Text] = [:]

        /// A layout written in Swift, under `name`, with `title` (the field's label when it has none).
        mutating func add(
            _ definition: KeyformLayout.Definition, name: String, title: String?, context: String,
            problems: inout [String]
        ) {
            var definition = definition
            definition.title = title
            if let earlier = definitions[name] {
                if earlier.definition != definition {
                    problems.append(
                        "\(context): error: two different layouts are named '\(name)'; give each its own name")
                }
                return
            }
            definitions[name] = (definition, context)
        }

        /// A layout file, under `name`.
        mutating func addFile(_ path: String, name: String) {
            files[name] = path
        }

        /// The layouts given to a form in `layouts:`: written in Swift with a name, or files (by stem).
        mutating func add(given layouts: [KeyformLayout], context: String, problems: inout [String]) {
            for layout in layouts {
                switch layout.source {
                case .defined(let definition):
                    if let name = definition.name {
                        add(
                            definition, name: name, title: definition.title, context: "layout '\(name)'",
                            problems: &problems)
                    } else {
                        problems.append(
                            "\(context): error: a layout given in 'layouts:' needs a name for the fields to use")
                    }
                case .file(let path):
                    addFile(path, name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
                case .named(let name):
                    problems.append(
                        "\(context): error: layout '\(name)' is found by its name already; give 'layouts:' only layouts written in Swift or layout files"
                    )
                }
            }
        }

        /// The layouts parsed, ready for a `LayoutSet`; their `action: layout` keys
        /// resolve against each other first, then through `resolver`.
        mutating func parse(with resolver: LayoutFiles) -> [String: LayoutFiles.Loaded] {
            var loaded: [String: LayoutFiles.Loaded] = [:]
            let names = Set(definitions.keys).union(files.keys)
            for (name, path) in files {
                let folder = (path as NSString).deletingLastPathComponent
                let parsed: Parsed<Layout>
                do {
                    let beside = LayoutFiles(formFolder: nil, extraFolder: folder.isEmpty ? "." : folder)
                    parsed = LayoutParser.parse(
                        bytes: try SourceFiles.read(path), layoutExists: { names.contains($0) || beside.exists($0) },
                        suggestLayout: beside.resolver.suggestion(for:))
                } catch {
                    parsed = Parsed(value: nil, diagnostics: [.error(.start, "\(error)")])
                }
                loaded[name] = LayoutFiles.Loaded(origin: path, parsed: parsed)
            }
            for (name, entry) in definitions {
                let text = SwiftSource.layoutText(entry.definition, context: entry.context)
                let origin = "\u{1}swift-layout:\(name)"
                texts[origin] = text
                let parsed = LayoutParser.parse(
                    text.source, layoutExists: { names.contains($0) || resolver.exists($0) },
                    suggestLayout: resolver.resolver.suggestion(for:))
                loaded[name] = LayoutFiles.Loaded(origin: origin, parsed: parsed)
            }
            return loaded
        }
    }

    static let formOrigin = "\u{1}swift-form"

    // MARK: - Compiling

    /// A form written in Swift, checked and ready to run.
    static func compile(_ code: KeyformForm.CodeForm) -> Result<KeyformForm.Compiled, KeyformError> {
        let name = code.name ?? FormParser.recordName(fromStem: code.title ?? "form")
        let formContext = "form '\(name)'"
        var layouts = Layouts()
        var problems: [String] = []
        let pages = pages(of: code.content)
        var layoutNames: [String: String] = [:]  // field id → layout name
        layouts.add(given: code.layouts, context: formContext, problems: &problems)
        for field in pages.flatMap(\.fields) {
            guard let layout = field.layout else { continue }
            switch layout.source {
            case .named(let name):
                layoutNames[field.id] = name
            case .file(let path):
                layoutNames[field.id] = path
                layouts.addFile(path, name: path)
            case .defined(let definition):
                let layoutName = definition.name ?? "swift:\(field.id)"
                let context =
                    definition.name.map { "layout '\($0)'" } ?? "\(formContext), layout of field '\(field.id)'"
                let title = definition.title ?? (definition.name == nil ? field.label ?? field.id : nil)
                layouts.add(definition, name: layoutName, title: title, context: context, problems: &problems)
                layoutNames[field.id] = layoutName
            }
        }
        let text = formText(code, name: name, pages: pages, layoutNames: layoutNames, context: formContext)
        let files = LayoutFiles()
        let predefined = layouts.parse(with: files)
        let result = FormFiles.load(
            bytes: Array(text.source.utf8), path: formOrigin, stem: name,
            layouts: LayoutSet(files: files, predefined: predefined))
        var texts = layouts.texts
        texts[formOrigin] = text
        return finish(result, texts: texts, problems: problems)
    }

    /// A form file, with layouts given in Swift found first.
    static func compileFile(path: String, layouts: Layouts) -> Result<KeyformForm.Compiled, KeyformError> {
        var layouts = layouts
        let bytes: [UInt8]
        do {
            bytes = try SourceFiles.read(path)
        } catch {
            return .failure(.invalidForm([Diagnostic.error(.start, "\(error)").formatted(path: path)]))
        }
        let folder = (path as NSString).deletingLastPathComponent
        let files = LayoutFiles(formFolder: folder.isEmpty ? "." : folder)
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let predefined = layouts.parse(with: files)
        let result = FormFiles.load(
            bytes: bytes, path: path, stem: stem, layouts: LayoutSet(files: files, predefined: predefined))
        return finish(result, texts: layouts.texts, problems: [])
    }

    private static func finish(
        _ result: (form: LoadedForm?, diagnostics: [(path: String, diagnostic: Diagnostic)]),
        texts: [String: Text], problems: [String]
    ) -> Result<KeyformForm.Compiled, KeyformError> {
        let lines =
            problems
            + result.diagnostics.map { origin, diagnostic in
                guard let text = texts[origin] else { return diagnostic.formatted(path: origin) }
                return
                    "\(text.context(at: diagnostic.location)): \(diagnostic.severity.rawValue): \(diagnostic.message)"
            }
        guard let loaded = result.form, problems.isEmpty, !result.diagnostics.contains(where: { $0.diagnostic.isError })
        else {
            return .failure(.invalidForm(lines))
        }
        // `choices: {file:}` is read beside the form file (a form in Swift: from the current folder).
        return .success(
            KeyformForm.Compiled(
                form: loaded.form, layouts: loaded.layouts, warnings: lines,
                lines: ChoiceFiles.read(loaded.form, formPath: loaded.path)))
    }

    // MARK: - Writing YAML

    /// A string as a YAML double-quoted scalar (a JSON string is one).
    static func quoted(_ text: String) -> String { RecordFormat.jsonString(text) }

    /// The pages of a form: fields outside a page make an untitled page of their
    /// own; nil titles and one page mean the form was written with plain fields.
    static func pages(
        of content: FormContent
    ) -> [(title: String?, fields: [FieldDefinition], isPage: Bool, description: String?, condition: KeyformCondition?)]
    {
        var pages:
            [(
                title: String?, fields: [FieldDefinition], isPage: Bool, description: String?,
                condition: KeyformCondition?
            )] = []
        var loose: [FieldDefinition] = []
        for item in content.items {
            switch item {
            case .field(let field):
                loose.append(field)
            case .page(let page):
                if !loose.isEmpty { pages.append((nil, loose, false, nil, nil)) }
                loose = []
                pages.append((page.title, page.fields, true, page.description, page.condition))
            case .rule:
                continue  // written after the fields (`formText`)
            }
        }
        if !loose.isEmpty || pages.isEmpty { pages.append((nil, loose, false, nil, nil)) }
        return pages
    }

    static func formText(
        _ code: KeyformForm.CodeForm, name: String,
        pages: [(
            title: String?, fields: [FieldDefinition], isPage: Bool, description: String?, condition: KeyformCondition?
        )],
        layoutNames: [String: String], context: String
    ) -> Text {
        var text = Text()
        if let title = code.title { text.add("title: \(quoted(title))", context) }
        text.add("name: \(quoted(name))", context)
        if let template = code.template { text.add("template: \(quoted(template))", context) }
        if pages.count == 1, !pages[0].isPage {
            if pages[0].fields.isEmpty {
                text.add("fields: []", context)
            } else {
                text.add("fields:", context)
                for field in pages[0].fields {
                    add(field, indent: "  ", layout: layoutNames[field.id], to: &text, context: context)
                }
            }
        } else {
            text.add("pages:", context)
            for (number, page) in pages.enumerated() {
                let pageContext = "\(context), page \(page.title.map { "'\($0)'" } ?? "\(number + 1)")"
                // A page without a title starts with its fields (a plain `null` would be the text "null").
                var lead = "  - "
                if let title = page.title {
                    text.add(lead + "title: \(quoted(title))", pageContext)
                    lead = "    "
                }
                if let condition = page.condition {
                    text.add(lead + "when: \(condition.yaml)", pageContext)
                    lead = "    "
                }
                if let description = page.description {
                    text.add(lead + "description: \(quoted(description))", pageContext)
                    lead = "    "
                }
                if page.fields.isEmpty {
                    text.add(lead + "fields: []", pageContext)
                } else {
                    text.add(lead + "fields:", pageContext)
                    for field in page.fields {
                        add(field, indent: "      ", layout: layoutNames[field.id], to: &text, context: context)
                    }
                }
            }
        }
        let rules = code.content.items.compactMap { item -> Rule? in
            if case .rule(let rule) = item { rule } else { nil }
        }
        if !rules.isEmpty { text.add("rules:", context) }
        for rule in rules {
            let ruleContext = "\(context), rule '\(rule.name)'"
            text.add("  - name: \(quoted(rule.name))", ruleContext)
            switch rule.test {
            case .check(let check): text.add("    check: \(quoted(check))", ruleContext)
            case .oneOf(let ids): text.add("    one_of: [" + ids.map(quoted).joined(separator: ", ") + "]", ruleContext)
            }
            if let message = rule.message { text.add("    message: \(quoted(message))", ruleContext) }
        }
        return text
    }

    private static func add(
        _ field: FieldDefinition, indent: String, layout: String?, to text: inout Text, context: String
    ) {
        let context = "\(context), field '\(field.id)'"
        var lines = ["id: \(quoted(field.id))"]
        if let label = field.label { lines.append("label: \(quoted(label))") }
        if let condition = field.condition { lines.append("when: \(condition.yaml)") }
        if field.type != .text { lines.append("type: \(field.type.rawValue)") }
        if let count = field.lines { lines.append("lines: \(count)") }
        if let description = field.description { lines.append("description: \(quoted(description))") }
        if let placeholder = field.placeholder { lines.append("placeholder: \(quoted(placeholder))") }
        if field.required { lines.append("required: true") }
        if let layout { lines.append("layout: \(quoted(layout))") }
        func list(_ keys: [KeyformChoice]) -> String {
            "["
                + keys.map {
                    $0.label == $0.text ? quoted($0.text) : "{label: \(quoted($0.label)), text: \(quoted($0.text))}"
                }
                .joined(separator: ", ") + "]"
        }
        switch field.writtenChoices {
        case .list(let keys)?: lines.append("choices: " + list(keys))
        case .by(let driver, let keys)?:
            lines.append(
                "choices: {by: \(quoted(driver)), keys: {"
                    + keys.map { quoted($0.value) + ": " + list($0.choices) }.joined(separator: ", ") + "}}")
        case .command(let arguments, let seconds)?:
            let limit = seconds.map { ", timeout: \(FieldValue.format($0))" } ?? ""
            lines.append("choices: {command: [" + arguments.map(quoted).joined(separator: ", ") + "]\(limit)}")
        case nil: break
        }
        if field.input != .keyboard { lines.append("input: \(field.input.rawValue)") }
        if field.strict { lines.append("strict: true") }
        if field.multiple { lines.append("multiple: true") }
        if let words = field.stateWords { lines.append("states: {no: \(quoted(words.no)), yes: \(quoted(words.yes))}") }
        if field.secret { lines.append("secret: true") }
        if field.secret, field.mask != .dots { lines.append("mask: \(field.mask.rawValue)") }
        if field.secret, field.storesSecret { lines.append("store: true") }
        switch field.defaultValue {
        case .text(let value)?: lines.append("default: \(quoted(value))")
        case .items(let items)?: lines.append("default: [" + items.map(quoted).joined(separator: ", ") + "]")
        case .last?: lines.append("default: last")
        case nil: break
        }
        if let pattern = field.pattern { lines.append("pattern: \(quoted(pattern))") }
        if let minimum = field.minLength { lines.append("min_length: \(minimum)") }
        if let maximum = field.maxLength { lines.append("max_length: \(maximum)") }
        if let minimum = field.min { lines.append("min: \(minimum)") }
        if let maximum = field.max { lines.append("max: \(maximum)") }
        if let minimum = field.minPicks { lines.append("min_picks: \(minimum)") }
        if let maximum = field.maxPicks { lines.append("max_picks: \(maximum)") }
        let messages = FieldDefinition.Check.allCases.compactMap { check in
            field.messages[check].map { "\(check.rawValue): \(quoted($0))" }
        }
        if !messages.isEmpty { lines.append("messages: {" + messages.joined(separator: ", ") + "}") }
        for (index, line) in lines.enumerated() {
            text.add(indent + (index == 0 ? "- " : "  ") + line, context)
        }
    }

    static func layoutText(_ layout: KeyformLayout.Definition, context: String) -> Text {
        var text = Text()
        if let title = layout.title { text.add("title: \(quoted(title))", context) }
        text.add("kind: \(layout.kind.rawValue)", context)
        if layout.pages.count == 1, layout.pages[0].id == nil {
            addRows(layout.pages[0].rows, field: "rows", indent: "", to: &text, context: context)
        } else if layout.pages.isEmpty {
            text.add("pages: []", context)
        } else {
            text.add("pages:", context)
            for page in layout.pages {
                let pageContext = "\(context), page '\(page.id ?? "")'"
                text.add("  - id: \(quoted(page.id ?? ""))", pageContext)
                if let title = page.title { text.add("    title: \(quoted(title))", pageContext) }
                addRows(page.rows, field: "rows", indent: "    ", to: &text, context: pageContext)
            }
        }
        return text
    }

    private static func addRows(
        _ rows: [[KeyformKey]], field: String, indent: String, to text: inout Text, context: String
    ) {
        guard !rows.isEmpty else {
            text.add("\(indent)\(field): []", context)
            return
        }
        text.add("\(indent)\(field):", context)
        for (number, row) in rows.enumerated() {
            guard !row.isEmpty else {
                text.add("\(indent)  - []", "\(context), row \(number + 1)")
                continue
            }
            for (index, key) in row.enumerated() {
                let lead = index == 0 ? "  - - " : "    - "
                text.add(indent + lead + keyText(key), "\(context), key '\(key.label)'")
            }
        }
    }

    private static func keyText(_ key: KeyformKey) -> String {
        var parts = ["label: \(quoted(key.label))"]
        if key.text != key.label { parts.append("text: \(quoted(key.text))") }
        if let hotkey = key.hotkey { parts.append("hotkey: \(quoted(String(hotkey)))") }
        if key.span != 1 { parts.append("span: \(key.span)") }
        if key.action != .text { parts.append("action: \(key.action.name)") }
        if let target = key.action.target { parts.append("to: \(quoted(target))") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
