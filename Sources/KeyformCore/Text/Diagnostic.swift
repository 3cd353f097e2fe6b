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
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public var isError: Bool { severity == .error }

    /// `LINE:COLUMN: error: MESSAGE`
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// `PATH:LINE:COLUMN: error: MESSAGE`, the format of `keyform layout check` (SPEC).
    public func formatted(path: String) -> String { "\(path):\(description)" }
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
