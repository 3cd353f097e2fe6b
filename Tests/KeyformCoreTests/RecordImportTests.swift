import Foundation
import Testing

@testable import KeyformCore

/// `keyform records import`: CSV and JSON read into rows with their lines, each
/// row validated as `run --answers` validates answers, every problem collected.
@Suite struct RecordImportTests {
    /// The demo to-do (text required, priority strict from the shipped layout,
    /// done a boolean with states words, due a date, note with a pattern), on a fixed day.
    static let context = try! DemoForms.context("todo")
    static var form: Form { context.form }
    static var validators: [String: FieldValidator] {
        Dictionary(uniqueKeysWithValues: zip(context.fields.map(\.id), context.validators))
    }

    func records(_ text: String, _ format: RecordImport.Format) -> Result<[DatedRecord], RecordImport.Problems> {
        RecordImport.records(Array(text.utf8), format: format, context: Self.context)
    }

    func problems<T>(_ result: Result<T, RecordImport.Problems>) -> [String] {
        guard case .failure(let found) = result else { return [] }
        return found.problems.map(\.description)
    }

    func values(_ result: Result<[DatedRecord], RecordImport.Problems>) -> [[String: String]] {
        guard case .success(let records) = result else { return [] }
        return records.map(\.record).map { record in
            Dictionary(
                uniqueKeysWithValues: record.values.compactMap { entry -> (String, String)? in
                    if case .text(let text)? = entry.value { (entry.id, text) } else { nil }
                })
        }
    }

    /// A record nested 100,000 deep is a problem at its line, not a stack overflow:
    /// imports read objects with the answers' reader, which stops at 64 levels.
    @Test func aRecordNestedThousandsDeepIsAProblemNotACrash() {
        let deep =
            "[{\"text\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        let found = problems(records(deep, .json))
        #expect(found.count == 1 && found[0].hasSuffix("nested too deeply"), "\(found)")
    }

    // MARK: CSV

