import ArgumentParser
import Foundation
import KeyformCore
import KeyformTerminal

@main
struct Keyform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyform",
        abstract: "Terminal forms with custom keyboards: fields typed with GNU readline or picked from key grids.",
        version: "keyform 0.1.0 (GNU readline \(ReadlineInfo.version))",
        subcommands: [LayoutCommand.self]
    )

    /// Exit statuses of the SPEC: bad usage is 2 (ArgumentParser's default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                Output.error(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
