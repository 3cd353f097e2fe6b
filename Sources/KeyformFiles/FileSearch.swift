import Foundation

/// Where names of forms and layouts are looked up from: the current folder
/// (what relative paths are relative to) and the environment (`$KEYFORM_FORMS`,
/// `$KEYFORM_LAYOUTS`). The process's own by default; tests give their own, so
/// that they need not change the process's folder or environment.
package struct FileSearch: Sendable {
    package var currentDirectory: String
    package var environment: [String: String]

    package init(currentDirectory: String, environment: [String: String]) {
        self.currentDirectory = currentDirectory
        self.environment = environment
    }

    /// This process's current folder and environment, read now.
    package static var process: FileSearch {
        FileSearch(currentDirectory: FileManager.default.currentDirectoryPath, environment: ProcessInfo.processInfo.environment)
    }

    /// `path` as it is when absolute, else inside the current folder.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}
