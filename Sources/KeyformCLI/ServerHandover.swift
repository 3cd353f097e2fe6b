import CArguments
import Foundation
import KeyformFiles
import KeyformRun
import KeyformStore

/// `keyform` links no server backend, so that a SQLite user's every start does
/// not load postgres-nio, SwiftNIO and BoringSSL (DECISIONS 73). A command line
/// that names a server's location is handed over, before anything is read or
/// drawn, to `keyform-postgres` installed beside it: the same commands with the
/// PostgreSQL backend. Without one the opener refuses the location clearly.
enum ServerHandover {
    /// The program that has the PostgreSQL backend, installed beside `keyform`.
    static let program = "keyform-postgres"

    /// Whether a store location this command line may use is a server's: a
    /// `--db`, `--from` or `--to` value (`--db X` or `--db=X`), else `KEYFORM_DB`,
    /// else the config's `database:` (`configured`, read only when needed).
    /// Erring towards a server costs only an exec: `keyform-postgres` runs every command.
    static func namesServer(
        _ arguments: [String], environment: [String: String], configured: () -> String?
    ) -> Bool {
        var given: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            for option in ["--db", "--from", "--to"] {
                if argument == option, index + 1 < arguments.count {
                    given.append(arguments[index + 1])
                } else if argument.hasPrefix(option + "=") {
                    given.append(String(argument.dropFirst(option.count + 1)))
                }
            }
        }
        if given.isEmpty || !arguments.contains(where: { $0 == "--db" || $0.hasPrefix("--db=") }) {
            // The commands that take no --db use KEYFORM_DB or the config's database.
            if let variable = environment["KEYFORM_DB"], !variable.isEmpty {
                given.append(variable)
            } else if let database = configured() {
                given.append(database)
            }
        }
        return given.contains { text in
            if case .postgres = try? StoreLocation(text) { return true }
            return false
        }
    }

    /// Replaces this process with `keyform-postgres`, same arguments and
    /// environment, when the command line names a server and this program has
    /// no backend for it; returns otherwise, or when none is installed beside it.
    /// - Throws: `Failure` when one is there but cannot be started.
    static func handOverIfNeeded(_ arguments: [String]) throws {
        guard StoreOpener.serverBackend == nil,
            namesServer(
                arguments, environment: ProcessEnvironment.current(),
                configured: {
                    Settings.configuredDatabase
                }),
            let path = besideThisProgram()
        else { return }
        var count: Int32 = 0
        let vector = keyform_arguments(&count)
        var words = (0..<Int(count)).compactMap { index in vector?[index].map { String(cString: $0) } }
        if words.isEmpty { words = [program] + arguments }
        let pointers = words.map { strdup($0) } + [nil]
        execv(path, pointers)
        let reason = String(cString: strerror(errno))
        throw Failure(.serverProgramNotStarted(path: path, reason: reason), status: 1)
    }

    /// `keyform-postgres` in this program's own folder, if it is there.
    private static func besideThisProgram() -> String? {
        var folders: [String] = []
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append((own as NSString).deletingLastPathComponent)
        }
        var count: Int32 = 0
        if let vector = keyform_arguments(&count), count > 0, let first = vector[0] {
            let name = String(cString: first)
            if name.contains("/") { folders.append((name as NSString).deletingLastPathComponent) }
        }
        return folders.map { $0 + "/" + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
