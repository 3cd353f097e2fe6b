import Foundation
import KeyformCore
import KeyformStore
import NIOSSL
import PostgresNIO
import Synchronization

/// One connection to the server, used synchronously: the store's interface is
/// synchronous and postgres-nio is not, so the bridge is here, at the backend's
/// edge. Each call sends its statements on NIO's event loop and the calling
/// thread waits for the answer (`EventLoopFuture.wait`, which NIO refuses on an
/// event loop thread: callers are the main thread and `DraftWorker`'s queue).
///
/// Calls are one at a time (a lock): a transaction's statements are never
/// interleaved with another thread's. A connection found closed before a call is
/// made again (the server restarted while the form sat idle); one that breaks
/// during a call is `.connectionLost`, not retried, since a commit may or may
/// not have happened.
final class ServerLink: @unchecked Sendable {
    let address: ServerAddress
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var connection: PostgresConnection?
    /// The answer waited for on `connection`, failed if it closes first. Guarded by `lock`.
    private var awaited = AwaitedAnswer()
    private let logger: Logger
    private static let ids = Atomic<Int>(0)
    /// The channel listened to (`listen`), guarded by `lock`; nil until asked.
    private var channel: String?
    /// How many announcements came on it, and connections made since listening (one may have missed some).
    let announcements = Atomic<Int64>(0)

    init(address: ServerAddress) {
        self.address = address
        var logger = Logger(label: "keyform.postgres")
        // swift-log's default handler writes to standard output, which carries data (`records export`).
        logger.logLevel = .critical
        self.logger = logger
    }

    deinit {
        // Closed before it goes: postgres-nio asserts that a connection is closed when it is freed.
        // A link dropped without `close()` (an open that failed after connecting) is freed on its
        // caller's thread, where waiting is allowed; never wait on the connection's own loop.
        guard let connection else { return }
        let closing: EventLoopFuture<Void> = connection.close()
        if !connection.eventLoop.inEventLoop { try? closing.wait() }
    }

    /// Statements on one connection, from inside `ServerLink.run`.
    struct Session {
        let connection: PostgresConnection
        /// The connection's slot for the answer waited for (calls are one at a time).
        let awaited: AwaitedAnswer
        let logger: Logger

        /// Runs `sql` with `binds` ($1, $2…) and returns every row. The answer is
        /// waited for until it comes or the connection closes, whichever is first:
        /// postgres-nio (1.33) writes a query sent after its connection closed (the
        /// server restarted between two statements of a save) into a channel whose
        /// handlers are gone, which drops it without failing it, and its caller
        /// waited for good. Now that is a lost connection, so the save tries again.
        @discardableResult
        func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> PostgresQueryResult {
            let outcome = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
            awaited.start(outcome)
            // Closed before the slot was filled: the close's callback found nothing to fail.
            if connection.isClosed { awaited.closed() }
            let awaited = self.awaited
            connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).whenComplete { result in
                awaited.finish(outcome, result)
            }
            return try outcome.futureResult.wait()
        }

