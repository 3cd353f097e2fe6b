import Foundation

/// Where names of forms and layouts are looked up from: the current folder
/// (what relative paths are relative to) and the environment (`$KEYFORM_FORMS`,
/// `$KEYFORM_LAYOUTS`, and `$XDG_CONFIG_HOME` or `$HOME` for the per-user folder).
/// The process's own by default; tests give their own, so that they need not
/// change the process's folder or environment.
package struct FileSearch: Sendable {
    package var currentDirectory: String
    package var environment: [String: String]

    package init(currentDirectory: String, environment: [String: String]) {
        self.currentDirectory = currentDirectory
        self.environment = environment
    }

    /// This process's current folder and environment, read now.
    package static var process: FileSearch {
        FileSearch(currentDirectory: currentDirectory(), environment: ProcessEnvironment.current())
    }

    /// The current folder from `getcwd`, as `FileManager.currentDirectoryPath` gives it
    /// (empty when it cannot be read) without Foundation's file manager.
    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        return String(cString: buffer)
    }

    /// The per-user folder, `$XDG_CONFIG_HOME/keyform` (an absolute `XDG_CONFIG_HOME`
    /// only, as the XDG spec says), else `$HOME/.config/keyform`; nil with neither.
    /// Its `forms/` and `layouts/` are searched after the current folder and the
    /// `KEYFORM_*` variables, so a form installed there runs from any folder.
    package var userFolder: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return Self.joined(config, "keyform")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return Self.joined(home, ".config/keyform")
    }

    /// `userFolder`'s `forms/`, where a person keeps forms of their own.
    package var userForms: String? { userFolder.map { Self.joined($0, "forms") } }

    /// `userFolder`'s `layouts/`.
    package var userLayouts: String? { userFolder.map { Self.joined($0, "layouts") } }

    /// `path` as it is when absolute, else inside the current folder.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : Self.joined(currentDirectory, path)
    }

    /// `name` inside `folder`, one `/` between them, as `NSString.appendingPathComponent`
    /// joins them; done with the standard library, the config's path is found at every
    /// start without bridging to Foundation's strings (issue 27).
    static func joined(_ folder: String, _ name: String) -> String {
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        if folder.isEmpty { return name }
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    /// Whether something exists at `path` (a link: where it leads), as
    /// `FileManager.fileExists(atPath:)` says, from one `stat`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
