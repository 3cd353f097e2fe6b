/// The words `form list` and `layout list` print beside the names and paths
/// they list. A catalogue of its own beside `Message`, whose switches are at
/// the size the compiler checks in reasonable time (DECISIONS 85).
public enum ListingWords: Hashable, Sendable {
    /// A file that an earlier one of the same name hides: that one's place (a path, or `shipped:NAME`).
    case hiddenBy(String)

    public var english: String {
        switch self {
        case .hiddenBy(let place): "(hidden by \(place))"
        }
    }

    public var japanese: String {
        switch self {
        case .hiddenBy(let place): "（\(place) が優先）"
        }
    }

    /// The words in `language`.
    public func said(in language: Language) -> String {
        switch language {
        case .english: english
        case .japanese: japanese
        }
    }
}
