import Foundation
import KeyformCore
import Testing

/// `keyform form schema`: the JSON Schema of form files, checked against the
/// model and, with Python's jsonschema, against the demo forms and the broken
/// form fixtures (read as YAML 1.2, as yaml-language-server reads them).
@Suite struct FormSchemaTests {
    private func schemaObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(FormSchema.json.utf8))
        return try #require(object as? [String: Any], "the schema is not a JSON object")
    }

    @Test func theSchemasFieldsAndEnumsAreTheParsers() throws {
        let schema = try schemaObject()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"] as? String == "https://keyform.dev/schemas/form.json")
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(FormParser.formFields))
        let defs = try #require(schema["$defs"] as? [String: Any])
        let page = try #require((defs["page"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(page.keys) == Set(FormParser.pageFields))
        let field = try #require((defs["field"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(field.keys) == Set(FormParser.fieldFields))
        #expect((field["type"] as? [String: Any])?["enum"] as? [String] == Field.ValueType.allCases.map(\.rawValue))
        #expect((field["input"] as? [String: Any])?["enum"] as? [String] == Field.InputView.allCases.map(\.rawValue))
        #expect((field["mask"] as? [String: Any])?["enum"] as? [String] == Field.Mask.allCases.map(\.rawValue))
        let shapes = try #require((field["choices"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let choices = try #require(shapes.compactMap { $0["properties"] as? [String: Any] }.first { $0["from"] != nil })
        let rule = try #require((defs["rule"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rule.keys) == Set(FormParser.ruleFields))
        #expect(
            (choices["order"] as? [String: Any])?["enum"] as? [String]
                == Field.ChoiceSource.Order.allCases.map(\.rawValue))
    }

    /// Editors show a property's description as help, so every property has one,
    /// and every object schema closes itself with `additionalProperties: false`.
    @Test func everyPropertyIsDescribedAndEveryObjectIsClosed() throws {
        let gaps = SchemaValidation.gaps(in: try schemaObject())
        #expect(gaps.undescribed.isEmpty, "properties without a description: \(gaps.undescribed.sorted())")
        #expect(gaps.open.isEmpty, "object schemas without additionalProperties: false: \(gaps.open.sorted())")
    }

    @Test func everyDemoFormIsAccepted() throws {
        let files = try ["demo", "examples"].flatMap { name in
            try FileManager.default.contentsOfDirectory(
                at: packageRoot.appendingPathComponent(name), includingPropertiesForKeys: nil
            )
            .filter { $0.pathExtension == "yaml" && !$0.lastPathComponent.hasSuffix(".test.yaml") }
        }
        #expect(files.count >= 8, "expected the demo forms and the examples")
        let results = try SchemaValidation.run(files, schema: FormSchema.json, yaml12: true)
        for file in files {
            let errors = try #require(results[file.path], "no result for \(file.path)")
            #expect(errors.isEmpty, "\(file.path) is rejected by the form schema:\n\(errors.joined(separator: "\n"))")
        }
    }

    /// The broken form fixtures that a schema can catch, each with the first error it
    /// must give (`JSONPATH KEYWORD`).
    static let rejected: [String: String] = [
        "bad-ids.yaml": "$.fields[0].id pattern",
        "bad-input.yaml": "$.fields[0].input enum",
        "bad-messages.yaml": "$.fields[0].messages additionalProperties",
        "bad-multiple.yaml": "$.fields[0] anyOf",
        "bad-name.yaml": "$.name pattern",
        "bad-note.yaml": "$.fields[0] enum",
        "bad-picks.yaml": "$.fields[1] required",
        "rules-bad-shape.yaml": "$.rules[2].name pattern",
        "bad-numbers.yaml": "$.fields[0].max type",
        "bad-secret.yaml": "$.fields[4] not",
        "bad-states.yaml": "$.fields[1].states required",
        "bad-type.yaml": "$.fields[0].type enum",
        "bad-words.yaml": "$.fields[1].placeholder minLength",
        "choices-by-wrong.yaml": "$.fields[4].choices anyOf",
        "choices-stored-by-wrong.yaml": "$.fields[5].choices anyOf",
        "choices-written-wrong.yaml": "$.fields[0].choices anyOf",
        "empty-file.yaml": "$ type",
        "field-not-a-mapping.yaml": "$.fields[0] type",
        "fields-and-pages.yaml": "$ oneOf",
        "fields-empty.yaml": "$.fields minItems",
        "fields-not-a-list.yaml": "$.fields type",
        "grid-without-layout.yaml": "$.fields[0] anyOf",
        "no-fields.yaml": "$ oneOf",
        "not-a-mapping.yaml": "$ type",
        "not-booleans.yaml": "$.fields[0].required anyOf",
        "only-comments.yaml": "$ type",
        "empty-label.yaml": "$.fields[0].label pattern",
        "page-without-fields.yaml": "$.pages[1] required",
        "pages-empty.yaml": "$.pages minItems",
        "scalar-document.yaml": "$ type",
        "strict-without-layout.yaml": "$.fields[0] required",
        "unknown-field-fields.yaml": "$.fields[0] additionalProperties",
        "unknown-form-fields.yaml": "$ additionalProperties",
        "unknown-page-fields.yaml": "$.pages[0] additionalProperties",
        "yaml-syntax.yaml": "$ yaml",
        "yaml-tab-indent.yaml": "$ yaml",
        "when-shape.yaml": "$.fields[1].when type",
    ]

    /// Broken for `keyform form check`, beyond what a schema says: they need the
    /// store's rules, the layouts, regular expressions, or comparing two fields.
    static let beyondTheSchema: Set<String> = [
        "bad-interpolation.yaml", "bad-regex.yaml", "default-bad-date.yaml", "default-integer-ten.yaml",
        "default-not-a-strict-choice.yaml",
        "default-too-long.yaml", "duplicate-ids.yaml", "integer-bounds.yaml", "layout-missing-no-suggestion.yaml",
        "layout-missing-suggested.yaml",
        "min-greater-than-max.yaml", "min-length-greater-than-max-length.yaml", "options-for-another-type.yaml",
        "template-unknown-field.yaml", "terminal-unsafe-text.yaml", "unsafe-text.yaml", "rules-bad-check.yaml",
        // A condition names earlier fields only, with values their kinds hold.
        "when-later-field.yaml", "when-page.yaml", "when-unknown-field.yaml", "when-wrong-value.yaml",
        "when-never-holds.yaml",
    ]

    @Test func brokenFormFixturesAreRejectedForTheirReason() throws {
        let folder = packageRoot.appendingPathComponent("Tests/KeyformCoreTests/Fixtures/forms/broken")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let names = Set(files.map(\.lastPathComponent))
        #expect(
            names == Set(Self.rejected.keys).union(Self.beyondTheSchema),
            "every broken fixture is either rejected by the schema or listed as beyond it")
        let results = try SchemaValidation.run(files, schema: FormSchema.json, yaml12: true)
        for file in files {
            guard let expected = Self.rejected[file.lastPathComponent] else { continue }
            let errors = try #require(results[file.path], "no result for \(file.path)")
            #expect(
                errors.contains { $0.hasPrefix(expected + ": ") },
                "\(file.lastPathComponent) is not rejected with '\(expected)':\n\(errors.joined(separator: "\n"))")
        }
    }
}
