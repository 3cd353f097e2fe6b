import Foundation
import Glibc
import KeyformTestSupport
import Testing

@testable import KeyformTerminal

// Readline is one set of C globals per process: these tests run one at a time,
// on the main actor, each with its own editor that is reset at the end.
@Suite(.serialized)
@MainActor
final class LineEditorTests {
    /// This test's inputrc files and readline's output; removed with the test.
    private let folder: String
    private var filesWritten = 0

    init() throws {
        // A user's ~/.inputrc must not change the bindings under test. Readline
        // reads it only at its first initialisation, so set this before any editor exists.
        setenv("INPUTRC", "/dev/null", 1)
        var template = Array("/tmp/keyform-line-editor-XXXXXX".utf8CString)
        guard let path = mkdtemp(&template) else { throw TestFailure(message: "mkdtemp failed") }
        folder = String(cString: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Writes an inputrc into this test's folder; returns its path.
    private func inputrc(_ text: String) throws -> String {
        filesWritten += 1
        let path = folder + "/inputrc-\(filesWritten)"
        guard let file = fopen(path, "w") else { throw TestFailure(message: "cannot write \(path)") }
        fputs(text, file)
        fclose(file)
        return path
    }

    // MARK: Typing

    @Test func typingASCIIReportsTheLineOnceForAChunk() {
        withEditor { editor in
            #expect(editor.feed(keys("hello")) == [.edited(text: "hello", cursor: 5)])
            #expect(editor.text == "hello")
            #expect(editor.cursor == 5)
            #expect(editor.feed(keys(" world")) == [.edited(text: "hello world", cursor: 11)])
        }
    }

    @Test func cursorCountsCharactersNotBytes() {
        withEditor { editor in
            #expect(editor.feed(keys("é")) == [.edited(text: "é", cursor: 1)])
            #expect(editor.feed(keys("日本語")) == [.edited(text: "é日本語", cursor: 4)])
            #expect(editor.feed(keys("👍🏽")) == [.edited(text: "é日本語👍🏽", cursor: 5)])
            #expect(editor.feed(keys("👨‍👩‍👧")) == [.edited(text: "é日本語👍🏽👨‍👩‍👧", cursor: 6)])
            #expect(editor.feed(keys("e\u{301}")) == [.edited(text: "é日本語👍🏽👨‍👩‍👧e\u{301}", cursor: 7)])
        }
    }

    @Test func incompleteUTF8WaitsForTheRestOfTheCharacter() {
        withEditor { editor in
            let bytes = keys("日")
            #expect(editor.feed(Array(bytes.prefix(2))) == [])
            #expect(editor.feed(Array(bytes.suffix(1))) == [.edited(text: "日", cursor: 1)])
        }
    }

    @Test func backspaceDeletesAWholeCharacter() {
        withEditor { editor in
            _ = editor.feed(keys("日本"))
            #expect(editor.feed([0x7F]) == [.edited(text: "日", cursor: 1)])
            #expect(editor.feed([0x08]) == [.edited(text: "", cursor: 0)])
            // An emoji's skin tone (a flag's second letter, a ZWJ family) goes with it:
            // one character, one Backspace.
            _ = editor.feed(keys("a👍🏽"))
            #expect(editor.feed([0x7F]) == [.edited(text: "a", cursor: 1)])
            _ = editor.feed(keys("🇯🇵👨‍👩‍👧"))
            #expect(editor.feed([0x7F]) == [.edited(text: "a🇯🇵", cursor: 2)])
            #expect(editor.feed([0x08]) == [.edited(text: "a", cursor: 1)])
            #expect(!editor.text.unicodeScalars.contains("\u{FFFD}"))
        }
    }

    /// The issue's case: six characters, six Backspaces, nothing left.
    @Test func sixBackspacesDeleteSixCharactersWithAnEmojiSkinTone() {
        withEditor { editor in
            _ = editor.feed(keys("👍🏽 ok é"))
            #expect(editor.cursor == 6)
            for left in (0..<6).reversed() {
                _ = editor.feed([0x7F])
                #expect(editor.cursor == left)
            }
            #expect(editor.text == "")
            // A count is readline's as before (M-2 DEL deletes two code points back).
            _ = editor.feed(keys("ab"))
            #expect(editor.feed(keys("\u{1b}2") + [0x7F]) == [.edited(text: "", cursor: 0)])
        }
    }

    @Test func nothingIsReportedWhenNothingChanged() {
        withEditor { editor in
            #expect(editor.feed(keys("a") + [0x7F]) == [])  // typed and erased in one chunk
            #expect(editor.feed(keys("\u{1b}[D")) == [])  // Left at the start
            #expect(editor.feed([0x7F]) == [])  // Backspace on an empty line
            #expect(editor.feed(keys("\u{1b}[A")) == [])  // Up with no history
        }
    }

    // MARK: Emacs editing

    @Test func emacsLineMovesAndKills() {
        withEditor { editor in
            _ = editor.feed(keys("hello world"))
            #expect(editor.feed(ctrl("a")) == [.edited(text: "hello world", cursor: 0)])
            #expect(editor.feed(ctrl("e")) == [.edited(text: "hello world", cursor: 11)])
            #expect(editor.feed(keys("\u{1b}b")) == [.edited(text: "hello world", cursor: 6)])  // M-b
            #expect(editor.feed(keys("\u{1b}f")) == [.edited(text: "hello world", cursor: 11)])  // M-f
            #expect(editor.feed(ctrl("w")) == [.edited(text: "hello ", cursor: 6)])
            #expect(editor.feed(ctrl("u")) == [.edited(text: "", cursor: 0)])
            // Consecutive kills join into one kill-ring entry, as in readline.
            #expect(editor.feed(ctrl("y")) == [.edited(text: "hello world", cursor: 11)])
            _ = editor.feed(keys("!"))
            #expect(editor.feed(ctrl("a") + ctrl("k")) == [.edited(text: "", cursor: 0)])
            #expect(editor.feed(ctrl("y")) == [.edited(text: "hello world!", cursor: 12)])
            // M-y replaces the yank with the kill before it.
            #expect(editor.feed(keys("\u{1b}y")) == [.edited(text: "hello world", cursor: 11)])
        }
    }

    @Test func arrowKeysAsEscapeSequencesInOneChunk() {
        withEditor { editor in
            _ = editor.feed(keys("abc"))
            #expect(editor.feed(keys("\u{1b}[D\u{1b}[D")) == [.edited(text: "abc", cursor: 1)])
            #expect(editor.feed(keys("X")) == [.edited(text: "aXbc", cursor: 2)])
            #expect(editor.feed(keys("\u{1b}[C")) == [.edited(text: "aXbc", cursor: 3)])
            #expect(editor.feed(keys("\u{1b}OD")) == [.edited(text: "aXbc", cursor: 2)])  // application mode
            // Over wide characters too.
            editor.setLine("日本語", cursor: 3)
            #expect(editor.feed(keys("\u{1b}[D")) == [.edited(text: "日本語", cursor: 2)])
        }
    }

    @Test func readlineMovesByCodePointInsideAnEmojiSequence() {
        // Readline 8.2 steps over the code points of 👨‍👩‍👧 (man ZWJ woman ZWJ girl)
        // one wide character at a time; the reported cursor stays before the
        // cluster until readline leaves it, so two Left presses show no change.
        withEditor { editor in
            _ = editor.feed(keys("a👨‍👩‍👧"))
            let left = keys("\u{1b}[D")
            #expect(editor.feed(left) == [.edited(text: "a👨‍👩‍👧", cursor: 1)])
            #expect(editor.feed(left) == [])
            #expect(editor.feed(left) == [])
            #expect(editor.feed(left) == [.edited(text: "a👨‍👩‍👧", cursor: 0)])
        }
    }

    @Test func loneEscInEmacsModeIsAMetaPrefix() {
        withEditor { editor in
            #expect(!editor.isViMode)
            _ = editor.feed(keys("abc def"))
            #expect(editor.feed([0x1B]) == [])
            #expect(editor.feed(keys("b")) == [.edited(text: "abc def", cursor: 4)])  // M-b
        }
    }

    // MARK: Keyform's keys

    @Test func tabShiftTabAndEnterAreOursAndInsertNothing() {
        withEditor { editor in
            #expect(
                editor.feed(keys("ab\tc")) == [
                    .edited(text: "ab", cursor: 2), .swapView, .edited(text: "abc", cursor: 3),
                ])
            #expect(editor.feed(keys("\u{1b}[Z")) == [.previous])
            #expect(editor.feed(keys("\r")) == [.commit])
            #expect(editor.feed(keys("\n")) == [.commit])
            #expect(
                editor.feed(keys("x\r\t\u{1b}[Z")) == [
                    .edited(text: "abcx", cursor: 4), .commit, .swapView, .previous,
                ])
            #expect(editor.text == "abcx")
        }
    }

