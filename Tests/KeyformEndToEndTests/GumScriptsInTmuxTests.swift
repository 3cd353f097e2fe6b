import Foundation
import KeyformTestSupport
import Testing

/// Where git is, if it is installed.
private let gitPath: String? = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Issue 24's "done means": gum's commit.sh, git-stage.sh,
/// git-branch-manager.sh and demo.sh, rewritten with Keyform's one-line
/// prompts (examples/scripts/), each driven in tmux on a scratch git
/// repository, the repository checked after. Skipped, saying so, without git.
@Suite(.serialized, .enabled(if: gitPath != nil, "git is not installed: the scripts need a repository"))
struct GumScriptsInTmuxTests {
    static var git: String? { gitPath }

    /// A repository with one commit on `main` in a folder of its own, and the
    /// environment the script runs in: keyform first on PATH, a home of its
    /// own (no person's git config, no history of theirs), a fixed author.
    struct Repository {
        let folder: URL
        var repository: URL { folder.appendingPathComponent("repo") }

        init() throws {
            folder = URL(fileURLWithPath: "/tmp/kf-gum-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("repo"), withIntermediateDirectories: true)
            try git("init", "-q", "-b", "main")
            try "hello\n".write(to: repository.appendingPathComponent("README"), atomically: true, encoding: .utf8)
            try git("add", "README")
            try git("commit", "-q", "-m", "first")
        }

        var environment: [String: String] {
            let bin = FormRun.binary.deletingLastPathComponent().path
            return [
                "PATH": bin + ":/usr/local/bin:/usr/bin:/bin", "HOME": folder.path,
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.org",
                "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.org", "KEYFORM_CONFIG": "/dev/null",
            ]
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: GumScriptsInTmuxTests.git!)
            process.arguments = arguments
            process.currentDirectoryURL = repository
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(description: "git \(arguments) exited \(process.terminationStatus)")
            }
            return String(decoding: data, as: UTF8.self)
        }

        /// The script running in a tmux pane, in the repository.
        func start(_ script: String) throws -> Tmux {
            let path = FormRun.packageRoot.appendingPathComponent("examples/scripts/\(script)").path
            return try Tmux(
                command: ["bash", "-c", "bash \(FormRun.quoted(path)); echo script-exited=$?"],
                environment: environment,
                in: repository, folder: folder)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @Test func commitAsksOneLineAtATimeAndCommits() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try "hello, world\n".write(
            to: repository.repository.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        let tmux = try repository.start("commit.sh")
        defer { tmux.kill() }
        try tmux.wait(forText: "› Stage all?")
        try tmux.press("y")
        try tmux.wait(forText: "› Type", "[2] feat")
        try tmux.press("2")
        try tmux.wait(forText: "› Scope", "› Type  feat")
        try tmux.type("cli")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Summary  feat(cli):")
        try tmux.type("prompts in one line")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Details")
        // keyform write: Ctrl-J breaks the line, Enter answers.
        try tmux.type("no form file")
        try tmux.press("C-j")
        try tmux.type("one line a question")
        try tmux.wait(forText: "one line a question")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Commit changes?")
        try tmux.press("y")
        try tmux.wait(forText: "script-exited=0")
        #expect(
            try repository.git("log", "-1", "--format=%s%n%b")
                == "feat(cli): prompts in one line\nno form file\none line a question\n\n")
        #expect(try repository.git("status", "--short") == "")
    }

    @Test func stageAddsTheFilesPicked() throws {
        let repository = try Repository()
        defer { repository.remove() }
        for name in ["one.txt", "two.txt", "three.txt"] {
            try name.write(to: repository.repository.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let tmux = try repository.start("git-stage.sh")
        defer { tmux.kill() }
        try tmux.wait(forText: "[1] Add", "[2] Reset")
        try tmux.press("1")
        // git status lists them by name: one, three, two.
        try tmux.wait(forText: "[1] one.txt", "[2] three.txt", "[3] two.txt")
        try tmux.press("3")
        try tmux.press("1")
        try tmux.wait(forText: "Enter keep two.txt, one.txt")
        try tmux.press("Enter")
        try tmux.wait(forText: "script-exited=0")
        #expect(try repository.git("diff", "--cached", "--name-only") == "one.txt\ntwo.txt\n")
    }

    @Test func branchManagerDeletesTheBranchesChosenInsideItsLoop() throws {
        let repository = try Repository()
        defer { repository.remove() }
        for branch in ["alpha", "beta", "gamma"] { try repository.git("branch", branch) }
        let tmux = try repository.start("git-branch-manager.sh")
        defer { tmux.kill() }
        try tmux.wait(forText: "Git Branch Manager", "› Branches to operate on", "[1] alpha", "[4] main")
        try tmux.press("1")
        try tmux.press("3")
        try tmux.wait(forText: "Enter keep alpha, gamma")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Command", "[2] delete")
        try tmux.press("2")
        try tmux.wait(forText: "script-exited=0")
        #expect(try repository.git("branch", "--format=%(refname:short)") == "beta\nmain\n")
    }

    @Test func demoAsksItsFiveQuestions() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let tmux = try repository.start("demo.sh")
        defer { tmux.kill() }
        try tmux.wait(forText: "Welcome to Keyform", "› Name  What is your name?")
        try tmux.type("Ada")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Secret")
        try tmux.type("hush")
        let masked = try tmux.wait(forText: "› Secret  ••••")
        #expect(!masked.contains("hush"))
        try tmux.press("Enter")
        try tmux.wait(forText: "› Do", "[1] Read")
        try tmux.press("1")
        try tmux.press("3")
        try tmux.wait(forText: "Enter keep Read, Discard")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Flavor", "[2] Grape")
        try tmux.press("2")
        try tmux.wait(forText: "› Answer", "[1] Yes")
        try tmux.press("1")
        try tmux.wait(forText: "I thought so", "nice meeting you, Ada", "chew some Grape bubble gum", "script-exited=0")
    }
}
