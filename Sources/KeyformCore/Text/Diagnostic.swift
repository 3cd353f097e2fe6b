/// A position in a source file: 1-based line, and 1-based column counted in Unicode scalars.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourceLocation(line: 1, column: 1)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A problem found in a layout or form file.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    /// What is wrong, as a message said in the reader's language
    /// (`formatted(path:in:)`); a problem the catalogue does not have yet is
    /// its English words (`.authored`).
    public var said: Message
    /// What is wrong, in English (`description`, logs, the library's errors).
    public var message: String { said.english }

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.init(severity, at: location, .authored(message))
    }

    public init(_ severity: Severity, at location: SourceLocation, _ said: Message) {
        self.severity = severity
        self.location = location
        self.said = said
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func error(_ location: SourceLocation, _ said: Message) -> Diagnostic {
        Diagnostic(.error, at: location, said)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public static func warning(_ location: SourceLocation, _ said: Message) -> Diagnostic {
        Diagnostic(.warning, at: location, said)
    }

    /// Two diagnostics are the same problem when they say the same at the same place.
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.severity == b.severity && a.location == b.location && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(location)
        hasher.combine(message)
    }

    public var isError: Bool { severity == .error }

    /// `LINE:COLUMN: error: MESSAGE`
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// `PATH:LINE:COLUMN: error: MESSAGE`, the format of `keyform layout check` (SPEC):
    /// the message in `language`, the rest (`error`, `warning`) as tools read it.
    public func formatted(path: String, in language: Language = .english) -> String {
        "\(path):\(location): \(severity.rawValue): \(language.text(said))"
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.isError } }

    /// In file order; stable for diagnostics at the same place.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
    }
}
