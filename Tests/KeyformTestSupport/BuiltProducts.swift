import Foundation

/// Where the tests find the package and the executables `swift test` built.
public enum BuiltProducts {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An executable product built next to the test bundle (a test target that
    /// depends on the product gets it built first), e.g. `keyform`.
    public static func executable(_ name: String) -> URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension != "xctest" {
            folder = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? folder.path)
        }
        let candidates = [folder.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")]
            .map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }
}

/// A small deterministic random source, so that generated test inputs are the same every run.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
