import Foundation
import KeyformCore

/// Finding and reading the YAML files named on the command line.
enum SourceFiles {
    /// Reads at most one byte more than a layout or form may have, so a huge
    /// file is refused quickly instead of read whole.
    static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadFailure(message: FileManager.default.fileExists(atPath: path)
                ? "cannot read the file (permission denied?)" : "no such file")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: (1 << 20) + 1) ?? Data()
        return [UInt8](data)
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

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