    @Test func linesReadlineEndsItselfAreKeptAndCommitted() {
        withEditor { editor in
            _ = editor.feed(keys("abc"))
            // M-# (insert-comment) makes readline accept the line on its own.
            #expect(editor.feed(keys("\u{1b}#")) == [.edited(text: "#abc", cursor: 1), .commit])
            #expect(editor.feed(keys("d")) == [.edited(text: "#dabc", cursor: 2)])
            // C-d on an empty line is end-of-file to readline: nothing happens here.
            editor.setLine("", cursor: 0)
            #expect(editor.feed(ctrl("d")) == [])
            #expect(editor.feed(keys("ok")) == [.edited(text: "ok", cursor: 2)])
        }
    }

    @Test func pastedTextIsInsertedLiterally() {
        withEditor { editor in
            _ = editor.feed(keys("ab") + ctrl("b"))
            #expect(editor.insert("x\ty\r日") == [.edited(text: "ax\ty\r日b", cursor: 6)])
            #expect(editor.feed(ctrl("_")) == [.edited(text: "ab", cursor: 1)])  // one undo
            #expect(editor.insert("") == [])
        }
    }

    // MARK: setLine

    @Test func setLineThenEditing() {
        withEditor { editor in
            editor.setLine("héllo", cursor: 2)
            #expect(editor.text == "héllo")
            #expect(editor.cursor == 2)
            #expect(editor.feed(keys("X")) == [.edited(text: "héXllo", cursor: 3)])
            #expect(editor.feed(ctrl("e") + keys("!")) == [.edited(text: "héXllo!", cursor: 7)])
            editor.setLine("ab", cursor: 99)
            #expect(editor.cursor == 2)
            editor.setLine("ab", cursor: -1)
            #expect(editor.cursor == 0)
        }
    }

