import Foundation
import Testing

/// `keyform layout preview FILE --watch`, piped: a frame after every save.
@Suite struct LayoutWatchCLITests {
    @Test func everySaveRedrawsAndABrokenSaveShowsItsErrors() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mood.yaml")
        try "title: Mood\nrows:\n  - [Calm, Tense]\n".write(to: file, atomically: true, encoding: .utf8)

        let watch = try WatchedProcess(["layout", "preview", file.path, "--watch", "--width", "40"], in: folder)
        defer { watch.stop() }

        #expect(watch.wait(for: "Tense"), "the first drawing: \(watch.text)")
        #expect(watch.text.contains("watching mood.yaml (ok)"), "named as from the current folder")
        try "title: Mood\nrows:\n  - [Calm, Tense, Sleepy]\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(watch.wait(for: "Sleepy"), "redrawn after a save: \(watch.text)")
        try "title: Mood\nrows:\n  - [Calm, {label: Odd, span: 0}]\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(watch.wait(for: "mood.yaml:3:"), "the broken save's diagnostics: \(watch.text)")
        #expect(watch.wait(for: "(1 error)"))
        try FileManager.default.removeItem(at: file)
        #expect(watch.wait(for: "mood.yaml: no such file"), "\(watch.text)")
        #expect(watch.process.isRunning, "it keeps watching through errors")
        watch.interrupt()
        #expect(watch.process.terminationReason == .uncaughtSignal && watch.process.terminationStatus == SIGINT)
    }

    @Test func aShippedLayoutHasNoFileToWatch() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["layout", "preview", "priority", "--watch"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("'priority' is a layout shipped with Keyform: it has no file to watch"),
            "\(result.stderr)")
    }
}
