import Foundation
import KeyformCore
import Testing

@testable import KeyformTerminal

/// A field of several lines through the real session (decoder, key map,
/// readline, engine): Enter moves on, Ctrl-J and Alt-Enter break the line,
/// ↑ and ↓ move between lines, a paste keeps its breaks (issue 23).
@MainActor
@Suite(.serialized) struct MultiLineKeysTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    static let context = try! FormContext(
        form: Form(
            name: "order",
            pages: [
                Form.Page(fields: [
                    Field(id: "notes", label: "Notes", lines: 3),
                    Field(id: "name", label: "Name"),
                ])
            ]), layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!))

    func run(_ script: String) throws -> ScriptedRun.Result {
        ScriptedRun.run(context: Self.context, state: .start(Self.context), keys: try KeyScript.parse(script).get())
    }

    func run(bytes: [UInt8]) -> FormSession {
        let session = FormSession(context: Self.context, state: .start(Self.context))
        _ = session.receive(bytes)
        return session
    }

    @Test func ctrlJAndAltEnterBreakTheLineAndEnterMovesOn() throws {
        let result = try run("No onions<C-j>Extra pickles<M-Enter>Thanks<Enter>Ada")
        #expect(result.state.entries[0].text == "No onions\nExtra pickles\nThanks")
        #expect(result.state.focus == 1)
        #expect(result.state.entries[1].text == "Ada")
    }

    /// In a one-line field Ctrl-J is Enter, as readline has it.
    @Test func ctrlJIsEnterInAOneLineField() throws {
        let result = try run("<Enter>Ada<C-j>")
        #expect(result.state.entries[1].text == "Ada")
        #expect(result.state.outcome != nil, "Ctrl-J on the last field pressed Done")
    }

    /// ↑ and ↓ move between lines keeping the column (at most the line's end);
    /// ↑ on the first line goes to its start.
    @Test func upAndDownMoveBetweenLines() throws {
        let result = try run("abcdef<C-j>xy<C-j>123456<Up>Q<Up>S<Down><Down>Z<Up><Up><Up>T")
        #expect(result.state.entries[0].text == "TabcSdef\nxyQ\n123Z456")
    }

    /// A bracketed paste of several lines keeps its breaks (CR LF is one); tabs become spaces.
    @Test func aPasteKeepsItsLineBreaks() {
        let session = run(bytes: Array("\u{1B}[200~one\r\ntwo\tthree\nfour\u{1B}[201~".utf8))
        defer { session.close() }
        #expect(session.state.entries[0].text == "one\ntwo three\nfour")
        #expect(session.state.focus == 0)
    }

    /// The footer names the keys from the key map: Enter moves on, Ctrl-J breaks the line.
    @Test func theFooterNamesTheKeys() {
        let session = run(bytes: Array("hi".utf8))
        defer { session.close() }
        let text = session.frame(width: 80, height: 24, color: false).text(markCursor: false)
        #expect(
            text.contains("Enter/Tab next · Ctrl-J/Alt-Enter newline · Ctrl-E editor · Esc cancel · F1 keys"), "\(text)"
        )
    }

    /// Ctrl-E asks the runner for the editor with the value; what comes back
    /// is the value (cleaned as a paste is), or a notice with the value kept.
    @Test func ctrlEHandsTheValueOverAndTakesItBack() {
        let session = run(bytes: Array("old".utf8))
        defer { session.close() }
        #expect(session.receive([5]).requests == [.openEditor(text: "old")])
        _ = session.editorReturned(.success("new\tvalue\r\nsecond"))
        #expect(session.state.entries[0].text == "new value\nsecond")
        #expect(session.state.entries[0].cursor == 16)
        _ = session.editorReturned(.failure(ExternalEditor.Failure(.editorExited(editor: "vi", status: 1))))
        #expect(session.state.entries[0].text == "new value\nsecond")
        let text = session.frame(width: 80, height: 24, color: false).text(markCursor: false)
        #expect(text.contains("! the editor 'vi' exited with status 1; the value is unchanged"), "\(text)")
        // Readline has the new line: typing goes on at its end.
        _ = session.receive(Array("!".utf8))
        #expect(session.state.entries[0].text == "new value\nsecond!")
    }

    /// The editor's failure is said in the form's language, the editor's name as the system gave it.
    @Test func theEditorsFailureIsSaidInJapanese() {
        var context = Self.context
        context.language = .japanese
        let session = FormSession(context: context, state: .start(context))
        defer { session.close() }
        _ = session.receive(Array("old".utf8))
        _ = session.editorReturned(.failure(ExternalEditor.Failure(.editorNotFound(editor: "nano"))))
        #expect(session.state.entries[0].text == "old")
        let text = session.frame(width: 80, height: 24, color: false).text(markCursor: false)
        #expect(text.contains("エディタ 'nano' が見つかりません。"), "\(text)")
    }

    /// In a one-line field Ctrl-E is readline's end-of-line, as ever.
    @Test func ctrlEIsEndOfLineInAOneLineField() {
        let session = run(bytes: [13] + Array("Ada".utf8) + [1])
        defer { session.close() }
        #expect(session.receive([5]).requests == [])
        _ = session.receive(Array("!".utf8))
        #expect(session.state.entries[1].text == "Ada!")
    }

    /// `$VISUAL`, else `$EDITOR`, else vi; words split at spaces, no shell.
    @Test func theEditorCommandComesFromTheEnvironment() {
        func command(_ environment: [String: String]) -> [String] {
            ExternalEditor.command(environment: { environment[$0] })
        }
        #expect(command(["VISUAL": "code --wait", "EDITOR": "nano"]) == ["code", "--wait"])
        #expect(command(["VISUAL": " ", "EDITOR": "nano -R"]) == ["nano", "-R"])
        #expect(command([:]) == ["vi"])
    }
}
