import Foundation
import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `TextWidth.cells` of a string measures scalars one by one when each is
/// sure to be a cluster of its own; it must give what measuring cluster by
/// cluster gives.
@Suite struct TextWidthTests {
    /// The sum of the string's clusters' widths: the definition.
    static func byCluster(_ text: String) -> Int { text.reduce(0) { $0 + TextWidth.cells($1) } }

    /// Blanks written at once are the spaces `String(repeating:count:)` makes:
    /// small strings and large, and none for a count that is not positive.
    @Test func blanksAreThatManySpaces() {
        for count in 0...300 {
            let blanks = TextWidth.blanks(count)
            #expect(blanks == String(repeating: " ", count: count), "\(count)")
            #expect(TextWidth.cells(blanks) == count && blanks.utf8.count == count)
            #expect(("a" + blanks + "b").count == count + 2)
        }
        #expect(TextWidth.blanks(-3) == "")
    }

    /// `joinedText` is `joined(separator:)`: random arrays of empty, short,
    /// long, non-ASCII and combining parts, with separators of every kind
    /// (DECISIONS 104).
    @Test func joinedTextIsWhatJoinedGives() {
        let parts = ["", "a", "Esc cancel", "\u{301}", "é", "日本語", "🙂", "/", String(repeating: "x", count: 40)]
        var random = SplitMix64(seed: 104)
        for _ in 0..<2_000 {
            let array = (0..<Int.random(in: 0...6, using: &random)).map { _ in parts.randomElement(using: &random)! }
            let separator = parts.randomElement(using: &random)!
            #expect(array.joinedText(separator: separator) == array.joined(separator: separator), "\(array)")
            #expect(array.joinedText() == array.joined(), "\(array)")
        }
    }

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
        let pieces: [String] = [
            "a", "é", "e\u{301}", "─", "│", "┼", "✓", "…", "→", "↔\u{FE0F}", "日", "本", "か\u{3099}", "〪",
            "ア", "ー", "Ａ", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "👍", "\u{1F3FD}", "🇯", "🇵", "\u{1100}",
            "\u{1161}", "\u{11A8}", "\r", "\n", "\u{85}", "\u{AD}", "\u{300}", "❤", "⌚", " ", "\u{200B}",
        ]
        var random = SplitMix64(seed: 15)
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(
                TextWidth.cells(text) == Self.byCluster(text),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

/// The generated width table (`CellWidthTable`, scripts/generate-widths.py)
/// against Unicode's own data, and the code points whose width matters most.
@Suite struct CellWidthTableTests {
    @Test(
        arguments: [
            ("🖥", 1), ("🈚", 2), ("日", 2), ("é", 1), ("e", 1), ("\u{301}", 0), ("\u{20DD}", 0), ("\u{200B}", 0),
            ("\u{AD}", 1),
            ("\u{600}", 1), ("\u{1161}", 0), ("Ａ", 2), ("ｱ", 1), ("😀", 2), ("❤", 1), ("⌚", 2), ("─", 1),
            ("\u{3099}", 0),
            ("\u{4DC0}", 1), ("\u{3248}", 1), ("\u{1F1EF}", 2), ("\u{2A6E0}", 2), ("\u{E000}", 1),
        ] as [(String, Int)])
    func fixedCodePoints(text: String, cells: Int) {
        #expect(TextWidth.cells(text.unicodeScalars.first!) == cells)
    }

    /// The grid of the issue: 🖥 (1 cell, not an emoji by default) and 🈚 (2).
    @Test func labelsOfMixedEmojiMeasureAsTerminalsDrawThem() {
        #expect(TextWidth.cells("🖥 PC") == 4)
        #expect(TextWidth.cells("🈚 free") == 7)
    }

    /// The fast ranges (scalars that are clusters of their own) agree with the table.
    @Test func loneScalarRangesAgreeWithTheTable() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let lone = TextWidth.loneScalarCells(scalar) else { continue }
            #expect(lone == TextWidth.cells(scalar), "U+\(String(value, radix: 16))")
        }
    }

    static let data = "/usr/share/unicode"
    static let dataPresent = ["EastAsianWidth.txt", "emoji/emoji-data.txt", "UnicodeData.txt", "PropList.txt"]
        .allSatisfy { FileManager.default.fileExists(atPath: "\(data)/\($0)") }

    /// Every code point, as the data files say (Debian's `unicode-data`), when
    /// they are there and of the version the table was made from.
    @Test(
        .enabled(if: dataPresent, "Unicode's data files are not in /usr/share/unicode (apt-get install unicode-data)"))
    func tableMatchesUnicodeData() throws {
        let eastAsian = try Self.read("EastAsianWidth.txt")
        #expect(
            eastAsian.hasPrefix("# EastAsianWidth-\(CellWidthTable.unicodeVersion).txt"),
            "the data files are of another Unicode version than the table: run scripts/generate-widths.py")
        var width = [UInt8](repeating: 1, count: 0x110000)
        // UAX #11: unassigned code points of these blocks and planes are wide.
        for range in [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD] {
            for c in range { width[c] = 2 }
        }
        for (range, value) in Self.ranges(eastAsian) {
            for c in range { width[c] = value == "W" || value == "F" ? 2 : 1 }
        }
        for (range, value) in Self.ranges(try Self.read("emoji/emoji-data.txt")) where value == "Emoji_Presentation" {
            for c in range { width[c] = 2 }
        }
        var prepended = Set<Int>()
        for (range, value) in Self.ranges(try Self.read("PropList.txt")) where value == "Prepended_Concatenation_Mark" {
            prepended.formUnion(range)
        }
        // Zero: controls, combining marks, format characters (but the soft hyphen
        // and the prepended number signs), the jamo that join a Hangul syllable.
        var rangeStart: Int?
        for line in try Self.read("UnicodeData.txt").split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            let code = Int(fields[0], radix: 16)!
            if fields[1].hasSuffix(", First>") { rangeStart = code; continue }
            let codes = fields[1].hasSuffix(", Last>") ? rangeStart!...code : code...code
            let category = fields[2]
            if category == "Cc" || category == "Mn" || category == "Me"
                || (category == "Cf" && code != 0xAD && !prepended.contains(code))
            {
                for c in codes { width[c] = 0 }
            }
        }
        for c in 0x1160...0x11FF { width[c] = 0 }
        for c in 0xD7B0...0xD7FF { width[c] = 0 }
        var differing: [String] = []
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(UInt32(value)), TextWidth.cells(scalar) != Int(width[value]) else {
                continue
            }
            differing.append(
                "U+\(String(value, radix: 16, uppercase: true)): \(TextWidth.cells(scalar)), data \(width[value])")
        }
        #expect(
            differing.isEmpty,
            "\(differing.count) code points differ, first \(differing.prefix(10)); run scripts/generate-widths.py")
    }

    private static func read(_ name: String) throws -> String {
        try String(contentsOfFile: "\(data)/\(name)", encoding: .utf8)
    }

    /// `first..last ; value` of each data line of a UCD-style file.
    private static func ranges(_ text: String) -> [(ClosedRange<Int>, String)] {
        text.split(separator: "\n").compactMap { line in
            let data = line.prefix { $0 != "#" }
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2 else { return nil }
            let bounds = fields[0].components(separatedBy: "..").compactMap { Int($0, radix: 16) }
            guard let first = bounds.first else { return nil }
            return (first...(bounds.last ?? first), fields[1])
        }
    }
}
