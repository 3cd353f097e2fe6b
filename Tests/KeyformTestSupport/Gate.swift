import Foundation

/// A slow store's answer, held until the test lets it go. A test that a key is
/// answered "off the loop" asks whether the store had answered when the key
/// returned (`passed == 0`), which no load on the machine can change; a time
/// limit on the key would decide it by the clock. A loop that does wait for the
/// store waits out the gate's `limit` and then fails its test, never hangs it.
public final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var passes = 0
    private let limit: TimeInterval

    /// - Parameter limit: the longest a caller is held when no test opens the gate.
    public init(limit: TimeInterval = 30) {
        self.limit = limit
    }

    /// A gate that opens by itself after `delay` (a store that is only slow).
    public static func opening(after delay: TimeInterval) -> Gate {
        let gate = Gate()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            gate.open()
        }
        return gate
    }

    /// Holds the caller (the store's worker) until the gate is open.
    public func pass() {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: limit)
        while !isOpen, condition.wait(until: deadline) {}
        passes += 1
    }

    /// Lets every held caller and every later one through.
    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Holds the callers that come from now on, until `open()` again.
    public func close() {
        condition.lock()
        isOpen = false
        condition.unlock()
    }

    /// How many callers have gone through: 0 while the store has not answered.
    public var passed: Int {
        condition.lock()
        defer { condition.unlock() }
        return passes
    }
}
