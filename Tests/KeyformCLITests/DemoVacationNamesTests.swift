import Foundation
import KeyformCore
import Testing

@testable import KeyformCLI

/// A vacation's name names its database file: what the demo refuses before a
/// file is made, said as `DemoWords` in the person's language.
struct DemoVacationNamesTests {
    @Test func aNameThatCannotNameAFileIsRefused() {
        #expect(Vacations.problem(withName: "Lisbon 2026") == nil)
        #expect(Vacations.problem(withName: "私の休暇") == nil)
        #expect(Vacations.problem(withName: "Rome/Naples") == .vacationNameHoldsSlash)
        #expect(Vacations.problem(withName: "  ") == .vacationNeedsName)
        #expect(Vacations.mostBytes == 231)
        #expect(Vacations.problem(withName: String(repeating: "休", count: 77)) == nil)
        #expect(
            Vacations.problem(withName: String(repeating: "休", count: 78))
                == .vacationNameTooLong(bytes: 234, most: 231))
    }

    /// The longest name allowed makes every file of its database on a real
    /// file system; one byte more does not (ENAMETOOLONG), which is why it is refused.
    @Test func theLongestNameAllowedMakesEveryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kf-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let longest = String(repeating: "休", count: 77)
        for suffix in [".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal"] {
            let path = folder.appendingPathComponent("vacation-" + longest + suffix).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil), "\(suffix)")
        }
        let tooLong = folder.appendingPathComponent("vacation-" + longest + "x.sqlite-journal").path
        #expect(!FileManager.default.createFile(atPath: tooLong, contents: nil))
    }
}
