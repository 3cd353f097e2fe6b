import GRDB
import KeyformCore
import KeyformStore

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
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT e.type AS t, e.value AS v, max(r.id) AS m, count(DISTINCT r.id) AS n, e.key AS k
                        FROM _record AS r, json_each(r.data, ?) AS e
                        WHERE r.form = ? AND v IS NOT NULL AND v != ''
                        GROUP BY v ORDER BY \(order) LIMIT ?
                        """, arguments: [path, source.form, source.limit])
            }
        }
        var seen = Set<String>()
        return rows.compactMap { row -> String? in
            let text: String? =
                switch row["t"] as String? {
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

    public func choicePairs(
        _ source: Field.ChoiceSource, by other: String
    ) throws(StoreError) -> [(value: String, key: String)] {
        let (path, keyPath) = (RecordValues.path(source.field), RecordValues.path(other))
        let order = source.order == .frequent ? "n DESC, m DESC, k" : "m DESC, k"
        let rows = try mapped {
            try writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT e.type AS t, e.value AS v, json_type(r.data, ?) AS kt, json_extract(r.data, ?) AS kv,
                               max(r.id) AS m, count(DISTINCT r.id) AS n, e.key AS k
                        FROM _record AS r, json_each(r.data, ?) AS e
                        WHERE r.form = ? AND v IS NOT NULL AND v != '' AND kv IS NOT NULL AND kv != ''
                        GROUP BY kt, kv, v ORDER BY \(order)
                        """, arguments: [keyPath, keyPath, path, source.form])
            }
        }
        var seen = Set<[String]>()
        return rows.compactMap { row -> (value: String, key: String)? in
            guard let text = Self.shown(row, type: "t", value: "v"), let key = Self.shown(row, type: "kt", value: "kv"),
                seen.insert([key, text]).inserted
            else { return nil }
            return (text, key)
        }
    }

    /// A JSON value as a field shows it (numbers shortest, booleans yes/no); nil for null, lists and objects.
    private static func shown(_ row: Row, type: String, value: String) -> String? {
        switch row[type] as String? {
        case "text": row[value]
        case "integer": (row[value] as Int64?).map(String.init)
        case "real": (row[value] as Double?).map(FieldValue.format)
        case "true": "yes"
        case "false": "no"
        default: nil
        }
    }

    /// The name of every form with stored records, sorted.
    public func formNames() throws(StoreError) -> [String] {
        try mapped {
            try writer.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT form FROM _record ORDER BY form") }
        }
    }

    /// The form as the store keeps it (`FormDefinition`, written with its
    /// records); for a form stored before that was kept (a database made by an
    /// earlier version, read without being written to), as its newest record
    /// stored it (`StoredForm`). Nil when it has no records.
    public func storedForm(named name: String) throws(StoreError) -> Form? {
        let kept = try mapped {
            try writer.read { db -> String? in
                // A database made before `_form` existed: a reader does not migrate it.
                guard try db.tableExists("_form") else { return nil }
                return try String.fetchOne(
                    db,
                    sql: """
                        SELECT fields FROM _form
                        WHERE name = ? AND EXISTS (SELECT 1 FROM _record WHERE form = ?)
                        """, arguments: [name, name])
            }
        }
        if let definition = kept.flatMap(FormDefinition.init(json:)) { return definition.form(named: name) }
        return try guessedForm(named: name)
    }

    /// The form as its newest record stored it (see `StoredForm`); nil when it has no records.
    func guessedForm(named name: String) throws(StoreError) -> Form? {
        let rows = try mapped {
            try writer.read { db in
                // The newest record's keys are the form's fields in order (`StoredValues.json`);
                // each field's type is that of its newest non-empty value.
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT k.key AS id, (
                            SELECT json_type(r.data, '$."' || replace(k.key, '"', '""') || '"')
                            FROM _record AS r
                            WHERE r.form = ? AND json_type(r.data, '$."' || replace(k.key, '"', '""') || '"') <> 'null'
                            ORDER BY r.id DESC LIMIT 1
                        ) AS t
                        FROM json_each((SELECT data FROM _record WHERE form = ? ORDER BY id DESC LIMIT 1)) AS k
                        ORDER BY k.id
                        """, arguments: [name, name])
            }
        }
        guard !rows.isEmpty else { return nil }
        return StoredForm.form(named: name, fields: rows.map { ($0["id"], $0["t"]) })
    }
}
