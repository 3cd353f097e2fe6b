import Foundation
import KeyformCore
import KeyformSQLite
import KeyformStore
import Testing

@testable import Keyform

/// `MultipleChoiceField`: a form file's `multiple: true`, written in Swift.
@MainActor
struct MultipleChoiceFieldTests {
    struct Note: Decodable, Equatable {
        var place: String
        var tags: [String]?
    }

    static let note = KeyformForm("Vacation note", name: "vacation") {
        TextField("place", label: "Place", required: true)
        MultipleChoiceField("tags", label: "Tags", layout: .named("vacation-tags"))
    }

    /// demo/vacation.yaml's tags field, written in Swift, is the same field with the same layout.
    @Test func itIsTheFieldAFormFileWritesWithMultiple() throws {
        let file = try KeyformForm(contentsOf: packageRoot.appendingPathComponent("demo/vacation.yaml")).compile()
        let inSwift = try Self.note.compile()
        let tags = try #require(inSwift.form.field(id: "tags"))
        #expect(
            tags
                == Field(id: "tags", label: "Tags", layout: "vacation-tags", input: .grid, strict: true, multiple: true)
        )
        #expect(file.form.field(id: "tags") == tags)
        #expect(inSwift.layouts["vacation-tags"] == file.layouts["vacation-tags"])
    }

    /// The side-by-side example of docs/swift-library.md ("Several picks") is one form.
    @Test func theDocumentedYAMLAndSwiftAreTheSameForm() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("vacation.yaml")
        try """
        title: Vacation note
        name: vacation
        fields:
          - id: place
            label: Place
            required: true
          - id: tags
            label: Tags
            layout: vacation-tags
            input: grid
            multiple: true
            strict: true
            default: [Beach, Food]

        """.write(to: file, atomically: true, encoding: .utf8)
        let inYAML = try KeyformForm(contentsOf: file).compile()
        let inSwift = try KeyformForm("Vacation note", name: "vacation") {
            TextField("place", label: "Place", required: true)
            MultipleChoiceField("tags", label: "Tags", layout: .named("vacation-tags"), default: ["Beach", "Food"])
        }.compile()
        #expect(inSwift.form == inYAML.form)
        #expect(inSwift.layouts == inYAML.layouts)
    }

    @Test func keysTogglePicksAndDoneCommitsTheList() async throws {
        // s f: Sunset, Food; b then b again: Beach on and off; d: Done.
        let result = try await Self.note.test(keys: "Lisbon<Enter>sfbbd", as: Note.self)
        #expect(result.outcome == .submitted)
        #expect(result.value == Note(place: "Lisbon", tags: ["Sunset", "Food"]))
        #expect(result.record?["tags"] == .list(["Sunset", "Food"]))
        #expect(result.record?["tags"]?.description == "Sunset, Food")
        #expect(result.record?.json == #"{"place":"Lisbon","tags":["Sunset","Food"]}"#)
    }

    @Test func pickedKeysAreMarkedAndTheFieldStaysOpenUntilDone() async throws {
        let result = try await Self.note.test(keys: "Lisbon<Enter>sf")
        #expect(result.outcome == .open)
        #expect(result.screen.contains("✓ [s] Sunset"))
        #expect(result.screen.contains("✓ [f] Food"))
        #expect(result.screen.contains("  [b] Beach"))
    }

    @Test func theKeyboardTakesTheItemsAsText() async throws {
        let result = try await Self.note.test(keys: "Lisbon<Enter><Tab>City<Enter>Food<Enter><Enter>", as: Note.self)
        #expect(result.value == Note(place: "Lisbon", tags: ["City", "Food"]))
        let wrong = try await Self.note.test(keys: "Lisbon<Enter><Tab>Fod<Enter>")
        #expect(wrong.outcome == .open)
    }

    @Test func nothingPickedIsNilOrRequired() async throws {
        let empty = try await Self.note.test(keys: "Lisbon<Enter>d", as: Note.self)
        #expect(empty.value == Note(place: "Lisbon", tags: nil))
        #expect(empty.record?["tags"] == nil)
        #expect(empty.record?.json == #"{"place":"Lisbon","tags":null}"#)

        let required = KeyformForm("Tags") {
            MultipleChoiceField("tags", label: "Tags", layout: .named("vacation-tags"), required: true)
        }
        let blocked = try await required.test(keys: "d")
        #expect(blocked.outcome == .open)
        #expect(blocked.screen.contains("Tags is required"))
        struct Required: Decodable { var tags: [String] }
        let picked = try await required.test(keys: "hd", as: Required.self)
        #expect(picked.value?.tags == ["Hiking"])
    }

    @Test func choicesMakeAGridWithADoneKey() async throws {
        let form = KeyformForm("Pizza") {
            MultipleChoiceField(
                "toppings", label: "Toppings", choices: ["Cheese", "Ham", "Olives"], default: ["Olives"])
        }
        let layout = try #require(try form.compile().layouts["swift:toppings"])
        #expect(layout.pages[0].rows.map { $0.map(\.label) } == [["Cheese", "Ham", "Olives"], ["Done"]])
        #expect(layout.pages[0].rows[1][0].span == 3)
        #expect(layout.pages[0].rows[1][0].action == .done)
        // Olives (the default) is picked and no key is highlighted: the first Right shows
        // the highlight on Cheese, Right Right to Olives, Enter toggles it off; Left Left
        // Enter: Cheese on; Down Enter: Done.
        let result = try await form.test(keys: "<Right><Right><Right><Enter><Left><Left><Enter><Down><Enter>")
        #expect(result.outcome == .submitted)
        #expect(result.record?["toppings"] == .list(["Cheese"]))
        // Enter with nothing highlighted keeps the default and commits.
        let kept = try await form.test(keys: "<Enter>")
        #expect(kept.record?["toppings"] == .list(["Olives"]))
    }

    enum Tag: String, CaseIterable, Decodable { case beach = "Beach", food = "Food", city = "City" }
    struct Trip: Decodable { var tags: [Tag] }

    @Test func aStringEnumDecodesBackAsAnArray() async throws {
        let form = KeyformForm("Trip") {
            MultipleChoiceField("tags", choices: Tag.self, required: true, default: [.city])
        }
        // City (the default) is picked, nothing highlighted: Left shows the highlight on Beach,
        // Enter adds it; Down Enter: Done.
        let result = try await form.test(keys: "<Left><Left><Enter><Down><Enter>", as: Trip.self)
        #expect(result.value?.tags == [.city, .beach])
    }

    @Test func defaultsAndStrictnessAreWrittenAsAFormFileWould() throws {
        let form = KeyformForm("Tags") {
            MultipleChoiceField("a", layout: .named("vacation-tags"), default: ["Beach", "Food"])
            MultipleChoiceField(
                "b", layout: .named("vacation-tags"), input: .keyboard, strict: false, default: .value(["Paris"]))
            MultipleChoiceField("c", layout: .named("vacation-tags"), default: .last)
        }
        let fields = try form.compile().form.fields
        #expect(
            fields == [
                Field(
                    id: "a", layout: "vacation-tags", input: .grid, strict: true,
                    defaultValue: .value(.selection(["Beach", "Food"])), multiple: true),
                Field(
                    id: "b", layout: "vacation-tags", input: .keyboard, strict: false,
                    defaultValue: .value(.selection(["Paris"])), multiple: true),
                Field(
                    id: "c", layout: "vacation-tags", input: .grid, strict: true, defaultValue: .last, multiple: true),
            ])
    }

    @Test func aKeypadOrABadDefaultIsReportedByField() {
        let form = KeyformForm("Broken", name: "broken") {
            MultipleChoiceField("digits", layout: .named("keypad"))
            MultipleChoiceField("tags", layout: .named("vacation-tags"), default: ["Beach", "Moon"])
        }
        do {
            try form.check()
            Issue.record("the form should be invalid")
        } catch KeyformError.invalidForm(let lines) {
            #expect(
                lines.contains(
                    "form 'broken', field 'digits': error: 'multiple' needs a layout of choices (kind: choice); 'keypad' is a keypad"
                ))
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "form 'broken', field 'tags': error: default 'Beach, Moon' fails the field's own rules")
                })
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func lastStartsFromTheStoredList() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tags.sqlite").path
        let form = KeyformForm("Tags", name: "tags") {
            MultipleChoiceField("tags", layout: .named("vacation-tags"), default: .last)
        }.store(at: path)
        let first = try await form.test(keys: "mcd")
        #expect(first.record?["tags"] == .list(["Museum", "City"]))
        let second = try await form.test(keys: "yd")
        #expect(second.record?["tags"] == .list(["Museum", "City", "Family"]))
        let stored = try AppDatabase.open(path: path).records(form: try form.compile().form)
        #expect(
            stored.map { $0.values["tags"] } == [
                FieldValue.list(["Museum", "City", "Family"]), .list(["Museum", "City"]),
            ])
    }
}
