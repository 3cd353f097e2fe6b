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
        subcommands: [RunCommand.self, DemoCommand.self, RecordsCommand.self, TestCommand.self, FormCommand.self, LayoutCommand.self]
    )

    /// Exit statuses of the SPEC: bad usage is 2 (ArgumentParser's default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            Output.error("keyform: \(failure.message)")
            Foundation.exit(failure.status)
        } catch {
            if exitCode(for: error) == .validationFailure {
                Output.error(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// An error the user can act on: printed as `keyform: MESSAGE`, exiting with `status`.
struct Failure: Error {
    var message: String
    /// 2: bad usage, an invalid form or layout file, or invalid answers (SPEC).
    var status: Int32 = 2
}
