import Foundation
import KeyformCore
import Testing

/// The package root, found from this file's path (Tests/KeyformCoreTests/THIS.swift).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// `Layouts/*.yaml` of the package, sorted by name.
func shippedLayoutFiles() throws -> [URL] {
    let folder = packageRoot.appendingPathComponent("Layouts")
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "yaml" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

@Suite struct ShippedLayoutsTests {
    @Test func shippedLayoutsMatchTheFolder() throws {
        let files = try shippedLayoutFiles()
        #expect(!files.isEmpty, "no Layouts/*.yaml found under \(packageRoot.path)")
        let onDisk = Dictionary(
            uniqueKeysWithValues: try files.map {
                ($0.deletingPathExtension().lastPathComponent, try String(contentsOf: $0, encoding: .utf8))
            })
        #expect(
            ShippedLayouts.names == onDisk.keys.sorted(),
            "ShippedLayouts and Layouts/ hold different layouts: run scripts/embed-layouts.py"
        )
        for (name, source) in onDisk.sorted(by: { $0.key < $1.key }) {
            #expect(
                ShippedLayouts.sources[name] == source,
                "Layouts/\(name).yaml differs from its embedded copy: run scripts/embed-layouts.py"
            )
        }
    }
}
