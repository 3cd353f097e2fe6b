import Foundation
import KeyformCore

/// A form file read from disk with every layout it needs.
package struct LoadedForm {
    package var path: String
    package var form: Form
    /// The layouts its fields name, and those their `action: layout` keys reach, by name.
    package var layouts: [String: Layout]
}

/// Finding form files and loading them, with their layouts, into values the core can use.
/// Shared by the `keyform` command and the `Keyform` library.
package enum FormFiles {
    /// FORM as a path, else a name looked up in `./forms`, `demo/`, `$KEYFORM_FORMS` and the
    /// per-user folder (SPEC).
    /// A relative result is relative to `search`'s current folder.
    package static func locate(_ form: String, in search: FileSearch = .process) -> String? {
        if isPath(form) {
            return FileSearch.exists(search.absolute(form)) ? form : nil
        }
        return candidates(for: form, in: search).first { FileSearch.exists(search.absolute($0)) }
    }

    /// Whether FORM is a path (`x.yaml`, `dir/x`), used as it is, rather than a name to look up.
    package static func isPath(_ form: String) -> Bool {
        form.hasSuffix(".yaml") || form.hasSuffix(".yml") || form.contains("/")
    }

    /// Where `locate` looked: the path itself, or `NAME.yaml` in each folder searched.
    package static func searchedPlaces(for form: String, in search: FileSearch = .process) -> String {
        isPath(form) ? form : candidates(for: form, in: search).joined(separator: ", ")
    }

    /// `NAME.yaml` in each folder searched, in order.
    private static func candidates(for form: String, in search: FileSearch) -> [String] {
        folders(in: search).map { "\($0)/\(form).yaml" }
    }

    /// The folders a form's name is looked up in, in order: `forms`, `demo` (relative
    /// to the current folder), each of `$KEYFORM_FORMS`, then the per-user `forms/`.
    package static func folders(in search: FileSearch = .process) -> [String] {
        let environment = search.environment["KEYFORM_FORMS"] ?? ""
        return ["forms", "demo"] + environment.split(separator: ":").map(String.init)
            + [search.userForms].compactMap { $0 }
    }

    /// A form that a name finds: its name and the file it is read from.
    package struct Found: Equatable, Sendable {
        package var name: String
        package var path: String
        /// The earlier file of the same name that a name finds instead, if any.
        package var hiddenBy: String?
    }

    /// Every form file in the folders searched, in search order (each folder's sorted by
    /// name); a name found twice is listed again with the file that wins (`hiddenBy`).
    /// Test files (`*.test.yaml`) are not forms.
    package static func available(in search: FileSearch = .process) -> [Found] {
        var first: [String: String] = [:]
        var found: [Found] = []
        for folder in folders(in: search) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: search.absolute(folder))) ?? []
            for file in names.sorted() where file.hasSuffix(".yaml") && !file.hasSuffix(".test.yaml") && file != ".yaml"
            {
                let path = "\(folder)/\(file)"
                guard FileManager.default.isReadableRegularFile(search.absolute(path)) else { continue }
                let name = String(file.dropLast(5))
                found.append(Found(name: name, path: path, hiddenBy: first[name]))
                if first[name] == nil { first[name] = path }
            }
        }
        return found
    }

    /// Parses the form and its layouts. Diagnostics come back with the path they belong to.
    /// - Parameter pipes: also read a pipe (`keyform run <(generate-form)`), capped as a
    ///   file is. A form read from one has no folder of its own for layouts (they are
    ///   found from the current folder on) and no file name: it must give its `name`.
    package static func load(
        path: String, in search: FileSearch = .process, pipes: Bool = false
    )
        -> (form: LoadedForm?, diagnostics: [(path: String, diagnostic: Diagnostic)])
    {
        let bytes: [UInt8]
        let fromPipe: Bool
        do {
            (bytes, fromPipe) = try SourceFiles.readTellingPipes(search.absolute(path), pipes: pipes)
        } catch {
            return (nil, [(path, .error(.start, "\(error)"))])
        }
        let folder = (path as NSString).deletingLastPathComponent
        let layouts = LayoutSet(
            files: LayoutFiles(formFolder: fromPipe ? nil : folder.isEmpty ? "." : folder, in: search))
        let stem = fromPipe ? nil : ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return load(bytes: bytes, path: path, stem: stem, layouts: layouts)
    }

    /// Parses a form's bytes as if read from `path`, its layout names resolved by `layouts`
    /// (the `Keyform` library passes the layouts written in Swift in `layouts`' predefined ones).
    package static func load(
        bytes: [UInt8], path: String, stem: String?, layouts: LayoutSet
    ) -> (form: LoadedForm?, diagnostics: [(path: String, diagnostic: Diagnostic)]) {
        var layouts = layouts
        return load(bytes: bytes, path: path, stem: stem, layouts: &layouts)
    }

    /// As above, leaving in `layouts` what was asked of it (`form preview --watch` watches
    /// the files of the names asked).
    package static func load(
        bytes: [UInt8], path: String, stem: String?, layouts: inout LayoutSet
    ) -> (form: LoadedForm?, diagnostics: [(path: String, diagnostic: Diagnostic)]) {
        let parsed = FormParser.parse(
            bytes: bytes, stem: stem, layouts: { layouts.availability($0) },
            suggestLayout: layouts.files.resolver.suggestion(for:))
        layouts.loadLinkedLayouts()
        let diagnostics = parsed.diagnostics.map { (path: path, diagnostic: $0) } + layouts.diagnostics
        guard let form = parsed.value, !diagnostics.contains(where: { $0.diagnostic.isError }) else {
            return (nil, diagnostics)
        }
        return (LoadedForm(path: path, form: form, layouts: layouts.parsed), diagnostics)
    }
}

