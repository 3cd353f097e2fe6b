import Foundation
import Testing

/// `when:` through the command line: answers, `records import`, `keyform test`,
/// `records list` (a hidden field is NULL in the store) — one rule everywhere.
@Suite struct ConditionsCLITests {
    static let receipt = CLIRunner.packageRoot.appendingPathComponent("examples/receipt.yaml").path

    /// A value given for a field the answers themselves hide is an error, exit 2:
    /// nothing given is silently dropped.
    @Test func anAnswerForAFieldTheAnswersHideIsAnError() throws {
        let result = try CLIRunner.run(
            ["run", Self.receipt, "--no-store", "--answers", "-"],
            stdin: #"{"shop":"Bakery","paid":false,"amount":3}"#)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "keyform: answers: 'amount' is not asked unless paid is yes\n", "\(result.stderr)")
    }

    /// A hidden field is absent from the JSON; a shown empty one is there (null).
    @Test func aHiddenFieldIsAbsentFromTheRecord() throws {
        let result = try CLIRunner.run(
            ["run", Self.receipt, "--no-store", "--answers", "-"], stdin: #"{"shop":"Bakery","paid":false}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"shop":"Bakery","paid":false,"returned":null}"# + "\n")
        let paid = try CLIRunner.run(
            ["run", Self.receipt, "--no-store", "--answers", "-"],
            stdin: #"{"shop":"Bakery","paid":true,"amount":4.5,"method":"Cash"}"#)
        #expect(
            paid.stdout == #"{"shop":"Bakery","paid":true,"amount":4.5,"method":"Cash","returned":null}"# + "\n",
            "\(paid.stderr)")
    }

    /// Stored, a hidden field is NULL: `records list` shows it as an empty field.
    @Test func aHiddenFieldIsNullInTheStore() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("r.sqlite").path
        let run = try CLIRunner.run(
            ["run", Self.receipt, "--db", db, "--answers", "-"], stdin: #"{"shop":"Bakery","paid":false}"#)
        #expect(run.status == 0, "\(run.stderr)")
        let list = try CLIRunner.run(["records", "list", "receipt", "--db", db, "--format", "json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains(#""shop":"Bakery","paid":false,"amount":null,"method":"","card":"""#), "\(list.stdout)"
        )
    }

    /// `records import` applies the same rule, at the row's line.
    @Test func importRefusesAValueForAFieldItsRowDoesNotAsk() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("r.sqlite").path
        let csv = "shop,paid,amount\nBakery,yes,3\nMarket,no,4\n"
        let result = try CLIRunner.run(
            ["records", "import", Self.receipt, "-", "--db", db, "--format", "csv"], stdin: csv)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr == """
                stdin:3: 'amount' is not asked unless paid is yes
                keyform: nothing imported: 1 problem in stdin

                """, "\(result.stderr)")
    }

    @Test func theExampleTestFilesPass() throws {
        let result = try CLIRunner.run(
            ["test", "examples/tests"], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    }
}

extension ConditionsCLITests {
    /// `keyform test`: expecting a value of a field the keys leave hidden fails, and says why.
    @Test func aTestExpectingAValueOfAHiddenFieldSaysItIsNotAsked() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        form: \(Self.receipt)
        tests:
          - name: amount of an unpaid receipt
            keys: "Bakery<Enter>n<Enter>n<Enter>"
            expect: {amount: "3"}
        """.write(to: folder.appendingPathComponent("x.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", "x.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("amount: expected '3', but 'amount' is not asked unless paid is yes"),
            "\(result.stdout)")
    }
}
