import Foundation
import KeyformCore
import Testing

@testable import KeyformFiles

/// Which config file is read, and what a missing or unreadable one means.
@Suite struct ConfigFilesTests {
    @Test func theFileIsKeyformConfigElseThePerUserFolders() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let home = sandbox.root.appendingPathComponent("home").path
        #expect(ConfigFiles.path(in: sandbox.search(["HOME": home]))?.path == home + "/.config/keyform/config.yaml")
        #expect(
            ConfigFiles.path(in: sandbox.search(["HOME": home, "XDG_CONFIG_HOME": "/cfg"]))?.path
                == "/cfg/keyform/config.yaml")
        // A relative XDG_CONFIG_HOME is ignored, as for the forms and layouts folders.
        #expect(
            ConfigFiles.path(in: sandbox.search(["HOME": home, "XDG_CONFIG_HOME": "cfg"]))?.path == home
                + "/.config/keyform/config.yaml")
        let named = ConfigFiles.path(in: sandbox.search(["HOME": home, "KEYFORM_CONFIG": "mine.yaml"]))
        #expect(
            named?.path == sandbox.root.path + "/mine.yaml" && named?.named == true, "relative to the current folder")
        #expect(ConfigFiles.path(in: sandbox.search(["HOME": home, "KEYFORM_CONFIG": "/dev/null"])) == nil)
        #expect(ConfigFiles.path(in: sandbox.search([:])) == nil)
    }

    @Test func aMissingDefaultFileIsTheDefaultsButAMissingNamedOneIsAnError() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let home = sandbox.root.appendingPathComponent("home").path
        let none = ConfigFiles.load(in: sandbox.search(["HOME": home]))
        #expect(none.problems.isEmpty && none.config == .standard && none.path == nil)
        let missing = ConfigFiles.load(in: sandbox.search(["HOME": home, "KEYFORM_CONFIG": "nowhere.yaml"]))
        #expect(
            missing.problems.map(\.description) == [
                "KEYFORM_CONFIG: error: cannot read the config file \(sandbox.root.path)/nowhere.yaml: no such file; fix KEYFORM_CONFIG, or set it to /dev/null for no config"
            ])
    }

    @Test func theFileIsReadWithTheVariablesOverIt() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write(
            "home/.config/keyform/config.yaml", "database: keyform.sqlite\ncolors: {accent: magenta}\n")
        let home = sandbox.root.appendingPathComponent("home").path
        let loaded = ConfigFiles.load(in: sandbox.search(["HOME": home, "KEYFORM_COLOR_ACCENT": "blue"]))
        #expect(loaded.problems.isEmpty)
        #expect(loaded.path == path)
        #expect(loaded.config.database == home + "/.config/keyform/keyform.sqlite")
        #expect(loaded.config.colors.accent == .basic(4))
        #expect(loaded.source(of: "colors.accent") == .environment("KEYFORM_COLOR_ACCENT"))
        // A folder where the file should be cannot be read: said at its path.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let folder = ConfigFiles.load(in: sandbox.search(["HOME": home]))
        #expect(folder.hasErrors)
        #expect(
            folder.problems.first?.description.hasPrefix(
                path + ":1:1: error: cannot read the config file: not a regular file") == true)
    }
}
