/// Why a store cannot be opened: the reason inside a store's message
/// (`storeCannotOpen`, `storeCannotCreateFolder`, `storeServerUnreachable`,
/// `storeAuthenticationFailed`). A catalogue of its own, as `Message`'s
/// switches are at the size the compiler checks in reasonable time.
public enum StoreReason: Hashable, Sendable {
    /// What the system, SQLite or the server said, quoted as written in every language.
    case systemSaid(String)
    case reasonPathEmpty
    case reasonIsFolder
    case reasonFileInTheWay
    case reasonPathPartIsFile
    case reasonPermissionDenied
    case reasonReadOnlyFileSystem
    case reasonDiskFull
    /// `sqlite:` with no path after it.
    case reasonSQLiteNamesNoFile
    /// TLS could not be set up; the library's words.
    case reasonTLSNotSetUp(String)
    case reasonPasswordNeeded
    /// A way of logging in (its code) Keyform does not speak.
    case reasonLoginWayUnknown(String)
    /// The server offers no TLS, which the location's sslmode asks for.
    case reasonTLSNotOffered(sslmode: String)
    /// A login `pg_hba.conf` takes only over TLS, with sslmode=disable.
    case reasonLoginOnlyOverTLS
    /// The server has no such database: its words, and the database's name.
    case reasonNoServerDatabase(said: String, database: String)
    /// Where the server should be (HOST:PORT or a socket's path).
    case reasonHostUnknown(place: String)
    case reasonNoAnswer(place: String, seconds: Int)
    case reasonConnectionRefused(place: String)
    case reasonNoSocket(place: String)
    case reasonSocketNotPermitted(place: String)
}

extension StoreReason {
    public var english: String {
        switch self {
        case .systemSaid(let text): text
        case .reasonPathEmpty: "the path is empty"
        case .reasonIsFolder: "it is a folder"
        case .reasonFileInTheWay: "a file of that name is in the way"
        case .reasonPathPartIsFile: "a part of the path is a file, not a folder"
        case .reasonPermissionDenied: "permission denied"
        case .reasonReadOnlyFileSystem: "the file system is read-only"
        case .reasonDiskFull: "the disk is full"
        case .reasonSQLiteNamesNoFile: "sqlite: names no file; give sqlite:PATH"
        case .reasonTLSNotSetUp(let why): "TLS could not be set up (\(why))"
        case .reasonPasswordNeeded: "it asks for a password and none was given"
        case .reasonLoginWayUnknown(let code): "its way of logging in is not one Keyform speaks (\(code))"
        case .reasonTLSNotOffered(let mode): "the server does not offer TLS, which sslmode=\(mode) asks for"
        case .reasonLoginOnlyOverTLS:
            "the server takes this login only over TLS, and the location says sslmode=disable; "
                + "write sslmode=require (or leave sslmode out)"
        case .reasonNoServerDatabase(let said, let database):
            "\(said); create it (createdb \(database)) or correct the location's database name"
        case .reasonHostUnknown(let place): "the host name in \(place) is not known"
        case .reasonNoAnswer(let place, let seconds): "no answer from \(place) within \(seconds) seconds"
        case .reasonConnectionRefused(let place): "nothing answers at \(place) (connection refused)"
        case .reasonNoSocket(let place): "no server socket at \(place)"
        case .reasonSocketNotPermitted(let place): "no permission to use the socket \(place)"
        }
    }

    public var japanese: String {
        switch self {
        case .systemSaid(let text): text
        case .reasonPathEmpty: "パスが空です"
        case .reasonIsFolder: "フォルダです"
        case .reasonFileInTheWay: "同じ名前のファイルがあります"
        case .reasonPathPartIsFile: "パスの途中がフォルダではなくファイルです"
        case .reasonPermissionDenied: "権限がありません"
        case .reasonReadOnlyFileSystem: "ファイルシステムが読み取り専用です"
        case .reasonDiskFull: "ディスクがいっぱいです"
        case .reasonSQLiteNamesNoFile: "sqlite: の後にファイルがありません。sqlite:PATH と書いてください"
        case .reasonTLSNotSetUp(let why): "TLS を準備できません（\(why)）"
        case .reasonPasswordNeeded: "パスワードを求められましたが、与えられていません"
        case .reasonLoginWayUnknown(let code): "Keyform の知らないログイン方式です（\(code)）"
        case .reasonTLSNotOffered(let mode): "サーバーが TLS を提供していません。sslmode=\(mode) は TLS を求めます"
        case .reasonLoginOnlyOverTLS:
            "サーバーはこのログインを TLS でしか受け付けませんが、場所には sslmode=disable とあります。"
                + "sslmode=require と書く（または sslmode を省く）必要があります"
        case .reasonNoServerDatabase(let said, let database):
            "\(said)。作成する（createdb \(database)）か、場所のデータベース名を直してください"
        case .reasonHostUnknown(let place): "\(place) のホスト名が見つかりません"
        case .reasonNoAnswer(let place, let seconds): "\(place) から \(seconds) 秒以内に応答がありません"
        case .reasonConnectionRefused(let place): "\(place) で応答するものがありません（接続拒否）"
        case .reasonNoSocket(let place): "\(place) にサーバーのソケットがありません"
        case .reasonSocketNotPermitted(let place): "ソケット \(place) を使う権限がありません"
        }
    }

    /// The reason in `language`.
    public func said(in language: Language) -> String {
        switch language {
        case .english: english
        case .japanese: japanese
        }
    }
}
