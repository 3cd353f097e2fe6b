/// A week's sums of a number field, one per value of another field: the swim
/// log's "this week: Freestyle 1200 m, Breaststroke 400 m". Pure: the records
/// and today come in, the edge reads them from the store.
public enum WeekTotals {
    /// The Monday of the week (ISO weeks: Monday to Sunday) `day` is in.
    public static func monday(of day: CivilDate) -> CivilDate {
        // 1970-01-01 was a Thursday: three days after a Monday.
        let sinceMonday = ((day.daysSinceEpoch + 3) % 7 + 7) % 7
        return day.adding(days: -sinceMonday)
    }

    /// For the records whose `date` falls in today's week (Monday to today),
    /// the sum of `amount` per value of `group`, largest first (ties by name).
    /// Records without a date, a group or a number are left out.
    public static func sums(
        _ records: [Record], date: String, group: String, amount: String,
        today: CivilDate
    ) -> [(group: String, total: Int)] {
        let start = monday(of: today)
        var totals: [String: Int] = [:]
        for record in records {
            guard let day = record[date].flatMap({ CivilDate(iso: $0.text) }), day >= start, day <= today,
                let name = record[group]?.text, !name.isEmpty,
                case .integer(let number)? = record[amount]
            else { continue }
            totals[name, default: 0] += number
        }
        return totals.map { (group: $0.key, total: $0.value) }
            .sorted { $0.total != $1.total ? $0.total > $1.total : $0.group < $1.group }
    }
}
