import KeyformCore
import Testing

struct SuggestionTests {
    @Test func findsTheClosestWithinTheAllowedDistance() {
        let names = ["priority", "yes-no", "swim"]
        #expect(Suggestion.closest(to: "priorty", among: names) == "priority")  // 1 deletion
        #expect(Suggestion.closest(to: "prioirty", among: names) == "priority")  // 2 substitutions, 8 / 3 = 2
        #expect(Suggestion.closest(to: "yesno", among: names) == "yes-no")
        #expect(Suggestion.closest(to: "swin", among: names) == "swim")  // 4 / 3 = 1
        #expect(Suggestion.closest(to: "swan", among: names) == nil)  // 2 edits, 1 allowed
        #expect(Suggestion.closest(to: "x", among: ["y", "xx"]) == "y")  // at least 1 allowed; first wins
    }

    @Test func ignoresCase() {
        #expect(Suggestion.closest(to: "PRIORITY", among: ["priority"]) == "priority")
        #expect(Suggestion.closest(to: "Done", among: ["done"]) == "done")
    }

    @Test func prefersTheNearerThenTheEarlier() {
        #expect(Suggestion.closest(to: "cart", among: ["carts", "card", "cart"]) == "cart")
        #expect(Suggestion.closest(to: "cat", among: ["bat", "cab", "cut"]) == "bat")
    }

    @Test func worksOnCharacters() {
        #expect(Suggestion.closest(to: "優先", among: ["優先度"]) == "優先度")
        #expect(Suggestion.closest(to: "cafe", among: ["café"]) == "café")
        #expect(Suggestion.closest(to: "", among: ["a", "bc"]) == "a")
        #expect(Suggestion.closest(to: "a", among: []) == nil)
    }
}
