import Foundation
import Testing

/// The shell completion scripts complete file paths where a path is expected:
/// the scripts as `--generate-completion-script` writes them, and the paths
/// keyform itself lists for an argument that is a form's name or its file.
@Suite struct CompletionsCLITests {
    /// Options whose value is a path, by the command line that offers them.
    static let pathOptions: [(command: String, option: String)] = [
        ("run", "db"), ("run", "answers"), ("records list", "db"), ("records export", "output"),
        ("records import", "db"), ("browse", "db"), ("choose", "file"),
    ]

    @Test func pathOptionsCompleteFilesInEveryShell() throws {
        let bash = try script("bash")
        for (command, option) in Self.pathOptions {
            let function = "_keyform_" + command.replacingOccurrences(of: " ", with: "_") + "()"
            let body = try #require(bash.components(separatedBy: function).dropFirst().first, "\(function)")
                .components(separatedBy: "\n}\n")[0]
            let bashFiles = try Regex(#"'--\#(option)'(\|'-.')?\)\n        __keyform_add_completions -f\n"#)
            #expect(body.contains(bashFiles), "bash: \(command) --\(option)")
        }
        let zsh = try script("zsh")
        let fish = try script("fish")
        for option in Set(Self.pathOptions.map(\.option)) {
            let zshFiles = try Regex(#"--\#(option)[^\n]*\]:\#(option):_files'"#)
            let fishFiles = try Regex(#"-l '\#(option)'( -s '.')? -d '[^\n]*' -rF\n"#)
            #expect(zsh.contains(zshFiles), "zsh: --\(option)")
            #expect(fish.contains(fishFiles), "fish: --\(option)")
        }
        // Arguments that are files or folders of them: the shell's own file completion.
        for function in ["_keyform_test()", "_keyform_layout_check()", "_keyform_layout_fmt()", "_keyform_form_fmt()"] {
            let body = try #require(bash.components(separatedBy: function).dropFirst().first, "\(function)")
                .components(separatedBy: "\n}\n")[0]
            #expect(body.contains("__keyform_add_completions -o plusdirs -fX '!*.@(yaml|yml)'"), "bash: \(function)")
        }
    }

    /// A form or a layout is a name or a file: keyform answers with both, the
    /// paths read from the folder the typed word points into.
    @Test func aFormArgumentCompletesNamesAndPaths() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = folder.appendingPathComponent("work/lists")
        try FileManager.default.createDirectory(
            at: files.appendingPathComponent("old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("forms"), withIntermediateDirectories: true)
        for path in [
            "work/lists/todo.yaml", "work/lists/notes.txt", "work/lists/.hidden.yaml", "top.yml", "forms/daily.yaml",
        ] {
            try "title: T\nfields:\n  - id: a\n".write(
                to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]

        func complete(_ command: [String], _ word: String) throws -> [String] {
            let words = ["keyform"] + command + [word]
            let result = try CLIRunner.run(
                ["---completion"] + command + ["--", "positional@0", "\(words.count - 1)", "\(word.count)"] + words,
                in: folder, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        // The one folder a word reaches is opened, so the shell does not end the word after `work/`.
        #expect(try complete(["run"], "wo") == ["work/lists/"])
        let inLists = try complete(["run"], "work/lists/")
        #expect(
            inLists == ["work/lists/old/", "work/lists/todo.yaml"],
            "a form's file or a folder; hidden files only after a dot")
        #expect(try complete(["run"], "work/lists/.") == ["work/lists/.hidden.yaml"])
        // Names of forms found from here (./forms) come with the paths.
        let empty = try complete(["run"], "")
        #expect(
            empty.contains("daily") && empty.contains("top.yml") && empty.contains("forms/") && empty.contains("work/"),
            "\(empty)")
        // A layout, and the other commands that take a form, complete paths the same way.
        #expect(try complete(["layout", "preview"], "to").contains("top.yml"))
        #expect(try complete(["records", "import"], "work/").contains("work/lists/todo.yaml"))
        #expect(try complete(["form", "check"], "work/").contains("work/lists/todo.yaml"))
    }

    private func script(_ shell: String) throws -> String {
        let result = try CLIRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }
}
