import CReadline

/// Facts about the GNU readline library Keyform is linked against.
public enum ReadlineInfo {
    /// The library's version string, e.g. "8.2".
    public static var version: String { String(cString: shim_library_version()) }
}
