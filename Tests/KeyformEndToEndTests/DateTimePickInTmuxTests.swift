import Foundation
import KeyformTestSupport
import Testing

/// A datetime field picked in a real terminal (DECISIONS 55): Tab shows the
/// calendar, a day picked moves on to the time keypad, Esc goes back to the
/// calendar, and the record holds the day and the time.
@Suite(.serialized)
struct DateTimePickInTmuxTests {
    static let meeting = "Tests/KeyformCoreTests/Fixtures/forms/datetime/meeting.yaml"

    /// Today and tomorrow on the local clock, as Keyform's `today` reads it.
    static func days() -> (today: String, tomorrow: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        let now = Date()
        return (
            formatter.string(from: now),
            formatter.string(from: Calendar.current.date(byAdding: .day, value: 1, to: now)!)
        )
    }

    @Test func aDayOnTheCalendarThenATimeOnTheKeypad() throws {
        let (today, tomorrow) = Self.days()
        let run = try FormRun(["run", Self.meeting, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Start*", "Tab keys")
        try tmux.press("Tab")
        try tmux.wait(forText: "PgUp/PgDn month", "t today", "Esc cancel")
        try tmux.press("t")
        try tmux.wait(forText: "Enter pick \(today)")
        // The day picked: the time keypad follows, and the field shows the day.
        try tmux.press("Enter")
        try tmux.wait(forText: "Esc calendar", "Now")
        try tmux.wait(forRow: "› Start*", today)
        try tmux.type("09")
        try tmux.wait(forRow: "› Start*", "\(today) 09")
        // Esc: the calendar again, on the day picked; the next day keeps the time typed.
        try tmux.press("Escape")
        try tmux.wait(forText: "Enter pick \(today)", "Esc cancel")
        try tmux.press("Right")
        try tmux.wait(forText: "Enter pick \(tomorrow)")
        try tmux.press("Enter")
        try tmux.wait(forRow: "› Start*", "\(tomorrow) 09")
        try tmux.wait(forText: "Esc calendar")
        // The first key replaces the time that stood; Enter keeps what was typed.
        try tmux.type("1430")
        try tmux.wait(forRow: "› Start*", "\(tomorrow) 1430")
        try tmux.press("Enter")
        try tmux.wait(forText: "› End")
        try tmux.wait(forRow: "  Start*", "\(tomorrow) 1430")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"start":"\#(tomorrow) 14:30","end":null}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
