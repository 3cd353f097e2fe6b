import ArgumentParser

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Check, preview, format and describe layout files (key grids).",
        subcommands: [LayoutCheckCommand.self, LayoutPreviewCommand.self, LayoutFmtCommand.self, LayoutSchemaCommand.self]
    )
}
