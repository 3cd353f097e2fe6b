import ArgumentParser
import KeyformCore
import KeyformTerminal

@main
struct Keyform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyform",
        abstract: "Terminal forms with custom keyboards: fields typed with GNU readline or picked from key grids.",
        version: "keyform 0.1.0",
        subcommands: [LayoutCommand.self]
    )
}
