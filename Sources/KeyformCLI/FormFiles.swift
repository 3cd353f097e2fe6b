import Foundation
import KeyformCore

/// A form file read from disk with every layout it needs.
struct LoadedForm {
    var path: String
    var form: Form
    /// The layouts its fields name, and those their `action: layout` keys reach, by name.
    var layouts: [String: Layout]
}

/// Finding form files and loading them, with their layouts, into values the core can use.
enum FormFiles {
    /// FORM as a path, else a name looked up in `./forms`, `demo/` and `$KEYFORM_FORMS` (SPEC).
    static func locate(_ form: String) -> String? {
        let manager = FileManager.default
        if form.hasSuffix(".yaml") || form.hasSuffix(".yml") || form.contains("/") {
            return manager.fileExists(atPath: form) ? form : nil
        }
        let environment = ProcessInfo.processInfo.environment["KEYFORM_FORMS"] ?? ""
        let folders = ["forms", "demo"] + environment.split(separator: ":").map(String.init)
        return folders.map { "\($0)/\(form).yaml" }.first { manager.fileExists(atPath: $0) }
    }

    static func searchedPlaces(for form: String) -> String {
        let environment = ProcessInfo.processInfo.environment["KEYFORM_FORMS"] ?? ""
        let folders = ["forms", "demo"] + environment.split(separator: ":").map(String.init)
        return folders.map { "\($0)/\(form).yaml" }.joined(separator: ", ")
    }

    /// Parses the form and its layouts. Diagnostics come back with the path they belong to.
    static func load(path: String) -> (form: LoadedForm?, diagnostics: [(path: String, diagnostic: Diagnostic)]) {
        let bytes: [UInt8]
        do {
            bytes = try SourceFiles.read(path)
        } catch {
            return (nil, [(path, .error(.start, "\(error)"))])
        }
        let folder = (path as NSString).deletingLastPathComponent
        let files = LayoutFiles(formFolder: folder.isEmpty ? "." : folder)
        var loaded: [String: LayoutFiles.Loaded] = [:]
        func availability(_ name: String) -> LayoutAvailability {
            if loaded[name] == nil, let layout = files.load(name) { loaded[name] = layout }
            guard let layout = loaded[name] else { return .missing }
            return layout.parsed.value.map { .found($0) } ?? .broken
        }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let parsed = FormParser.parse(bytes: bytes, stem: stem, layouts: availability, suggestLayout: files.resolver.suggestion(for:))
        var diagnostics: [(path: String, diagnostic: Diagnostic)] = parsed.diagnostics.map { (path, $0) }
        // Layouts reached through `action: layout` keys are needed at run time too.
        var pending = loaded.values.compactMap(\.parsed.value).flatMap(\.allKeys).compactMap { key -> String? in
            if case .layout(let name) = key.action { return name } else { return nil }
        }
        while let name = pending.popLast() {
            guard loaded[name] == nil, case .found(let layout) = availability(name) else { continue }
            pending += layout.allKeys.compactMap { if case .layout(let next) = $0.action { next } else { nil } }
        }
        // A layout's own problems are reported once, at its own path.
        for layout in loaded.values.sorted(by: { $0.origin < $1.origin }) {
            diagnostics += layout.parsed.diagnostics.map { (layout.origin, $0) }
        }
        guard let form = parsed.value, !diagnostics.contains(where: { $0.diagnostic.isError }) else { return (nil, diagnostics) }
        let layouts = loaded.compactMapValues(\.parsed.value)
        return (LoadedForm(path: path, form: form, layouts: layouts), diagnostics)
    }
}