/// The layouts one form uses, each loaded once.
package struct LayoutSet {
    package let files: LayoutFiles
    private var loaded: [String: LayoutFiles.Loaded] = [:]

    /// - Parameter predefined: layouts found by name before any file or shipped layout
    ///   (the `Keyform` library's layouts written in Swift).
    package init(files: LayoutFiles, predefined: [String: LayoutFiles.Loaded] = [:]) {
        self.files = files
        self.loaded = predefined
    }

    /// Every name asked for, found or not, in the order first asked.
    package private(set) var names: [String] = []

    package mutating func availability(_ name: String) -> LayoutAvailability {
        if !names.contains(name) { names.append(name) }
        if loaded[name] == nil, let layout = files.load(name) { loaded[name] = layout }
        guard let layout = loaded[name] else { return .missing }
        return layout.parsed.value.map { .found($0) } ?? .broken
    }

    /// Loads the layouts that `action: layout` keys turn to: a form needs them at run time too.
    package mutating func loadLinkedLayouts() {
        var pending = parsed.values.flatMap(\.allKeys).compactMap(\.linkedLayout)
        while let name = pending.popLast() {
            guard loaded[name] == nil, case .found(let layout) = availability(name) else { continue }
            pending += layout.allKeys.compactMap(\.linkedLayout)
        }
    }

    /// The layouts that parsed, by name.
    package var parsed: [String: Layout] { loaded.compactMapValues(\.parsed.value) }

    /// Each layout's own problems, once, at its own path.
    package var diagnostics: [(path: String, diagnostic: Diagnostic)] {
        loaded.values.sorted { $0.origin < $1.origin }.flatMap { layout in
            layout.parsed.diagnostics.map { (layout.origin, $0) }
        }
    }
}

extension FileManager {
    /// Whether `path` is a regular file (following links) that can be read.
    func isReadableRegularFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue && isReadableFile(atPath: path)
    }
}

extension Layout.Key {
    /// The layout an `action: layout` key turns to.
    package var linkedLayout: String? {
        if case .layout(let name) = action { name } else { nil }
    }
}
