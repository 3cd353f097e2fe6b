import KeyformTestSupport
import Testing

@testable import KeyformCore

/// A text without aliases is not walked for its expanded size when it is at
/// most `YAMLDocument.unwalkedBytes` (DECISIONS 104): its tree holds at most
/// five bytes for each of its own, far within the limit. These texts make as
/// many nodes and as long scalars as YAML lets a byte make; a walk with the
/// limit at five times their bytes must still find no overflow.
@Suite struct YAMLExpansionTests {
    static let pieces = [
        "?", "? ", ":", ": ", ",", "[", "]", "{", "}", "- ", "-", "\n", " ", "a", "\"\\L\\P\\L\"", "'\\L'", "!!str ",
        "&a ", "''", "\"\"", "|\n  x\n", ">\n  x\n", "---\n", "~", "!x ", "#c\n",
    ]

    @Test func aTreeWithoutAliasesHoldsAtMostFiveBytesForEachOfItsOwn() {
        let worst = [
            "?", "? ? ?", "[?, ?, ?]", "{?, ?, ?}", "[{}, {}, {}]", "[[], [], []]", "- - - -", "{a, b, c}",
            "[a, b, c]", "- ? : \n- ? : \n", "\"\\L\\L\\L\\L\\P\\P\"", "[\"\\L\", \"\\L\"]", "{? : , ? : }",
            String(repeating: "- []\n", count: 2_000),
            String(repeating: "[", count: 500) + String(repeating: "]", count: 500),
        ]
        var random = SplitMix64(seed: 102)
        var texts = worst
        for _ in 0..<6_000 {
            texts.append(
                (0..<Int.random(in: 1...16, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
                    .joined())
        }
        var composed = 0
        for text in texts {
            #expect(!text.utf8.contains(UInt8(ascii: "*")))
            guard case .success(let root?) = YAMLDocument.compose(text) else { continue }
            composed += 1
            #expect(
                YAMLDocument.expansionOverflow(root, limit: 5 * text.utf8.count) == nil, "\(text.debugDescription)")
        }
        #expect(composed > 1_000, "the random texts reach the composer")
    }

    /// Aliases are walked whatever the text's size; a large text is walked too.
    @Test func aliasesAndLargeTextsAreWalked() {
        #expect(YAMLDocument.walksForExpansion("a: &x [1]\nb: *x\n"))
        #expect(YAMLDocument.walksForExpansion(String(repeating: "a", count: YAMLDocument.unwalkedBytes + 1)))
        #expect(!YAMLDocument.walksForExpansion("title: Bench\nfields: [{id: a}]\n"))
        #expect(!YAMLDocument.walksForExpansion(String(repeating: "a", count: YAMLDocument.unwalkedBytes)))
    }
}
