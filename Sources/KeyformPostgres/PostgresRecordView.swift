import KeyformCore
import KeyformStore
import PostgresNIO

/// The view named after a form, in the `keyform` schema, with one typed column
/// per field, so that the records read without Keyform:
/// `psql -c 'SELECT * FROM keyform.todo'`.
///
/// ```sql
/// CREATE VIEW keyform."todo" AS SELECT
///   id AS _id, created AS _created, updated AS _updated, author AS _author,
///   data ->> 'text' AS "text",
///   CASE WHEN jsonb_typeof(data -> 'laps') = 'number' THEN (data ->> 'laps')::numeric::bigint END AS "laps",
///   …
/// FROM keyform._record WHERE form = 'todo'
/// ```
///
/// Columns are typed by the field: integer `bigint`, number `double precision`,
/// boolean `boolean`, date `date`, time `time`, datetime `timestamp` (a wall
/// time, no zone: as stored), a `multiple` field its items joined with `, `,
/// text `text`. A value stored when the field had another type shows as NULL
/// there rather than failing the whole query (the record keeps it).
///
/// Which definition a view has is kept in its comment, as its `ViewVersion`:
/// PostgreSQL rewrites a view's text, so the text itself cannot be compared.
enum PostgresRecordView {
    /// This backend's view SQL, for `ViewVersion`: a new number makes every view again.
    static let shape = 1

    /// The view's `CREATE VIEW`.
    static func sql(for form: Form) -> String {
        var columns = ["id AS _id", "created AS _created", "updated AS _updated", "author AS _author"]
        for field in form.valueFields {
            let key = PostgresSQL.literal(field.id)
            let value = "(data ->> \(key))"
            let isNumber = "jsonb_typeof(data -> \(key)) = 'number'"
            let expression: String
            if field.multiple {
                expression =
                    "(SELECT string_agg(e.item, ', ' ORDER BY e.n) FROM jsonb_array_elements_text("
                    + "CASE WHEN jsonb_typeof(data -> \(key)) = 'array' THEN data -> \(key) END) WITH ORDINALITY AS e(item, n))"
            } else {
                switch field.type {
                case .integer: expression = "CASE WHEN \(isNumber) THEN \(value)::numeric::bigint END"
                case .number: expression = "CASE WHEN \(isNumber) THEN \(value)::double precision END"
                case .boolean:
                    expression = "CASE WHEN jsonb_typeof(data -> \(key)) = 'boolean' THEN \(value)::boolean END"
                case .date: expression = "CASE WHEN \(value) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN \(value)::date END"
                case .time: expression = "CASE WHEN \(value) ~ '^[0-9]{2}:[0-9]{2}$' THEN \(value)::time END"
                case .datetime:
                    expression =
                        "CASE WHEN \(value) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$' THEN \(value)::timestamp END"
                case .text, .note: expression = value
                }
            }
            columns.append("\(expression) AS \(PostgresSQL.identifier(field.id))")
        }
        return "CREATE VIEW \(PostgresSchema.name).\(PostgresSQL.identifier(form.name)) AS SELECT\n  "
            + columns.joined(separator: ",\n  ")
            + "\nFROM \(PostgresSchema.records) WHERE form = \(PostgresSQL.literal(form.name))"
    }

    /// Makes the form's view match the form, inside the caller's transaction.
    /// Another thing of that name (a table the team made) is left alone, and a
    /// role that may not create or replace views saves its records all the same
    /// (a savepoint undoes the attempt); the view follows at a save by a role that may.
    static func ensure(_ session: ServerLink.Session, form: Form) throws {
        let version = ViewVersion.of(form, shape: shape)
        try session.query("SAVEPOINT keyform_view")
        do {
            // Processes saving a form's first record at once would create its view twice.
            try session.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.viewLock))")
            var binds = PostgresBindings()
            binds.append(form.name)
            let rows = try session.query(
                """
                SELECT c.relkind::text, obj_description(c.oid, 'pg_class')
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = '\(PostgresSchema.name)' AND c.relname = $1
                """, binds)
            let name = "\(PostgresSchema.name).\(PostgresSQL.identifier(form.name))"
            var current: (kind: String, comment: String?)?
            for row in rows { current = try row.decode((String, String?).self) }
            if let current {
                guard current.kind == "v", current.comment != version else {
                    try session.query("RELEASE SAVEPOINT keyform_view")
                    return
                }
                try session.query("DROP VIEW \(name)")
            }
            try session.query(sql(for: form))
            try session.query("COMMENT ON VIEW \(name) IS \(PostgresSQL.literal(version))")
            try session.query("RELEASE SAVEPOINT keyform_view")
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42501" {
            try session.query("ROLLBACK TO SAVEPOINT keyform_view")
        }
    }
}

/// SQL names and literals.
enum PostgresSQL {
    /// `"name"`, with any `"` doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `'text'`, with any `'` doubled (standard_conforming_strings is on since PostgreSQL 9.1).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
