import Foundation
import KeyformCore
import Testing

/// The corpus of broken layouts: each `Fixtures/layouts/broken/NAME.yaml` must
/// produce exactly the diagnostics listed in `NAME.expected`
/// (`LINE:COLUMN: severity: message`, in file order).
@Suite struct LayoutDiagnosticsTests {
    static let folder = TestPaths.fixtures.appendingPathComponent("layouts/broken")
    static let cases = TestPaths.files(in: folder, withExtension: "yaml").map(\.lastPathComponent)

    /// Only the shipped layouts exist for `action: layout` targets here.
    static func parse(_ bytes: [UInt8]) -> Parsed<Layout> {
        LayoutParser.parse(bytes: bytes) { ShippedLayouts.sources[$0] != nil }
    }

    @Test("the corpus is not empty") func corpusIsNotEmpty() {
        #expect(Self.cases.count >= 25)
    }

    @Test("broken layout gives exactly its expected diagnostics", arguments: cases)
    func brokenLayout(name: String) throws {
        let source = Self.folder.appendingPathComponent(name)
        let expectedFile = source.deletingPathExtension().appendingPathExtension("expected")
        let bytes = [UInt8](try Data(contentsOf: source))
        let actual = Self.parse(bytes).diagnostics.map(\.description).joined(separator: "\n") + "\n"
        if TestPaths.recording {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(actual == expected, "\(name)")
        #expect(
            Self.parse(bytes).diagnostics.contains {
                $0.isError || name.contains("warn") || expected.contains("warning")
            })
    }

    @Test func everyShippedLayoutIsClean() throws {
        #expect(ShippedLayouts.names.count >= 2)
        for (name, source) in ShippedLayouts.sources {
            let parsed = LayoutParser.parse(source) { ShippedLayouts.sources[$0] != nil }
            #expect(parsed.diagnostics == [], "\(name): \(parsed.diagnostics)")
            #expect(parsed.value != nil, "\(name)")
        }
    }

    @Test func aFileOverOneMebibyteIsRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: (1 << 20) + 1)
        let parsed = Self.parse(bytes)
        #expect(parsed.value == nil)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "1:1: error: file is 1048577 bytes; a layout file may be at most 1 MiB (1048576 bytes)"
            ])
    }

    @Test func invalidUTF8IsReportedWhereItStarts() {
        let bytes = Array("rows:\n  - [Hé".utf8) + [0xFF, 0xFE] + Array("]\n".utf8)
        #expect(
            Self.parse(bytes).diagnostics.map(\.description) == [
                "2:8: error: the file is not valid UTF-8; save it as UTF-8"
            ])
    }

    @Test func aByteOrderMarkIsAccepted() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("rows:\n  - [a]\n".utf8)
        #expect(Self.parse(bytes).diagnostics == [])
    }
}
