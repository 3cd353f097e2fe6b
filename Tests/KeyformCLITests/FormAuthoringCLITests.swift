import Foundation
import Testing

/// `keyform form fmt` and `keyform form preview [--watch]`.
@Suite struct FormAuthoringCLITests {
    static let messy = "fields:   # what is asked\n  - {label: Text, id: text}   # first\ntitle: 'Note'\n"

    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test func fmtRewritesInPlaceAndCheckPassesAfterwards() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("note.yaml")
            try Self.messy.write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o600)
            let before = try CLIRunner.run(["form", "fmt", "--check", "note.yaml"], in: folder)
            #expect(before.status == 1)
            #expect(before.stderr == "note.yaml: not in canonical form; run: keyform form fmt note.yaml\n")
            #expect(try String(contentsOf: file, encoding: .utf8) == Self.messy, "--check writes nothing")

            let formatted = try CLIRunner.run(["form", "fmt", "note.yaml"], in: folder)
            #expect(formatted.status == 0, "\(formatted.stderr)")
            #expect(formatted.stdout == "")
            #expect(
                try String(contentsOf: file, encoding: .utf8)
                    == "title: 'Note'\nfields: # what is asked\n  - id: text # first\n    label: Text\n")
            var info = stat()
            #expect(stat(file.path, &info) == 0 && info.st_mode & 0o7777 == 0o600, "the mode is kept")

            let after = try CLIRunner.run(["form", "fmt", "--check", "note.yaml"], in: folder)
            #expect(after.status == 0)
            #expect(after.stderr == "")
        }
    }

    @Test func fmtFollowsALink() throws {
        try withFolder { folder in
            let target = folder.appendingPathComponent("real.yaml").path
            try Self.messy.write(toFile: target, atomically: true, encoding: .utf8)
            let link = folder.appendingPathComponent("link.yaml").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let result = try CLIRunner.run(["form", "fmt", "link.yaml"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("title: 'Note'\n"))
        }
    }

    @Test func fmtLeavesAFormWithErrorsAloneAndSaysWhereTheyAre() throws {
        try withFolder { folder in
            let broken = "title: X\nfields:\n  - id: due\n    type: dat\n"
            let aliased = "title: X\nfields:\n  - id: a\n    default: &d Medium\n  - id: b\n    default: *d\n"
            try broken.write(to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
            try aliased.write(to: folder.appendingPathComponent("aliased.yaml"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["form", "fmt", "."], in: folder)
            #expect(result.status == 1)
            #expect(
                result.stderr == """
                    ./aliased.yaml:4:14: error: anchors and aliases (&d, *d) are not supported by the formatter; write the value out at each place it is used
                    ./broken.yaml:4:11: error: unknown type 'dat'; did you mean 'date'?

                    """)
            #expect(try String(contentsOf: folder.appendingPathComponent("broken.yaml"), encoding: .utf8) == broken)
            #expect(try String(contentsOf: folder.appendingPathComponent("aliased.yaml"), encoding: .utf8) == aliased)
        }
    }

    @Test func fmtOfStdinWritesStdout() throws {
        let result = try CLIRunner.run(["form", "fmt", "-"], stdin: "fields: [{id: a, label: 日本語}]\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fields:\n  - id: a\n    label: 日本語\n")
        let literal = try CLIRunner.run(["form", "fmt", "-"], stdin: "template: |\n      {{a}}\nfields: [{id: a}]\n")
        #expect(literal.status == 0, "\(literal.stderr)")
        #expect(literal.stdout == "fields:\n  - id: a\ntemplate: |\n  {{a}}\n", "a template's literal block stays one")
    }

    @Test func theDemoFormsAreCanonical() throws {
        let result = try CLIRunner.run(["form", "fmt", "--check", "demo"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func previewDrawsTheFirstScreenAsPlainText() throws {
        let result = try CLIRunner.run(["form", "preview", "todo", "--width", "50", "--height", "12"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                New To-Do

                › Text*
                  Priority  Medium
                  Status    [ ] In progress
                  Due
                  Note



                Esc cancel · Alt-1…9 field
                [ Done ] disabled: Text is required

                """)
    }

    @Test func previewOfABrokenFormReportsItAndExits2() throws {
        try withFolder { folder in
            try "title: X\nfields:\n  - id: a\n    type: dat\n".write(
                to: folder.appendingPathComponent("x.yaml"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["form", "preview", "x.yaml"], in: folder)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "x.yaml:4:11: error: unknown type 'dat'; did you mean 'date'?\n")
            let missing = try CLIRunner.run(["form", "preview", "nowhere"], in: folder)
            #expect(missing.status == 2)
            #expect(
                missing.stderr.hasPrefix("keyform: form 'nowhere' not found; looked in: forms/nowhere.yaml"),
                "\(missing.stderr)")
        }
    }

    /// Saves of the form and of the layout it uses redraw; a broken save shows its
    /// diagnostics and the watch goes on.
    @Test func watchRedrawsOnSavesOfTheFormAndItsLayout() throws {
        try withFolder { folder in
            let form = folder.appendingPathComponent("mood.yaml")
            let layouts = folder.appendingPathComponent("Layouts")
            try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
            let layout = layouts.appendingPathComponent("moods.yaml")
            try "title: Moods\nrows:\n  - [Calm, Tense]\n".write(to: layout, atomically: true, encoding: .utf8)
            let good = "title: Mood log\nfields:\n  - id: mood\n    layout: moods\n    input: grid\n"
            try good.write(to: form, atomically: true, encoding: .utf8)

            let watch = try WatchedProcess(
                ["form", "preview", "mood.yaml", "--watch", "--width", "50", "--height", "12"], in: folder)
            defer { watch.stop() }

            #expect(watch.wait(for: "Tense"), "the first drawing: \(watch.text)")
            #expect(watch.text.contains("watching mood.yaml (ok)"), "\(watch.text)")
            #expect(watch.text.components(separatedBy: "watching mood.yaml").count == 2, "drawn once: \(watch.text)")

            try good.replacingOccurrences(of: "Mood log", with: "Mood diary").write(
                to: form, atomically: true, encoding: .utf8)
            #expect(watch.wait(for: "Mood diary"), "redrawn after a save of the form: \(watch.text)")
            try "title: Moods\nrows:\n  - [Calm, Tense, Sleepy]\n".write(to: layout, atomically: true, encoding: .utf8)
            #expect(watch.wait(for: "Sleepy"), "redrawn after a save of its layout: \(watch.text)")

            try "title: Mood diary\nfields:\n  - id: mood\n    type: dat\n".write(
                to: form, atomically: true, encoding: .utf8)
            #expect(
                watch.wait(for: "mood.yaml:4:11: error: unknown type 'dat'"),
                "the broken save's diagnostics: \(watch.text)")
            #expect(watch.wait(for: "watching mood.yaml (1 error)"))
            #expect(watch.process.isRunning, "it keeps watching through errors")
            try good.replacingOccurrences(of: "Mood log", with: "Mood mended").write(
                to: form, atomically: true, encoding: .utf8)
            #expect(watch.wait(for: "Mood mended"), "drawn again once fixed: \(watch.text)")

            watch.interrupt()
            #expect(watch.process.terminationReason == .uncaughtSignal && watch.process.terminationStatus == SIGINT)
        }
    }
}
