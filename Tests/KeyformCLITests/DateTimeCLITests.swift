import Foundation
import Testing

/// `type: datetime` through the built binary: answers, the record's formats, a
/// rule comparing two datetimes, `keyform test`, `records import` and the store.
@Suite struct DateTimeCLITests {
    static let meeting = CLIRunner.packageRoot.appendingPathComponent(
        "Tests/KeyformCoreTests/Fixtures/forms/datetime/meeting.yaml"
    ).path

    @Test func answersGiveTheDayAndTimeInEveryFormat() throws {
        let json = try CLIRunner.run(
            ["run", Self.meeting, "--no-store", "--answers", "-"],
            stdin: #"{"start":"2026-11-27T14:30","end":"2026-11-27 15:00"}"#)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == #"{"start":"2026-11-27 14:30","end":"2026-11-27 15:00"}"# + "\n")
        let env = try CLIRunner.run(
            ["run", Self.meeting, "--no-store", "--format", "env", "--answers", "-"],
            stdin: #"{"start":"2026-11-27 14:30"}"#)
        #expect(env.stdout == "start='2026-11-27 14:30'\nend=''\n", "\(env.stderr)")
        let template = try CLIRunner.run(
            ["run", Self.meeting, "--no-store", "--format", "template", "--answers", "-"],
            stdin: #"{"start":"2026-11-27 14:30","end":"2026-11-28 8:00"}"#)
        #expect(template.stdout == "2026-11-27 14:30 to 2026-11-28 08:00\n", "\(template.stderr)")
    }

    /// Issue 27: the wall clock is read through the C library (`localtime_r`),
    /// not Foundation's `TimeZone` and `Calendar`, which load ICU's zone data
    /// before the first frame; `now` still follows `TZ` as `TimeZone.current`
    /// did, whole hours or not (Kathmandu is +05:45), either side of the date line.
    @Test func nowFollowsTheTimeZoneOfTheEnvironment() throws {
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"] {
            let run = try CLIRunner.run(
                ["run", Self.meeting, "--no-store", "--answers", "-"], stdin: #"{"start":"now"}"#,
                environment: ["TZ": zone])
            #expect(run.status == 0, "\(run.stderr)")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            // The minute the run read, or the one before (the run came first).
            let minutes = [Date(timeIntervalSinceNow: -60), Date()].map { formatter.string(from: $0) }
            #expect(
                minutes.contains { run.stdout.hasPrefix(#"{"start":"\#($0)""#) },
                "\(zone): \(run.stdout) not at \(minutes)")
        }
    }

    @Test func aWrongAnswerOrABrokenRuleExitsTwoSayingWhy() throws {
        let day = try CLIRunner.run(
            ["run", Self.meeting, "--no-store", "--answers", "-"], stdin: #"{"start":"2026-11-27"}"#)
        #expect(day.status == 2)
        #expect(day.stdout == "")
        #expect(
            day.stderr.contains("must be a date and a time like 2026-11-27 14:30, 2026-11-27T14:30 or now"),
            "\(day.stderr)")
        let early = try CLIRunner.run(
            ["run", Self.meeting, "--no-store", "--answers", "-"],
            stdin: #"{"start":"2026-11-27 14:30","end":"2026-11-27 09:00"}"#)
        #expect(early.status == 2)
        #expect(early.stderr == "keyform: rule 'end-after-start': The meeting ends after it starts\n")
    }

    @Test func theDateTimeTestFilePasses() throws {
        let file = CLIRunner.packageRoot.appendingPathComponent(
            "Tests/KeyformCoreTests/Fixtures/forms/datetime/meeting.test.yaml"
        ).path
        let result = try CLIRunner.run(["test", file], environment: ["INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("7 passed, 0 failed\n"), "\(result.stdout)")
    }

    @Test func importedRecordsAreStoredAsSortableText() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("meeting.sqlite").path
        let json = #"[{"start":"2026-11-28T09:00"},{"start":"2026-11-27 23:30","end":"2026-11-28 01:00"}]"#
        let imported = try CLIRunner.run(["records", "import", Self.meeting, "-", "--db", db], stdin: json)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try CLIRunner.run(["records", "list", Self.meeting, "--format", "json", "--db", db])
        #expect(listed.stdout.contains(#""start":"2026-11-28 09:00""#), "\(listed.stdout)\(listed.stderr)")
        #expect(listed.stdout.contains(#""start":"2026-11-27 23:30","end":"2026-11-28 01:00""#), "\(listed.stdout)")
    }
}
