import Foundation
import Testing

/// Issue 22, words for people: a check's `messages:` entry is what every output
/// says when the check fails — answers errors, `records import` and `keyform test`
/// (the screen it shows) — not "must match the pattern ^[^@]+@[^@]+$".
@Suite struct FieldMessagesCLITests {
    static let form = """
        name: signup
        fields:
          - id: email
            required: true
            pattern: "^[^@]+@[^@]+$"
            messages:
              pattern: Give an email like ada@example.org
              required: Give the email we write to
        """

    static func folder() throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        try form.write(to: folder.appendingPathComponent("signup.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func answersSayTheFormsMessage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try CLIRunner.run(
            ["run", "signup.yaml", "--no-store", "--answers", "-"], stdin: #"{"email": "ada"}"#, in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "keyform: field 'email': Give an email like ada@example.org\n", "\(wrong.stderr)")
        let missing = try CLIRunner.run(
            ["run", "signup.yaml", "--no-store", "--answers", "-"], stdin: "{}", in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "keyform: field 'email': Give the email we write to\n", "\(missing.stderr)")
    }

    @Test func importSaysTheFormsMessageAtTheLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("k.db").path
        let imported = try CLIRunner.run(
            ["records", "import", "signup.yaml", "-", "--db", db], stdin: "email\nada@example.org\nada\n", in: folder)
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("Give an email like ada@example.org"), "\(imported.stderr)")
        #expect(!imported.stderr.contains("must match"), "\(imported.stderr)")
    }

    @Test func aTestThatCannotSubmitShowsTheMessageOnItsScreen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        form: signup.yaml
        tests:
          - name: a broken email
            keys: "ada<Enter><C-s>"
            outcome: submitted
        """.write(to: folder.appendingPathComponent("signup.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["test", "signup.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("✗ Give an email like ada@example.org"), "\(result.stdout)")
        #expect(result.stdout.contains("disabled: email: Give an email like ada@example.org"), "\(result.stdout)")
    }
}
