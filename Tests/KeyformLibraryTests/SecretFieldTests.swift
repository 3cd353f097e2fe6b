import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// `.secret()`: a form file's `secret: true`, written in Swift.
@MainActor
struct LibrarySecretFieldTests {
    static let login = KeyformForm("Log in", name: "login") {
        TextField("user", label: "User", required: true)
        TextField("password", label: "Password", required: true).secret()
        IntegerField("pin", label: "PIN").secret(mask: .none, store: true)
    }

    @Test func itIsTheFieldAFormFileWritesWithSecretTrue() throws {
        let compiled = try Self.login.compile()
        #expect(
            compiled.form.field(id: "password")
                == Field(id: "password", label: "Password", required: true, secret: true))
        #expect(
            compiled.form.field(id: "pin")
                == Field(id: "pin", label: "PIN", type: .integer, secret: true, mask: .none, storesSecret: true))
    }

    /// The program gets the secret; the screen showed dots.
    @Test func theSecretIsTypedMaskedAndReturned() async throws {
        let result = try await Self.login.test(keys: "ada<Enter>hunter2<Enter>1234<Enter>")
        #expect(result.outcome == .submitted)
        #expect(result.record?["password"] == .text("hunter2"))
        #expect(result.record?["pin"] == .integer(1234))
        let typing = try await Self.login.test(keys: "ada<Enter>hunter2")
        #expect(typing.screen.contains("Password*  •••••••"), "\(typing.screen)")
        #expect(!typing.screen.contains("hunter2"))
    }
}
