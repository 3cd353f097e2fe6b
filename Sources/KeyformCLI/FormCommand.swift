import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Check, preview, format and list form files, and describe the format.",
        subcommands: [
            FormCheckCommand.self, FormPreviewCommand.self, FormFmtCommand.self, FormListCommand.self,
            FormSchemaCommand.self,
        ]
    )
}

struct FormCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report problems in form files and in the layouts they name.",
        discussion: """
            One diagnostic a line on stderr, PATH:LINE:COLUMN: error: MESSAGE (or warning), \
            in the same format as `keyform layout check`; a layout's problems are reported \
            at the layout's own path. A name (todo) is the form keyform run would find; \
            a path may also be a pipe (keyform form check <(generate-form)). Exits 1 if any \
            error was found, else 0.
            """
    )

    @Argument(
        help: "Form files, folders of form files, or names of forms (as keyform run finds them).",
        completion: NameCompletion.forms)
    var paths: [String]

    func run() throws {
        var errors = 0
        let named = SourceFiles.formPaths(paths)
        for path in try SourceFiles.expand(named, skipping: SourceFiles.isTestFile, emptyFolder: .formFilesKind) {
            // A pipe named here is read (`form check <(…)`); one found in a folder is not waited on.
            for (origin, diagnostic) in FormFiles.load(path: path, pipes: named.contains(path)).diagnostics {
                Output.error(diagnostic.formatted(path: origin, in: Speaking.language))
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
            Searched in order: ./forms, ./demo, each folder of $KEYFORM_FORMS, then the \
            per-user folder $XDG_CONFIG_HOME/keyform/forms (~/.config/keyform/forms). \
            One line a file, NAME  PATH; a file hidden by an earlier one of the same \
            name says so.
            """
    )

    func run() throws {
        let rows = FormFiles.available().map { FoundTable.Row(name: $0.name, from: $0.path, hiddenBy: $0.hiddenBy) }
        try Output.result(FoundTable.text(rows))
    }
}

/// `keyform form schema`: prints the JSON Schema of the form format, for editors.
struct FormSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema (draft 2020-12) of the form format, for editors.",
        discussion: """
            Save it and point your editor's YAML support at it, for example:

              keyform form schema > form.schema.json

            then start a form file with this line:

              # yaml-language-server: $schema=form.schema.json

            keyform form check finds what a schema cannot (ids used twice, layouts that do \
            not resolve, regular expressions, defaults that fail the field's rules...).
            """
    )

    func run() throws {
        try Output.result(FormSchema.json + "\n")
    }
}