    @Test func csvCellsFollowRFC4180AndEachRowKnowsItsLine() throws {
        let table = try RecordImport.csvTable("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\n\n3,\n").get()
        #expect(table.map(\.line) == [1, 2, 5])
        #expect(table.map(\.cells) == [["a", "b"], ["x, \"y\"", "two\nlines"], ["3", ""]])
        #expect(
            try RecordImport.csvTable("\u{FEFF}a\nb").get().map(\.cells) == [["a"], ["b"]], "a BOM is not a column name"
        )
        #expect(throws: RecordImport.Problem(line: 2, "a quoted value is not closed (a \" is missing)")) {
            try RecordImport.csvTable("a\n\"open\nstill").get()
        }
    }

    @Test func csvRowsAreValidatedLikeAnswers() {
        let result = records(
            """
            text,priority,done,due
            Buy milk,High,Complete,2026/11/21
            Call mum,,no,today

            """, .csv)
        #expect(problems(result) == [])
        guard case .success(let dated) = result else { return }
        let stored = dated.map(\.record)
        #expect(stored.count == 2)
        #expect(stored[0]["due"] == .date(CivilDate(iso: "2026-11-21")!), "a human date, stored as a date")
        #expect(stored[0]["done"] == .boolean(true), "the states word for yes")
        #expect(stored[1]["priority"] == .text("Medium"), "an empty cell takes the default")
        #expect(stored[1]["due"] == .date(DemoForms.today))
    }

    /// As a JSON file's: bytes that are not UTF-8 are a problem at their line, not U+FFFD in a value.
    @Test func aCSVThatIsNotUTF8IsAProblemAtItsLine() {
        let bytes = Array("text,priority\nBuy milk,High\n".utf8) + [0x61, 0xFF, 0x2C] + Array("Low\n".utf8)
        let result = RecordImport.records(bytes, format: .csv, context: Self.context)
        #expect(problems(result) == ["3: not valid UTF-8; save the file as UTF-8"])
    }

    @Test func everyProblemIsReportedAtItsRowsLine() {
        #expect(
            problems(
                records(
                    """
                    text,priority,due
                    ,Huge,2026-13-01
                    "fine",High,
                    "two
                    lines",Low,
                    ok,Low
                    """, .csv)) == [
                    "2: field 'text': required",
                    "2: field 'priority': must be one of: High, Medium, Low",
                    "2: field 'due': must be a real date; months go from 1 to 12",
                    "4: field 'text': must be one line",
                    "6: has 2 values; the header names 3 columns",
                ])
    }

    @Test func theHeaderNamesFieldsOnceAndStoreColumnsAreSkipped() {
        #expect(
            problems(records("text,priorty\nx,High\n", .csv)) == [
                "1: unknown field 'priorty'; did you mean 'priority'?"
            ])
        #expect(problems(records("text,text\nx,y\n", .csv)) == ["1: field 'text': is a column more than once"])
        #expect(problems(records("", .csv)) == ["1: no header row: the first line names the fields (like id1,id2)"])
        #expect(values(records("_id,_created,text\n7,2026-01-01T00:00:00Z,x\n", .csv)).map { $0["text"] } == ["x"])
    }

    @Test func exportedIdsGiveTheOrderOfStoringOldestFirst() {
        let exported = "_id,text\n9,newest\n3,oldest\n5,middle\n"
        #expect(values(records(exported, .csv)).map { $0["text"] } == ["oldest", "middle", "newest"])
        let handWritten = "text\nfirst\nsecond\n"
        #expect(values(records(handWritten, .csv)).map { $0["text"] } == ["first", "second"])
    }

    /// The order of storing found again in the bytes, over several chunks of the
    /// second pass: ids falling (an export) are read back a chunk at a time from
    /// the end, ids rising or missing in the file's order; only ids in no order
    /// keep every row's place. Each order is the one sorting by id gave.
    @Test func theOrderOfStoringIsFoundAgainWithoutHoldingTheRows() throws {
        let count = RecordImport.Plan.chunk * 2 + 300
        func csv(_ ids: [Int?]) -> String {
            // A blank line now and then, skipped by both passes.
            "_id,text\n"
                + ids.enumerated().map { index, id in
                    (index % 700 == 5 ? "\n" : "") + "\(id.map(String.init) ?? ""),r\(index)\n"
                }
                .joined()
        }
        func json(_ ids: [Int?]) -> String {
            "[\n"
                + ids.enumerated().map { index, id in "{\(id.map { "\"_id\": \($0), " } ?? "")\"text\": \"r\(index)\"}"
                }
                .joined(separator: ",\n") + "\n]\n"
        }
        func stored(_ text: String, _ format: RecordImport.Format) throws -> (texts: [String], holds: Bool) {
            let bytes = Array(text.utf8)
            return try bytes.withUnsafeBufferPointer { buffer in
                guard case .success(let plan) = RecordImport.plan(buffer, format: format, context: Self.context) else {
                    throw Unexpected()
                }
                var holds = false
                if case .sorted = plan.order { holds = true }
                let texts = plan.places(in: buffer).map { place -> String in
                    let record = RecordImport.record(at: place, of: plan, in: buffer, context: Self.context)?.record
                    guard case .text(let text)? = record?.values.first(where: { $0.id == "text" })?.value else {
                        return "?"
                    }
                    return text
                }
                #expect(texts.count == plan.count)
                return (texts, holds)
            }
        }
        let inFileOrder = (0..<count).map { "r\($0)" }
        for format in [RecordImport.Format.csv, .json] {
            let make = format == .csv ? csv : json
            let falling = try stored(make((0..<count).map { count - $0 }), format)
            #expect(falling.texts == inFileOrder.reversed(), "\(format): an export, newest first")
            #expect(!falling.holds)
            let rising = try stored(make((0..<count).map { $0 * 3 }), format)
            #expect(rising.texts == inFileOrder && !rising.holds, "\(format)")
            let missing = try stored(make((0..<count).map { $0 == 7 ? nil : count - $0 }), format)
            #expect(missing.texts == inFileOrder && !missing.holds, "\(format): an id missing keeps the file's order")
            // No order, with ties: by id, then by place in the file.
            let mixed = (0..<count).map { ($0 * 7919) % 1000 }
            let byID = mixed.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map {
                "r\($0.offset)"
            }
            let none = try stored(make(mixed), format)
            #expect(none.texts == byID && none.holds, "\(format)")
        }
        #expect(try stored(json([]), .json).texts == [])
        #expect(try stored("_id,text\n", .csv).texts == [])
    }

    struct Unexpected: Error {}

    // MARK: JSON

    @Test func jsonObjectsAreFoundWithTheLineTheyStartOn() throws {
        let objects = try RecordImport.jsonObjects(
            Array("[\n {\"a\": \"}{[\\\"\"},\n\n {\"b\": [1, {\"c\": 2}]}\n]\n".utf8)
        ).get()
        #expect(objects.map(\.line) == [2, 4])
        #expect(
            objects.map { String(decoding: $0.bytes, as: UTF8.self) } == [
                "{\"a\": \"}{[\\\"\"}", "{\"b\": [1, {\"c\": 2}]}",
            ])
        #expect(try RecordImport.jsonObjects(Array("[]".utf8)).get().isEmpty)
        // A rescue file: one object; rescue files put together: one after another.
        let rescued = try RecordImport.jsonObjects(Array("{\"text\": \"x\"}\n\n{\"text\": \"}\"}\n".utf8)).get()
        #expect(rescued.map(\.line) == [1, 3])
        #expect(
            rescued.map { String(decoding: $0.bytes, as: UTF8.self) } == ["{\"text\": \"x\"}", "{\"text\": \"}\"}"])
        func failure(_ text: String) -> String? {
            if case .failure(let problem) = RecordImport.jsonObjects(Array(text.utf8)) {
                problem.description
            } else {
                nil
            }
        }
        #expect(
            failure("\"x\"") == "1: expected a JSON array of records ([{...}, ...]), as records export writes, "
                + "or records one after another ({...}), as a rescue file holds")
        #expect(failure("{\"a\": 1}\n[]") == "2: expected another record ({...}) or the end of the file")
        #expect(failure("{\"a\": 1}\n{\"b\": [") == "2: this record is not closed (a } is missing)")
        #expect(failure("[\n  \"x\"\n]") == "2: each record must be a JSON object ({\"field\": value, ...})")
        #expect(failure("[{\"a\": 1}\n{\"b\": 2}]") == "2: expected , or ] after a record")
        #expect(failure("[{\"a\": [1}") == "1: this record is not closed (a } is missing)")
        #expect(failure("[{\"a\": 1}") == "1: the array is not closed (a ] is missing)")
        #expect(failure("[]\nx") == "2: text after the array's closing ]")
    }

    @Test func jsonRecordsAreReadAsAnswersAndExportedIdsOrderThem() {
        let exported = """
            [
              {"_id": 2, "_created": "2026-11-22T10:00:00Z", "text": "Call mum", "priority": "Low", "done": true, "due": null, "note": ""},
              {"_id": 1, "_created": "2026-11-21T10:00:00Z", "text": "Buy milk", "priority": "High", "done": false, "due": "2026-11-21", "note": ""}
            ]
            """
        let result = records(exported, .json)
        #expect(problems(result) == [])
        #expect(values(result).map { $0["text"] } == ["Buy milk", "Call mum"])
        #expect(
            problems(
                records(
                    """
                    [
                      {"text": "ok"},
                      {"text": "x", "colour": "red"},
                      {"text": "y",
                       "due": "2026/02/30", "done": "maybe"}
                    ]
                    """, .json)) == [
                    "3: unknown field 'colour'",
                    "4: field 'done': must be In progress or Complete (or yes or no)",
                    "4: field 'due': must be a real date; February 2026 has 28 days",
                ])
    }

    @Test func exportedIdsAreReadInEveryShape() throws {
        let cases: [(String, Int64?)] = [
            (#"{"_id":12,"text":"a"}"#, 12), (#"{"_id":7}"#, 7), (#"{ "_id" : 12 , "text":"a"}"#, 12),
            (#"{"text":"a","_id":3}"#, 3), (#"{"_id":1.5,"text":"a"}"#, nil), (#"{"_id":-4,"text":"a"}"#, -4),
            (#"{"_id":"12"}"#, nil), (#"{"text":"a"}"#, nil), (#"{"_id":99999999999999999999}"#, nil),
            (#"{"_id":5,"_id":6}"#, 5),
        ]
        for (object, id) in cases {
            var reader = JSONReader(Array(object.utf8))
            #expect(RecordImport.exportedID(in: try reader.readObjectMembers()) == id, "\(object)")
        }
    }

    // MARK: _created

    /// The times of the records' rows, as the store writes them (nil: now).
    func created(_ result: Result<[DatedRecord], RecordImport.Problems>) -> [String?] {
        guard case .success(let records) = result else { return [] }
        return records.map { $0.created.map(Timestamp.string(from:)) }
    }

    @Test func csvCreatedTimesAreKeptAndAnEmptyCellIsNow() {
        let result = records(
            """
            _id,_created,text
            3,2026-11-22T10:00:00.250Z,third
            2,,second
            1,2026-11-20T18:30:00+09:00,first

            """, .csv)
        #expect(problems(result) == [])
        #expect(values(result).map { $0["text"] } == ["first", "second", "third"], "still in the order of the ids")
        #expect(created(result) == ["2026-11-20T09:30:00.000Z", nil, "2026-11-22T10:00:00.250Z"])
        #expect(created(records("text\nno times\n", .csv)) == [nil], "a file without _created makes records now")
    }

    @Test func aBadCreatedTimeIsAProblemOfItsRowAndNothingIsImported() {
        #expect(
            problems(
                records(
                    """
                    _created,text
                    2026-02-30T10:00:00Z,a
                    yesterday,
                    2026-11-21T10:00:00Z,fine
                    2026-11-21 10:00:00,b
                    """, .csv)) == [
                    "2: field '_created': '2026-02-30T10:00:00Z' must be a real date; February 2026 has 28 days",
                    "3: field '_created': 'yesterday' is not a time; write it as records export does, in UTC like "
                        + "2026-11-21T09:30:00.123Z (or with its offset, like 2026-11-21T18:30:00+09:00)",
                    "3: field 'text': required",
                    "5: field '_created': '2026-11-21 10:00:00' is not a time; write it as records export does, in UTC like "
                        + "2026-11-21T09:30:00.123Z (or with its offset, like 2026-11-21T18:30:00+09:00)",
                ])
        #expect(
            problems(records("_created,text,_created\n,a,\n", .csv)) == [
                "1: field '_created': is a column more than once"
            ])
    }

    @Test func jsonCreatedTimesAreKeptNullIsNowAndOtherValuesAreProblems() {
        let result = records(
            """
            [
              {"_id":2,"_created":"2026-11-22T10:00:00.000Z","text":"b"},
              {"_id":1,"_created":null,"text":"a"}
            ]
            """, .json)
        #expect(problems(result) == [])
        #expect(created(result) == [nil, "2026-11-22T10:00:00.000Z"])
        #expect(
            problems(
                records(
                    """
                    [
                      {"_created":1763719800,"text":"a"},
                      {"_created":"2026-11-21T10:00:00Z","_created":"2026-11-21T11:00:00Z","text":"b"},
                      {"_created":"2026-11-21T25:00:00Z","text":"c"}
                    ]
                    """, .json)) == [
                    "2: field '_created': must be a time as text, like \"2026-11-21T09:30:00.123Z\" (as records export writes it)",
                    "3: field '_created': is given more than once",
                    "4: field '_created': '2026-11-21T25:00:00Z' is not a time of day; hours go from 00 to 23, minutes and seconds from 00 to 59",
                ])
    }

    // MARK: _token

    /// A rescue file's `_token` (the failed save's) reaches the store with its record, so a server
    /// that stored that save skips it; a record without one has none.
    @Test func aRescueFilesTokenIsKeptAndABadOneIsAProblem() {
        let token = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"
        let rescued = records(
            """
            {"_token":"\(token)","text":"Call mom"}
            {"text":"Buy milk"}
            """, .json)
        #expect(problems(rescued) == [])
        #expect(values(rescued).map { $0["text"] } == ["Call mom", "Buy milk"])
        #expect((try? rescued.get().map(\.token)) == [UUID(uuidString: token), nil])
        let csv = records("_token,text\n\(token),a\n,b\n", .csv)
        #expect((try? csv.get().map(\.token)) == [UUID(uuidString: token), nil])
        let shouldBe = "must be the token a rescue file gives, like \"1b4e28ba-2fa1-11d2-883f-0016d3cca427\""
        #expect(
            problems(
                records(
                    """
                    {"_token":"not-a-token","text":"a"}
                    {"_token":7,"text":"b"}
                    {"_token":"\(token)","_token":"\(token)","text":"c"}
                    """, .json)) == [
                    "1: field '_token': \(shouldBe)", "2: field '_token': \(shouldBe)",
                    "3: field '_token': is given more than once",
                ])
        #expect(problems(records("_token,text\nx,a\n", .csv)) == ["2: field '_token': \(shouldBe)"])
    }

    @Test func stdinIsJsonWhenItStartsWithABracket() {
        #expect(RecordImport.guessFormat(Array(" \n[{}]".utf8)) == .json)
        #expect(RecordImport.guessFormat(Array("text\n[x]".utf8)) == .csv)
        #expect(RecordImport.guessFormat([]) == .csv)
    }
}
