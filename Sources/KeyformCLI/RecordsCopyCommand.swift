import ArgumentParser
import Foundation
import KeyformCore
import KeyformRun
import KeyformStore

/// `keyform records copy --from LOCATION --to LOCATION [FORM…]`: records moved
/// between stores as they were (`RecordCopy`), none doubled on a second run.
struct RecordsCopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy records from one store to another, keeping their times and authors.",
        discussion: """
            --from and --to name stores as --db does: a file's path, sqlite:PATH or a postgres:// URL. Every \
            form with records in the first is copied, or only the FORMs named (stored \
            names, as records list reads them, no form file needed). Each record keeps its \
            _created, _updated and author, and gets a new id. A record the second store \
            already holds (the same form, created time, author and values) is not copied \
            again: copying twice, or back, doubles nothing. The second store is made when \
            it does not exist. Each form is copied in one transaction, and one line on \
            stderr says how many records were copied.

            Exit status: 0 copied (or nothing to copy), 1 a store failed (forms copied \
            before it stay copied: run it again), 2 bad usage, a form the first store has \
            no records of, both options naming the same store, or a config with errors.
            """
    )

    @Option(help: "The store to copy from (it must exist).")
    var from: String

    @Option(help: "The store to copy into (made when it does not exist).")
    var to: String

    @Argument(help: "Stored form names (default: every form with records in --from).")
    var forms: [String] = []

    func run() throws {
        let settings = try Settings.load()  // a broken config stops the command before anything else
        let author = StoreAuthor.resolve(flag: nil, configured: settings.author)
        let (source, target) = (try Self.location(from), try Self.location(to))
        if Self.same(source, target) {
            throw Failure(.copySameStore(source.description))
        }
        let reading: any RecordStore
        do {
            reading = try StoreOpener.open(source, for: .reading, author: author)
        } catch {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
        let held: [String]
        do { held = try reading.formNames() } catch { throw Failure(message: Speaking.describe(error), status: 1) }
        for name in forms where !held.contains(name) {
            let close = Suggestion.closest(to: name, among: held)
            throw Failure(.copyNoSuchForm(store: source.description, form: name, suggestion: close))
        }
        let writing: any RecordStore
        do {
            writing = try StoreOpener.open(target, for: .writing, author: author)
        } catch {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
        let copied: [RecordCopy.Copied]
        do {
            copied = try RecordCopy.copy(from: reading, to: writing, forms: forms.isEmpty ? held : forms)
        } catch {
            throw Failure(
                .copyFailed(from: source.description, to: target.description, reason: Speaking.describe(error)),
                status: 1)
        }
        Output.error(Self.summary(copied, from: source, to: target))
    }

    /// "copied 3 records from A to B (todo 2, swim 1); 4 already there": one line.
    static func summary(_ copied: [RecordCopy.Copied], from source: StoreLocation, to target: StoreLocation) -> String {
        let count = copied.reduce(0) { $0 + $1.copied }
        let present = copied.reduce(0) { $0 + $1.present }
        let parts = copied.filter { $0.copied > 0 }.map { "\($0.form) \($0.copied)" }
        return Speaking.language.text(
            .copiedRecords(count, from: source.description, to: target.description, forms: parts, present: present))
    }

    private static func location(_ text: String) throws -> StoreLocation {
        do {
            let location = try StoreLocation(text)
            try StoreOpener.checkSupported(location)
            return location
        } catch {
            throw Failure(message: Speaking.describe(error))
        }
    }

    /// Two names of one file (a relative and an absolute path, a link) are the same store.
    private static func same(_ a: StoreLocation, _ b: StoreLocation) -> Bool {
        switch (a, b) {
        case (.file(let x), .file(let y)):
            let resolve = { (path: String) in
                URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            }
            return x != ":memory:" && resolve(x) == resolve(y)
        default:
            return a == b
        }
    }
}
