import Foundation
import Testing

/// The help of every command, as `--help` and the man page show it.
@Suite struct HelpTextCLITests {
    /// One text of the help: where it is (`keyform run discussion`) and what it says.
    struct Text {
        var place: String
        var text: String
    }

    /// Every command's abstract and discussion, and its arguments' and options' help, from
    /// `--experimental-dump-help` (what `--help` and the generated man page are made of).
    static func texts() throws -> [Text] {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var texts: [Text] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let path = path + [command["commandName"] as? String ?? "?"]
            let name = path.joined(separator: " ")
            for key in ["abstract", "discussion"] {
                if let text = command[key] as? String { texts.append(Text(place: "\(name) \(key)", text: text)) }
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let argumentName = (argument["valueName"] as? String) ?? "?"
                for key in ["abstract", "discussion"] {
                    if let text = argument[key] as? String {
                        texts.append(Text(place: "\(name) \(argumentName) \(key)", text: text))
                    }
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { walk(subcommand, path) }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return texts
    }

    /// ArgumentParser wraps each line of a help text to the terminal's width and keeps
    /// the line breaks it is given: a line break in the source in the middle of a
    /// sentence shows as a ragged edge ("and the same\nvalidation applies"). Within a
    /// paragraph, a line after the first is an example or a list item: indented, or
    /// starting with "- "; prose continues with a `\` at the end of the source line.
    @Test func noHelpTextBreaksAParagraphsLinesByHand() throws {
        let texts = try Self.texts()
        #expect(texts.count > 60, "every command's texts: \(texts.count)")
        var ragged: [String] = []
        for text in texts {
            for paragraph in text.text.components(separatedBy: "\n\n") {
                let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                for (before, line) in zip(lines, lines.dropFirst()) where !line.hasPrefix(" ") && !line.hasPrefix("- ")
                {
                    ragged.append("\(text.place): \"\(before)\" / \"\(line)\"")
                }
            }
        }
        #expect(ragged == [], "\(ragged.count) hard line breaks:\n\(ragged.joined(separator: "\n"))")
    }

    /// The help is installed (`--help`, the man page); the docs/ folder is not.
    @Test func noHelpTextPointsAtTheDocsFolder() throws {
        let texts = try Self.texts()
        #expect(texts.filter { $0.text.contains("docs/") }.map(\.place) == [])
        let config = try #require(texts.first { $0.place == "keyform config discussion" }).text
        // The essentials instead: where the file is, what it holds, what overrides it.
        for words in [
            "$KEYFORM_CONFIG", "~/.config/keyform/config.yaml", "database:", "animation:", "colors:", "keys:",
            "KEYFORM_*", "NO_COLOR", "keyform config show --variables",
        ] {
            #expect(config.contains(words), "config --help does not say \(words):\n\(config)")
        }
    }
}
