import Foundation

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

/// A small deterministic random source, so that generated test inputs are the same every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
