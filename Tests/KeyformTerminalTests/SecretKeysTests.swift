import Foundation
import KeyformCore
import Testing

@testable import KeyformTerminal

/// A secret field through the real session (decoder, readline, engine): what
/// was typed there never comes back in another field, by readline's kill ring,
/// undo or history (issue 23, DECISIONS 38).
@MainActor
@Suite(.serialized) struct SecretKeysTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    static let context = try! FormContext(
        form: Form(
            name: "login",
            pages: [
                Form.Page(fields: [
                    Field(id: "password", label: "Password", secret: true),
                    Field(id: "note", label: "Note"),
                ])
            ]), layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!))

    func run(_ script: String, history: @escaping (String) -> [String] = { _ in [] }) throws -> ScriptedRun.Result {
        ScriptedRun.run(
            context: Self.context, state: .start(Self.context), keys: try KeyScript.parse(script).get(),
            history: history)
    }

    /// Killed in the secret (Ctrl-U, Ctrl-K, Ctrl-W), then yanked in the next
    /// field, and every earlier kill with Alt-Y: nothing comes.
    @Test func aKillInTheSecretIsNotYankedInTheNextField() throws {
        let result = try run("hunter2<C-u>s3cret<C-a><C-k>pass word<C-w><Enter><C-y><M-y><M-y><M-y>")
        #expect(result.state.focus == 1)
        #expect(result.state.entries[1].text == "", "yanked: \(result.state.entries[1].text)")
    }

    /// Once emptied, the ring works again at once.
    @Test func theRingWorksAgainAfterTheSecret() throws {
        let back = try run("hunter2<C-a><C-k><Enter>plain<C-a><C-k><C-y><C-y>")
        #expect(back.state.entries[1].text == "plainplain")
    }

    /// Undo in the next field does not bring back the secret's line.
    @Test func undoDoesNotCrossFromTheSecret() throws {
        let result = try run("hunter2<Enter><C-x><C-u><C-x><C-u>")
        #expect(result.state.entries[1].text == "")
    }

    /// A secret has no history: Up offers nothing, whatever the store has.
    @Test func upOffersNoEarlierSecret() throws {
        let result = try run("<Up><Up>", history: { _ in ["hunter1", "hunter2"] })
        #expect(result.state.entries[0].text == "")
        let note = try run("<Enter><Up>", history: { _ in ["Buy milk"] })
        #expect(note.state.entries[1].text == "Buy milk", "other fields keep theirs")
    }
}

/// vi's `.` repeats the last insert from a buffer readline keeps for itself.
@MainActor
@Suite(.serialized) struct SecretViRepeatTests {
    /// Typed in the secret, Esc, then in the next field Esc and `.`: nothing is
    /// repeated once the secret's edits are forgotten (before, `.` typed it again).
    @Test func viRepeatDoesNotTypeTheSecretAgain() throws {
        let vi = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-vi-\(UUID().uuidString).inputrc")
        try "set editing-mode vi\n".write(to: vi, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: vi) }
        let editor = LineEditor()
        defer { editor.reset() }
        #expect(editor.readInitFile(vi.path))
        editor.setLine("", cursor: 0)  // focus on the secret field, as the session does
        _ = editor.feed(Array("hunter2".utf8))
        _ = editor.feed([0x1B])
        #expect(editor.text == "hunter2" && editor.isViCommandMode)
        editor.forgetSecretEdits()
        editor.setLine("", cursor: 0)
        _ = editor.feed([0x1B])
        _ = editor.feed(Array(".".utf8))
        #expect(editor.text == "", "vi's . typed: \(editor.text)")
        // vi's repeat still works for what is typed next.
        editor.setLine("", cursor: 0)
        _ = editor.feed(Array("ab".utf8))
        _ = editor.feed([0x1B])
        _ = editor.feed(Array(".".utf8))
        #expect(editor.text == "aabb" || editor.text == "abab", "\(editor.text)")
    }
}