    @Test func undoDoesNotCrossFields() {
        withEditor { editor in
            _ = editor.feed(keys("first field"))
            editor.setLine("second", cursor: 6)
            #expect(editor.feed(ctrl("_")) == [])  // nothing to undo in this field
            #expect(editor.feed(keys("!")) == [.edited(text: "second!", cursor: 7)])
            #expect(editor.feed(ctrl("_")) == [.edited(text: "second", cursor: 6)])
            #expect(editor.feed(ctrl("_")) == [])
            #expect(editor.text == "second")
        }
    }

    @Test func setLineDropsAHalfTypedCommand() {
        withEditor { editor in
            _ = editor.feed([0x1B])  // a pending Meta prefix
            editor.setLine("abc def", cursor: 7)
            #expect(editor.feed(keys("b")) == [.edited(text: "abc defb", cursor: 8)])
        }
    }

    // MARK: History

    @Test func upAndDownWalkTheFieldsHistory() {
        withEditor { editor in
            editor.useHistory(["first", "second"])
            _ = editor.feed(keys("dr"))
            #expect(editor.feed(keys("\u{1b}[A")) == [.edited(text: "second", cursor: 6)])
            #expect(editor.feed(keys("\u{1b}[A")) == [.edited(text: "first", cursor: 5)])
            #expect(editor.feed(keys("\u{1b}[A")) == [])
            #expect(editor.feed(keys("\u{1b}[B")) == [.edited(text: "second", cursor: 6)])
            #expect(editor.feed(keys("\u{1b}[B")) == [.edited(text: "dr", cursor: 2)])
            #expect(editor.feed(keys("\u{1b}[B")) == [])
            #expect(editor.feed(ctrl("p")) == [.edited(text: "second", cursor: 6)])  // C-p too
        }
    }

    @Test func historyDoesNotLeakBetweenFields() {
        withEditor { editor in
            // Field A: type something, then go up into its history.
            editor.useHistory(["a1", "a2"])
            _ = editor.feed(keys("typed in A"))
            #expect(editor.feed(keys("\u{1b}[A")) == [.edited(text: "a2", cursor: 2)])
            // Focus moves to field B.
            editor.useHistory(["b1"])
            editor.setLine("", cursor: 0)
            #expect(editor.feed(keys("\u{1b}[A")) == [.edited(text: "b1", cursor: 2)])
            #expect(editor.feed(keys("\u{1b}[A")) == [])  // no a1, a2 here
            #expect(editor.feed(keys("\u{1b}[B")) == [.edited(text: "", cursor: 0)])
            #expect(editor.feed(keys("\u{1b}[B")) == [])  // not "typed in A"
            // Back to field A (the other order of calls works too).
            editor.setLine("", cursor: 0)
            editor.useHistory(["a1", "a2"])
            #expect(editor.feed(keys("\u{1b}[A\u{1b}[A")) == [.edited(text: "a1", cursor: 2)])
            #expect(editor.feed(keys("\u{1b}[A")) == [])
        }
    }

