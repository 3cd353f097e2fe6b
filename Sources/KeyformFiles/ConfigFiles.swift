import Foundation
import KeyformCore

/// The person's config on the real file system: `$KEYFORM_CONFIG` when set,
/// else `config.yaml` in the per-user folder (`$XDG_CONFIG_HOME/keyform`, or
/// `~/.config/keyform`), with the `KEYFORM_*` variables over it.
package enum ConfigFiles {
    /// The file to read and whether `KEYFORM_CONFIG` named it; nil when no file
    /// can be named (no HOME, no XDG_CONFIG_HOME) or when it names `/dev/null`
    /// (no config: the defaults and the variables).
    package static func path(in search: FileSearch = .process) -> (path: String, named: Bool)? {
        if let named = search.environment["KEYFORM_CONFIG"], !named.isEmpty {
            return named == "/dev/null" ? nil : (search.absolute(named), true)
        }
        return search.userFolder.map { (FileSearch.joined($0, "config.yaml"), false) }
    }

    /// The settings in effect. A default file that does not exist is no problem
    /// (the defaults); one that `KEYFORM_CONFIG` names and that cannot be read is.
    package static func load(in search: FileSearch = .process) -> ResolvedConfig {
        let home = search.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        guard let (path, named) = path(in: search) else {
            return ResolvedConfig.resolve(file: nil, environment: search.environment, home: home)
        }
        if !named, !FileSearch.exists(path) {
            return ResolvedConfig.resolve(file: nil, environment: search.environment, home: home)
        }
        do {
            let file = ConfigFile.parse(try SourceFiles.read(path), path: path)
            return ResolvedConfig.resolve(file: file, environment: search.environment, home: home)
        } catch {
            let place: ConfigSource = named ? .environment("KEYFORM_CONFIG") : .file(path: path, location: .start)
            let reason = (error as? any MessageError)?.message ?? .authored("\(error)")
            let message = Message.configUnreadable(path: named ? path : nil, reason: reason)
            return ResolvedConfig.resolve(
                file: nil, environment: search.environment, home: home,
                fileProblem: ConfigProblem(.error, at: place, message))
        }
    }
}
