import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Check form files and list the forms a name finds.",
        subcommands: [FormCheckCommand.self, FormListCommand.self]
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

/// `keyform form list`: the forms a name finds from here, and where each comes from.
struct FormListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the forms that a name finds from the current folder, and where from.",
        discussion: """
            Searched in order: ./forms, ./demo, each folder of $KEYFORM_FORMS, then the
            per-user folder $XDG_CONFIG_HOME/keyform/forms (~/.config/keyform/forms).
            One line a file, NAME  PATH; a file hidden by an earlier one of the same
            name says so.
            """
    )

    func run() throws {
        let rows = FormFiles.available().map { FoundTable.Row(name: $0.name, from: $0.path, hiddenBy: $0.hiddenBy) }
        try Output.result(FoundTable.text(rows))
    }
}
