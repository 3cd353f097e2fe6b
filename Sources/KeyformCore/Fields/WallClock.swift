/// The local day and time of day a form is filled in: what `today`,
/// `yesterday`, `tomorrow` (date fields) and `now` (time fields) resolve to.
///
/// Pure: the edge reads the clock (`WallClock.now(in:)`, CivilDate+Clock.swift)
/// and passes it in, so tests fix it.
public struct WallClock: Hashable, Sendable {
    public var today: CivilDate
    /// Minutes since midnight, 0..<1440.
    public var minuteOfDay: Int

    public init(today: CivilDate, minuteOfDay: Int = 0) {
        self.today = today
        self.minuteOfDay = min(max(minuteOfDay, 0), 24 * 60 - 1)
    }
}
