import Foundation
import Keyform
import KeyformCore
import KeyformSQLite
import KeyformStore
import Testing

/// `.store(at:)`: records and drafts kept as `keyform run` keeps them.
@MainActor
struct StoreTests {
    static func form(_ path: String, drafts: KeyformForm.DraftPolicy = .ask) -> KeyformForm {
        KeyformForm("Log", name: "log") {
            TextField("place", required: true, default: .last)
            IntegerField("laps")
        }
        .store(at: path, drafts: drafts)
    }

    @Test func submittedRecordsAreStoredAndLastIsTheDefault() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep/log.sqlite").path
        let first = try await Self.form(path).test(keys: "Pool<Enter>12<Enter>")
        #expect(first.outcome == .submitted)
        let second = try await Self.form(path).test(keys: "<Enter>8<Enter>")
        #expect(second.record?["place"] == .text("Pool"))
        #expect(second.record?["laps"] == .integer(8))
        let database = try AppDatabase.open(path: path)
        let log = Form(
            name: "log", pages: [Form.Page(fields: [Field(id: "place"), Field(id: "laps", type: .integer)])])
        #expect(try database.recordCount(form: log) == 2)
        #expect(try database.history(form: log, field: "laps") == ["8", "12"])
    }

    @Test func aCancelledFormLeavesADraftToResume() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.sqlite").path
        let cancelled = try await Self.form(path).test(keys: "Lake<Enter>3<Esc>")
        #expect(cancelled.outcome == .cancelled)
        // The tester does not ask: with .ask the draft is left alone.
        let untouched = try await Self.form(path).test(keys: "")
        #expect(!untouched.screen.contains("Lake"))
        let resumed = try await Self.form(path, drafts: .resume).test(keys: "<Enter>")
        #expect(resumed.record?["place"] == .text("Lake"))
        #expect(resumed.record?["laps"] == .integer(3))
        // Submitting removed the draft; the place comes back as the last value, the laps do not.
        let after = try await Self.form(path, drafts: .resume).test(keys: "")
        #expect(after.screen.contains("› place*  Lake\n  laps\n"))
    }

    @Test func aDiscardedDraftIsGone() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.sqlite").path
        _ = try await Self.form(path).test(keys: "Lake<Enter><C-c>")
        let fresh = try await Self.form(path, drafts: .discard).test(keys: "")
        #expect(!fresh.screen.contains("Lake"))
        let later = try await Self.form(path, drafts: .resume).test(keys: "")
        #expect(!later.screen.contains("Lake"))
    }

    @Test func aDatabaseThatCannotBeOpenedIsReportedBeforeTheForm() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notADatabase = folder.appendingPathComponent("notes.txt")
        try "just text, not SQLite".write(to: notADatabase, atomically: true, encoding: .utf8)
        do {
            _ = try await Self.form(notADatabase.path).test(keys: "Pool<Enter><Enter>")
            Issue.record("the store should be unavailable")
        } catch KeyformError.storeUnavailable(let reason) {
            #expect(reason.contains(notADatabase.path))
        }
    }
}
