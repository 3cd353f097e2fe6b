import Foundation
import KeyformTestSupport
import Testing

/// Issue 22's words for people in a real terminal: a placeholder that the
/// first typed key replaces, and a broken pattern said in the form's words.
@Suite(.serialized)
struct WordsInTmuxTests {
    static let form = """
        name: signup
        fields:
          - id: email
            label: Email
            description: The address we write to
            placeholder: ada@example.org
            required: true
            pattern: "^[^@]+@[^@]+$"
            messages:
              pattern: Give an email like ada@example.org
          - id: name
            label: Name

        """

    @Test func thePlaceholderGoesAtTheFirstKeyAndABrokenPatternSaysTheFormsMessage() throws {
        let folder = URL(fileURLWithPath: "/tmp/kf-words-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signup.yaml")
        try Self.form.write(to: file, atomically: true, encoding: .utf8)
        let run = try FormRun(["run", file.path, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        // The placeholder stands in the empty field, dimmed, the cursor at its start.
        try tmux.wait(forRow: "› Email*", "ada@example.org")
        try tmux.wait(forText: "The address we write to")
        let cursor = try tmux.cursor()
        let row = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)[cursor.y]
        #expect(row.hasPrefix("› Email*"), "\(row)")
        #expect(cursor.x == "› Email*  ".count, "the cursor sits at the placeholder's start: \(cursor)")
        let dimmed = try tmux.screen(attributes: true)
        #expect(dimmed.contains("\u{1B}[2mada@example.org"), "the placeholder is dimmed:\n\(dimmed)")

        // The first typed key replaces it.
        try tmux.type("x")
        try tmux.wait(for: "the placeholder gone") { screen in
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "› Email*  x" }
        }

        // A value that breaks the pattern is told in the form's words, under the field and on Done's line.
        try tmux.press("Enter")
        let told = try tmux.wait(forText: "✗ Give an email like ada@example.org")
        #expect(!told.contains("must match"), "\(told)")
        try tmux.press("C-s")
        try tmux.wait(forText: "Done is disabled: Email: Give an email like ada@example.org")
        try tmux.press("C-c")
        #expect(try run.result().status == 130)
    }
}
