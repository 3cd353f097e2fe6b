import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// `TimeField`: a form file's `type: time`, written in Swift.
@MainActor
struct TimeFieldTests {
    struct Shift: Decodable, Equatable {
        var start: KeyformTime
        var stop: String?
    }

    static let shift = KeyformForm("Shift", name: "shift") {
        TimeField("start", label: "Start", required: true, layout: .named("time"))
        TimeField("stop", label: "Stop")
    }

    @Test func itIsTheFieldAFormFileWritesWithTypeTime() throws {
        let compiled = try Self.shift.compile()
        #expect(
            compiled.form.field(id: "start")
                == Field(id: "start", label: "Start", type: .time, required: true, layout: "time"))
        #expect(compiled.form.field(id: "stop") == Field(id: "stop", label: "Stop", type: .time))
        #expect(compiled.layouts["time"]?.kind == .keypad)
        let withDefault = try KeyformForm("Shift") {
            TimeField("start", default: .value(KeyformTime(hour: 6, minute: 5)!))
        }.compile()
        #expect(withDefault.form.field(id: "start")?.defaultValue == .value("06:05"))
        let now = try KeyformForm("Shift") { TimeField("start", default: .now) }.compile()
        #expect(now.form.field(id: "start")?.defaultValue == .value("now"))
    }

    @Test func aTimeIsTypedAndDecoded() async throws {
        let result = try await Self.shift.test(keys: "7:30<Enter>1715<Enter>", as: Shift.self)
        #expect(result.outcome == .submitted)
        #expect(result.value == Shift(start: KeyformTime(hour: 7, minute: 30)!, stop: "17:15"))
        #expect(result.record?["start"] == .time(KeyformTime("07:30")!))
        #expect(result.record?["start"]?.description == "07:30")
        #expect(result.record?.json == #"{"start":"07:30","stop":"17:15"}"#)
    }

    @Test func theKeypadTypesATimeAndAWrongTimeBlocksDone() async throws {
        let typed = try await Self.shift.test(keys: "<Tab>0730d<Enter>", as: Shift.self)
        #expect(typed.value == Shift(start: KeyformTime("07:30")!, stop: nil))
        let wrong = try await Self.shift.test(keys: "25:00<Enter>")
        #expect(wrong.outcome == .open)
        #expect(wrong.screen.contains("must be a real time"))
    }

    @Test func nowIsTheTimeTheFormWasOpened() async throws {
        let before = KeyformTime.now()
        let result = try await Self.shift.test(keys: "now<Enter><Enter>")
        let after = KeyformTime.now()
        guard case .time(let time)? = result.record?["start"] else {
            Issue.record("no time: \(String(describing: result.record))")
            return
        }
        #expect(time == before || time == after)
    }

    @Test func keyformTimeIsCodableAsHHMM() throws {
        #expect(KeyformTime(hour: 24, minute: 0) == nil)
        #expect(KeyformTime("7:30") == nil)
        #expect(KeyformTime(hour: 7, minute: 5)!.description == "07:05")
        #expect(KeyformTime("06:00")! < KeyformTime("17:15")!)
        let encoded = try JSONEncoder().encode([KeyformTime("07:30")!])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["07:30"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([KeyformTime].self, from: Data(#"["7.30"]"#.utf8))
        }
    }
}
