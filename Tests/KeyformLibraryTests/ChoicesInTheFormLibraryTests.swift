import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// Keys written in the form, from Swift: the modifiers make the `choices:` a
/// form file would write, read by the same parser.
@MainActor
struct ChoicesInTheFormLibraryTests {
    @Test func aListOfChoicesIsTheFieldsKeys() throws {
        let form = KeyformForm("Burger") {
            TextField("toppings").choices(["Lettuce", "Tomatoes"], multiple: true)
            IntegerField("spice").choices(
                [KeyformChoice("Mild", text: "1"), KeyformChoice("Hot", text: "3")], strict: true)
        }
        let fields = try form.compile().form.fields
        #expect(fields[0].options == .fixed([Field.Option(label: "Lettuce"), Field.Option(label: "Tomatoes")]))
        #expect(fields[0].multiple && !fields[0].strict)
        #expect(
            fields[1].options
                == .fixed([Field.Option(label: "Mild", text: "1"), Field.Option(label: "Hot", text: "3")]))
        #expect(fields[1].strict)
    }

    @Test func choicesByAFieldFollowItsValue() throws {
        let form = KeyformForm("Shipping") {
            ChoiceField("country", choices: ["Canada", "Mexico"])
            TextField("state").choices(
                by: "country", ["Canada": ["Alberta", "Ontario"], "Mexico": ["Oaxaca"]], strict: true)
        }
        let field = try form.compile().form.fields[1]
        #expect(
            field.options
                == .by(
                    field: "country",
                    groups: [
                        .init(
                            value: "Canada", options: [Field.Option(label: "Alberta"), Field.Option(label: "Ontario")]),
                        .init(value: "Mexico", options: [Field.Option(label: "Oaxaca")]),
                    ]))
        #expect(field.strict)
    }

    @Test func aTableKeyTheDriverCannotTakeIsReported() {
        let form = KeyformForm("Shipping") {
            ChoiceField("country", choices: ["Canada", "Mexico"])
            TextField("state").choices(by: "country", ["Mexco": ["Oaxaca"]])
        }
        do {
            _ = try form.compile()
            Issue.record("a table key the driver cannot take compiled")
        } catch {
            #expect(
                "\(error)".contains("'Mexco' is not a value 'country' can take; did you mean 'Mexico'?"), "\(error)")
        }
    }

    @Test func aCommandsLinesAndATimeLimitFromSwift() throws {
        let form = KeyformForm("Deploy") {
            TextField("team")
            TextField("branch").choices(
                command: ["git", "branch", "--format=%(refname:short)", "{{team}}"], timeout: 2.5, strict: true)
        }.timeout(30)
        let compiled = try form.compile()
        #expect(
            compiled.form.fields[1].linesFrom
                == .command(
                    arguments: ["git", "branch", "--format=%(refname:short)", "{{team}}"],
                    timeout: .milliseconds(2500)))
        #expect(compiled.form.fields[1].strict)
        #expect(try form.storedRun(clock: .now()).context.form.timeout == .seconds(30))
    }
}
