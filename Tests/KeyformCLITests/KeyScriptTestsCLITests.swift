import Foundation
import Testing

/// `keyform test`: the project's own behaviour tests in demo/tests, and how failures read.
@Suite struct KeyScriptTestsCLITests {
    @Test func theDemoTestFilesPass() throws {
        let result = try CLIRunner.run(
            ["test", "demo/tests"], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
        #expect(!result.stdout.contains("FAIL"))
    }

    /// The ports of other tools' examples (`examples/`): keys written in the form, keys by a field.
    @Test func theExamplesTestFilesPass() throws {
        let result = try CLIRunner.run(
            ["test", "examples/tests"], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"), "\(result.stdout)")
        #expect(result.stdout.contains("burger.test.yaml") && result.stdout.contains("dynamic-country.test.yaml"))
    }

    /// A time field (`type: time`) through `keyform test`: its keypad, `now`, and `expect` read as the field reads.
    @Test func theTimeFieldTestFilePasses() throws {
        let file = CLIRunner.packageRoot.appendingPathComponent(
            "Tests/KeyformCoreTests/Fixtures/forms/time/shift.test.yaml"
        ).path
        let result = try CLIRunner.run(["test", file], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("4 passed, 0 failed\n"), "\(result.stdout)")
    }

    /// A folder with no test files runs nothing, and says so with status 2
    /// (it printed "0 passed, 0 failed" with 0: a CI step went green on a wrong folder).
    @Test func aFolderWithoutTestFilesIsAnError() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "fields:\n  - id: a\n".write(
            to: folder.appendingPathComponent("form.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", folder.path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == "keyform: no test files (NAME.test.yaml) in '\(folder.path)'; nothing was run\n",
            "\(result.stderr)")
    }

    /// `keyform test`, `form preview` and `keyform run` prepare a form in one place
    /// (`FormContext.prepared`): a `choices: {from:}` field gets its grid of stored
    /// values, which on an empty store (or none: preview and tests read no store) says
    /// "none yet". `keyform test` built its own context without that grid, so the
    /// field had no grid to Tab to and its first screen differed from preview's.
    @Test func aChoicesFieldIsDrawnByTestAsPreviewAndRunDrawIt() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        title: Errand
        fields:
          - id: shop
            label: Shop
            choices: {from: errand.shop}
          - id: item
        """.write(to: folder.appendingPathComponent("errand.yaml"), atomically: true, encoding: .utf8)
        let preview = try CLIRunner.run(["form", "preview", "errand.yaml"], in: folder)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("Tab"), "\(preview.stdout)")
        let screen = preview.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            .joined(separator: "\n")
        try """
        form: errand.yaml
        tests:
          - name: the first screen is preview's
            keys: ""
            outcome: open
            screen: |
        \(screen)
          - name: Tab turns to the grid of stored shops (none yet), where x is no key
            keys: "<Tab>x"
            outcome: open
            expect: {shop: "", item: ""}
        """.write(to: folder.appendingPathComponent("errand.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["test", "errand.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result.stdout)")
    }

    @Test func aFailingTestSaysWhatDiffered() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        try """
        form: \(form)
        tests:
          - name: wrong priority
            keys: "Buy milk<Enter>m<Enter><Enter><Enter>"
            expect: {text: Buy milk, priority: High}
          - name: still open
            keys: "Buy"
            outcome: submitted
        """.write(to: folder.appendingPathComponent("x.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", "x.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("FAIL x.test.yaml:3: wrong priority\n     priority: expected 'High', got 'Medium'\n")
        )
        #expect(result.stdout.contains("FAIL x.test.yaml:6: still open\n     outcome: expected submitted, got open"))
        #expect(result.stdout.hasSuffix("0 passed, 2 failed\n"))
    }

    /// SPEC's example: `expect` checks the values where the keys leave the form,
    /// submitted or not; `outcome` is checked only when given.
    @Test func expectChecksTheValuesOfAFormTheKeysLeaveOpen() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        try """
        form: \(form)
        tests:
          - name: done stays disabled until text is typed
            keys: "<Enter>Buy milk<Enter>h"
            expect: {text: Buy milk, priority: High}
          - name: open, with a wrong value
            keys: "<Enter>Buy milk<Enter>l"
            outcome: open
            expect: {priority: High, due: ""}
        """.write(to: folder.appendingPathComponent("x.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", "x.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout == """
                PASS x.test.yaml: done stays disabled until text is typed
                FAIL x.test.yaml:6: open, with a wrong value
                     priority: expected 'High', got 'Low'
                1 passed, 1 failed

                """)
    }

    /// A test file saved by a Windows editor (byte order mark, CRLF) reads as form files do.
    @Test func aTestFileWithAByteOrderMarkAndCRLFRuns() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "\u{FEFF}layout: priority\r\ntests:\r\n  - {name: high, keys: \"h\", expect: {value: High}}\r\n"
            .write(to: folder.appendingPathComponent("win.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", "win.test.yaml"], in: folder, environment: ["INPUTRC": "/dev/null"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "PASS win.test.yaml: high\n1 passed, 0 failed\n")
    }

    @Test func anInvalidTestFileIsReportedWithItsPosition() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "layout: priority\ntests:\n  - name: x\n    keys: \"<Entr>\"\n".write(
            to: folder.appendingPathComponent("bad.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test", "bad.test.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bad.test.yaml:4:11: error: unknown key <Entr>"))
    }
}

/// `keyform test` prints what test files say (names, expected values and screens,
/// paths): none of it may act on the terminal, for passing tests too.
@Suite struct KeyScriptTestsOutputTests {
    /// OSC 0 (window title), OSC 52 (a clipboard write), ESC[2J, a C1 CSI, BEL, BS, CR, DEL and NUL.
    static let hostile = #"\e]0;owned\a\e]52;c;aGk=\a\e[2J\x9b31m\a\b\r\x7f\0"#

    @Test func testFileTextIsWrittenOutNotSentToTheTerminal() throws {
        let parent = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        // The folder's name holds an escape sequence too: the path is printed on every line.
        let folder = parent.appendingPathComponent("t\u{1B}]0;folder\u{07}")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let form = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        try """
        form: \(form)
        tests:
          - name: "passes \(Self.hostile)"
            keys: "Buy<Enter>"
          - name: "fails \(Self.hostile)"
            keys: "Buy"
            expect: {text: "\(Self.hostile)"}
            screen: "\(Self.hostile)"
        """.write(to: folder.appendingPathComponent("x.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["test", folder.path], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let bytes = Array(result.stdout.utf8)
        let raw = bytes.indices.filter { i in
            let byte = bytes[i]
            return (byte < 0x20 && byte != 0x0A) || byte == 0x7F
                || (byte == 0xC2 && i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]))
        }
        #expect(raw.isEmpty, "raw control bytes on stdout: \(result.stdout.debugDescription)")
        #expect(
            result.stdout.contains(
                #"PASS \#(folder.path.replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#).replacingOccurrences(of: "\u{07}", with: #"\u{7}"#))/x.test.yaml: passes \u{1B}]0;owned\u{7}\u{1B}]52;c;aGk=\u{7}\u{1B}[2J\u{9B}31m\u{7}\u{8}\r\u{7F}\u{0}"#
            ),
            "\(result.stdout)")
        #expect(result.stdout.contains(#"fails \u{1B}]0;owned"#), "\(result.stdout)")
        #expect(
            result.stdout.contains(#"| \u{1B}]0;owned\u{7}\u{1B}]52;c;aGk=\u{7}\u{1B}[2J"#),
            "the expected screen, written out: \(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
    }
}
