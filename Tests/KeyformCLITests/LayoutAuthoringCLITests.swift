import Foundation
import Testing

@Suite struct LayoutAuthoringCLITests {
    @Test func previewOfAShippedLayoutByName() throws {
        let result = try CLIRunner.run(["layout", "preview", "japanese-priority", "--width", "40"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                優先度
                ┌────────────┬────────────┬────────────┐
                │   [1] 高   │   [2] 中   │   [3] 低   │
                └────────────┴────────────┴────────────┘

                """)
    }

    @Test func previewIsPlainTextAt80ColumnsWhenStdoutIsAPipe() throws {
        let result = try CLIRunner.run(["layout", "preview", "priority"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        let gridLines = result.stdout.components(separatedBy: "\n").dropFirst().filter { !$0.isEmpty }
        #expect(gridLines.count == 3 && gridLines.allSatisfy { $0.count == 79 })
    }

    @Test func previewOfAnUnknownNameSuggestsOne() throws {
        let result = try CLIRunner.run(["layout", "preview", "priorty"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("keyform: layout 'priorty' not found; looked in: "))
        #expect(result.stderr.contains("did you mean 'priority'?"))
    }

    @Test func previewOfABrokenLayoutReportsItAndExits2() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rows: []\n".write(to: folder.appendingPathComponent("empty.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "preview", "empty.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("empty.yaml:1:7: error: 'rows' is empty"))
    }

    @Test func fmtRewritesInPlaceAndCheckPassesAfterwards() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("grid.yaml")
        try "rows:   # the grid\n  - - High   # top\n    - \"Low\"\ntitle: 'Prio'\n".write(
            to: file, atomically: true, encoding: .utf8)
        let before = try CLIRunner.run(["layout", "fmt", "--check", "grid.yaml"], in: folder)
        #expect(before.status == 1)
        #expect(before.stderr == "grid.yaml: not in canonical form; run: keyform layout fmt grid.yaml\n")
        let formatted = try CLIRunner.run(["layout", "fmt", "grid.yaml"], in: folder)
        #expect(formatted.status == 0, "\(formatted.stderr)")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == "title: Prio\nrows: # the grid\n  - [High, Low] # top\n")
        let after = try CLIRunner.run(["layout", "fmt", "--check", "grid.yaml"], in: folder)
        #expect(after.status == 0)
        #expect(after.stderr == "")
    }

    @Test func fmtLeavesAnInvalidFileAloneAndSaysWhy() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "rows:\n  - [{label: a, actoin: clear}]\n"
        try source.write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "fmt", "bad.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "bad.yaml:2:17: error: unknown field 'actoin' in key; did you mean 'action'?\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("bad.yaml"), encoding: .utf8) == source)
    }

    @Test func fmtOfStdinWritesStdout() throws {
        let result = try CLIRunner.run(["layout", "fmt", "-"], stdin: "rows:\n  - - a\n    - b\n")
        #expect(result.status == 0)
        #expect(result.stdout == "rows:\n  - [a, b]\n")
    }

    @Test func shippedLayoutsAreCanonical() throws {
        let result = try CLIRunner.run(["layout", "fmt", "--check", "Layouts"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func schemaIsJSON() throws {
        let result = try CLIRunner.run(["layout", "schema"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }
}
