// keyform-store-stress: a helper for KeyformStore's multi-process tests.
//
//   keyform-store-stress save DB COUNT TAG   open DB and save COUNT records {tag: TAG, n: 0..<COUNT},
//                                            one transaction each; after each commit, its n on a
//                                            line of stdout (so a test that kills the process knows
//                                            which records were committed)
//   keyform-store-stress open DB             open DB and close it
//
// Exit 0 on success; on a StoreError, its message on stderr and exit 1; bad usage exits 2.
import Foundation
import KeyformCore
import KeyformStore

let form = Form(name: "stress", pages: [.init(fields: [Field(id: "tag"), Field(id: "n", type: .integer)])])
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

do {
    switch (arguments.first, arguments.count) {
    case ("save", 4):
        guard let count = Int(arguments[2]) else { fail("COUNT must be a number", status: 2) }
        let database = try AppDatabase.open(path: arguments[1])
        for n in 0..<count {
            try database.saveRecord(Record(form: form, values: ["tag": .text(arguments[3]), "n": .integer(n)]), form: form)
            FileHandle.standardOutput.write(Data("\(n)\n".utf8))
        }
    case ("open", 2):
        _ = try AppDatabase.open(path: arguments[1])
    default:
        fail("usage: keyform-store-stress save DB COUNT TAG | open DB", status: 2)
    }
} catch {
    fail(error.description, status: 1)
}
