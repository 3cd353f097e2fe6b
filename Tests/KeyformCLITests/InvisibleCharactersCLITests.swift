import Foundation
import Testing

/// Values holding bidi controls and invisible characters (which people's text
/// may hold: right-to-left marks, joiners), through every output of the CLI.
/// Formats for people write them out; formats for programs keep the value exact.
@Suite struct InvisibleCharactersCLITests {
    static let tricky = "evil\u{202E}txt.exe\u{200B}"

    /// `$K` is the binary, `$DB` a fresh database, `$W` a scratch folder.
    func shell(_ script: String, stdin: String? = nil, in work: URL) throws -> CLIRunner.Result {
        try Programs.run(
            "/bin/sh", ["-c", script], stdin: stdin,
            environment: [
                "K": CLIRunner.binary.path, "DB": work.appendingPathComponent("db.sqlite").path, "W": work.path,
                "KEYFORM_CONFIG": "/dev/null",
            ])
    }

    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    func hasUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x202E, 0x200B, 0x2028].contains($0.value) }
    }

    @Test func envIsWrittenOutAndAShellGetsTheValueBack() throws {
        try withFolder { work in
            let answers = #"{"text":"evil\u202etxt.exe\u200b","note":"it's"}"#
            let env = try shell(
                #""$K" run demo/todo.yaml --no-store --format env --answers -"#, stdin: answers, in: work)
            #expect(env.status == 0, "\(env.stderr)")
            #expect(!hasUnsafe(env.stdout), "\(env.stdout.debugDescription)")
            let back = try shell(
                #"eval "$("$K" run demo/todo.yaml --no-store --format env --answers -)"; printf '%s|%s' "$text" "$note""#,
                stdin: answers, in: work)
            #expect(back.stdout == Self.tricky + "|it's", "\(back.stdout.debugDescription) \(back.stderr)")
        }
    }

    @Test func templateWritesOutTheValuesBidiControls() throws {
        try withFolder { work in
            try "title: Log\nfields:\n  - id: text\ntemplate: \"{{text}} done\"\n".write(
                to: work.appendingPathComponent("log.yaml"), atomically: true, encoding: .utf8)
            let result = try shell(
                #""$K" run "$W/log.yaml" --no-store --format template --answers -"#,
                stdin: #"{"text":"evil\u202etxt.exe\u200b"}"#, in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == #"evil\u{202E}txt.exe\u{200B} done"# + "\n", "\(result.stdout.debugDescription)")
        }
    }

    /// CSV is data: to a pipe or a file it keeps the text (and imports back); on a terminal it is written out.
    @Test func csvIsWrittenOutOnATerminalAndExactElsewhere() throws {
        try withFolder { work in
            let stored = try shell(
                #""$K" run demo/todo.yaml --db "$DB" --answers - >/dev/null"#,
                stdin: #"{"text":"evil\u202etxt.exe\u200b"}"#, in: work)
            #expect(stored.status == 0, "\(stored.stderr)")
            let piped = try shell(#""$K" records list todo --db "$DB" --format csv"#, in: work)
            #expect(piped.stdout.contains(Self.tricky), "\(piped.stdout.debugDescription)")
            let onTerminal = try shell(
                #"python3 -c 'import pty, sys; pty.spawn(sys.argv[1:])' "$K" records list todo --db "$DB" --format csv"#,
                in: work)
            #expect(onTerminal.status == 0, "\(onTerminal.stderr)")
            #expect(
                onTerminal.stdout.contains(#"evil\u{202E}txt.exe\u{200B}"#), "\(onTerminal.stdout.debugDescription)")
            #expect(!hasUnsafe(onTerminal.stdout), "\(onTerminal.stdout.debugDescription)")
            let exported = try shell(#""$K" records export todo --db "$DB" --format csv -o "$W/out.csv""#, in: work)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(
                try String(contentsOf: work.appendingPathComponent("out.csv"), encoding: .utf8).contains(Self.tricky))
        }
    }
}
