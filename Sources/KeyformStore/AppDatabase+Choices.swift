import GRDB
import KeyformCore

extension AppDatabase {
    /// Earlier values of a field of any stored form, each once, empty values left
    /// out: newest first (`recent`) or most used first (`frequent`, ties newest
    /// first). For `choices: {from: FORM.FIELD}`. The form need not be loaded:
    /// values show as they would in a field (numbers shortest, booleans yes/no).
    ///
    /// A list (a `multiple` field's value) offers its items one by one: each item
    /// once, as recent as the newest record holding it, as frequent as the number
    /// of records holding it; items of one record keep the order they were picked
    /// in. A text stored before the field became `multiple` counts as one item.
    /// `limit` counts items.
    public func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] {
        let path = RecordValues.path(source.field)
        // json_each gives a list's items, and a single value as itself. With one
        // max() in the query, SQLite takes the bare column k (an item's place in its
        // list) from the newest record holding the item.
        let order = source.order == .frequent ? "n DESC, m DESC, k" : "m DESC, k"
        let rows = try mapped {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT e.type AS t, e.value AS v, max(r.id) AS m, count(DISTINCT r.id) AS n, e.key AS k
                    FROM _record AS r, json_each(r.data, ?) AS e
                    WHERE r.form = ? AND v IS NOT NULL AND v != ''
                    GROUP BY v ORDER BY \(order) LIMIT ?
                    """, arguments: [path, source.form, source.limit])
            }
        }
        var seen = Set<String>()
        return rows.compactMap { row -> String? in
            let text: String? = switch row["t"] as String? {
            case "text": row["v"]
            case "integer": (row["v"] as Int64?).map(String.init)
            case "real": (row["v"] as Double?).map(FieldValue.format)
            case "true": "yes"
            case "false": "no"
            default: nil
            }
            guard let text, seen.insert(text).inserted else { return nil }
            return text
        }
    }
}
