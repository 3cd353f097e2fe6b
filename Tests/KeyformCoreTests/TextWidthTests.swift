@testable import KeyformCore
import KeyformTestSupport
import Testing

/// `TextWidth.cells` of a string measures scalars one by one when each is
/// sure to be a cluster of its own; it must give what measuring cluster by
/// cluster gives.
@Suite struct TextWidthTests {
    /// The sum of the string's clusters' widths: the definition.
    static func byCluster(_ text: String) -> Int { text.reduce(0) { $0 + TextWidth.cells($1) } }

    @Test func everyScalarAloneMeasuresAsItsCluster() {
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            #expect(TextWidth.cells(text) == Self.byCluster(text), "U+\(String(value, radix: 16))")
        }
    }

    /// Scalars of the fast ranges next to ones that join them into one cluster
    /// (combining marks, variation selectors, joiners, tone marks, Hangul jamo,
    /// skin tones, flags): the whole string measures as its clusters.
    @Test func joinedScalarsMeasureAsTheirClusters() {
        let pieces: [String] = ["a", "é", "e\u{301}", "─", "│", "┼", "✓", "…", "→", "↔\u{FE0F}", "日", "本", "か\u{3099}", "〪",
                                "ア", "ー", "Ａ", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "👍", "\u{1F3FD}", "🇯", "🇵", "\u{1100}",
                                "\u{1161}", "\u{11A8}", "\r", "\n", "\u{85}", "\u{AD}", "\u{300}", "❤", "⌚", " ", "\u{200B}"]
        var random = SplitMix64(seed: 15)
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(TextWidth.cells(text) == Self.byCluster(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
