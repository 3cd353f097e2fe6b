import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// `DateTimeField`: a form file's `type: datetime`, written in Swift.
@MainActor
struct DateTimeFieldTests {
    struct Meeting: Decodable, Equatable {
        var start: KeyformDateTime
        var end: String?
    }

    static let meeting = KeyformForm("Meeting", name: "meeting") {
        DateTimeField("start", label: "Start", required: true)
        DateTimeField("end", label: "End")
    }

    static func moment(_ text: String) -> KeyformDateTime { KeyformDateTime(text)! }

    @Test func itIsTheFieldAFormFileWritesWithTypeDatetime() throws {
        let compiled = try Self.meeting.compile()
        #expect(compiled.form.field(id: "start") == Field(id: "start", label: "Start", type: .datetime, required: true))
        #expect(compiled.form.field(id: "end") == Field(id: "end", label: "End", type: .datetime))
        let withDefault = try KeyformForm("Meeting") {
            DateTimeField("start", default: .value(Self.moment("2026-11-27T09:05")))
        }.compile()
        #expect(withDefault.form.field(id: "start")?.defaultValue == .value("2026-11-27 09:05"))
        let now = try KeyformForm("Meeting") { DateTimeField("start", default: .now) }.compile()
        #expect(now.form.field(id: "start")?.defaultValue == .value("now"))
    }

    @Test func aDateTimeIsTypedAndDecoded() async throws {
        let result = try await Self.meeting.test(
            keys: "2026-11-27T14:30<Enter>2026-11-27 15:00<Enter>", as: Meeting.self)
        #expect(result.outcome == .submitted)
        #expect(result.value == Meeting(start: Self.moment("2026-11-27 14:30"), end: "2026-11-27 15:00"))
        #expect(result.record?["start"] == .datetime(Self.moment("2026-11-27 14:30")))
        #expect(result.record?["start"]?.description == "2026-11-27 14:30")
        #expect(result.record?.json == #"{"start":"2026-11-27 14:30","end":"2026-11-27 15:00"}"#)
        let day = try await Self.meeting.test(keys: "2026-11-27<Enter>")
        #expect(day.outcome == .open)
        #expect(day.screen.contains("must be a date and a time"))
    }

    @Test func keyformDateTimeIsCodableAsDaySpaceTime() throws {
        #expect(KeyformDateTime("2026-11-27 24:00") == nil)
        #expect(Self.moment("2026-11-27 23:59") < Self.moment("2026-11-28 00:00"))
        let encoded = try JSONEncoder().encode([Self.moment("2026-11-27T07:30")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-11-27 07:30"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([KeyformDateTime].self, from: Data(#"["2026-11-27"]"#.utf8))
        }
    }
}
