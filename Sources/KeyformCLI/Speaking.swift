import Foundation
import KeyformCore

/// The language the command speaks in (docs/i18n.md): chosen once, from the
/// environment the process started with (`Language.chosen`); the screens get
/// it through `TerminalRunner.Options`, read from the same variables.
enum Speaking {
    static let language = Language.chosen(from: ProcessInfo.processInfo.environment)

    /// An error in the command's language: its message when it has one (the
    /// store's, `StoreError.message`), else its description as written.
    static func describe(_ error: any Error) -> String { language.describe(error) }
}
