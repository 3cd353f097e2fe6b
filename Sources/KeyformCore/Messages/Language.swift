/// The language a person reads Keyform in: chosen once at start from the
/// environment (`Language.chosen(from:)`, at the edge) and passed down as a
/// value; Core never reads the environment. Each language is a catalogue in
/// code (`Message+English.swift`, `Message+Japanese.swift`): an exhaustive
/// switch over `Message`, so a message without a language does not compile.
public enum Language: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case japanese = "ja"

    /// `KEYFORM_LANG` when set (`ja…` is Japanese, anything else English);
    /// else the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not
    /// empty, as POSIX orders them (`ja_JP.UTF-8` is Japanese); else English.
    public static func chosen(from environment: [String: String]) -> Language {
        for name in ["KEYFORM_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ja") ? .japanese : .english
        }
        return .english
    }

    /// The message in this language.
    public func text(_ message: Message) -> String {
        switch self {
        case .english: message.english
        case .japanese: message.japanese
        }
    }

    /// A day as a reader of this language writes it: `2026-11-21`, `2026年11月21日`.
    public func date(_ day: CivilDate) -> String {
        text(.date(day))
    }

    /// The calendar grid's month and weekday names in this language.
    public var calendarNames: CalendarNames {
        CalendarNames(
            months: (1...12).map { text(.monthName($0)) }, weekdays: (1...7).map { text(.weekdayShort($0)) },
            language: self)
    }
}

/// An error that says itself as a `Message` (the store's `StoreError`), so an
/// edge shows it in the person's language: `language.text(error.message)`.
public protocol MessageError: Error {
    var message: Message { get }
}

extension Language {
    /// An error in this language: its message when it has one, else its description as written.
    public func describe(_ error: any Error) -> String {
        if let error = error as? any MessageError { return text(error.message) }
        return String(describing: error)
    }
}
