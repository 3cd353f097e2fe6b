import Foundation
import Testing

/// Input that nests: every command that loads it refuses it at its place,
/// none runs out of stack (exit 139) or memory.
@Suite struct DeepInputCLITests {
    /// 3,000 nested sections in a 36 KB form file killed `form check`, `run`,
    /// `form preview`, `form fmt` and `test` with SIGSEGV.
    @Test func aTemplateNestedThousandsDeepIsAnErrorInEveryCommand() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = String(repeating: "{{#a}}", count: 3_000) + "x" + String(repeating: "{{/a}}", count: 3_000)
        try "title: Deep\nfields:\n  - id: a\n    label: A\ntemplate: '\(template)'\n"
            .write(to: folder.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
        try "form: deep.yaml\ntests:\n  - name: one\n    keys: \"x<Enter>\"\n"
            .write(to: folder.appendingPathComponent("deep.test.yaml"), atomically: true, encoding: .utf8)
        let commands: [([String], String?)] = [
            (["form", "check", "deep.yaml"], nil),
            (["run", "deep.yaml", "--answers", "-"], #"{"a": "x"}"#),
            (["form", "preview", "deep.yaml"], nil),
            (["form", "fmt", "--check", "deep.yaml"], nil),
            (["test", "deep.test.yaml"], nil),
        ]
        for (arguments, stdin) in commands {
            let result = try CLIRunner.run(arguments, stdin: stdin, in: folder, environment: ["INPUTRC": "/dev/null"])
            #expect([1, 2].contains(result.status), "\(arguments): \(result.status) \(result.stderr)")
            // Where the 101st section opens: line 5, after "template: '" and 100 tags of 6 characters.
            #expect(
                result.stderr.contains(
                    "deep.yaml:5:612: error: the template is not valid: sections nest more than 100 deep"),
                "\(arguments): \(result.stderr)")
        }
    }
}
