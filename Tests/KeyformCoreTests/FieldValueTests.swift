import KeyformCore
import KeyformTestSupport
import Testing

@Suite struct FieldValueTests {
    @Test func textOfEachKind() throws {
        #expect(FieldValue.text("  Buy milk ").text == "  Buy milk ")
        #expect(FieldValue.integer(-42).text == "-42")
        #expect(FieldValue.integer(400).text == "400")
        #expect(FieldValue.date(try #require(CivilDate(iso: "2026-11-21"))).text == "2026-11-21")
        #expect(FieldValue.boolean(true).text == "yes")
        #expect(FieldValue.boolean(false).text == "no")
    }

    @Test(
        arguments: [
            (400.0, "400"), (1.5, "1.5"), (-2, "-2"), (0, "0"), (-0.0, "0"), (3.14, "3.14"), (0.1, "0.1"),
            (0.1 + 0.2, "0.30000000000000004"), (100, "100"), (1e3, "1000"), (123.456, "123.456"),
            (0.000001, "0.000001"), (1e-7, "1e-7"), (1.5e-10, "1.5e-10"), (1e20, "100000000000000000000"),
            (1e21, "1e+21"), (1.2345e22, "1.2345e+22"), (-1e21, "-1e+21"), (123456789012345680, "123456789012345680"),
            (9007199254740993, "9007199254740992"), (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-0.5, "-0.5"), (12.0625, "12.0625"),
        ] as [(Double, String)])
    func numbersShowInShortestForm(_ value: Double, _ expected: String) {
        #expect(FieldValue.number(value).text == expected)
        #expect(FieldValue.format(value) == expected)
        if value != 0 { #expect(Double(expected) == value) }
    }

    @Test func formattedNumbersReadBackExactly() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let text = FieldValue.format(value)
            #expect(Double(text) == (value == 0 ? 0 : value), "\(value) → \(text)")
            #expect(!text.hasSuffix(".0"))
        }
    }
}
