import Foundation
import Testing

/// `secret: true` through the built binary (issue 23, DECISIONS 39): answers
/// give the secret, stdout returns it in every format, and the store keeps
/// it only when the field says `store: true`.
@Suite struct SecretCLITests {
    static let form = """
        name: login
        fields:
          - id: user
          - id: password
            secret: true
          - id: pin
            type: integer
            secret: true
            store: true
        template: "{{user}} {{password}} {{pin}}"
        """

    @Test func stdoutReturnsTheSecretAndTheStoreKeepsOnlyTheOneToStore() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let formFile = folder.appendingPathComponent("login.yaml")
        try Self.form.write(to: formFile, atomically: true, encoding: .utf8)
        let environment = ["KEYFORM_DB": folder.appendingPathComponent("db.sqlite").path, "TMPDIR": folder.path]
        let answers = #"{"user":"ada","password":"hunter2-s3cret","pin":4321}"#
        let json = try CLIRunner.run(
            ["run", formFile.path, "--answers", "-"], stdin: answers, environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == #"{"user":"ada","password":"hunter2-s3cret","pin":4321}"# + "\n")
        let env = try CLIRunner.run(
            ["run", formFile.path, "--answers", "-", "--format", "env"], stdin: answers, environment: environment)
        #expect(env.stdout.contains("password='hunter2-s3cret'"))
        let template = try CLIRunner.run(
            ["run", formFile.path, "--answers", "-", "--format", "template"], stdin: answers, environment: environment)
        #expect(template.stdout == "ada hunter2-s3cret 4321\n")

        let stored = try CLIRunner.run(
            ["records", "list", formFile.path, "--format", "json"], environment: environment)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(!stored.stdout.contains("hunter2"))
        #expect(stored.stdout.contains(#""pin":4321"#), "store: true keeps it: \(stored.stdout)")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(bytes.range(of: Data("hunter2-s3cret".utf8)) == nil, "\(name) holds the secret")
        }
    }

    @Test func formCheckWarnsAtStoreTrueAndAWrittenSecret() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let formFile = folder.appendingPathComponent("login.yaml")
        try (Self.form + "\n").replacingOccurrences(
            of: "secret: true\n  - id: pin", with: "secret: true\n    default: hunter2\n  - id: pin"
        )
        .write(to: formFile, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["form", "check", formFile.path])
        #expect(result.status == 0, "warnings only")
        #expect(
            result.stderr.contains("login.yaml:6:14: warning: a secret written in the form file is no secret"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "login.yaml:10:12: warning: 'store: true' keeps the secret 'pin' in the database in plain text"),
            "\(result.stderr)")
    }
}
