import Foundation
import KeyformTestSupport
import Testing

/// The one interactive test driver waits the way a busy machine needs: past its
/// deadline a wait fails only once the screen has stopped changing.
@Suite struct TmuxDriverTests {
    @Test func aWaitDoesNotFailWhileTheScreenIsStillChanging() throws {
        let folder = URL(fileURLWithPath: "/tmp/kf-driver-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A program that keeps drawing for a while (longer than the wait's deadline), then stops.
        let tmux = try Tmux(
            command: [
                "sh", "-c",
                "i=0; while [ $i -lt 20 ]; do i=$((i+1)); echo line $i; sleep 0.1; done; echo settled; exec sleep 60",
            ],
            environment: [:], in: folder, folder: folder)
        defer { tmux.kill() }
        try tmux.wait(forText: "line 1")
        do {
            try tmux.wait(forText: "something never shown", timeout: .seconds(1))
            Issue.record("the wait for text never shown returned")
        } catch let failure as Tmux.Failure {
            // It failed on the settled screen, not at its deadline (1 s) while lines were still coming.
            #expect(failure.description.contains("settled"), "\(failure.description)")
        }
        #expect(try tmux.wait(forText: "settled").contains("line 20"))
    }
}
