import Foundation
import KeyformCore
import Testing

@Suite struct LayoutSchemaTests {
    // MARK: The schema as JSON

    private func schemaObject() throws -> [String: Any] {
        let data = Data(LayoutSchema.json.utf8)
        let object = try JSONSerialization.jsonObject(with: data)
        return try #require(object as? [String: Any], "the schema is not a JSON object")
    }

    @Test func schemaIsValidJSON() throws {
        let schema = try schemaObject()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"] as? String == "https://keyform.dev/schemas/layout.json")
        #expect(schema["title"] as? String != nil)
        #expect(schema["additionalProperties"] as? Bool == false)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["title", "kind", "rows", "pages"])
    }

    @Test func schemaEnumsMatchTheModel() throws {
        let defs = try #require(try schemaObject()["$defs"] as? [String: Any])
        let keyMapping = try #require(defs["keyMapping"] as? [String: Any])
        let keyFields = try #require(keyMapping["properties"] as? [String: Any])
        #expect(Set(keyFields.keys) == ["label", "text", "hotkey", "span", "action", "to"])
        let action = try #require(keyFields["action"] as? [String: Any])
        #expect(action["enum"] as? [String] == Layout.Action.names)
        #expect(Layout.Action.names == Layout.Action.Kind.allCases.map(\.rawValue))
        // `to` is required exactly with the actions whose table entry takes a target.
        let condition = try #require(keyMapping["if"] as? [String: Any])
        let conditionAction = try #require((condition["properties"] as? [String: Any])?["action"] as? [String: Any])
        #expect(
            conditionAction["enum"] as? [String] == Layout.Action.Kind.allCases.filter(\.takesTarget).map(\.rawValue))
        // Every action is documented in the schema with its words from the table.
        let described = try #require(action["description"] as? String)
        for kind in Layout.Action.Kind.allCases {
            #expect(described.contains("\(kind.rawValue)\(kind == .text ? " (default)" : ""): \(kind.summary)."))
        }
        let properties = try #require(try schemaObject()["properties"] as? [String: Any])
        let kind = try #require(properties["kind"] as? [String: Any])
        #expect(kind["enum"] as? [String] == Layout.Kind.allCases.map(\.rawValue))
    }

    /// Editors show a property's description as help, so every property has one,
    /// and every object schema closes itself with `additionalProperties: false`.
    @Test func everyPropertyIsDescribedAndEveryObjectIsClosed() throws {
        let gaps = SchemaValidation.gaps(in: try schemaObject())
        #expect(gaps.undescribed.isEmpty, "properties without a description: \(gaps.undescribed.sorted())")
        #expect(gaps.open.isEmpty, "object schemas without additionalProperties: false: \(gaps.open.sorted())")
    }

    // MARK: Validating layout files with Python's jsonschema

    @Test func shippedLayoutsAreAccepted() throws {
        let files = try shippedLayoutFiles()
        #expect(files.count >= 12, "expected the shipped layouts in \(packageRoot.path)/Layouts")
        let results = try SchemaValidation.run(files)
        for file in files {
            let errors = try #require(results[file.path], "no result for \(file.path)")
            #expect(
                errors.isEmpty,
                "Layouts/\(file.lastPathComponent) is rejected by the schema:\n\(errors.joined(separator: "\n"))")
        }
    }

    @Test func trickyValidLayoutsAreAccepted() throws {
        let files = try fixtures("schema-accepts")
        #expect(!files.isEmpty)
        let results = try SchemaValidation.run(files)
        for file in files {
            let errors = try #require(results[file.path], "no result for \(file.path)")
            #expect(
                errors.isEmpty,
                "schema-accepts/\(file.lastPathComponent) is rejected:\n\(errors.joined(separator: "\n"))")
        }
    }

    /// Each fixture has a `# expect: JSONPATH KEYWORD` line: the schema must reject
    /// the file, and for that reason (an error at that place from that keyword).
    @Test func brokenLayoutsAreRejected() throws {
        let files = try fixtures("schema-rejects")
        #expect(files.count >= 12, "expected the broken layouts in Fixtures/schema-rejects")
        let results = try SchemaValidation.run(files)
        for file in files {
            let name = "schema-rejects/\(file.lastPathComponent)"
            let expected = try #require(
                try String(contentsOf: file, encoding: .utf8)
                    .split(separator: "\n")
                    .first { $0.hasPrefix("# expect: ") }
                    .map { String($0.dropFirst("# expect: ".count)) },
                "\(name) has no '# expect: JSONPATH KEYWORD' line"
            )
            let errors = try #require(results[file.path], "no result for \(file.path)")
            #expect(!errors.isEmpty, "\(name) is accepted by the schema, but should not be")
            #expect(
                errors.contains { $0.hasPrefix(expected + ": ") },
                "\(name) is rejected, but not with '\(expected)':\n\(errors.joined(separator: "\n"))"
            )
        }
    }

    private func fixtures(_ folder: String) throws -> [URL] {
        let url = packageRoot.appendingPathComponent("Tests/KeyformCoreTests/Fixtures/\(folder)")
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// Validates YAML files against `LayoutSchema.json` with Python's `jsonschema`
/// (Draft202012Validator) and `yaml` (PyYAML, which reads YAML 1.1 as many
/// editors do). Missing Python or modules is a test failure, not a skip: CI
/// installs them (.ci/run).
enum SchemaValidation {
    /// Where a schema fails editors: properties with no description (editors show it
    /// as help), and object schemas not closed with `additionalProperties: false`.
    static func gaps(in schema: Any) -> (undescribed: [String], open: [String]) {
        var undescribed: [String] = []
        var open: [String] = []
        func walk(_ value: Any, at path: String) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    if object["additionalProperties"] as? Bool != false { open.append(path) }
                    for (name, property) in properties
                    where (property as? [String: Any])?["description"] as? String == nil {
                        undescribed.append("\(path)/properties/\(name)")
                    }
                }
                // An `if` only tests a value; it describes and closes nothing.
                for (name, child) in object where name != "if" { walk(child, at: "\(path)/\(name)") }
            } else if let array = value as? [Any] {
                for (i, child) in array.enumerated() { walk(child, at: "\(path)/\(i)") }
            }
        }
        walk(schema, at: "#")
        return (undescribed, open)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Per file path: its schema errors, each `JSONPATH KEYWORD: MESSAGE`; empty if accepted.
    /// - Parameters:
    ///   - schema: the schema's JSON (the layout schema unless given).
    ///   - yaml12: read booleans as YAML 1.2 does (only `true` and `false`) and
    ///     dates as text, as yaml-language-server does; a form's `states: {no: …, yes: …}` keys are
    ///     words there, where YAML 1.1 would make them booleans.
    static func run(
        _ files: [URL], schema schemaJSON: String = LayoutSchema.json, yaml12: Bool = false
    ) throws -> [String: [String]] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("keyform-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("layout.schema.json")
        let script = directory.appendingPathComponent("validate.py")
        let output = directory.appendingPathComponent("results.json")
        try schemaJSON.write(to: schema, atomically: true, encoding: .utf8)
        try validator.write(to: script, atomically: true, encoding: .utf8)

        let python = ProcessInfo.processInfo.environment["PYTHON"] ?? "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path, yaml12 ? "1.2" : "1.1", schema.path, output.path] + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start \(python) to validate layouts against the schema: \(error)")
        }
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let why =
                switch process.terminationStatus {
                case 127:
                    "\(python) was not found; it is needed to validate layouts against the schema (CI installs it)"
                case 3: "a Python module the schema test needs is missing (CI installs them)"
                default: "\(python) failed (exit \(process.terminationStatus)) validating layouts against the schema"
                }
            throw Failure(description: "\(why):\n\(said)")
        }
        let data = try Data(contentsOf: output)
        guard let results = try JSONSerialization.jsonObject(with: data) as? [String: [String]] else {
            throw Failure(description: "unexpected output from the validator: \(String(decoding: data, as: UTF8.self))")
        }
        return results
    }

    /// argv: YAMLVERSION SCHEMA OUTPUT FILE...; writes {FILE: ["JSONPATH KEYWORD: MESSAGE", ...]} to OUTPUT,
    /// nested errors (under oneOf/anyOf) included.
    static let validator = #"""
        import json, sys
        try:
            import jsonschema, yaml
        except ImportError as e:
            print(f"missing Python module {e.name!r}: install it with `python3 -m pip install jsonschema pyyaml`")
            sys.exit(3)
        if not hasattr(jsonschema, "Draft202012Validator"):
            print("jsonschema is too old for draft 2020-12: `python3 -m pip install -U jsonschema`")
            sys.exit(3)

        yaml_version, schema_path, out_path, *files = sys.argv[1:]
        loader = yaml.SafeLoader
        if yaml_version == "1.2":
            import re
            class Loader12(yaml.SafeLoader):
                pass
            Loader12.yaml_implicit_resolvers = {
                first: [(tag, regexp) for tag, regexp in resolvers
                        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
                for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
            }
            Loader12.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
            loader = Loader12
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as e:
            print(f"the schema is not a valid draft 2020-12 schema: {e.message} at {e.json_path}")
            sys.exit(4)
        validator = jsonschema.Draft202012Validator(schema)

        def flat(errors):
            for e in errors:
                yield f"{e.json_path} {e.validator}: {e.message}"
                yield from flat(sorted(e.context or [], key=lambda c: c.json_path))

        results = {}
        for path in files:
            try:
                with open(path, encoding="utf-8") as f:
                    document = yaml.load(f, Loader=loader)
            except yaml.YAMLError as e:
                results[path] = ["$ yaml: " + " ".join(str(e).split())]
                continue
            errors = sorted(validator.iter_errors(document), key=lambda e: e.json_path)
            results[path] = list(flat(errors))
        with open(out_path, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, ensure_ascii=False)
        """#
}
