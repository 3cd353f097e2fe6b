import KeyformCore
import Testing

@Suite struct KeyScriptTests {
    func bytes(_ script: String) throws -> [[UInt8]] {
        try KeyScript.parse(script).get().map(\.bytes)
    }

    @Test func textIsOnePressPerCharacter() throws {
        #expect(try bytes("ab日") == [[97], [98], [0xE6, 0x97, 0xA5]])
    }

    @Test func namedKeys() throws {
        #expect(
            try bytes("<Enter><Tab><S-Tab><BS><Up><Down><Right><Left><C-u><C-c><M-b><lt><Space>") == [
                [13], [9], [27, 91, 90], [127], [27, 91, 65], [27, 91, 66], [27, 91, 67], [27, 91, 68], [21], [3],
                [27, 98], [60], [32],
            ])
    }

    @Test func aLoneEscapeIsMarked() throws {
        let presses = try KeyScript.parse("x<Esc>").get()
        #expect(presses.map(\.isLoneEscape) == [false, true])
    }

    @Test func angleBracketsAroundOtherTextAreTyped() throws {
        #expect(try bytes("a < b > c").count == 9)
    }

    @Test func anUnknownKeyNameIsAnError() {
        guard case .failure(let failure) = KeyScript.parse("ab<Entr>") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.offset == 2)
        #expect(failure.message.english.hasPrefix("unknown key <Entr>"))
        #expect(failure.message.japanese.hasPrefix("<Entr> というキーはありません。使えるキー: <Enter> <Tab>"))
    }
}
