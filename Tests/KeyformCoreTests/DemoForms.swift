import Foundation
import KeyformCore

/// The demo forms (`demo/*.yaml`) read from the package, with the shipped layouts
/// as the only layouts: what the view and parser tests build their states from.
enum DemoForms {
    /// A fixed day, so that `today` and dates in frames never change.
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// Every shipped layout, parsed, by name.
    static let layouts: [String: Layout] = ShippedLayouts.sources.compactMapValues { source in
        LayoutParser.parse(source) { ShippedLayouts.sources[$0] != nil }.value
    }

    static func availability(_ name: String) -> LayoutAvailability {
        layouts[name].map(LayoutAvailability.found) ?? .missing
    }

    static let folder = TestPaths.packageRoot.appendingPathComponent("demo")

    /// The names (file stems) of the demo forms.
    static var names: [String] {
        TestPaths.files(in: folder, withExtension: "yaml").map { $0.deletingPathExtension().lastPathComponent }
    }

    static func parse(_ name: String) throws -> Parsed<Form> {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name).yaml")))
        return FormParser.parse(bytes: bytes, stem: name, layouts: availability)
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String
    }

    /// The demo form's context: the form and every shipped layout.
    static func context(_ name: String) throws -> FormContext {
        let parsed = try parse(name)
        guard let form = parsed.value else {
            throw Broken(description: "\(name): \(parsed.diagnostics.map(\.description))")
        }
        return try FormContext(form: form, layouts: layouts, clock: WallClock(today: today))
    }
}
