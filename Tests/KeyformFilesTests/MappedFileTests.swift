import Foundation
import KeyformCore
import Testing

@testable import KeyformFiles

/// Stdin and pipes are read like a mapped file (`records import` reads its
/// rows twice without holding them): a regular file from its start is mapped
/// as it is, anything else copied to an unlinked file as it is read.
@Suite struct MappedFileTests {
    /// A pipe with `bytes` written to it, its write end closed after; the read end.
    /// What fits in the pipe's buffer is written before this returns, so a
    /// reader that stops early never leaves a writer to die of SIGPIPE (which
    /// would end the whole test process); more is written by another thread,
    /// for a reader that reads it all.
    static func pipe(writing bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = Glibc.pipe(&ends)
        let writer = ends[1]
        let writeAll: @Sendable () -> Void = {
            var offset = 0
            while offset < bytes.count {
                let wrote = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + offset, bytes.count - offset) }
                if wrote <= 0 { break }
                offset += wrote
            }
            close(writer)
        }
        if bytes.count <= 4096 { writeAll() } else { Thread.detachNewThread(writeAll) }
        return ends[0]
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    @Test func aPipeIsCopiedToAFileWithNoNameLeftAndReadWhole() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // More than a pipe's buffer and the copy's chunk, not a multiple of either.
        let bytes = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let fd = Self.pipe(writing: bytes)
        defer { close(fd) }
        let mapped = try #require(try MappedFile.spooling(fd, limit: 1 << 20, folder: folder))
        #expect(Array(mapped.bytes) == bytes)
        mapped.release()
        #expect(Array(mapped.bytes) == bytes, "read again after its pages were let go")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the copy is unlinked at once")
    }

    @Test func anEmptyPipeIsNothingAndOnePastTheLimitIsTooLarge() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = Self.pipe(writing: [])
        defer { close(empty) }
        #expect(try MappedFile.spooling(empty, limit: 10, folder: folder) == nil)
        let exact = Self.pipe(writing: Array(repeating: 65, count: 10))
        defer { close(exact) }
        #expect(try MappedFile.spooling(exact, limit: 10, folder: folder)?.bytes.count == 10)
        let over = Self.pipe(writing: Array(repeating: 65, count: 11))
        defer { close(over) }
        #expect(throws: MappedFile.TooLarge.self) { try MappedFile.spooling(over, limit: 10, folder: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aRegularFileFromItsStartIsMappedWithoutACopy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/rows.csv"
        try Data("text\nBuy milk\n".utf8).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        // A folder that does not exist: a copy could not be made, so none was tried.
        let mapped = try #require(try MappedFile.spooling(fd, limit: 1 << 20, folder: folder + "/missing"))
        #expect(String(decoding: mapped.bytes, as: UTF8.self) == "text\nBuy milk\n")
    }

    @Test func aCopyThatCannotBeMadeIsSaidWithTheSystemsReason() throws {
        let fd = Self.pipe(writing: Array("text\nBuy milk\n".utf8))
        defer { close(fd) }
        do {
            _ = try MappedFile.spooling(fd, limit: 1 << 20, folder: "/nonexistent-keyform-folder")
            Issue.record("a copy in a missing folder was made")
        } catch let failure as SourceFiles.ReadFailure {
            #expect(
                failure.message.english.hasPrefix("cannot create /nonexistent-keyform-folder/keyform-import-"),
                "\(failure.message.english)")
            #expect(failure.message.english.hasSuffix(": No such file or directory"), "\(failure.message.english)")
        }
    }
}

/// The temporary folder's rule, shared by the editor's text and the import's copy.
struct TemporaryFolderTests {
    @Test func tmpdirByItsFullPathElseTmp() {
        #expect(TemporaryFolder.path(tmpdir: "/var/tmp") == "/var/tmp")
        #expect(TemporaryFolder.path(tmpdir: "tmp") == "/tmp", "a relative folder would move with the current one")
        #expect(TemporaryFolder.path(tmpdir: "") == "/tmp")
        #expect(TemporaryFolder.path(tmpdir: nil) == "/tmp")
    }
}
