import Foundation
import KeyformCore

/// The keys of `choices: {file: PATH}` fields, read when the form runs (one a
/// line, as `ChoiceLines.keys(in:)` reads them), and of `--choices ID=FILE|-`.
package enum ChoiceFiles {
    /// Each `choices: {file:}` field's keys, by field id; a file that cannot be
    /// read, or holds no line, is a `.failed` that names it. A relative path is
    /// relative to the form file's folder (`formPath`; nil: a form read from a
    /// pipe, then the current folder).
    package static func read(_ form: Form, formPath: String?) -> [String: ChoiceLines] {
        var lines: [String: ChoiceLines] = [:]
        for field in form.fields {
            guard case .file(let path)? = field.linesFrom else { continue }
            lines[field.id] = read(resolved(path, formPath: formPath), shownAs: path)
        }
        return lines
    }

    /// `path` from the folder of the form file at `formPath`.
    package static func resolved(_ path: String, formPath: String?) -> String {
        guard !path.hasPrefix("/"), let formPath, formPath.contains("/") else { return path }
        return (formPath as NSString).deletingLastPathComponent + "/" + path
    }

    /// One file's keys (`-`: standard input), or why there are none.
    package static func read(_ path: String, shownAs shown: String? = nil) -> ChoiceLines {
        let name = path == "-" ? nil : shown ?? path
        do {
            let bytes = path == "-" ? try SourceFiles.readStandardInput() : try SourceFiles.read(path, pipes: true)
            guard bytes.count <= SourceFiles.limit else { return .failed(.choicesFileTooLarge(file: name)) }
            let keys = ChoiceLines.keys(in: bytes)
            return keys.isEmpty ? .failed(.choicesFileHoldsNone(file: name)) : .keys(keys)
        } catch {
            let reason = (error as? any MessageError)?.message ?? .authored(String(describing: error))
            return .failed(.choicesFileUnreadable(file: name, reason: reason))
        }
    }
}
