import Glibc

/// The size of the terminal behind a file descriptor.
public enum TerminalSize {
    /// Columns of the terminal on `fd`, or nil when it is not a terminal (or reports 0).
    public static func columns(ofFileDescriptor fd: Int32) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
