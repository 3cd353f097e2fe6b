import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// `.lines(3)`: a form file's `lines: 3`, written in Swift.
@MainActor
struct LibraryMultiLineFieldTests {
    static let order = KeyformForm("Order", name: "order") {
        TextField("name", label: "Name", required: true)
        TextField("instructions", label: "Instructions", maxLength: 400).lines(3)
    }

    @Test func itIsTheFieldAFormFileWritesWithLines() throws {
        let compiled = try Self.order.compile()
        #expect(
            compiled.form.field(id: "instructions")
                == Field(id: "instructions", label: "Instructions", maxLength: 400, lines: 3))
    }

    /// Ctrl-J breaks the line, Enter moves on; the record keeps the break.
    @Test func theRecordKeepsTheLineBreaks() async throws {
        let result = try await Self.order.test(keys: "Ada<Enter>No onions<C-j>Extra pickles<Enter>")
        #expect(result.outcome == .submitted)
        #expect(result.record?["instructions"] == .text("No onions\nExtra pickles"))
    }
}
