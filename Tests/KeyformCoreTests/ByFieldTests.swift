import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `ByField` shares an earlier evaluation's values by field, one replaced: it
/// must read as the array made by replacing it, and leave the earlier one as it was.
@Suite struct ByFieldTests {
    /// Long random runs of replacements (one field again and again, and more
    /// fields than are kept as changes, so the values are made whole again): each
    /// new one reads as the array it stands for, and every earlier one still does.
    @Test(arguments: [7, 8])
    func itReadsAsTheArrayItWasMadeFromEachEarlierOneUnchanged(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for count in [1, 3, 20, 200] {
            var made: [(values: ByField<Int>, array: [Int])] = [(ByField(Array(0..<count)), Array(0..<count))]
            for step in 0..<400 {
                let (values, array) = made.randomElement(using: &random)!
                // Mostly one field (a key typed), else any.
                let field = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0..<count, using: &random) : 0
                let value = 1000 + step
                var expected = array
                expected[field] = value
                made.append((values.replacing(field, with: value), expected))
            }
            for (values, array) in made {
                #expect(Array(values) == array && values.count == count)
                #expect(values == ByField(array))
            }
        }
    }

    /// The fields that differ from an array, found in place: the changed fields
    /// by their changes, the others by the values made whole; counted up to a limit.
    @Test(arguments: [7, 8])
    func itFindsTheFieldsThatDifferFromAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for count in [1, 3, 20, 200] {
            var values = ByField(Array(0..<count))
            var array = Array(0..<count)
            for step in 0..<300 {
                let field = Int.random(in: 0..<count, using: &random)
                values = values.replacing(field, with: 1000 + step)
                array[field] = 1000 + step
                var other = array
                let differing = Set(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        Int.random(in: 0..<count, using: &random)
                    })
                for field in differing { other[field] = -1 }
                let all = values.differences(from: other, limit: count + 1, by: ==)
                #expect(all.count == differing.count && all.first == differing.min())
                let two = values.differences(from: other, limit: 2, by: ==)
                #expect(two.count == min(2, differing.count))
                if differing.count < 2 { #expect(two.first == differing.min()) }
            }
        }
    }
}
