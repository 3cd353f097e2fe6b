/// Where a private temporary file goes (the external editor's text, `records
/// import`'s copy of stdin): `$TMPDIR` when it names a folder by its full path,
/// else `/tmp`. The caller reads the variable; this only decides.
package enum TemporaryFolder {
    package static func path(tmpdir: String?) -> String {
        tmpdir.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }
}
