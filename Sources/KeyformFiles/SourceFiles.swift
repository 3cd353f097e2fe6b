import Foundation

/// Reading the YAML files of forms, layouts and tests (the `keyform` command
/// extends it with finding them).
package enum SourceFiles {
    /// Reads at most one byte more than a layout or form may have, so a huge
    /// file is refused quickly instead of read whole.
    package static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadFailure(message: FileManager.default.fileExists(atPath: path)
                ? "cannot read the file (permission denied?)" : "no such file")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: (1 << 20) + 1) ?? Data()
        return [UInt8](data)
    }

    package struct ReadFailure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
