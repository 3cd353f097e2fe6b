import ArgumentParser
import KeyformCore

/// `keyform layout schema`: prints the JSON Schema of the layout format (SPEC "Layout authoring").
struct LayoutSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema (draft 2020-12) of the layout format, for editors.",
        discussion: """
            Save it and point your editor's YAML support at it, for example:

              keyform layout schema > layout.schema.json

            then start a layout file with this line:

              # yaml-language-server: $schema=layout.schema.json
            """
    )

    func run() throws {
        print(LayoutSchema.json)
    }
}
