// A form on a store through `import Keyform` alone: it runs as `keyform run`
// runs it (one `StoredFormRun` under both), so the library gets the same
// `choices` grids from the store and keeps no draft of an untouched form.
import Foundation
import Keyform
import Testing

@MainActor
struct StoredFormTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demo")

    static func store() throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.appendingPathComponent("keyform.sqlite").path, folder)
    }

    /// demo/checklist.yaml's list field has `choices: {from: checklist.list}`: its
    /// grid offers the lists of the records stored before.
    @Test func theChecklistOffersTheListsStoredBefore() async throws {
        let (path, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let checklist = try KeyformForm(contentsOf: Self.demo.appendingPathComponent("checklist.yaml")).store(at: path)
        let first = try await checklist.test(keys: "Groceries<Enter>Milk<Enter><Enter><Enter>")
        #expect(first.outcome == .submitted)
        #expect(first.record?["list"] == .text("Groceries"))
        // The store now offers Groceries; a new list is typed after `/`, the keyboard.
        let second = try await checklist.test(keys: "/<C-u>Trip<Enter>Passport<Enter><Enter><Enter>")
        #expect(second.outcome == .submitted, "\(second.screen)")
        #expect(second.record?["list"] == .text("Trip"))
        // The list starts on the last one (Trip); Groceries shows only as a key of the grid.
        let third = try await checklist.test(keys: "")
        #expect(third.screen.contains("Trip"))
        #expect(third.screen.contains("Groceries"), "\(third.screen)")
        #expect(third.screen.contains("[1] Trip"), "\(third.screen)")
        #expect(third.screen.contains("[2] Groceries"), "\(third.screen)")
    }

    /// Committing a field without changing it and leaving keeps no draft: the
    /// next run starts on the first field, not where the untouched form was left.
    @Test func anUntouchedFormLeavesNoDraft() async throws {
        let (path, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = KeyformForm("Log", name: "log") {
            TextField("place", required: true, default: .last)
            IntegerField("laps")
        }
        #expect(try await log.store(at: path).test(keys: "Pool<Enter>12<Enter>").outcome == .submitted)
        let left = try await log.store(at: path).test(keys: "<Enter><Esc>")
        #expect(left.outcome == .cancelled)
        #expect(left.screen.contains("› laps"))
        let next = try await log.store(at: path, drafts: .resume).test(keys: "")
        #expect(next.screen.contains("› place*  Pool"), "\(next.screen)")
        // A form that was changed keeps its draft, as before.
        _ = try await log.store(at: path).test(keys: "<Enter>7<Esc>")
        let resumed = try await log.store(at: path, drafts: .resume).test(keys: "")
        #expect(resumed.screen.contains("› laps    7"), "\(resumed.screen)")
    }
}