    @Test func historyEntriesEditedWhileBrowsingComeBackUnchanged() {
        withEditor { editor in
            editor.useHistory(["a1", "a2"])
            _ = editor.feed(keys("\u{1b}[A") + keys("X"))
            #expect(editor.text == "a2X")
            _ = editor.feed(keys("\u{1b}[A\u{1b}[B"))
            #expect(editor.text == "a2X")  // readline keeps the edit while browsing
            editor.setLine("", cursor: 0)  // e.g. the grid set the value
            #expect(editor.feed(keys("\u{1b}[A")) == [.edited(text: "a2", cursor: 2)])
        }
    }

    @Test func searchingTheHistory() {
        withEditor { editor in
            editor.useHistory(["apple", "banana", "cherry"])
            // C-r and "an" find the last "an" of "banana"; Enter ends the search and is ours.
            #expect(editor.prompt == nil)
            #expect(editor.feed(ctrl("r") + keys("an")) == [.edited(text: "banana", cursor: 3)])
            // Readline's prompt while the search is typed: Keyform shows it (readline draws nothing).
            #expect(editor.prompt == "(reverse-i-search)`an': ")
            #expect(editor.isSearching)
            _ = editor.feed(keys("x"))
            #expect(editor.prompt == "(failed reverse-i-search)`anx': ")
            _ = editor.feed([0x7F])
            // Backspace edits the search string (readline may still call it failed).
            #expect(editor.prompt?.hasSuffix("reverse-i-search)`an': ") == true, "\(editor.prompt ?? "nil")")
            #expect(editor.feed(keys("\r")).last == .commit)
            #expect(editor.text == "banana")
            #expect(editor.prompt == nil)
            #expect(!editor.isSearching)
        }
    }

    // MARK: vi mode

    @Test func viModeFromAnInputrcFile() throws {
        let vi = try inputrc("set editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(vi))
            #expect(editor.isViMode)
            #expect(!editor.isViCommandMode)
            #expect(editor.feed(keys("abc\u{1b}biX")).last == .edited(text: "Xabc", cursor: 1))
            #expect(Self.ownLines(editor.inputrcDiagnostics).isEmpty)
        }
    }

    @Test func viModeKeyByKey() throws {
        let vi = try inputrc("set editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(vi))
            for byte in keys("abc\u{1b}biX") { _ = editor.feed([byte]) }
            #expect(editor.text == "Xabc")
            #expect(editor.cursor == 1)
            // A lone Esc leaves insert mode at once.
            #expect(editor.feed([0x1B]) == [.edited(text: "Xabc", cursor: 0)])
            #expect(editor.isViCommandMode)
            #expect(editor.feed(keys("x")) == [.edited(text: "abc", cursor: 0)])
            #expect(editor.feed(keys("$")) == [.edited(text: "abc", cursor: 2)])
            #expect(editor.feed(keys("dd")) == [.edited(text: "", cursor: 0)])
            #expect(editor.feed(keys("u")).last.map(isEdit(text: "abc")) == true)
            // In command mode a lone Esc waits for the next key, which then works as usual.
            #expect(editor.feed([0x1B]) == [])
            #expect(editor.isViCommandMode)
            #expect(editor.feed(keys("x")).last.map(isEdit(text: "ab")) == true)
        }
    }

    @Test func viInsertModeArrowsAreArrows() throws {
        let vi = try inputrc("set editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(vi))
            #expect(editor.feed(keys("abc\u{1b}[D")).last == .edited(text: "abc", cursor: 2))
            #expect(!editor.isViCommandMode)
            #expect(editor.feed(keys("X")) == [.edited(text: "abXc", cursor: 3)])
        }
    }

