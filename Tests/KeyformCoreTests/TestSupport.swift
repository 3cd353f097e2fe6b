import Foundation
import KeyformTestSupport

/// Paths into the package, found from this file's location.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/KeyformCoreTests/Fixtures")
    static let layouts = packageRoot.appendingPathComponent("Layouts")

    /// Files in `folder` with the extension, sorted by name.
    static func files(in folder: URL, withExtension ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// `KEYFORM_RECORD=1 swift test` rewrites expected files instead of comparing.
    static var recording: Bool { ProcessInfo.processInfo.environment["KEYFORM_RECORD"] == "1" }
}
