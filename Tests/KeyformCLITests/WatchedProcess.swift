import Foundation

/// A `keyform … --watch` process with its stdout piped, read as it comes.
final class WatchedProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var data = Data()
    private var lastChange = Date()

    init(_ arguments: [String], in folder: URL) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let more = handle.availableData
            guard let self, !more.isEmpty else { return }
            self.lock.withLock {
                self.data.append(more)
                self.lastChange = Date()
            }
        }
        try process.run()
    }

    deinit { stop() }

    /// Everything written so far.
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits until `text` holds `needle` (`occurrences` times). It gives up only
    /// past 30 s *and* once nothing new has come for 3 s: on a busy machine a
    /// redraw is late, not missing, while the output is still moving.
    func wait(for needle: String, occurrences: Int = 1) -> Bool {
        let start = Date()
        while true {
            let (text, quietSince) = lock.withLock { (String(decoding: data, as: UTF8.self), lastChange) }
            if text.components(separatedBy: needle).count - 1 >= occurrences { return true }
            let now = Date()
            if now.timeIntervalSince(start) > 30, now.timeIntervalSince(quietSince) > 3 { return false }
            usleep(50_000)
        }
    }

    /// Ctrl-C, as the person stops a watch; waits for the process to end.
    func interrupt() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }

    func stop() {
        interrupt()
        output.fileHandleForReading.readabilityHandler = nil
    }
}
