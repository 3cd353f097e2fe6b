import ArgumentParser
import KeyformFiles

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Check, preview, format, list and describe layout files (key grids).",
        subcommands: [
            LayoutCheckCommand.self, LayoutPreviewCommand.self, LayoutFmtCommand.self, LayoutSchemaCommand.self,
            LayoutListCommand.self,
        ]
    )
}

/// `keyform layout list`: the layouts a name finds from here, and where each comes from.
struct LayoutListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the layouts that a name finds from the current folder, and where from.",
        discussion: """
            Searched in order: ./Layouts, each folder of $KEYFORM_LAYOUTS, the per-user \
            folder $XDG_CONFIG_HOME/keyform/layouts (~/.config/keyform/layouts), then the \
            layouts shipped with Keyform (shipped:NAME). A form's own Layouts/ folder comes \
            first for that form. One line a layout, NAME  FROM; one hidden by an earlier \
            one of the same name says so.
            """
    )

    func run() throws {
        let rows = LayoutFiles().available().map {
            FoundTable.Row(name: $0.name, from: $0.origin, hiddenBy: $0.hiddenBy)
        }
        try Output.result(FoundTable.text(rows))
    }
}
