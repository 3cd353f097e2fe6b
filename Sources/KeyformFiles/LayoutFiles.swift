import Foundation
import KeyformCore

/// Layout names resolved on the real file system, in the SPEC's order (see `LayoutResolver`).
package struct LayoutFiles {
    package let resolver: LayoutResolver
    private let search: FileSearch

    /// - Parameters:
    ///   - formFolder: the folder of the form naming layouts, if any.
    ///   - extraFolder: searched after the SPEC's places; `layout check` passes the
    ///     layout's own folder, where the layouts it turns to usually live.
    ///   - search: the current folder, `$KEYFORM_LAYOUTS` and the per-user folder
    ///     (the process's by default).
    package init(formFolder: String? = nil, extraFolder: String? = nil, in search: FileSearch = .process) {
        self.search = search
        let environment = search.environment["KEYFORM_LAYOUTS"]
        // The per-user `layouts/` comes after `$KEYFORM_LAYOUTS`, as the forms' folder does
        // after `$KEYFORM_FORMS`; shipped layouts stay last.
        let layoutsPath = [environment, search.userLayouts, extraFolder].compactMap { $0 }.joinedText(separator: ":")
        resolver = LayoutResolver(
            formFolder: formFolder,
            currentDirectory: search.currentDirectory,
            layoutsPath: layoutsPath,
            fileExists: { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            },
            filesInFolder: { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
        )
    }

    package func exists(_ name: String) -> Bool { resolver.resolve(name) != nil }

    /// A layout that a name finds: its name and where it comes from (a path as a person
    /// would type it, or `shipped:NAME`).
    package struct Found: Equatable, Sendable {
        package var name: String
        package var origin: String
        /// Where the layout a name finds instead comes from, if not this one.
        package var hiddenBy: String?
    }

    /// Every layout in the folders searched, in search order, then the shipped ones; a
    /// name found twice is listed again with the one that wins (`hiddenBy`).
    package func available() -> [Found] {
        var first: [String: String] = [:]
        var found: [Found] = []
        func add(_ name: String, _ origin: String) {
            found.append(Found(name: name, origin: origin, hiddenBy: first[name]))
            if first[name] == nil { first[name] = origin }
        }
        for folder in resolver.folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in files.sorted() where file.hasSuffix(".yaml") && file != ".yaml" {
                let path = (folder as NSString).appendingPathComponent(file)
                guard FileManager.default.isReadableRegularFile(path) else { continue }
                add(String(file.dropLast(5)), displayPath(path))
            }
        }
        for name in ShippedLayouts.names.sorted() { add(name, "shipped:\(name)") }
        return found
    }

    /// A resolved layout: where it came from (a path, or `shipped:NAME`) and what parsing it gave.
    package struct Loaded {
        package var origin: String
        package var parsed: Parsed<Layout>

        package init(origin: String, parsed: Parsed<Layout>) {
            self.origin = origin
            self.parsed = parsed
        }
    }

    /// Resolves and parses `name`; nil when it resolves nowhere.
    package func load(_ name: String) -> Loaded? {
        switch resolver.resolve(name) {
        case .file(let path)?:
            let parsed: Parsed<Layout>
            do {
                parsed = parse(try SourceFiles.read(path), folder: (path as NSString).deletingLastPathComponent)
            } catch {
                parsed = Parsed(value: nil, diagnostics: [.error(.start, "\(error)")])
            }
            return Loaded(origin: displayPath(path), parsed: parsed)
        case .shipped(let shipped)?:
            let source = ShippedLayouts.sources[shipped] ?? ""
            return Loaded(origin: "shipped:\(shipped)", parsed: LayoutParser.parse(source, layoutExists: exists))
        case nil:
            return nil
        }
    }

    /// Parses a layout file whose `action: layout` targets resolve from here or beside it.
    package func parse(_ bytes: [UInt8], folder: String) -> Parsed<Layout> {
        let beside = LayoutFiles(formFolder: nil, extraFolder: folder.isEmpty ? "." : folder, in: search)
        return LayoutParser.parse(
            bytes: bytes, layoutExists: beside.exists, suggestLayout: beside.resolver.suggestion(for:))
    }

    /// A path relative to the current folder when it is inside it, as a person would type it.
    private func displayPath(_ path: String) -> String {
        let here = search.currentDirectory + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }
}
