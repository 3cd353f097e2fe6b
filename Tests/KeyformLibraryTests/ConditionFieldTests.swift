import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// `.when(...)`: a form file's `when:`, written in Swift; a hidden field's value is nil.
@MainActor
struct ConditionFieldTests {
    struct Receipt: Decodable, Equatable {
        var paid: Bool?
        var amount: Double?
        var note: String?
    }

    static let receipt = KeyformForm("Receipt", name: "receipt") {
        BooleanField("paid")
        NumberField("amount", required: true).when(.equals("paid", true))
        TextField("note")
        Page("Refund", when: .all(.filled("note"), .not(.equals("note", "none")))) { NumberField("refund") }
    }

    @Test func itIsTheConditionAFormFileWrites() throws {
        let compiled = try Self.receipt.compile()
        #expect(compiled.form.field(id: "amount")?.when == .equals("paid", "true"))
        #expect(compiled.form.pages.last?.when == .all([.filled(field: "note"), .not(.equals("note", "none"))]))
    }

    @Test func aHiddenFieldIsSkippedAndItsValueIsNil() async throws {
        let unpaid = try await Self.receipt.test(keys: "n<Enter>none<Enter>", as: Receipt.self)
        #expect(unpaid.outcome == .submitted)
        #expect(unpaid.value == Receipt(paid: false, amount: nil, note: "none"))
        #expect(unpaid.record?["amount"] == nil)
        #expect(unpaid.record?.json == #"{"paid":false,"note":"none"}"#)
        let paid = try await Self.receipt.test(keys: "y<Enter>4.5<Enter>none<Enter>", as: Receipt.self)
        #expect(paid.value == Receipt(paid: true, amount: 4.5, note: "none"))
    }

    @Test func aConditionNamingALaterFieldIsAnInvalidForm() {
        let form = KeyformForm("Bad") {
            TextField("a").when(.filled("b"))
            TextField("b")
        }
        #expect(throws: KeyformError.self) { try form.compile() }
    }
}
