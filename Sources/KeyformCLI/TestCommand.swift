import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformTerminal

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run key-script tests of forms and layouts, headless.",
        discussion: """
            Runs NAME.test.yaml files (a folder: every such file under it) against the real \
            engine, GNU readline included, on a virtual 80x24 screen. Prints one line per \
            test and 'N passed, N failed'; exits 1 if any failed, 2 if a file is invalid or \
            there are no test files to run.
            """
    )

    @Argument(
        help: "Test files, or folders holding *.test.yaml files.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Flag(
        help:
            "Run the forms' choices commands (once, before the keys); otherwise their keys are a test file's 'choices:', or none."
    )
    var runCommands = false

    func run() throws {
        // ArgumentParser calls run() on the main thread; readline must live there.
        try MainActor.assumeIsolated { try runTests() }
    }

    @MainActor
    private func runTests() throws {
        // A file given is run as it is; a folder runs the NAME.test.yaml files under it (the forms beside them are no tests).
        let files = try SourceFiles.expand(paths, skipping: { !SourceFiles.isTestFile($0) })
        // Nothing to run is a mistake (a wrong folder), not a pass: a CI step must not go green on it.
        guard !files.isEmpty else {
            throw Failure(.noTestFiles(paths.map(TerminalSafe.escaped)))
        }
        var passed = 0, failed = 0, invalid = false
        for path in files {
            guard let suite = load(path) else { invalid = true; continue }
            for test in suite.file.tests {
                let problems = run(test, in: suite)
                if problems.isEmpty {
                    passed += 1
                    try Output.report("PASS \(path): \(test.name)\n")
                } else {
                    failed += 1
                    try Output.report(
                        "FAIL \(path):\(test.location.line): \(test.name)\n" + problems.map { "     \($0)\n" }.joined())
                }
            }
        }
        try Output.report(Speaking.language.text(.testSummary(passed: passed, failed: failed)) + "\n")
        if invalid { throw ExitCode(2) }
        if failed > 0 { throw ExitCode(1) }
    }

    private struct Suite {
        var file: FormTestFile
        var context: FormContext
    }

    /// The test file and the form it tests, or nil after reporting why not.
    private func load(_ path: String) -> Suite? {
        let parsed: Parsed<FormTestFile>
        do {
            parsed = FormTestFile.parse(bytes: try SourceFiles.read(path))
        } catch {
            Output.error(Diagnostic.error(.start, Self.said(error)).formatted(path: path, in: Speaking.language))
            return nil
        }
        parsed.diagnostics.forEach { Output.error($0.formatted(path: path, in: Speaking.language)) }
        guard let file = parsed.value else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let form: Form
        var layouts: [String: Layout]
        switch file.target {
        case .form(let relative):
            let formPath = relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
            let (loaded, diagnostics) = FormFiles.load(path: formPath)
            FormFiles.reportErrors(diagnostics)
            guard let loaded else { return nil }
            // Prepared below as a run prepares it (keys written in the form; nothing stored here).
            (form, layouts) = (loaded.form, loaded.layouts)
        case .layout(let name):
            var set = LayoutSet(files: LayoutFiles(formFolder: folder.isEmpty ? "." : folder))
            let availability = set.availability(name)
            set.loadLinkedLayouts()
            FormFiles.reportErrors(set.diagnostics)
            guard case .found(let layout) = availability else {
                if case .missing = availability {
                    Output.error(
                        Diagnostic.error(file.targetLocation, set.files.resolver.notFoundMessage(for: name)).formatted(
                            path: path, in: Speaking.language))
                }
                return nil
            }
            form = Self.oneFieldForm(around: layout, named: name)
            layouts = set.parsed
        }
        // Files beside the form are read; commands run only when asked; a test file's lines win.
        var lines: [String: ChoiceLines] = [:]
        if case .form(let relative) = file.target {
            lines = ChoiceFiles.read(
                form, formPath: relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative)
        }
        for (id, given) in file.choices { lines[id] = .keys(given) }
        do {
            var context = try FormContext.prepared(form, layouts: layouts, clock: .now(), lines: lines)
            if runCommands {
                let ran = ChoiceCommands.runOnce(
                    context, entries: FormState.start(context).entries, except: Set(file.choices.keys))
                context = try FormContext.prepared(
                    form, layouts: layouts, clock: context.clock, lines: lines.merging(ran) { $1 })
            }
            return Suite(file: file, context: context)
        } catch {
            Output.error("\(path): error: \(error)")
            return nil
        }
    }

    /// An error as a message: its own when it has one, else its words as written.
    private static func said(_ error: any Error) -> Message {
        (error as? any MessageError)?.message ?? .authored(String(describing: error))
    }

    /// `layout: NAME` tests the layout as the grid of a form's only field, `value`.
    static func oneFieldForm(around layout: Layout, named name: String) -> Form {
        let title = layout.title ?? name
        return Form(
            title: title, name: "layout",
            pages: [Form.Page(fields: [Field(id: "value", label: title, layout: name, input: .grid)])])
    }

    /// What went wrong in one test; empty when it passed.
    @MainActor
    private func run(_ test: FormTestFile.Case, in suite: Suite) -> [String] {
        let language = Speaking.language
        guard case .success(let keys) = KeyScript.parse(test.keys) else { return [language.text(.testKeysUnreadable)] }
        let result = ScriptedRun.run(context: suite.context, state: .start(suite.context), keys: keys)
        var problems: [String] = []
        let outcome = result.outcome.map(Self.name) ?? "open"
        if let expected = test.outcome, expected != outcome {
            let screen = result.frame.text().isEmpty ? nil : indented(result.frame.text())
            problems.append(language.text(.testOutcomeDiffers(expected: expected, got: outcome, screen: screen)))
        }
        // SPEC: `expect` holds whether or not the keys submit the form (its example stops mid-form).
        if let expect = test.expect {
            problems += FormTestFile.Case.mismatches(
                expect, in: FormTestFile.Case.values(of: result.state, context: suite.context),
                context: suite.context
            ).map(language.text)
        }
        if let screen = test.screen {
            let expected = Self.trimmed(screen)
            let actual = Self.trimmed(result.frame.text())
            if expected != actual {
                problems.append(
                    language.text(.testScreenDiffers(expected: indented(expected), got: indented(actual))))
            }
        }
        return problems
    }

    private static func name(_ outcome: FormState.Outcome) -> String {
        switch outcome {
        case .submitted: "submitted"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted"
        case .terminated: "terminated"
        case .timedOut: "timed out"
        }
    }

    /// Lines without trailing spaces, without trailing empty lines.
    private static func trimmed(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingTrailingSpaces
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "       | " + $0 }.joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
