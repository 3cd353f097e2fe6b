import GRDB
import KeyformCore
import KeyformStore

/// The view named after a form, with one column per field, so that the records
/// read without Keyform: `sqlite3 keyform.sqlite 'SELECT * FROM todo'`.
///
/// ```sql
/// CREATE VIEW "todo" AS SELECT
///   id AS _id, created AS _created, updated AS _updated, author AS _author,
///   json_extract(data, '$."text"') AS "text",
///   json_extract(data, '$."done"') AS "done"
/// FROM _record WHERE form = 'todo'
/// ```
///
/// A `multiple` field's column is its list joined with `, `
/// (`(SELECT group_concat(value, ', ') FROM json_each(data, '$."tags"'))`).
///
/// Saving or updating a record of a form makes its view match the form's current
/// fields (drop and create in the same transaction, only when they differ). A form
/// whose name is already taken by something that is not a view (`grdb_migrations`,
/// SQLite's own `sqlite_…` names) gets no view; its records are stored all the same.
enum RecordView {
    static func sql(for form: Form) -> String {
        var columns = ["id AS _id", "created AS _created", "updated AS _updated", "author AS _author"]
        for field in form.valueFields {
            if field.multiple {
                // A list shows as its joined text (`Beach, Food`), the way the form shows it.
                let path = SQLText.literal(RecordValues.path(field.id))
                columns.append("(SELECT group_concat(value, ', ') FROM json_each(data, \(path))) AS \(SQLText.identifier(field.id))")
                continue
            }
            columns.append("json_extract(data, \(SQLText.literal(RecordValues.path(field.id)))) AS \(SQLText.identifier(field.id))")
        }
        return "CREATE VIEW \(SQLText.identifier(form.name)) AS SELECT\n  "
            + columns.joined(separator: ",\n  ")
            + "\nFROM _record WHERE form = \(SQLText.literal(form.name))"
    }

    static func ensure(_ db: Database, form: Form) throws {
        guard !form.name.lowercased().hasPrefix("sqlite_") else { return }
        let wanted = sql(for: form)
        if let existing = try Row.fetchOne(
            db, sql: "SELECT type, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [form.name])
        {
            let type: String = existing["type"]
            let sql: String? = existing["sql"]
            guard type == "view" else { return }
            if sql == wanted { return }
            try db.execute(sql: "DROP VIEW \(SQLText.identifier(form.name))")
        }
        try db.execute(sql: wanted)
    }
}
