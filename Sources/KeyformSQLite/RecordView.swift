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
/// fields (drop and create in the same transaction, only when they differ: the
/// version in `_view`, `ViewVersion`, not the view's SQL text, says so). A form
/// whose name is already taken by something that is not a view (`grdb_migrations`,
/// SQLite's own `sqlite_…` names) gets no view; its records are stored all the same.
enum RecordView {
    static func sql(for form: Form) -> String {
        var columns = ["id AS _id", "created AS _created", "updated AS _updated", "author AS _author"]
        for field in form.valueFields {
            if field.multiple {
                // A list shows as its joined text (`Beach, Food`), the way the form shows it.
                let path = SQLText.literal(RecordValues.path(field.id))
                columns.append(
                    "(SELECT group_concat(value, ', ') FROM json_each(data, \(path))) AS \(SQLText.identifier(field.id))"
                )
                continue
            }
            columns.append(
                "json_extract(data, \(SQLText.literal(RecordValues.path(field.id)))) AS \(SQLText.identifier(field.id))"
            )
        }
        return "CREATE VIEW \(SQLText.identifier(form.name)) AS SELECT\n  "
            + columns.joined(separator: ",\n  ")
            + "\nFROM _record WHERE form = \(SQLText.literal(form.name))"
    }

    /// The shape of the SQL `sql(for:)` writes: raise it when that SQL changes,
    /// so that every view is made again on its form's next save.
    static let shape = 1

    static func ensure(_ db: Database, form: Form) throws {
        guard !form.name.lowercased().hasPrefix("sqlite_") else { return }
        let version = ViewVersion.of(form, shape: shape)
        if let type = try String.fetchOne(
            db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [form.name])
        {
            guard type == "view" else { return }
            let made = try String.fetchOne(db, sql: "SELECT version FROM _view WHERE name = ?", arguments: [form.name])
            if made == version { return }
            try db.execute(sql: "DROP VIEW \(SQLText.identifier(form.name))")
        }
        try db.execute(sql: sql(for: form))
        try db.execute(
            sql:
                "INSERT INTO _view (name, version) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version",
            arguments: [form.name, version])
    }
}
