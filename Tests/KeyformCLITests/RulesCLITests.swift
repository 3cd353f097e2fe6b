import Foundation
import Testing

/// A form's `rules:` outside the terminal: answers and `records import` name
/// the broken rule, `keyform test` sees Done disabled, `form check` points at
/// the column (docs/form-format.md "Rules across fields").
@Suite struct RulesCLITests {
    static let form = """
        title: Shift
        name: shift
        fields:
          - {id: start, label: Start, type: time}
          - {id: end, label: End, type: time}
        rules:
          - name: end-after-start
            check: end >= start
            message: The end comes after the start

        """

    static func folder() throws -> (URL, String) {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("shift.yaml")
        try form.write(to: path, atomically: true, encoding: .utf8)
        return (folder, path.path)
    }

    @Test func answersThatBreakARuleExitTwoNamingIt() throws {
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = try CLIRunner.run(
            ["run", path, "--no-store", "--answers", "-"], stdin: #"{"start":"10:00","end":"9:00"}"#)
        #expect(broken.status == 2)
        #expect(broken.stdout == "")
        #expect(broken.stderr == "keyform: rule 'end-after-start': The end comes after the start\n")
        let fine = try CLIRunner.run(
            ["run", path, "--no-store", "--answers", "-"], stdin: #"{"start":"10:00","end":"10:30"}"#)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout == #"{"start":"10:00","end":"10:30"}"# + "\n")
    }

    @Test func anImportNamesTheRuleAtTheRecordsLine() throws {
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("shift.sqlite").path
        let json = """
            [
              {"start":"08:00","end":"09:00"},
              {"start":"10:00","end":"09:00"}
            ]
            """
        let result = try CLIRunner.run(["records", "import", path, "-", "--db", db], stdin: json)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                stdin:3: rule 'end-after-start': The end comes after the start
                keyform: nothing imported: 1 problem in stdin

                """, "\(result.stderr)")
    }

    @Test func keyformTestSeesDoneDisabledByTheRule() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tests = """
            form: shift.yaml
            tests:
              - name: an end before the start keeps Done disabled
                keys: "10:00<Enter>9:00<Enter>"
                outcome: open
              - name: an end after the start submits
                keys: "10:00<Enter>11:00<Enter>"
                outcome: submitted
                expect: {start: "10:00", end: "11:00"}
              - name: a test that expects the broken form to submit fails with Done's reason
                keys: "10:00<Enter>9:00<Enter>"
                outcome: submitted

            """
        try tests.write(to: folder.appendingPathComponent("shift.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["test", "shift.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("PASS shift.test.yaml: an end before the start keeps Done disabled"),
            "\(result.stdout)")
        #expect(result.stdout.contains("PASS shift.test.yaml: an end after the start submits"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "FAIL shift.test.yaml:10: a test that expects the broken form to submit fails with Done's reason"),
            "\(result.stdout)")
        #expect(result.stdout.contains("[ Done ] disabled: The end comes after the start"), "\(result.stdout)")
        #expect(result.stdout.contains("✗ The end comes after the start"), "\(result.stdout)")
        #expect(result.stdout.contains("2 passed, 1 failed"), "\(result.stdout)")
    }

    @Test func formCheckPointsAtTheColumnOfTheUnknownField() throws {
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.form.replacingOccurrences(of: "end >= start", with: "end >= strat").write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["form", "check", path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "\(path):8:19: error: rule 'end-after-start': the rule names 'strat', which is not a field; did you mean 'start'?\n"
        )
    }
}
