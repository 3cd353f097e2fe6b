import Foundation
import KeyformTestSupport
import Testing

/// Issue 23's test of `secret: true`: a secret typed in the real binary, on a
/// real SQLite store, then Ctrl-C, SIGTERM or kill -9 while it is in its
/// field; no file the process wrote (the database, its -wal and -shm, the
/// rescue folder `$TMPDIR`, `$HOME`, the wrapper's stdout and stderr) holds
/// the secret's bytes. The person's answer in the other field is found there
/// (the draft), so the search looks where a leak would be.
@Suite(.serialized)
struct SecretInTmuxTests {
    static let secret = "Tr0ub4dor&3-日本"

    static let form = """
        title: Log in
        name: login
        fields:
          - id: user
            label: User
            required: true
          - id: password
            label: Password
            required: true
            secret: true
        """

    enum Ending: String, CaseIterable {
        case ctrlC, sigterm, sigkill
    }

    /// Every regular file under `folders` whose bytes hold `text`, by path.
    static func files(under folders: [URL], holding text: String) throws -> [String] {
        let needle = Data(text.utf8)
        var found: [String] = []
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walk
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                if try Data(contentsOf: url).range(of: needle) != nil { found.append(url.path) }
            }
        }
        return found
    }

    @Test(arguments: Ending.allCases)
    func aTypedSecretIsInNoFileTheProcessWrote(ending: Ending) throws {
        // TMPDIR (the rescue folder) and HOME (anything written under ~) in a folder of the test's own.
        let home = URL(fileURLWithPath: "/tmp/kf-secret-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let formFile = home.appendingPathComponent("login.yaml")
        try Self.form.write(to: formFile, atomically: true, encoding: .utf8)

        let run = try FormRun(
            ["run", formFile.path],
            environment: [
                "TMPDIR": home.path, "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            ])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› User*")
        try tmux.type("ada-lovelace")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Password*")
        try tmux.type(Self.secret)
        // Masked: a • for each of its characters (日 and 本 one each), and not one of them shown.
        let typed = try tmux.wait(forText: "› Password*  " + String(repeating: "•", count: Self.secret.count))
        #expect(!typed.contains("Tr0ub4dor"))

        switch ending {
        case .ctrlC: try tmux.press("C-c")
        case .sigterm: #expect(kill(try run.pid(), SIGTERM) == 0)
        case .sigkill: #expect(kill(try run.pid(), SIGKILL) == 0)
        }
        let result = try run.result()
        #expect(result.status == [.ctrlC: 130, .sigterm: 143, .sigkill: 137][ending])
        #expect(result.stdout == "")

        let written = [run.folder, home]
        let database = run.folder.appendingPathComponent("keyform.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path), "the run used the store in the test's folder")
        #expect(try Self.files(under: written, holding: Self.secret) == [])
        #expect(try Self.files(under: written, holding: "Tr0ub4dor") == [], "nor a part of it")
        if ending != .sigkill {
            // The draft was kept, with the user's name: the files searched hold what the run saved.
            #expect(try Self.files(under: written, holding: "ada-lovelace").contains { $0.hasPrefix(database.path) })
        }
    }
}
