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
        FileSearch(
            currentDirectory: FileManager.default.currentDirectoryPath, environment: ProcessInfo.processInfo.environment
        )
    }

    /// The per-user folder, `$XDG_CONFIG_HOME/keyform` (an absolute `XDG_CONFIG_HOME`
    /// only, as the XDG spec says), else `$HOME/.config/keyform`; nil with neither.
    /// Its `forms/` and `layouts/` are searched after the current folder and the
    /// `KEYFORM_*` variables, so a form installed there runs from any folder.
    package var userFolder: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return (config as NSString).appendingPathComponent("keyform")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home as NSString).appendingPathComponent(".config/keyform")
    }

    /// `userFolder`'s `forms/`, where a person keeps forms of their own.
    package var userForms: String? { userFolder.map { ($0 as NSString).appendingPathComponent("forms") } }

    /// `userFolder`'s `layouts/`.
    package var userLayouts: String? { userFolder.map { ($0 as NSString).appendingPathComponent("layouts") } }

    /// `path` as it is when absolute, else inside the current folder.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}
