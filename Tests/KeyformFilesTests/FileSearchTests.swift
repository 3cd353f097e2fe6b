import Foundation
import KeyformCore
import Testing

@testable import KeyformFiles

/// A temporary folder standing in for the current folder, with its own
/// environment: nothing here changes the test process's folder or environment.
struct Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-files-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` at `path` (relative to the root), making its folders.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func search(_ environment: [String: String] = [:]) -> FileSearch {
        FileSearch(currentDirectory: root.path, environment: environment)
    }

    /// A form with one field whose layout is `layout`.
    static func form(named name: String, layout: String? = nil) -> String {
        """
        title: \(name)
        name: \(name)
        fields:
          - id: level
            label: Level
        \(layout.map { "    layout: \($0)" } ?? "")

        """
    }

    /// A one-key layout whose title says where it was found.
    static func layout(_ title: String) -> String { "title: \(title)\nrows:\n  - [One]\n" }
}

// MARK: - Forms: paths and names, search order, $KEYFORM_FORMS

@Suite struct FormSearchTests {
    @Test func aNameIsFoundInFormsThenDemoThenEachFolderOfKeyformForms() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = ["KEYFORM_FORMS": "\(box.root.path)/first:\(box.root.path)/second"]
        try box.write("second/log.yaml", Sandbox.form(named: "log"))
        #expect(FormFiles.locate("log", in: box.search(env)) == "\(box.root.path)/second/log.yaml")
        try box.write("first/log.yaml", Sandbox.form(named: "log"))
        #expect(
            FormFiles.locate("log", in: box.search(env)) == "\(box.root.path)/first/log.yaml",
            "earlier folders of $KEYFORM_FORMS first")
        try box.write("demo/log.yaml", Sandbox.form(named: "log"))
        #expect(FormFiles.locate("log", in: box.search(env)) == "demo/log.yaml", "demo/ before $KEYFORM_FORMS")
        try box.write("forms/log.yaml", Sandbox.form(named: "log"))
        #expect(FormFiles.locate("log", in: box.search(env)) == "forms/log.yaml", "forms/ first")
        #expect(
            FormFiles.searchedPlaces(for: "log", in: box.search(env))
                == "forms/log.yaml, demo/log.yaml, \(box.root.path)/first/log.yaml, \(box.root.path)/second/log.yaml")
    }

    @Test func emptyEntriesOfKeyformFormsAreSkipped() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("extra/log.yaml", Sandbox.form(named: "log"))
        let search = box.search(["KEYFORM_FORMS": "::extra:"])
        #expect(FormFiles.locate("log", in: search) == "extra/log.yaml")
        #expect(FormFiles.searchedPlaces(for: "log", in: search) == "forms/log.yaml, demo/log.yaml, extra/log.yaml")
    }

    @Test func aPathIsUsedAsItIsAndNeverSearched() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("forms/log.yaml", Sandbox.form(named: "log"))
        try box.write("here/other.yml", Sandbox.form(named: "other"))
        let search = box.search()
        // A name with .yaml, .yml or a slash is a path, relative to the current folder.
        #expect(FormFiles.locate("log.yaml", in: search) == nil, "log.yaml is a path here, not the name log")
        #expect(FormFiles.locate("forms/log.yaml", in: search) == "forms/log.yaml")
        #expect(FormFiles.locate("here/other.yml", in: search) == "here/other.yml")
        #expect(FormFiles.locate("\(box.root.path)/forms/log.yaml", in: search) == "\(box.root.path)/forms/log.yaml")
        #expect(FormFiles.locate("./log", in: search) == nil)
    }

    @Test func aNameFoundNowhereIsNil() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(FormFiles.locate("missing", in: box.search()) == nil)
        #expect(FormFiles.locate("missing", in: box.search(["KEYFORM_FORMS": box.root.path])) == nil)
        #expect(FormFiles.locate("forms/missing.yaml", in: box.search()) == nil)
    }
}

// MARK: - Loading a form with its layouts

@Suite struct FormLoadingTests {
    @Test func aLayoutIsFoundBesideTheFormThenInLayoutsThenKeyformLayoutsThenShipped() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let form = try box.write("app/log.yaml", Sandbox.form(named: "log", layout: "priority"))
        let env = ["KEYFORM_LAYOUTS": "\(box.root.path)/extra"]
        func title() throws -> String? {
            let (loaded, diagnostics) = FormFiles.load(path: form, in: box.search(env))
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.diagnostic.message))")
            return try #require(loaded?.layouts["priority"]).title
        }
        #expect(try title() == "Priority", "the shipped layout last")
        try box.write("extra/priority.yaml", Sandbox.layout("from KEYFORM_LAYOUTS"))
        #expect(try title() == "from KEYFORM_LAYOUTS")
        try box.write("Layouts/priority.yaml", Sandbox.layout("from ./Layouts"))
        #expect(try title() == "from ./Layouts")
        try box.write("app/Layouts/priority.yaml", Sandbox.layout("beside the form"))
        #expect(try title() == "beside the form")
    }

    @Test func layoutsReachedByActionLayoutAreLoadedToo() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("Layouts/words.yaml", "rows:\n  - [Yes, {label: Digits, action: layout, to: digits}]\n")
        try box.write("Layouts/digits.yaml", "rows:\n  - [\"1\", {label: Words, action: layout, to: words}]\n")
        let form = try box.write("log.yaml", Sandbox.form(named: "log", layout: "words"))
        let (loaded, diagnostics) = FormFiles.load(path: form, in: box.search())
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.diagnostic.message))")
        #expect(Set(try #require(loaded).layouts.keys) == ["words", "digits"])
    }

    @Test func aMissingFileIsOneErrorAtItsPath() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let (loaded, diagnostics) = FormFiles.load(path: "nowhere.yaml", in: box.search())
        #expect(loaded == nil)
        #expect(diagnostics.map(\.path) == ["nowhere.yaml"])
        #expect(diagnostics.map(\.diagnostic.message) == ["no such file"])
    }

    @Test func aRelativePathIsReadFromTheSearchsFolder() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("forms/log.yaml", Sandbox.form(named: "log", layout: "priority"))
        let (loaded, diagnostics) = FormFiles.load(path: "forms/log.yaml", in: box.search())
        #expect(diagnostics.isEmpty)
        #expect(loaded?.form.name == "log")
        #expect(loaded?.path == "forms/log.yaml")
    }

    @Test func anUnknownLayoutIsAnErrorThatSuggestsACloseName() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let form = try box.write("log.yaml", Sandbox.form(named: "log", layout: "priorty"))
        let (loaded, diagnostics) = FormFiles.load(path: form, in: box.search())
        #expect(loaded == nil)
        let messages = diagnostics.map(\.diagnostic.message).joined(separator: "\n")
        #expect(messages.contains("priorty"), "\(messages)")
        #expect(messages.contains("priority"), "a suggestion: \(messages)")
    }

    @Test func aBrokenLayoutIsReportedAtTheLayoutsOwnPath() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("Layouts/bad.yaml", "rows:\n  - [{label: X, action: jump}]\n")
        let form = try box.write("log.yaml", Sandbox.form(named: "log", layout: "bad"))
        let (loaded, diagnostics) = FormFiles.load(path: form, in: box.search())
        #expect(loaded == nil)
        let bad = diagnostics.filter { $0.path == "Layouts/bad.yaml" }
        #expect(
            bad.map(\.diagnostic.message).contains { $0.hasPrefix("unknown action 'jump'") },
            "\(diagnostics.map { "\($0.path): \($0.diagnostic.message)" })")
    }

    @Test func aFileOverOneMebibyteIsRefusedWithoutReadingItWhole() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path = try box.write("huge.yaml", "title: x\n" + String(repeating: "#", count: 2 << 20))
        #expect(try SourceFiles.read(path).count == (1 << 20) + 1)
        let (loaded, diagnostics) = FormFiles.load(path: path, in: box.search())
        #expect(loaded == nil)
        #expect(!diagnostics.isEmpty)
    }
}

// MARK: - Layouts by name or path

@Suite struct LayoutSearchTests {
    @Test func aPathEndingInYamlIsUsedAsIt() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("mine/priority.yaml", Sandbox.layout("mine"))
        let files = LayoutFiles(in: box.search())
        let loaded = try #require(files.load("mine/priority.yaml"))
        #expect(loaded.origin == "mine/priority.yaml", "shown relative to the current folder")
        #expect(loaded.parsed.value?.title == "mine")
        #expect(files.load("mine/nothing.yaml") == nil)
    }

    @Test func aShippedLayoutIsFoundByNameAndSaysSo() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let loaded = try #require(LayoutFiles(in: box.search()).load("priority"))
        #expect(loaded.origin == "shipped:priority")
        #expect(loaded.parsed.value?.title == "Priority")
        #expect(LayoutFiles(in: box.search()).load("no-such-layout") == nil)
        #expect(!LayoutFiles(in: box.search()).exists("no-such-layout"))
    }

    @Test func keyformLayoutsFoldersAreSearchedInOrderBeforeShippedOnes() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("b/priority.yaml", Sandbox.layout("b"))
        try box.write("a/priority.yaml", Sandbox.layout("a"))
        let files = LayoutFiles(in: box.search(["KEYFORM_LAYOUTS": "a:b"]))
        #expect(files.load("priority")?.parsed.value?.title == "a")
        #expect(files.load("priority")?.origin == "a/priority.yaml")
        let onlyB = LayoutFiles(in: box.search(["KEYFORM_LAYOUTS": ":b"]))
        #expect(onlyB.load("priority")?.parsed.value?.title == "b")
    }

    @Test func aLayoutFileTurnsToLayoutsBesideIt() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("set/digits.yaml", "rows:\n  - [\"1\"]\n")
        let parsed = LayoutFiles(in: box.search()).parse(
            Array("rows:\n  - [{label: D, action: layout, to: digits}]\n".utf8),
            folder: box.root.appendingPathComponent("set").path)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        let elsewhere = LayoutFiles(in: box.search()).parse(
            Array("rows:\n  - [{label: D, action: layout, to: digits}]\n".utf8),
            folder: box.root.path)
        #expect(
            elsewhere.diagnostics.contains { $0.message.contains("digits") }, "\(elsewhere.diagnostics.map(\.message))")
    }

    @Test func anUnreadableFileSaysWhy() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(throws: SourceFiles.ReadFailure.self) {
            try SourceFiles.read(box.root.appendingPathComponent("none.yaml").path)
        }
        let path = try box.write("secret.yaml", "rows: [[x]]\n")
        chmod(path, 0)
        defer { chmod(path, 0o600) }
        if geteuid() != 0 {
            #expect(throws: SourceFiles.ReadFailure.self) { try SourceFiles.read(path) }
            do { _ = try SourceFiles.read(path) } catch {
                #expect("\(error)" == "cannot read the file (permission denied?)")
            }
        }
    }

    @Test func onlyAFifoIsOpenedAsAPipe() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(SourceFiles.openPipe(try box.write("rows.csv", "Text\nmilk\n")) == nil, "a file is mapped, not a pipe")
        #expect(SourceFiles.openPipe(box.root.path) == nil, "a folder")
        #expect(SourceFiles.openPipe(box.root.appendingPathComponent("none.csv").path) == nil, "nothing there")
        let fifo = box.root.appendingPathComponent("rows.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer first (O_RDWR never waits), so the reader's open does not wait for one.
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }
        let reader = try #require(SourceFiles.openPipe(fifo))
        defer { close(reader) }
        #expect(write(writer, "ok", 2) == 2)
        var got = [UInt8](repeating: 0, count: 2)
        #expect(read(reader, &got, 2) == 2)
        #expect(got == Array("ok".utf8), "what the writer wrote is read from the opened pipe")
    }
}

// MARK: - The per-user folder ($XDG_CONFIG_HOME/keyform, else ~/.config/keyform)

@Suite struct PerUserFolderTests {
    @Test func theUserFolderIsAnAbsoluteXdgConfigHomeElseHomeDotConfig() {
        func folder(_ environment: [String: String]) -> String? {
            FileSearch(currentDirectory: "/here", environment: environment).userFolder
        }
        #expect(folder(["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ann"]) == "/cfg/keyform")
        #expect(
            folder(["XDG_CONFIG_HOME": "relative/cfg", "HOME": "/home/ann"]) == "/home/ann/.config/keyform",
            "a relative XDG_CONFIG_HOME is ignored, as the XDG spec says")
        #expect(folder(["XDG_CONFIG_HOME": "", "HOME": "/home/ann"]) == "/home/ann/.config/keyform")
        #expect(folder(["HOME": "/home/ann"]) == "/home/ann/.config/keyform")
        #expect(folder([:]) == nil)
        #expect(FileSearch(currentDirectory: "/", environment: ["HOME": "/h"]).userForms == "/h/.config/keyform/forms")
        #expect(
            FileSearch(currentDirectory: "/", environment: ["HOME": "/h"]).userLayouts == "/h/.config/keyform/layouts")
    }

    @Test func aFormInTheUserFolderRunsFromAnyFolderAfterTheOthers() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let config = "\(box.root.path)/config"
        let env = ["XDG_CONFIG_HOME": config, "KEYFORM_FORMS": "\(box.root.path)/shared"]
        try box.write("config/keyform/forms/log.yaml", Sandbox.form(named: "log"))
        #expect(FormFiles.locate("log", in: box.search(env)) == "\(config)/keyform/forms/log.yaml")
        #expect(
            FormFiles.searchedPlaces(for: "log", in: box.search(env))
                == "forms/log.yaml, demo/log.yaml, \(box.root.path)/shared/log.yaml, \(config)/keyform/forms/log.yaml")
        try box.write("shared/log.yaml", Sandbox.form(named: "log"))
        #expect(
            FormFiles.locate("log", in: box.search(env)) == "\(box.root.path)/shared/log.yaml",
            "$KEYFORM_FORMS before the user folder")
        try box.write("forms/log.yaml", Sandbox.form(named: "log"))
        #expect(FormFiles.locate("log", in: box.search(env)) == "forms/log.yaml", "the current folder first")
    }

    @Test func aLayoutInTheUserFolderComesAfterKeyformLayoutsAndBeforeShippedOnes() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = ["HOME": "\(box.root.path)/home", "KEYFORM_LAYOUTS": "\(box.root.path)/extra"]
        #expect(LayoutFiles(in: box.search(env)).load("priority")?.origin == "shipped:priority")
        try box.write("home/.config/keyform/layouts/priority.yaml", Sandbox.layout("mine"))
        #expect(
            LayoutFiles(in: box.search(env)).load("priority")?.parsed.value?.title == "mine", "before the shipped one")
        #expect(
            LayoutFiles(in: box.search(env)).load("priority")?.origin == "home/.config/keyform/layouts/priority.yaml")
        try box.write("extra/priority.yaml", Sandbox.layout("extra"))
        #expect(
            LayoutFiles(in: box.search(env)).load("priority")?.parsed.value?.title == "extra", "$KEYFORM_LAYOUTS first")
    }

    @Test func aFormInTheUserFolderFindsItsLayoutsInTheUserFolder() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = ["XDG_CONFIG_HOME": "\(box.root.path)/cfg"]
        try box.write("cfg/keyform/forms/log.yaml", Sandbox.form(named: "log", layout: "moods"))
        try box.write("cfg/keyform/layouts/moods.yaml", Sandbox.layout("moods"))
        let path = try #require(FormFiles.locate("log", in: box.search(env)))
        let loaded = FormFiles.load(path: path, in: box.search(env))
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.diagnostic.message))")
        #expect(loaded.form?.layouts["moods"]?.title == "moods")
    }
}

// MARK: - Listing what names find (`form list`, `layout list`)

@Suite struct AvailableFilesTests {
    @Test func formsAreListedInSearchOrderEachHiddenOneSayingByWhich() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = ["XDG_CONFIG_HOME": "\(box.root.path)/cfg"]
        try box.write("cfg/keyform/forms/todo.yaml", Sandbox.form(named: "todo"))
        try box.write("cfg/keyform/forms/mine.yaml", Sandbox.form(named: "mine"))
        try box.write("demo/todo.yaml", Sandbox.form(named: "todo"))
        try box.write("demo/todo.test.yaml", "form: todo\n")
        try box.write("demo/notes.txt", "not a form")
        try FileManager.default.createDirectory(
            atPath: "\(box.root.path)/demo/folder.yaml", withIntermediateDirectories: true)
        let user = "\(box.root.path)/cfg/keyform/forms"
        #expect(
            FormFiles.available(in: box.search(env)) == [
                .init(name: "todo", path: "demo/todo.yaml", hiddenBy: nil),
                .init(name: "mine", path: "\(user)/mine.yaml", hiddenBy: nil),
                .init(name: "todo", path: "\(user)/todo.yaml", hiddenBy: "demo/todo.yaml"),
            ])
    }

    @Test func layoutsAreListedFromFoldersThenShippedOnes() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("Layouts/priority.yaml", Sandbox.layout("mine"))
        try box.write("Layouts/moods.yaml", Sandbox.layout("moods"))
        let found = LayoutFiles(in: box.search()).available()
        #expect(
            Array(found.prefix(2)) == [
                .init(name: "moods", origin: "Layouts/moods.yaml", hiddenBy: nil),
                .init(name: "priority", origin: "Layouts/priority.yaml", hiddenBy: nil),
            ])
        #expect(found.dropFirst(2).map(\.name) == ShippedLayouts.names)
        #expect(found.first { $0.origin == "shipped:priority" }?.hiddenBy == "Layouts/priority.yaml")
        #expect(found.first { $0.origin == "shipped:yes-no" }?.hiddenBy == nil)
    }
}
