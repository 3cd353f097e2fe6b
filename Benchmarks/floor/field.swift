// The floor of a one-field form: a static Swift program linking Foundation, GNU
// readline and SQLite that does only what `keyform run` of Benchmarks/forms/text.yaml
// must do, and nothing of Keyform's own. It takes over the terminal's screen (the
// alternate screen, cleared), draws the title, the field's label and a footer, and
// lets readline read the line on the terminal (one byte written a typed key, as
// Keyform's field); Enter prints the line on standard output.
//
// With KEYFORM_DB set it also does the store's part, where Keyform does it: before
// the frame the file is opened for reading if it exists and asked one question (the
// draft to offer), after it the file is opened for writing (WAL, its table made),
// and at Enter the record is stored in one transaction.
//
//   sh Benchmarks/floor/build.sh   (all the floors, linked as keyform is)
import CFloor
import Foundation

let tty = fopen("/dev/tty", "r+")!
func draw(_ text: String) {
    fputs(text, tty)
    fflush(tty)
}

let store = ProcessInfo.processInfo.environment["KEYFORM_DB"]
if let path = store, access(path, F_OK) == 0 {
    var reader: OpaquePointer?
    if sqlite3_open_v2(path, &reader, SQLITE_OPEN_READONLY, nil) == SQLITE_OK {
        sqlite3_exec(reader, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
    }
    sqlite3_close(reader)
}

draw("\u{1B}[?1049h\u{1B}[H\u{1B}[2JBench text\r\n\r\n\u{1B}[24;1H\u{1B}[2mEnter Done · Ctrl-C quit\u{1B}[m\u{1B}[3;1H")

var writer: OpaquePointer?
if let path = store, sqlite3_open_v2(path, &writer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK {
    sqlite3_exec(
        writer, "PRAGMA journal_mode=WAL; CREATE TABLE IF NOT EXISTS record(id INTEGER PRIMARY KEY, body TEXT)", nil,
        nil, nil)
}

rl_instream = stdin
rl_outstream = tty
let line = readline("Name: ").map { String(cString: $0) } ?? ""
draw("\u{1B}[?1049l")
if let writer {
    var insert: OpaquePointer?
    sqlite3_exec(writer, "BEGIN", nil, nil, nil)
    sqlite3_prepare_v2(writer, "INSERT INTO record(body) VALUES (?)", -1, &insert, nil)
    sqlite3_bind_text(insert, 1, line, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    sqlite3_step(insert)
    sqlite3_finalize(insert)
    sqlite3_exec(writer, "COMMIT", nil, nil, nil)
    sqlite3_close(writer)
}
FileHandle.standardOutput.write(line.data(using: .utf8)!)
