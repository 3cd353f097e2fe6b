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
    static func text(_ rows: [Row], in language: Language = Speaking.language) -> String {
        let names = rows.map { TerminalSafe.escaped($0.name) }
        let width = names.map(\.count).max() ?? 0
        return zip(names, rows).map { name, row in
            let padding = String(repeating: " ", count: width - name.count)
            let hidden =
                row.hiddenBy.map { "  " + ListingWords.hiddenBy(TerminalSafe.escaped($0)).said(in: language) } ?? ""
            return "\(name)\(padding)  \(TerminalSafe.escaped(row.from))\(hidden)\n"
        }.joined()
    }
}

/// Completion of names on the command line (bash, zsh and fish scripts of
/// `keyform --generate-completion-script` call back into keyform for these).
/// They read the folder the shell is in, as a run would.
enum NameCompletion {
    /// The forms a name finds from here, and the paths of YAML files (a form is either).
    static let forms = CompletionKind.custom { _, _, prefix in
        FormFiles.available().filter { $0.hiddenBy == nil && $0.name.hasPrefix(prefix) }.map(\.name)
            + PathCompletion.paths(completing: prefix)
    }

    /// The layouts a name finds from here, shipped ones included, and the paths of YAML files.
    static let layouts = CompletionKind.custom { _, _, prefix in
        LayoutFiles().available().filter { $0.hiddenBy == nil && $0.name.hasPrefix(prefix) }.map(\.name)
            + PathCompletion.paths(completing: prefix)
    }

    /// `FIELD=` for each field of the form named on the command line (`--where`).
    static let whereFields = CompletionKind.custom { words, _, _ in
        guard let form = formArgument(in: words), let path = FormFiles.locate(form),
            let loaded = FormFiles.load(path: path).form
        else { return [] }
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

/// Paths for an argument that is a name or a file (a form, a layout): the
/// shells' own file completion cannot be mixed with names, so keyform lists
/// the folder the typed word points into. Folders end in `/`; files are those
/// with one of `extensions`; hidden entries only when the word's last part
/// starts with a dot. A word that reaches one folder alone is answered with
/// that folder's entries, so the shell does not close the word after `dir/`.
enum PathCompletion {
    static func paths(
        completing word: String, extensions: Set<String> = ["yaml", "yml"],
        fileManager: FileManager = .default
    ) -> [String] {
        var found = entries(completing: word, extensions: extensions, fileManager: fileManager)
        if found.count == 1, let folder = found.first, folder.hasSuffix("/") {
            let inside = entries(completing: folder, extensions: extensions, fileManager: fileManager)
            if !inside.isEmpty { found = inside }
        }
        return found
    }

    private static func entries(completing word: String, extensions: Set<String>, fileManager: FileManager) -> [String]
    {
        // The typed folder as typed (kept in each answer, `~/` too) and the start of a name in it.
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let start = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var searched = folder.isEmpty ? "." : folder
        if searched == "~/" || searched.hasPrefix("~/") { searched = NSHomeDirectory() + searched.dropFirst() }
        guard let names = try? fileManager.contentsOfDirectory(atPath: searched) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(start), start.hasPrefix(".") || !name.hasPrefix(".") else { return nil }
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: searched + "/" + name, isDirectory: &isFolder) else { return nil }
            if isFolder.boolValue { return folder + name + "/" }
            let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
            return extensions.contains(ext.lowercased()) ? folder + name : nil
        }
    }
}
