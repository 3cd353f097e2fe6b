import KeyformCore
import KeyformTestSupport
import Testing

/// Mutated and random layouts never crash, hang or run past a bound: each one
/// ends in a layout or in at least one error, and every diagnostic points
/// inside the file.
@Suite struct LayoutRobustnessTests {
    static let iterations = 10_000
    /// Pieces that YAML and the layout format give meaning to, plus hostile text.
    static let fragments = [
        "[", "]", "{", "}", ":", ", ", "- ", "#", "&a ", "*a", "!", "|", ">", "'", "\"", "\n", "\n  ", "\t", " ",
        "~", "no", "\\e", "\u{1B}", "\u{202E}", "\u{200B}", "高", "é", "🙂", "\u{0301}", "\0",
        "label: ", "text: ", "hotkey: ", "span: ", "action: ", "to: ", "page", "layout", "rows:", "pages:",
        "id: ", "title: ", "kind: keypad", "- [a, b]", "{label: x, span: 2}", "<<: *a", "---", "...", "%YAML 1.2",
    ]

    static func mutate(_ source: String, using random: inout SplitMix64) -> String {
        var characters = Array(source)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = characters.isEmpty ? 0 : Int.random(in: 0...characters.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                characters.insert(contentsOf: fragments.randomElement(using: &random)!, at: position)
            case 2 where !characters.isEmpty:
                let end = min(characters.count, position + Int.random(in: 1...12, using: &random))
                characters.removeSubrange(min(position, end)..<end)
            case 3 where !characters.isEmpty:
                let start = Int.random(in: 0..<characters.count, using: &random)
                let end = min(characters.count, start + Int.random(in: 1...40, using: &random))
                characters.insert(contentsOf: characters[start..<end], at: position)
            case 4:
                characters = Array(characters.prefix(position))
            default:
                let lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
                characters = Array(lines.shuffled(using: &random).joined(separator: "\n"))
            }
        }
        return String(characters)
    }

    @Test func mutatedShippedLayoutsEndInAResultOrADiagnostic() {
        var random = SplitMix64(seed: 20261122)
        let seeds = ShippedLayouts.names.compactMap { ShippedLayouts.sources[$0] }
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var rejected = 0
        for _ in 0..<Self.iterations {
            let source = Self.mutate(seeds.randomElement(using: &random)!, using: &random)
            let started = clock.now
            let parsed = LayoutParser.parse(source)
            slowest = max(slowest, clock.now - started)
            if parsed.value == nil { rejected += 1 }
            #expect(parsed.value != nil || parsed.diagnostics.hasErrors, "no layout and no error for:\n\(source)")
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
            for diagnostic in parsed.diagnostics {
                #expect((1...lines + 1).contains(diagnostic.location.line), "\(diagnostic) outside:\n\(source)")
                #expect(diagnostic.location.column >= 1)
            }
        }
        // A bound, not a benchmark: one small file must never take a noticeable time.
        #expect(slowest < .seconds(1), "slowest parse took \(slowest)")
        #expect(rejected > Self.iterations / 10, "the mutations should break many layouts (\(rejected) broken)")
    }

    @Test func randomBytesEndInAResultOrADiagnostic() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...200, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let parsed = LayoutParser.parse(bytes: bytes)
            #expect(parsed.value != nil || parsed.diagnostics.hasErrors)
        }
    }

    @Test func aliasBombsStopAtTheNodeBudget() {
        let row = "r: &r [" + Array(repeating: "*k", count: 2_000).joined(separator: ", ") + "]"
        let source =
            "k: &k {label: Boom}\n\(row)\nrows: [" + Array(repeating: "*r", count: 2_000).joined(separator: ", ")
            + "]\n"
        let clock = ContinuousClock()
        let started = clock.now
        let parsed = LayoutParser.parse(source)
        // A guard against a hang (4 million nodes), not a timing: ~1 s on an idle machine, debug build.
        #expect(clock.now - started < .seconds(60))
        #expect(parsed.diagnostics.contains { $0.message.contains("expands to more than") })
    }

    /// A plain file under the 1 MiB limit never meets the alias budget, however
    /// small its nodes (here ~900 KB of one-letter keys: about 450,000 nodes).
    @Test func aLargePlainFileIsNotBlamedOnAliases() {
        let row = "  - [" + Array(repeating: "a", count: 30).joined(separator: ",") + "]\n"
        let source = "title: Big\nrows:\n" + String(repeating: row, count: 900_000 / row.utf8.count)
        let parsed = LayoutParser.parse(source)
        #expect(!parsed.diagnostics.contains { $0.message.contains("expands to more than") })
    }

    /// Few nodes, many bytes: one 100 KB string aliased 10,000 times is 1 GB
    /// expanded (it took 2 GB and 12 s; at 700 KB, "failed to allocate").
    /// Refused by its expanded size, at the value that is repeated.
    @Test func aLongStringAliasedManyTimesIsRefusedByItsExpandedSize() {
        let string = String(repeating: "x", count: 100_000)
        for uses in [50, 10_000] {
            let rows = String(
                repeating: "  - [" + Array(repeating: "*s", count: 10).joined(separator: ", ") + "]\n", count: uses / 10
            )
            let source = "title: Bomb\ns: &s \"\(string)\"\nrows:\n" + rows
            let clock = ContinuousClock()
            let started = clock.now
            let parsed = LayoutParser.parse(source)
            #expect(clock.now - started < .seconds(10), "a bound, not a timing: \(clock.now - started)")
            #expect(parsed.value == nil)
            #expect(parsed.diagnostics.map(\.location) == [SourceLocation(line: 2, column: 4)], "\(parsed.diagnostics)")
            #expect(
                parsed.diagnostics.first?.message.hasPrefix(
                    "the file expands to more than 4194304 bytes through its aliases") == true)
        }
        // The same string used once is a layout's business (here: an unknown field), not the alias limit's.
        let once = LayoutParser.parse("title: Big\ns: \"\(string)\"\nrows: [[a]]\n")
        #expect(!once.diagnostics.contains { $0.message.contains("expands to more than") })
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let source = "rows:\n  - " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
        let parsed = LayoutParser.parse(source)
        #expect(parsed.diagnostics.hasErrors)
        #expect(
            parsed.diagnostics.first?.message.hasPrefix(
                "YAML syntax: lists and mappings are nested too deeply (more than 1,000 levels") == true,
            "\(parsed.diagnostics)")
    }
}
