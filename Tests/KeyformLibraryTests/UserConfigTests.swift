import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// A program embedding Keyform draws with the person's colours and keys, and a
/// broken config is an error it can report, not a silent default.
@MainActor
struct UserConfigTests {
    func folder(with config: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-library-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("keyform"), withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("keyform/config.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func theRunnerReadsThePersonsColoursAndKeys() throws {
        let folder = try folder(with: "colors: {accent: magenta}\nkeys: {cancel: ctrl-g}\ndatabase: mine.sqlite\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TerminalFormRunner().userConfig(
            environment: ["XDG_CONFIG_HOME": folder.path], currentDirectory: folder.path)
        #expect(config.colors.accent == .basic(5))
        #expect(config.keys[.cancel] == [.control("g")])
        let standard = try TerminalFormRunner(readingUserConfig: false)
            .userConfig(environment: ["XDG_CONFIG_HOME": folder.path], currentDirectory: folder.path)
        #expect(standard == .standard)
    }

    @Test func aBrokenConfigIsInvalidConfigWithStatusTwo() throws {
        let folder = try folder(with: "keys: {done: enter}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try TerminalFormRunner().userConfig(
                environment: ["XDG_CONFIG_HOME": folder.path], currentDirectory: folder.path)
        } throws: { error in
            guard case KeyformError.invalidConfig(let lines) = error else { return false }
            return lines == [
                "\(folder.path)/keyform/config.yaml:1:14: error: 'enter' is already 'commit' in a form's keyboard; rebind 'commit' too (keys: {commit: …}), or choose another key for 'done'"
            ]
                && (error as? KeyformError)?.exitStatus == 2
        }
        // Opting out draws with the defaults whatever the file says.
        #expect(
            try TerminalFormRunner(readingUserConfig: false)
                .userConfig(environment: ["XDG_CONFIG_HOME": folder.path], currentDirectory: folder.path) == .standard)
    }
}
