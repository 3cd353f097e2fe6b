import GRDB
import KeyformCore

extension AppDatabase {
    /// Earlier values of a field of any stored form, each once, empty values left
    /// out: newest first (`recent`) or most used first (`frequent`, ties newest
    /// first). For `choices: {from: FORM.FIELD}`. The form need not be loaded:
    /// values show as they would in a field (numbers shortest, booleans yes/no).
    public func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] {
        let path = RecordValues.path(source.field)
        let order = source.order == .frequent ? "n DESC, m DESC" : "m DESC"
        let rows = try mapped {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT json_type(data, ?) AS t, json_extract(data, ?) AS v, max(id) AS m, count(*) AS n
                    FROM _record WHERE form = ? AND v IS NOT NULL AND v != ''
                    GROUP BY v ORDER BY \(order) LIMIT ?
                    """, arguments: [path, path, source.form, source.limit])
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
