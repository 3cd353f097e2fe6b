import Foundation
import Keyform
import Testing

@testable import keyform_example

/// The example's form (Sources/KeyformExample), tested the way a user of the
/// library tests theirs: with the public test double, no terminal.
@MainActor
struct ExampleFormTests {
    let form = Example.form

    @Test func aFullEntryDecodesIntoTheStruct() async throws {
        let result = try await form.test(
            keys: "Buy milk<Enter>h<Enter>2026-11-21<Enter>from the shop<Enter>", as: ToDo.self)
        #expect(result.outcome == .submitted)
        let todo = try #require(result.value)
        #expect(todo.text == "Buy milk")
        #expect(todo.priority == "High")
        #expect(todo.done == false)
        #expect(todo.due == KeyformDate(year: 2026, month: 11, day: 21))
        #expect(todo.note == "from the shop")
        #expect(
            result.record?.json
                == #"{"text":"Buy milk","priority":"High","done":false,"due":"2026-11-21","note":"from the shop"}"#)
        #expect(result.record?.templateLine == "2026-11-21 Buy milk [High]")
    }

    @Test func anEmptyDateDecodesAsNil() async throws {
        let result = try await form.test(
            keys: "Call Tom<Enter><Right><Enter><Space><Enter><Enter><Enter>", as: ToDo.self)
        let todo = try #require(result.value)
        #expect(todo.priority == "Low")
        #expect(todo.done == true, "Space flipped the status to Complete")
        #expect(todo.due == nil)
        #expect(todo.note == "")
        #expect(result.record?.templateLine == "Call Tom [Low]", "no leading space when Due is empty")
    }

    @Test func todayMeansTheDayTheTestSays() async throws {
        let day = try #require(KeyformDate(year: 2026, month: 2, day: 28))
        let result = try await form.test(keys: "Swim<Enter>l<Enter>today<Enter><Enter>", as: ToDo.self, today: day)
        #expect(result.value?.due == day)
    }

    @Test func escCancels() async throws {
        let result = try await form.test(keys: "Buy<Esc>", as: ToDo.self)
        #expect(result.outcome == .cancelled)
        #expect(result.value == nil)
        #expect(result.record == nil)
    }

    @Test func ctrlCInterrupts() async throws {
        let result = try await form.test(keys: "Buy<C-c>")
        #expect(result.outcome == .interrupted)
    }

    @Test func doneStaysDisabledWhileTheRequiredTextIsEmpty() async throws {
        let result = try await form.test(keys: "<Enter><Enter>")
        #expect(result.outcome == .open)
        #expect(result.screen.contains("[ Done ] disabled: Text is required"))
        #expect(result.screen.contains("› Text*"))
    }

    @Test func anInvalidNoteBlocksDoneUntilItIsFixed() async throws {
        let blocked = try await form.test(keys: "Buy milk<Enter>h<Enter><Enter>me@home<Enter>")
        #expect(blocked.outcome == .open)
        #expect(blocked.screen.contains("disabled"))
        #expect(blocked.screen.contains("^[^@]*$"))
        let fixed = try await form.test(
            keys: "Buy milk<Enter>h<Enter><Enter>me@home<Enter><C-u>home<Enter>", as: ToDo.self)
        #expect(fixed.outcome == .submitted)
        #expect(fixed.value?.note == "home")
    }

    @Test func theStatusIsASwitchThatLettersDoNotTypeInto() async throws {
        let typed = try await form.test(keys: "Buy milk<Enter>hSom")
        #expect(typed.outcome == .open)
        #expect(typed.screen.contains("› Status    [ ] In progress"))
        let flipped = try await form.test(keys: "Buy milk<Enter>h<Space>")
        #expect(flipped.screen.contains("› Status    [✓] Complete"))
    }

    @Test func theFirstScreenShowsTheFormAndItsDefaults() async throws {
        let result = try await form.test(keys: "")
        #expect(result.outcome == .open)
        #expect(result.screen.hasPrefix("New To-Do\n"))
        #expect(result.screen.contains("Priority  Medium"))
        #expect(result.screen.contains("Status    [ ] In progress"))
    }

    @Test func theTesterStandsInForTheTerminal() async throws {
        let tester = KeyformTester(keys: "Buy milk<Enter>h<Enter><Enter><Enter><Enter>", "Buy<Esc>")
        let todo = try await tester.run(form, as: ToDo.self)
        #expect(todo.priority == "High")
        await #expect(throws: KeyformError.cancelled) { try await tester.run(form) }
        #expect(tester.results.map(\.outcome) == [.submitted, .cancelled])
        // No script left: no key is pressed, and the form is still open.
        await #expect(throws: KeyformError.self) { try await tester.run(form) }
        #expect(tester.results.last?.outcome == .open)
    }
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
