import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles

/// Finding the YAML files named on the command line (reading them: `SourceFiles.read`, in KeyformFiles).
extension SourceFiles {
    static func isTestFile(_ path: String) -> Bool { path.hasSuffix(".test.yaml") || path.hasSuffix(".test.yml") }

    /// Files as given, and folders replaced by the YAML files under them (sorted).
    /// A path that does not exist is an error a user can act on.
    static func expand(_ paths: [String], skipping skip: (String) -> Bool = { _ in false }) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Failure(message: "no such file or folder: \(path)")
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") { continue }
                guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { continue }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                if !skip(full) { found.append(full) }
            }
            files += found.sorted()
        }
        return files
    }
}

/// The one way the CLI writes: stdout for results only, stderr for the rest.
enum Output {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func result(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

extension FormFiles {
    /// FORM (a path or a name) located and loaded with its layouts; every
    /// diagnostic printed on stderr. Not found is bad usage; an invalid form exits 2.
    static func loadReporting(_ form: String) throws -> LoadedForm {
        guard let path = locate(form) else {
            throw Failure(message: "form '\(form)' not found; looked in: \(searchedPlaces(for: form))")
        }
        let (loaded, diagnostics) = load(path: path)
        for (origin, diagnostic) in diagnostics { Output.error(diagnostic.formatted(path: origin)) }
        guard let loaded else { throw ExitCode(2) }
        return loaded
    }
}
