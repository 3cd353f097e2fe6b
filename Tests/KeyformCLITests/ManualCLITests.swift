import Foundation
import KeyformTestSupport
import Testing

/// Issue 27: the manual page is installed without a toolchain, so it is
/// committed (docs/man/keyform.1, written by scripts/generate-manual.py from
/// keyform.1.in and the commands' own help). It must be current, read by
/// groff without a warning, and say what a manual says.
@Suite struct ManualCLITests {
    private static let page = CLIRunner.packageRoot.appendingPathComponent("docs/man/keyform.1")

    @Test(.enabled(if: Programs.find("python3") != nil, "needs python3"))
    func theCommittedPageIsWrittenFromTodaysCommands() throws {
        let python = try #require(Programs.find("python3"))
        let result = try Programs.run(python, ["scripts/generate-manual.py", CLIRunner.binary.path, "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(.enabled(if: Programs.find("groff") != nil, "needs groff (groff-base)"))
    func groffReadsItWithoutAWarning() throws {
        let groff = try #require(Programs.find("groff"))
        let result = try Programs.run(groff, ["-ww", "-man", "-z", Self.page.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func itHasAProperTitleAndTheSectionsAManualHas() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let version = try CLIRunner.run(["--version"]).stdout.split(separator: " ").prefix(2).joined(separator: " ")
        #expect(text.contains(#".TH KEYFORM 1 "2026-11-27" "\#(version)" "User Commands""#))
        #expect(text.contains("keyform \\- terminal forms with custom keyboards"))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
            "SEE ALSO",
        ] {
            #expect(text.contains(".SH \(section)\n") || text.contains(".SH \"\(section)\"\n"), "no \(section)")
        }
        // Every status a command exits with (SPEC, form-format.md), each an entry of EXIT STATUS.
        let statuses = try #require(
            text.components(separatedBy: ".SH EXIT STATUS\n").last?.components(separatedBy: ".SH ").first)
        for status in [0, 1, 2, 3, 74, 124, 129, 130, 131, 143] {
            #expect(statuses.contains(".TP\n.B \(status)\n"), "exit status \(status) is not listed")
        }
        for variable in [
            "KEYFORM_DB", "KEYFORM_CONFIG", "KEYFORM_FORMS", "KEYFORM_LAYOUTS", "NO_COLOR", "NO_MOTION", "INPUTRC",
        ] {
            #expect(text.contains(".B \(variable)\n"), "\(variable) is not in ENVIRONMENT")
        }
    }
}