        /// Runs `sql` and hands each row to `body` as it arrives, on this thread.
        func forEachRow(_ sql: String, _ binds: PostgresBindings, _ body: (PostgresRow) throws -> Void) throws {
            for row in try query(sql, binds).rows { try body(row) }
        }
    }

    /// `body` on the connection (made now if there is none or it was closed),
    /// its errors as `StoreError`; errors `body` throws that are not the server's
    /// (a caller's) come back as they are when `passing` says so.
    @discardableResult
    func run<T>(_ body: (Session) throws -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        let session = try Session(connection: connected(), awaited: awaited, logger: logger)
        do {
            return try body(session)
        } catch let error as StoreError {
            throw error
        } catch {
            throw failure(error)
        }
    }

    /// `body` in one transaction: committed when it returns, rolled back when it throws.
    /// Errors that are not the store's (thrown by a caller's closure) are rethrown as they are.
    func transaction<T>(_ body: (Session) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let session = try Session(connection: connected(), awaited: awaited, logger: logger)
        do {
            try session.query("BEGIN")
            let result = try body(session)
            try session.query("COMMIT")
            return result
        } catch {
            if !session.connection.isClosed { _ = try? session.query("ROLLBACK") }
            if error is StoreError || !Self.isServerError(error) { throw error }
            throw failure(error)
        }
    }

    /// A typed-throws `transaction` for callers whose closures only throw the server's errors.
    func write<T>(_ body: (Session) throws -> T) throws(StoreError) -> T {
        do {
            return try transaction(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw failure(error)
        }
    }

    /// How long a save waits for a server that went away (a restart, a failover,
    /// a cable pulled and put back) before it gives up and its record is rescued.
    static let patience: Duration = .seconds(10)

    /// `attempt` again while the server is away (the connection lost during it,
    /// or none could be made) every 200 ms, on a new connection, until `patience`
    /// has passed; then its error. `again` tells `attempt` that an earlier try may
    /// have reached the server, whose commit may have happened though its answer
    /// was lost: a write must then look for what it stored before writing again.
    func persevering<T>(
        for patience: Duration = ServerLink.patience, _ attempt: (_ again: Bool) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var again = false
        while true {
            do {
                return try attempt(again)
            } catch {
                guard Self.isAway(error), clock.now < deadline else { throw error }
                again = true
                drop()
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    /// Whether `error` says the server is away (down, restarting, the connection broken), not that it refused.
    static func isAway(_ error: StoreError) -> Bool {
        switch error {
        case .connectionLost, .serverUnreachable: true
        default: false
        }
    }

    /// Forgets the connection (one that broke may not know it yet): the next call makes a new one.
    /// The close is waited for (never on the connection's own loop): a connection freed while its
    /// channel is still open trips postgres-nio's assertion, and the close of a broken one is local.
    private func drop() {
        lock.lock()
        defer { lock.unlock() }
        if let connection {
            let closing: EventLoopFuture<Void> = connection.close()
            if !connection.eventLoop.inEventLoop { try? closing.wait() }
        }
        connection = nil
    }

    /// Whether `error` came from postgres-nio or NIO (not from a caller's closure).
    static func isServerError(_ error: any Error) -> Bool {
        error is PSQLError || error is PostgresDecodingError || error is IOError || error is NIOSSLError
            || error is ChannelError || error is NIOConnectionError
    }

    /// Closes the connection (the store is done with).
    func close() {
        lock.lock()
        defer { lock.unlock() }
        if let connection { try? (connection.close() as EventLoopFuture<Void>).wait() }
        connection = nil
    }

    /// The open connection, made when there is none. Called under `lock`.
    private func connected() throws(StoreError) -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        let made = try connect(address, logger: logger)
        connection = made
        // One callback for the connection's life, not one per call: a callback kept its call's
        // answer, rows and all, until the connection closed (an import grew by every batch).
        let awaited = AwaitedAnswer()
        self.awaited = awaited
        made.closeFuture.whenComplete { _ in awaited.closed() }
        if let channel { try startListening(made, channel) }
        return made
    }

    /// From now on, counts the announcements on `channel` (`announcements`), on
    /// this connection and any made again later.
    func listen(_ channel: String) throws(StoreError) {
        lock.lock()
        defer { lock.unlock() }
        guard self.channel == nil else { return }
        self.channel = channel
        if let connection, !connection.isClosed { try startListening(connection, channel) }
    }

    /// Adds the listener and sends LISTEN; a connection made again may have missed announcements: counted as one.
    private func startListening(_ connection: PostgresConnection, _ channel: String) throws(StoreError) {
        connection.addListener(channel: channel) { [weak self] _, _ in self?.announcements.add(1, ordering: .relaxed) }
        announcements.add(1, ordering: .relaxed)
        do {
            _ = try connection.query(PostgresQuery(unsafeSQL: "LISTEN \(channel)"), logger: logger).wait()
        } catch {
            throw failure(error)
        }
    }

    /// A new connection to `address`, logged in; `StoreError` when that fails.
    private func connect(_ address: ServerAddress, logger: Logger) throws(StoreError) -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        switch address.endpoint {
        case .socket(let path, _):
            configuration = .init(
                unixSocketPath: path, username: address.user, password: address.password, database: address.database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS
            do {
                tls = try Self.tls(address)
            } catch {
                throw .cannotOpen(path: address.shown, reason: .reasonTLSNotSetUp("\(error)"))
            }
            configuration = .init(
                host: host, port: port, username: address.user, password: address.password,
                database: address.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(Int64(address.connectTimeout))
        configuration.options.additionalStartupParameters = [("application_name", "keyform")]
        let id = Self.ids.add(1, ordering: .relaxed).newValue
        let loop = PostgresConnection.defaultEventLoopGroup.any()
        let promise = loop.makePromise(of: PostgresConnection.self)
        // postgres-nio connects with async code; it runs on the event loop (`EventLoopExecutor`), not on
        // Swift's cooperative pool, whose threads may all be callers waiting here (tests, async callers).
        Task(executorPreference: EventLoopExecutor(loop: loop)) { [configuration, logger] in
            do {
                promise.succeed(
                    try await PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: logger)
                )
            } catch {
                promise.fail(error)
            }
        }
        do {
            return try promise.futureResult.wait()
        } catch {
            throw connectFailure(error)
        }
    }

    /// The TLS `sslmode` asks for: none, offered, required, or required with the certificate checked.
    private static func tls(_ address: ServerAddress) throws -> PostgresConnection.Configuration.TLS {
        guard address.tlsMode != .disable else { return .disable }
        var settings = TLSConfiguration.makeClientConfiguration()
        switch address.tlsMode {
        case .disable, .prefer, .require: settings.certificateVerification = .none
        case .verifyCA: settings.certificateVerification = .noHostnameVerification
        case .verifyFull: settings.certificateVerification = .fullVerification
        }
        if let roots = address.rootCertificate { settings.trustRoots = .file(roots) }
        let context = try NIOSSLContext(configuration: settings)
        return address.tlsMode == .prefer ? .prefer(context) : .require(context)
    }

    // MARK: - Errors

    /// Why a connection could not be made, in the store's words.
    private func connectFailure(_ error: any Error) -> StoreError {
        let shown = address.shown
        if let error = error as? PSQLError {
            switch error.code {
            case .server:
                return failure(error)
            case .authMechanismRequiresPassword:
                return .authenticationFailed(
                    path: shown, user: address.user, reason: .reasonPasswordNeeded)
            case .unsupportedAuthMechanism, .saslError:
                return .authenticationFailed(
                    path: shown, user: address.user,
                    reason: .reasonLoginWayUnknown("\(error.code)"))
            case .sslUnsupported:
                return .cannotOpen(
                    path: shown,
                    reason: .reasonTLSNotOffered(sslmode: address.tlsMode.rawValue))
            case .connectionError:
                return .serverUnreachable(path: shown, reason: Self.reason(error.underlying, address))
            default:
                return .serverUnreachable(path: shown, reason: .systemSaid("\(error.code)"))
            }
        }
        return .serverUnreachable(path: shown, reason: Self.reason(error, address))
    }

    /// What kept a connection from being made, in a few words.
    private static func reason(_ error: (any Error)?, _ address: ServerAddress) -> StoreReason {
        let place: String =
            switch address.endpoint {
            case .tcp(let host, let port): "\(host):\(port)"
            case .socket(let path, _): path
            }
        var errno: Int32?
        if let error = error as? IOError { errno = error.errnoCode }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .reasonHostUnknown(place: place)
            }
            errno = error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return .reasonNoAnswer(place: place, seconds: Int(address.connectTimeout))
        }
        switch errno {
        case ECONNREFUSED?: return .reasonConnectionRefused(place: place)
        case ENOENT?: return .reasonNoSocket(place: place)
        case EACCES?: return .reasonSocketNotPermitted(place: place)
        case let code?: return .systemSaid("\(place): \(String(cString: strerror(code)))")
        case nil: return .systemSaid("\(place): \(error.map { "\($0)" } ?? "unknown error")")
        }
    }

    /// A failure of a statement (or of the connection under it) in the store's words.
    func failure(_ error: any Error) -> StoreError {
        let shown = address.shown
        guard let error = error as? PSQLError else {
            if error is IOError || error is ChannelError { return .connectionLost(path: shown) }
            return .failed(path: shown, message: "\(error)")
        }
        switch error.code {
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .connectionError:
            return .connectionLost(path: shown)
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error \(state)"
            switch state {
            case "28000" where address.tlsMode == .disable && message.hasSuffix("no encryption"):
                // pg_hba.conf has only `hostssl` lines for this host: its own words name a file the person may not know.
                return .authenticationFailed(
                    path: shown, user: address.user,
                    reason: .reasonLoginOnlyOverTLS)
            case "28P01", "28000":
                return .authenticationFailed(path: shown, user: address.user, reason: .systemSaid(message))
            case "3D000":
                return .cannotOpen(
                    path: shown,
                    reason: .reasonNoServerDatabase(said: message, database: address.database))
            case "42501":
                return .permissionDenied(path: shown, detail: message)
            case "53100":
                return .diskFull(path: shown)
            case "25006":
                return .readOnly(path: shown, detail: message)
            case "55P03":
                return .busy(path: shown, seconds: 5)
            case "57P03":
                return .serverUnreachable(path: shown, reason: .systemSaid(message))
            case _ where state.hasPrefix("08") || state.hasPrefix("57P"):
                return .connectionLost(path: shown)
            default:
                return .failed(path: shown, message: message)
            }
        default:
            return .failed(path: shown, message: "\(error.code)")
        }
    }
}

/// The one answer a connection's caller waits for (calls are one at a time):
/// completed by the query's answer or failed by the connection's close,
/// whichever comes first. Holds nothing once it is decided.
final class AwaitedAnswer: Sendable {
    private let waiting = Mutex<EventLoopPromise<PostgresQueryResult>?>(nil)

    /// `promise` is the answer waited for now.
    func start(_ promise: EventLoopPromise<PostgresQueryResult>) {
        waiting.withLock { $0 = promise }
    }

    /// The query answered: `promise` takes `result`, unless the close failed it first.
    func finish(_ promise: EventLoopPromise<PostgresQueryResult>, _ result: Result<PostgresQueryResult, any Error>) {
        let mine = waiting.withLock { waiting -> Bool in
            guard let current = waiting, current.futureResult === promise.futureResult else { return false }
            waiting = nil
            return true
        }
        if mine { promise.completeWith(result) }
    }

    /// The connection closed: the answer waited for, if any, is a lost connection.
    func closed() {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.fail(ChannelError.ioOnClosedChannel)
    }
}

/// A task executor that runs its jobs on one NIO event loop: the async work of
/// postgres-nio (its connect) without Swift's cooperative pool, which a thread
/// waiting synchronously for it may be part of.
final class EventLoopExecutor: TaskExecutor, @unchecked Sendable {
    let loop: any EventLoop

    init(loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
