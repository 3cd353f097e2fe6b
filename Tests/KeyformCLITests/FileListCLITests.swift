import Foundation
import Testing

/// `keyform form list`, `keyform layout list`, the per-user folder and shell
/// completion of names, run as a person would from a folder of their own.
@Suite struct FileListCLITests {
    /// A current folder and a per-user folder, both temporary; no `KEYFORM_*` folders.
    struct Place {
        let root: URL
        /// Variables of this test's own, over the place's.
        var more: [String: String] = [:]
        var environment: [String: String] {
            ["XDG_CONFIG_HOME": root.appendingPathComponent("cfg").path, "KEYFORM_FORMS": "", "KEYFORM_LAYOUTS": ""]
                .merging(more) { $1 }
        }
        var user: String { root.appendingPathComponent("cfg/keyform").path }

        init() throws { root = try CLIRunner.temporaryFolder() }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String], stdin: String? = nil) throws -> CLIRunner.Result {
            try CLIRunner.run(
                arguments, stdin: stdin, in: root.appendingPathComponent("here"), environment: environment)
        }
    }

    static let todo = try! String(
        contentsOf: CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml"), encoding: .utf8)

    @Test func aFormInThePerUserFolderRunsFromAnyFolderAndIsListed() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.write("cfg/keyform/forms/todo.yaml", Self.todo)
        try place.write(
            "here/forms/todo.yaml", Self.todo.replacingOccurrences(of: "title: New To-Do", with: "title: Here"))
        try place.write("here/forms/mine.test.yaml", "form: todo\ntests: []\n")

        let run = try place.run(["run", "todo", "--no-store", "--answers", "-"], stdin: #"{"text": "Buy milk"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Buy milk"))

        let list = try place.run(["form", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout == """
                todo  forms/todo.yaml
                todo  \(place.user)/forms/todo.yaml  (hidden by forms/todo.yaml)

                """)
        // In Japanese the note beside a hidden file is Japanese; names and paths are the files' own.
        var japanese = place
        japanese.more["KEYFORM_LANG"] = "ja"
        #expect(
            try japanese.run(["form", "list"]).stdout == """
                todo  forms/todo.yaml
                todo  \(place.user)/forms/todo.yaml  （forms/todo.yaml が優先）

                """)
    }

    @Test func aNameFoundNowhereSaysEveryPlaceLookedInTheUserFolderToo() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try FileManager.default.createDirectory(
            at: place.root.appendingPathComponent("here"), withIntermediateDirectories: true)
        let run = try place.run(["run", "nothing", "--no-store", "--answers", "-"], stdin: "{}")
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("looked in: forms/nothing.yaml, demo/nothing.yaml, \(place.user)/forms/nothing.yaml"),
            "\(run.stderr)")
    }

    @Test func layoutListShowsPerUserLayoutsBeforeShippedOnes() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.write("cfg/keyform/layouts/priority.yaml", "title: Mine\nrows:\n  - [Now, Later]\n")
        try FileManager.default.createDirectory(
            at: place.root.appendingPathComponent("here"), withIntermediateDirectories: true)
        let list = try place.run(["layout", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "priority           \(place.user)/layouts/priority.yaml")
        #expect(lines.contains("priority           shipped:priority  (hidden by \(place.user)/layouts/priority.yaml)"))
        #expect(lines.contains("yes-no             shipped:yes-no"))
        let preview = try place.run(["layout", "preview", "priority"])
        #expect(preview.stdout.contains("Later"), "the per-user layout is the one a name finds")
    }

    /// `form check NAME` checks the form that `keyform run NAME` runs (its problems
    /// at that file's path); `form fmt` and `layout check` take paths, and a name
    /// that finds a file is an error (exit 2) which says where that file is.
    @Test func aNameGivenForAPathSaysWhereItsFileIs() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.write("cfg/keyform/forms/todo.yaml", Self.todo)
        try place.write("cfg/keyform/forms/broken.yaml", "fields:\n  - id: due\n    type: dat\n")
        try place.write("cfg/keyform/layouts/mood.yaml", "rows:\n  - [Calm, Tense]\n")
        try place.write("here/notes.txt", "the current folder\n")
        let form = try place.run(["form", "check", "todo"])
        #expect(form.status == 0, "\(form.stderr)")
        #expect(form.stderr == "")
        let broken = try place.run(["form", "check", "broken"])
        #expect(broken.status == 1)
        #expect(
            broken.stderr == "\(place.user)/forms/broken.yaml:3:11: error: unknown type 'dat'; did you mean 'date'?\n")
        let formatting = try place.run(["form", "fmt", "--check", "todo"])
        #expect(formatting.status == 2)
        #expect(
            formatting.stderr
                == "keyform: no such file or folder: todo; the form 'todo' is \(place.user)/forms/todo.yaml: give that path\n"
        )
        let layout = try place.run(["layout", "check", "mood"])
        #expect(layout.status == 2)
        #expect(
            layout.stderr
                == "keyform: no such file or folder: mood; the layout 'mood' is \(place.user)/layouts/mood.yaml: give that path\n"
        )
        let shipped = try place.run(["layout", "fmt", "--check", "priority"])
        #expect(
            shipped.stderr
                == "keyform: no such file or folder: priority; 'priority' is a layout shipped with Keyform, not a file (keyform layout preview priority draws it)\n"
        )
        let nothing = try place.run(["form", "check", "nowhere"])
        #expect(nothing.stderr == "keyform: no such file or folder: nowhere\n")
    }

    /// bash passes it: the subcommand, the argument, the word index, the cursor, the words.
    @Test func completionOffersFormNamesLayoutNamesAndWhereFields() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.write("cfg/keyform/forms/todo.yaml", Self.todo)
        try place.write(
            "here/forms/errand.yaml", "name: errand\nfields:\n  - id: place\n  - id: when_due\n    type: date\n")
        func complete(_ words: [String], _ command: [String], _ argument: String) throws -> [String] {
            let arguments =
                ["---completion"] + command + ["--", argument, "\(words.count - 1)", "\(words.last?.count ?? 0)"]
                + words
            let result = try place.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        // The names, then the paths from the folder the shell is in (its one folder, forms/, opened).
        #expect(
            try complete(["keyform", "run", ""], ["run"], "positional@0") == ["errand", "todo", "forms/errand.yaml"])
        #expect(
            try complete(["keyform", "records", "list", "errand", "--where", ""], ["records", "list"], "--where")
                == ["place=", "when_due="])
        #expect(
            try complete(["keyform", "browse", "--where", "p", "todo", "--where", ""], ["browse"], "--where")
                == ["text=", "priority=", "done=", "due=", "note="])
        #expect(
            try complete(["keyform", "layout", "preview", ""], ["layout", "preview"], "positional@0").contains("yes-no")
        )
    }
}