    @Test func ourKeysInBothViKeymaps() throws {
        let vi = try inputrc("set editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(vi))
            // vi-insert
            #expect(editor.feed(keys("ab\t")) == [.edited(text: "ab", cursor: 2), .swapView])
            #expect(editor.feed(keys("\u{1b}[Z")) == [.previous])
            #expect(editor.feed(keys("\r")) == [.commit])
            #expect(editor.feed(keys("\n")) == [.commit])
            #expect(!editor.isViCommandMode)
            // vi-command
            _ = editor.feed([0x1B])
            #expect(editor.isViCommandMode)
            #expect(editor.feed(keys("\t")) == [.swapView])
            #expect(editor.feed(keys("\u{1b}[Z")) == [.previous])
            #expect(editor.feed(keys("\r")) == [.commit])
            #expect(editor.feed(keys("\n")) == [.commit])
            #expect(editor.text == "ab")
            // A new line (another field) starts in insert mode, as in readline.
            editor.setLine("", cursor: 0)
            #expect(!editor.isViCommandMode)
            // C-d in vi insert mode accepts a non-empty line: that is a commit too.
            editor.setLine("abc", cursor: 3)
            #expect(editor.feed(ctrl("d")) == [.commit])
            #expect(editor.text == "abc")
        }
    }

    @Test func resetRestoresTheEditingMode() throws {
        let vi = try inputrc("set editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(vi))
            #expect(editor.isViMode)
        }
        withEditor { editor in
            #expect(!editor.isViMode)
            #expect(editor.feed(ctrl("a")) == [])  // emacs: beginning-of-line on an empty line
        }
    }

    // MARK: Readline stays off the screen

    @Test func readlineWritesNothing() throws {
        let path = folder + "/readline-output"
        withEditor(outputPath: path) { editor in
            editor.useHistory(["one", "two"])
            let session: [[UInt8]] = [
                keys("héllo 日本語 👍🏽"), ctrl("a"), ctrl("e"), keys("\u{1b}[D\u{1b}[C"),
                ctrl("w"), ctrl("u"), ctrl("y"), keys("\u{1b}y"), ctrl("k"), ctrl("_"),
                keys("\u{1b}[A\u{1b}[A\u{1b}[A\u{1b}[B"), ctrl("r"), keys("on"), ctrl("g"),
                ctrl("g"), [0x7F], ctrl("t"), keys("\u{1b}f\u{1b}b\u{1b}d"),
                keys("/us"), keys("\u{1b}?"), keys("\u{1b}*"), keys("\u{1b}/"),  // completions
                keys("\t\r\n\u{1b}[Z"), keys("(x)"),
                keys("\u{1b}#"), ctrl("d"), ctrl("u"), ctrl("d"),
                keys("\u{1b}\u{0A}"),  // M-C-j: vi mode
                keys("abc\u{1b}0dwiX"), [0x1B], keys("hhhlllxu"), keys("\t\r"),
            ]
            for chunk in session { _ = editor.feed(chunk) }
            #expect(Self.ownLines(editor.inputrcDiagnostics).isEmpty)
        }
        #expect(try contents(of: path).isEmpty)
    }

    /// Captured stderr is the process's: while it is captured, the test runner's
    /// progress lines from tests on other threads (`✔ Suite … passed`) land in it
    /// too. A keyform process has one thread, so only the tests need this.
    static func ownLines(_ lines: [String]) -> [String] {
        lines.filter { line in !["✔ ", "✘ ", "◇ ", "↳ ", "􀟈 ", "􁁛 ", "􀢄 "].contains { line.hasPrefix($0) } }
    }

    @Test func inputrcProblemsAreCapturedNotPrinted() throws {
        let path = try inputrc("set no-such-variable on\nset editing-mode vi\n")
        withEditor { editor in
            #expect(editor.readInitFile(path))
            #expect(editor.inputrcDiagnostics.contains { $0.contains("no-such-variable") })
            #expect(editor.isViMode)
            #expect(!editor.readInitFile(path + ".missing"))
        }
    }

    @Test func inputrcCannotTakeOurKeys() throws {
        let path = try inputrc("TAB: complete\n\"\\C-m\": accept-line\n")
        withEditor { editor in
            #expect(editor.readInitFile(path))
            #expect(editor.feed(keys("a\t\r")) == [.edited(text: "a", cursor: 1), .swapView, .commit])
        }
    }

    // MARK: Lifecycle

    @Test func resetThenUseAgain() {
        let editor = LineEditor()
        editor.useHistory(["old"])
        _ = editor.feed(keys("abc"))
        editor.reset()
        #expect(editor.text == "")
        #expect(editor.feed(keys("x")) == [.edited(text: "x", cursor: 1)])
        #expect(editor.feed(keys("\u{1b}[A")) == [])  // reset emptied the history
        editor.reset()
        let other = LineEditor()
        #expect(other.feed(keys("y")) == [.edited(text: "y", cursor: 1)])
        other.reset()
    }

