import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

/// What `form list` and `layout list` print: one line a file found, `NAME  FROM`,
/// in search order; a file that an earlier one of the same name hides says which.
enum FoundTable {
    struct Row: Equatable {
        var name: String
        var from: String
        var hiddenBy: String?
    }

    /// The rows as text, names padded to one column. Names and paths come from the
    /// file system, so their control characters are written out, never sent.
    static func text(_ rows: [Row]) -> String {
        let names = rows.map { TerminalSafe.escaped($0.name) }
        let width = names.map(\.count).max() ?? 0
        return zip(names, rows).map { name, row in
            let padding = String(repeating: " ", count: width - name.count)
            let hidden = row.hiddenBy.map { "  (hidden by \(TerminalSafe.escaped($0)))" } ?? ""
            return "\(name)\(padding)  \(TerminalSafe.escaped(row.from))\(hidden)\n"
        }.joined()
    }
}

/// Completion of names on the command line (bash, zsh and fish scripts of
/// `keyform --generate-completion-script` call back into keyform for these).
/// They read the folder the shell is in, as a run would.
enum NameCompletion {
    /// The forms a name finds from here.
    static let forms = CompletionKind.custom { _, _, _ in
        FormFiles.available().filter { $0.hiddenBy == nil }.map(\.name)
    }

    /// The layouts a name finds from here, shipped ones included.
    static let layouts = CompletionKind.custom { _, _, _ in
        LayoutFiles().available().filter { $0.hiddenBy == nil }.map(\.name)
    }

    /// `FIELD=` for each field of the form named on the command line (`--where`).
    static let whereFields = CompletionKind.custom { words, _, _ in
        guard let form = formArgument(in: words), let path = FormFiles.locate(form),
              let loaded = FormFiles.load(path: path).form else { return [] }
        return loaded.form.valueFields.map { "\($0.id)=" }
    }

    /// Options of the records commands that take a value: their value is not the form.
    private static let valued: Set<String> = ["--where", "--limit", "--db", "--format", "--output", "-o"]

    /// The first positional word after the subcommand (`keyform records list FORM …`).
    static func formArgument(in words: [String]) -> String? {
        var index = 1
        // Skip the command's own name and its subcommand words.
        while index < words.count, ["records", "list", "export", "browse"].contains(words[index]) { index += 1 }
        while index < words.count {
            let word = words[index]
            if valued.contains(word) {
                index += 2
            } else if word.hasPrefix("-") {
                index += 1
            } else {
                return word
            }
        }
        return nil
    }
}
