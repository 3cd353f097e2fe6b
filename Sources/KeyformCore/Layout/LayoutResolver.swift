/// Finds where a layout named in a form or on the command line comes from
/// (SPEC "Layout files"). A name is looked up, in order, as `NAME.yaml` in the
/// form file's folder's `Layouts/`, in `./Layouts`, in each folder of
/// `$KEYFORM_LAYOUTS`, and then among the layouts shipped with Keyform. A name
/// ending in `.yaml` is a path, used as is.
///
/// Pure: the file system is reached only through the closures given to `init`.
/// Relative paths are taken from `currentDirectory`, so every path this returns
/// is absolute when `currentDirectory` is.
public struct LayoutResolver {
    /// Where a layout's YAML comes from.
    public enum Source: Equatable, Sendable {
        /// A file, by path.
        case file(String)
        /// A layout shipped with Keyform, by name (a key of `ShippedLayouts.sources`).
        case shipped(String)
    }

    /// The folders searched for `NAME.yaml`, in order, each once.
    public let folders: [String]
    private let currentDirectory: String
    private let shippedNames: [String]
    private let fileExists: (String) -> Bool
    private let filesInFolder: (String) -> [String]

    /// - Parameters:
    ///   - formFolder: the folder of the form file naming the layout, if any.
    ///   - currentDirectory: what relative paths are relative to.
    ///   - layoutsPath: the value of `$KEYFORM_LAYOUTS`: folders separated by
    ///     colons; empty entries are skipped.
    ///   - shippedNames: the shipped layouts' names.
    ///   - fileExists: whether a regular file exists at a path.
    ///   - filesInFolder: the file names (not paths) in a folder, empty if it
    ///     cannot be read; used only to suggest names.
    public init(
        formFolder: String? = nil,
        currentDirectory: String,
        layoutsPath: String?,
        shippedNames: [String] = ShippedLayouts.names,
        fileExists: @escaping (String) -> Bool,
        filesInFolder: @escaping (String) -> [String] = { _ in [] }
    ) {
        self.currentDirectory = currentDirectory
        self.shippedNames = shippedNames
        self.fileExists = fileExists
        self.filesInFolder = filesInFolder
        let fromEnvironment = (layoutsPath ?? "").split(separator: ":").map(String.init)
        let folders = [formFolder.map { Self.join($0, "Layouts") }, "Layouts"].compactMap { $0 } + fromEnvironment
        self.folders = Self.uniqued(folders.map { Self.normalized(Self.join(currentDirectory, $0)) })
    }

    /// The first place in `placesSearched(for:)` that holds the layout, or nil.
    public func resolve(_ name: String) -> Source? {
        placesSearched(for: name).first { source in
            switch source {
            case .file(let path): fileExists(path)
            case .shipped(let name): shippedNames.contains(name)
            }
        }
    }

    /// Every place `resolve` looks, in order: one path for a `.yaml` name;
    /// otherwise `NAME.yaml` in each folder, then the shipped layout of that name.
    public func placesSearched(for name: String) -> [Source] {
        guard !name.isEmpty else { return [] }
        if isPath(name) {
            return [.file(Self.normalized(Self.join(currentDirectory, name)))]
        }
        return folders.map { .file(Self.join($0, name + ".yaml")) } + [.shipped(name)]
    }

    /// The names a layout could be given here: those of the `.yaml` files in the
    /// folders, in search order, then the shipped ones; each once.
    public func availableNames() -> [String] {
        let inFolders = folders.flatMap { folder in
            filesInFolder(folder).filter { $0.hasSuffix(".yaml") && $0 != ".yaml" }.map { String($0.dropLast(5)) }
        }
        return Self.uniqued(inFolders + shippedNames)
    }

    /// An available name that `name` is likely a typo or an abbreviation of.
    public func suggestion(for name: String) -> String? {
        guard !isPath(name) else { return nil }
        let names = availableNames()
        if let close = Suggestion.closest(to: name, among: names) { return close }
        // An abbreviation ("pri" for "priority") is too far for an edit distance.
        guard name.count >= 2 else { return nil }
        return names.first { $0.lowercased().hasPrefix(name.lowercased()) }
    }

    /// `layout 'NAME' not found; looked in: PLACES; did you mean 'OTHER'?`
    public func notFoundMessage(for name: String) -> String {
        notFound(for: name).english
    }

    /// What `notFoundMessage` says, as a message for the person's language.
    public func notFound(for name: String, in language: Language = .english) -> Message {
        let places = placesSearched(for: name).map { place in
            switch place {
            case .file(let path): path
            case .shipped: language.text(.layoutsShippedPlace)
            }
        }
        return isPath(name)
            ? .layoutFileNotFound(places.first ?? name, suggestion: suggestion(for: name))
            : .layoutNotFound(name, places: places, suggestion: suggestion(for: name))
    }

    private func isPath(_ name: String) -> Bool { name.hasSuffix(".yaml") }
}

// MARK: - Paths, as plain strings

extension LayoutResolver {
    /// `path` below `folder`, unless `path` is absolute.
    private static func join(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") || folder.isEmpty { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// Without `.` and empty components, so one folder reached two ways is listed
    /// once. `..` stays: resolving it without the file system could cross a symlink wrongly.
    static func normalized(_ path: String) -> String {
        // An ASCII path is done over its bytes: split as characters and joined, each
        // folder cost ~30 k instructions before the first frame (DECISIONS 104). Any
        // other keeps the characters' reading, where a `/` that a combining mark
        // follows is no separator.
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            let components = path.split(separator: "/").filter { $0 != "." }
            let joined = components.joined(separator: "/")
            if path.hasPrefix("/") { return "/" + joined }
            return joined.isEmpty ? "." : joined
        }
        let slash = UInt8(ascii: "/")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        if path.utf8.first == slash { bytes.append(slash) }
        var kept = false
        for component in path.utf8.split(separator: slash) where !component.elementsEqual([UInt8(ascii: ".")]) {
            if kept { bytes.append(slash) }
            bytes.append(contentsOf: component)
            kept = true
        }
        return bytes.isEmpty ? "." : String(decoding: bytes, as: UTF8.self)
    }

    private static func uniqued(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
