import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun

/// The language the command speaks in (docs/i18n.md): chosen once, from the
/// environment the process started with (`Language.chosen`); the screens get
/// it through `TerminalRunner.Options`, read from the same variables.
enum Speaking {
    static let language = Language.chosen(from: ProcessEnvironment.current())

    /// An error in the command's language: its message when it has one (the
    /// store's, `StoreError.message`), else its description as written.
    static func describe(_ error: any Error) -> String { language.describe(error) }
}

extension Failure {
    /// A failure said in the command's language (`keyform: …` in English or Japanese).
    init(_ message: Message, status: Int32 = ExitStatus.badUsage) {
        self.init(message: Speaking.language.text(message), status: status)
    }
}

extension ValidationError {
    /// A flag's problem said in the command's language; ArgumentParser adds its usage.
    init(_ message: Message) {
        self.init(Speaking.language.text(message))
    }
}
