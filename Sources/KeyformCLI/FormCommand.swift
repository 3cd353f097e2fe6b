import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Check form files.",
        subcommands: [FormCheckCommand.self]
    )
}

struct FormCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report problems in form files and in the layouts they name.",
        discussion: """
            One diagnostic a line on stderr, PATH:LINE:COLUMN: error: MESSAGE (or warning),
            in the same format as `keyform layout check`; a layout's problems are reported
            at the layout's own path. Exits 1 if any error was found, else 0.
            """
    )

    @Argument(help: "Form files or folders of form files.")
    var paths: [String]

    func run() throws {
        var errors = 0
        for path in try SourceFiles.expand(paths, skipping: SourceFiles.isTestFile) {
            for (origin, diagnostic) in FormFiles.load(path: path).diagnostics {
                Output.error(diagnostic.formatted(path: origin))
                if diagnostic.isError { errors += 1 }
            }
        }
        if errors > 0 { throw ExitCode(1) }
    }
}
