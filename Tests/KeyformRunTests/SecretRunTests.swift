import Foundation
import KeyformCore
import KeyformRun
import KeyformStore
import KeyformTerminal
import Testing

/// A secret field on a store (issue 23, DECISIONS 38): no draft, record,
/// history, `default: last` or rescue file holds it unless the form says
/// `store: true`; the record the run returns (stdout) holds it.
@MainActor
@Suite(.serialized) struct SecretRunTests {
    static let secret = "hunter2-日本-s3cret"

    let login = Form(
        title: "Log in", name: "login",
        pages: [
            Form.Page(fields: [
                Field(id: "user", required: true),
                Field(id: "password", required: true, secret: true),
                Field(id: "pin", type: .integer, secret: true, storesSecret: true),
            ])
        ])
    let today = CivilDate(iso: "2026-11-23")!

    /// A temporary folder, removed after `body`.
    func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-secret-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// Every file in `folder` (the database, its -wal and -shm, rescue files) that holds `bytes`.
    static func files(in folder: String, holding text: String) throws -> [String] {
        let needle = Data(text.utf8)
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
            try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)).range(of: needle) != nil
        }
    }

    /// The secret typed, then the form interrupted (Ctrl-C) there: the draft
    /// keeps the user, not the secret; on plain values and on SQLite.
    @Test(arguments: ["memory", "sqlite"])
    func anInterruptedSecretIsInNoDraft(backend: String) throws {
        try inFolder { folder in
            let store: any RecordStore =
                backend == "memory" ? MemoryStore() : try StoreOpener.open(.file(folder + "/keyform.sqlite"))
            let run = try StoredFormRun(form: login, layouts: [:], store: store, clock: WallClock(today: today))
            let keys = try KeyScript.parse("ada<Enter>\(Self.secret)<C-c>").get()
            let left = run.runScripted(from: try run.start(drafts: .resume), keys: keys, width: 80, height: 24)
            #expect(left.outcome == .interrupted)
            #expect(left.state.entries[1].text == Self.secret, "it was typed")
            let draft = try #require(try store.draft(form: login))
            #expect(draft.values == ["user": "ada"])
            #expect(draft.focus == "password")
            if backend == "sqlite" {
                #expect(
                    try Self.files(in: folder, holding: "ada").isEmpty == false, "the draft is in the files searched")
                #expect(try Self.files(in: folder, holding: Self.secret) == [])
            }
        }
    }

    /// Submitted: the run's record has both secrets; the store keeps only the
    /// one whose field says `store: true`, and offers neither back.
    @Test(arguments: ["memory", "sqlite"])
    func theStoreKeepsOnlyTheSecretTheFormSaysToStore(backend: String) throws {
        try inFolder { folder in
            let store: any RecordStore =
                backend == "memory" ? MemoryStore() : try StoreOpener.open(.file(folder + "/keyform.sqlite"))
            let run = try StoredFormRun(form: login, layouts: [:], store: store, clock: WallClock(today: today))
            let keys = try KeyScript.parse("ada<Enter>\(Self.secret)<Enter>4321<Enter>").get()
            let done = run.runScripted(from: try run.start(drafts: .resume), keys: keys, width: 80, height: 24)
            let record = try #require(try done.outcome?.record())
            #expect(record["password"] == .text(Self.secret) && record["pin"] == .integer(4321))
            try run.save(record)
            let stored = try #require(try store.records(form: login, limit: 10).first)
            #expect(stored.values["user"] == .text("ada"))
            #expect(stored.values["password"] == nil)
            #expect(stored.values["pin"] == .integer(4321))
            // Never offered back: no history, no `default: last` with repeat-last.
            #expect(run.history("password") == [] && run.history("pin") == [])
            #expect(try run.start(drafts: .ignore, repeatLast: true).values == ["user": "ada"])
            if backend == "sqlite" { #expect(try Self.files(in: folder, holding: Self.secret) == []) }
        }
    }

    /// A record the store refuses goes to a rescue file: without the secret.
    @Test func aRescueFileHoldsNoSecret() throws {
        try inFolder { folder in
            var run = try StoredFormRun(
                form: login, layouts: [:], store: nil,
                storeProblem: .readOnly(path: folder + "/keyform.sqlite", detail: nil), clock: WallClock(today: today))
            run.rescueFolder = folder
            let record = Record(values: [("user", .text("ada")), ("password", .text(Self.secret)), ("pin", nil)])
            #expect(throws: StoredFormRun.NotStored.self) { try run.save(record) }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(files.count == 1 && files[0].hasPrefix("keyform-rescued-login-"))
            #expect(try Self.files(in: folder, holding: "ada") == files)
            #expect(try Self.files(in: folder, holding: Self.secret) == [])
        }
    }
}
