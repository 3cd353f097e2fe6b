import ArgumentParser
import CArguments
import CSQLiteSettings
import Foundation
import KeyformCore
import KeyformRun
import KeyformTerminal

/// The command line's entry, for the two executables: `keyform` and
/// `keyform-postgres` (which installs the PostgreSQL backend first).
public enum KeyformCommandLine {
    public static func main() { Keyform.main() }
}

struct Keyform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyform",
        abstract: "Terminal forms with custom keyboards: fields typed with GNU readline or picked from key grids.",
        version: "keyform 0.1.0 (GNU readline \(ReadlineInfo.version))",
        subcommands: [
            RunCommand.self, DemoCommand.self, RecordsCommand.self, BrowseCommand.self, TestCommand.self,
            FormCommand.self, LayoutCommand.self, ConfigCommand.self,
            InputCommand.self, WriteCommand.self, ChooseCommand.self, ConfirmCommand.self, DateCommand.self,
            TimeCommand.self,
        ]
    )

    /// Exit statuses of the SPEC: bad usage is 2 (ArgumentParser's default is 64).
    static func main() {
        guardTheStandardStreams()
        // A form's store reads a few pages: no block of 20 cached pages a connection (DECISIONS 102).
        _ = keyform_sqlite_cache_pages_on_demand()
        var arguments: [String] = []
        do {
            arguments = try ProcessArguments.afterProgramName()
            try ServerHandover.handOverIfNeeded(arguments)
            // A plain `run`, `demo` or prompt line skips ArgumentParser's parse (DirectStart).
            var command = try DirectStart.command(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch let departure as Departure {
            // The person left (Esc, Ctrl-C, a signal): nothing to say, the status says it.
            Foundation.exit(departure.exitStatus)
        } catch let failure as Failure {
            Output.error("keyform: \(failure.message)")
            Foundation.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            // Help and --version go to stdout as ArgumentParser writes them.
            if code == .success { exit(withError: error) }
            // Every other message is ours to write: escaped, since it may quote an argument.
            // An `ExitCode` has none (what went wrong was said already).
            let message = quotingArgumentsOnOneLine(fullMessage(for: error), arguments)
            if !message.isEmpty { Output.error(lines: message) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// ArgumentParser's message with each argument it quotes that holds a line
    /// break or another unsafe character written out (`a\nb`), as every other
    /// message writes them: a line break in an argument printed raw could fake
    /// a second line of the error (`keyform run $'x\nkeyform: all is well'`).
    static func quotingArgumentsOnOneLine(_ message: String, _ arguments: [String]) -> String {
        arguments.filter { !TerminalSafe.unsafeScalars(in: $0).isEmpty }
            .sorted { $0.count > $1.count }
            .reduce(message) { $0.replacingOccurrences(of: $1, with: TerminalSafe.escaped($1)) }
    }

    /// A write past `ulimit -f` fails with EFBIG instead of killing the process
    /// (SIGXFSZ), so the store's error path rescues the record. A closed stdout,
    /// stderr or stdin gets /dev/null in its place, so that no file this process
    /// opens (the database) can take descriptor 1 and receive the result.
    private static func guardTheStandardStreams() {
        signal(SIGXFSZ, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            // Read-only: a write to a closed stdout still fails, and is reported.
            let null = open("/dev/null", O_RDONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }
}

/// The words of the command line, read without /proc: Swift's
/// `CommandLine.arguments` reads /proc/self/cmdline on Linux, and without it
/// (a bare chroot, a sandbox) sees none, so `keyform run todo` printed the
/// help and exited 0 — success, to a script.
enum ProcessArguments {
    /// The arguments after the program's name, as the C library handed them to
    /// the program (`CArguments`), else as Swift reads them.
    /// - Throws: `Failure` when neither has even the program's name.
    static func afterProgramName() throws -> [String] {
        var count: Int32 = 0
        if let vector = keyform_arguments(&count), count > 0 {
            return (1..<Int(count)).compactMap { vector[$0].map { String(cString: $0) } }
        }
        let arguments = CommandLine.arguments
        guard !arguments.isEmpty else {
            throw Failure(.cannotReadCommandLine)
        }
        return Array(arguments.dropFirst())
    }
}

/// An error the user can act on: printed as `keyform: MESSAGE`, exiting with `status`.
struct Failure: Error {
    var message: String
    /// 2: bad usage, an invalid form or layout file, or invalid answers (SPEC).
    var status: Int32 = ExitStatus.badUsage
}
