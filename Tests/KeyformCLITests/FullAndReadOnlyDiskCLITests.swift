import Foundation
import Testing

/// A database on a disk that is full, or mounted read-only: writing commands
/// say so in words a person can act on, and reading commands still read.
/// The disks are small tmpfs mounts, which only root can make: elsewhere the
/// tests are skipped, and say so.
@Suite(.serialized) struct FullAndReadOnlyDiskCLITests {
    static let canMount = getuid() == 0 && Programs.find("mount") != nil

    /// `$K` is the binary, `$W` the work folder, `$D` the small disk in it, `$DB` the database on it.
    func shell(_ script: String, stdin: String? = nil, in work: URL) throws -> CLIRunner.Result {
        try Programs.run(
            "/bin/sh", ["-c", script], stdin: stdin,
            environment: [
                "K": CLIRunner.binary.path, "W": work.path, "D": work.appendingPathComponent("disk").path,
                "DB": work.appendingPathComponent("disk/db.sqlite").path,
                "TMPDIR": work.appendingPathComponent("tmp").path,
                "KEYFORM_CONFIG": "/dev/null",
            ])
    }

    /// A work folder with a 512 KiB tmpfs at `disk`, holding a database with one todo record.
    func withSmallDisk(_ body: (URL) throws -> Void) throws {
        let work = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        for folder in ["disk", "tmp"] {
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let disk = work.appendingPathComponent("disk").path
        let mounted = try Programs.run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk])
        try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        defer { _ = try? Programs.run("/bin/umount", [disk]) }
        let first = try shell(
            #""$K" run demo/todo.yaml --answers - --db "$DB""#, stdin: #"{"text":"Buy milk"}"#, in: work)
        try #require(first.status == 0, "\(first.stderr)")
        try body(work)
    }

    @Test(.enabled(if: canMount, "needs root, to mount a 512 KiB tmpfs"))
    func aFullDiskIsSaidSoByEveryWriterAndReadersStillRead() throws {
        try withSmallDisk { work in
            try #"[{"text":"Call mom"}]"#.write(
                to: work.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
            _ = try shell(#"dd if=/dev/zero of="$D/filler" bs=4k 2>/dev/null"#, in: work)

            let run = try shell(#""$K" run demo/todo.yaml --answers - --db "$DB""#, stdin: #"{"text":"B"}"#, in: work)
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
            let imported = try shell(#""$K" records import demo/todo.yaml "$W/new.json" --db "$DB""#, in: work)
            #expect(imported.status == 1, "\(imported.stderr)")
            #expect(imported.stderr.contains("the disk is full"), "\(imported.stderr)")
            for script in [
                #""$K" run demo/todo.yaml --answers - --db "$DB""#,
                #""$K" records import demo/todo.yaml "$W/new.json" --db "$DB""#,
            ] {
                #expect(
                    !(try shell(script, stdin: #"{"text":"C"}"#, in: work)).stderr.contains("disk I/O error"),
                    "\(script)")
            }

            // Reading needs no room: the record is listed and exported (to a disk with room).
            let listed = try shell(#""$K" records list todo --db "$DB" --format json"#, in: work)
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains(#""text":"Buy milk""#), "\(listed.stdout)")
            let exported = try shell(#""$K" records export todo --db "$DB" -o "$W/out.json""#, in: work)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(
                try String(contentsOf: work.appendingPathComponent("out.json"), encoding: .utf8).contains("Buy milk"))
        }
    }

    @Test(.enabled(if: canMount, "needs root, to mount a tmpfs and make it read-only"))
    func aDatabaseOnAReadOnlyMountIsListed() throws {
        try withSmallDisk { work in
            let remounted = try Programs.run(
                "/bin/mount", ["-o", "remount,ro", work.appendingPathComponent("disk").path])
            try #require(remounted.status == 0, "\(remounted.stderr)")
            let listed = try shell(#""$K" records list todo --db "$DB" --format csv"#, in: work)
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("Buy milk"), "\(listed.stdout)")
            // Writing there is refused in words.
            let run = try shell(#""$K" run demo/todo.yaml --answers - --db "$DB""#, stdin: #"{"text":"B"}"#, in: work)
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("read-only"), "\(run.stderr)")
        }
    }
}
