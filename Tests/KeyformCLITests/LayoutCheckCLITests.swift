import Foundation
import Testing

@Suite struct LayoutCheckCLITests {
    @Test func shippedLayoutsAreCleanWithNoOutput() throws {
        let result = try CLIRunner.run(["layout", "check", "Layouts"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func brokenLayoutsGivePositionedDiagnosticsOnStderrAndExit1() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "titel: X\nrows:\n  - [a, {label: b, hotkey: \" \"}]\n".write(
            to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        try "rows:\n  - [\" a\"]\n".write(
            to: folder.appendingPathComponent("warn.yaml"), atomically: true, encoding: .utf8)
        try "not a layout".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "check", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                ./bad.yaml:1:1: error: unknown field 'titel' in layout; did you mean 'title'?
                ./bad.yaml:3:28: error: hotkey ' ' is taken: Space presses the highlighted key; choose another character
                ./warn.yaml:2:6: warning: label ' a' has leading whitespace; remove it

                """)
    }

    @Test func warningsAloneExit0() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rows:\n  - [a, b]\n  - [c]\n".write(
            to: folder.appendingPathComponent("uneven.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "check", "uneven.yaml"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("uneven.yaml:3:5: warning:"))
    }

    @Test func layoutTargetsResolveNextToTheLayout() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rows:\n  - [{label: More, action: layout, to: other}, {label: P, action: layout, to: priority}]\n"
            .write(to: folder.appendingPathComponent("main.yaml"), atomically: true, encoding: .utf8)
        try "rows:\n  - [x]\n".write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "check", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func aMissingPathIsAClearError() throws {
        let result = try CLIRunner.run(["layout", "check", "no/such/file.yaml"])
        #expect(result.status == 2, "bad usage is exit 2 (SPEC)")
        #expect(result.stderr.contains("no such file or folder: no/such/file.yaml"))
    }
}