    @Test func releasingTheEditorUninstallsIt() {
        do {
            let editor = LineEditor()
            _ = editor.feed(keys("abc"))
        }
        let next = LineEditor()  // would trap if the first were still installed
        #expect(next.feed(keys("d")) == [.edited(text: "d", cursor: 1)])
        next.reset()
    }

    // MARK: Pure helpers

    @Test func characterCountRoundsDownInsideAGraphemeCluster() {
        let text = "a👨‍👩‍👧b"
        let bytes = Array(text.utf8)
        let man = "👨".utf8.count
        #expect(LineEditor.characterCount(before: 0, in: bytes, text: text) == 0)
        #expect(LineEditor.characterCount(before: 1, in: bytes, text: text) == 1)
        #expect(LineEditor.characterCount(before: 1 + man, in: bytes, text: text) == 1)
        #expect(LineEditor.characterCount(before: bytes.count - 1, in: bytes, text: text) == 2)
        #expect(LineEditor.characterCount(before: bytes.count, in: bytes, text: text) == 3)
    }

    /// The cursor counted scalar by scalar (text whose every scalar is a
    /// cluster of its own) is the cursor counted by grapheme clusters, at every
    /// byte offset of random lines that mix such text with combining marks, CR
    /// LF, emoji sequences, Hangul jamo and flags.
    @Test func characterCountByScalarsIsByClusters() {
        let pieces = [
            "a", "Z", " ", "é", "日", "本", "ｆ", "か", "ß", "e\u{301}", "\u{301}", "\r", "\n", "\r\n", "\t",
            "👍", "👍\u{1F3FD}", "\u{200D}", "🇯🇵", "\u{1100}\u{1161}", "한", "\u{FE0F}", "…", "─",
        ]
        var random = SplitMix64(seed: 15)
        var byScalars = 0
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let bytes = Array(text.utf8)
            for point in 0...bytes.count {
                // Counted as before: the prefix's clusters, less its last when the text's is longer.
                let prefix = String(decoding: bytes.prefix(point), as: UTF8.self)
                var expected = prefix.count
                if let last = prefix.last,
                    let index = text.index(text.startIndex, offsetBy: expected - 1, limitedBy: text.endIndex),
                    index < text.endIndex, text[index] != last
                {
                    expected -= 1
                }
                #expect(
                    LineEditor.characterCount(before: point, in: bytes, text: text) == expected,
                    "\(text.debugDescription) at \(point)")
                if LineEditor.loneScalarCount(before: point, in: text) != nil { byScalars += 1 }
            }
        }
        #expect(byScalars > 1000)
    }

    @Test func utf8LocaleFix() {
        func fix(_ env: [String: String]) -> String? {
            LineEditor.utf8LocaleFix(environment: { env[$0] }, isUTF8: { $0.lowercased().contains("utf-8") })
                .map { "\($0.name)=\($0.value)" }
        }
        #expect(fix(["LANG": "C.UTF-8"]) == nil)
        #expect(fix(["LANG": "C", "LC_CTYPE": "en_US.UTF-8"]) == nil)
        #expect(fix([:]) == "LC_CTYPE=C.UTF-8")
        #expect(fix(["LANG": "C"]) == "LC_CTYPE=C.UTF-8")
        #expect(fix(["LANG": "C.UTF-8", "LC_ALL": "C"]) == "LC_ALL=C.UTF-8")
        #expect(fix(["LANG": "C", "LC_ALL": ""]) == "LC_CTYPE=C.UTF-8")
    }
}

// MARK: - Helpers

@MainActor
private func withEditor(outputPath: String = "/dev/null", _ body: (LineEditor) throws -> Void) rethrows {
    let editor = LineEditor(outputPath: outputPath)
    defer { editor.reset() }
    try body(editor)
}

private func keys(_ text: String) -> [UInt8] { Array(text.utf8) }

private func isEdit(text expected: String) -> (LineEditor.Event) -> Bool {
    { event in
        if case .edited(let text, _) = event { return text == expected }
        return false
    }
}

private func ctrl(_ letter: Character) -> [UInt8] {
    [UInt8(letter.asciiValue!) & 0x1F]
}

private struct TestFailure: Error { var message: String }

private func contents(of path: String) throws -> [UInt8] {
    guard let file = fopen(path, "r") else { throw TestFailure(message: "cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}
