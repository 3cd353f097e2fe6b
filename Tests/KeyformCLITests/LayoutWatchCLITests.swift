import Foundation
import Testing

/// `keyform layout preview FILE --watch`, piped: a frame after every save.
@Suite struct LayoutWatchCLITests {
    /// Everything the process has written so far, read as it comes.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Waits (up to 20 s, the machine may be busy) until `text` holds `needle`.
        func wait(for needle: String, occurrences: Int = 1) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if text.components(separatedBy: needle).count - 1 >= occurrences { return true }
                usleep(50_000)
            }
            return false
        }
    }

    @Test func everySaveRedrawsAndABrokenSaveShowsItsErrors() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mood.yaml")
        try "title: Mood\nrows:\n  - [Calm, Tense]\n".write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["layout", "preview", file.path, "--watch", "--width", "40"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
        try process.run()
        defer {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
        }

        #expect(collected.wait(for: "Tense"), "the first drawing: \(collected.text)")
        #expect(collected.text.contains("watching mood.yaml (ok)"), "named as from the current folder")
        try "title: Mood\nrows:\n  - [Calm, Tense, Sleepy]\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(collected.wait(for: "Sleepy"), "redrawn after a save: \(collected.text)")
        try "title: Mood\nrows:\n  - [Calm, {label: Odd, span: 0}]\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(collected.wait(for: "mood.yaml:3:"), "the broken save's diagnostics: \(collected.text)")
        #expect(collected.wait(for: "(1 error)"))
        try FileManager.default.removeItem(at: file)
        #expect(collected.wait(for: "mood.yaml: no such file"), "\(collected.text)")
        #expect(process.isRunning, "it keeps watching through errors")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    }

    @Test func aShippedLayoutHasNoFileToWatch() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["layout", "preview", "priority", "--watch"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'priority' is a layout shipped with Keyform: it has no file to watch"), "\(result.stderr)")
    }
}
