import CReadline
import Glibc
import KeyformCore

/// GNU readline as the keyboard view's editing engine, and nothing else.
///
/// Readline edits; Keyform draws. Bytes go in through ``feed(_:)`` and come out
/// as ``Event`` values: the line and cursor after the keys (`.edited`), or one
/// of Keyform's own keys (`.commit`, `.swapView`, `.previous`). Readline never
/// touches the terminal: it reads from our byte queue, its redisplay hook only
/// copies `rl_line_buffer`/`rl_point` into Swift, its terminal prep functions do
/// nothing, its streams are `/dev/null`, it catches no signals, its bell is
/// off and bracketed paste is left to our key decoder.
///
/// Everything else is readline's: emacs and vi modes, the kill ring, undo,
/// history (per field, see ``useHistory(_:)``), searches, and the user's
/// inputrc (`$INPUTRC`, else `~/.inputrc`, else `/etc/inputrc`), which readline
/// reads once per process, the first time an editor is created. Readline's
/// application name is `keyform`, so an inputrc can say `$if keyform`.
///
/// **Threading.** Readline is one set of C globals per process, so this class
/// is `@MainActor`: create it, call it and drop it on the main thread, and never
/// call readline from anywhere else. Only one editor can be installed at a
/// time; creating a second one while the first is installed is a programming
/// error (it traps). ``reset()`` (or releasing the editor) uninstalls it.
///
/// **Keys fed whole.** Feed each key's bytes (better: each `read()` chunk) in
/// one call. Readline asks "is more input waiting?" to tell `ESC [ D` from a
/// bare `ESC`, and the answer is our queue: an escape sequence split across
/// two calls is read as ESC followed by separate keys. Pasted text goes
/// through ``insert(_:)`` instead, so its Tabs and newlines stay text.
///
/// **A typical field change**: `useHistory(earlierValues)` then
/// `setLine(value, cursor:)`, and the `.edited` values go to the form as
/// `FormEvent.lineEdited(text:cursor:)`; a `FormEffect.setLine` goes back
/// through ``setLine(_:cursor:)``.
///
/// **A lone ESC** (decide before feeding it; the SPEC gives Esc to readline only
/// in vi mode, see ``isViMode``):
/// - vi insert mode: leaves insert mode at once (vi-movement-mode). The caller's
///   key decoder has already waited to know the Esc is alone, so readline's
///   `keyseq-timeout` plays no part.
/// - vi command mode: readline holds it as the start of a key sequence; the
///   next key completes it (as in bash: a stray Esc there does nothing). The
///   form's key map takes Esc there instead (cancel), and says so in the footer.
/// - emacs mode: starts a Meta prefix, so the next key is read as Meta-key
///   (`ESC f` = forward-word). Keyform's Esc means cancel there, so don't feed it.
///
/// **When readline ends the line itself** (keys other than Enter that accept a
/// line: `M-#`/vi `#` insert-comment, `C-o` operate-and-get-next, `C-d` in vi
/// insert mode, or an inputrc binding to `accept-line`), the editor reports
/// the accepted text as `.edited` if it changed and then `.commit`, and keeps
/// that text in the line. `C-d` on an empty line (end of file) does nothing.
///
/// Commands that draw for themselves (clear-screen `C-l`, `M-C-l`,
/// print-last-kbd-macro, dump-functions) write only to the `/dev/null` stream;
/// intercept `C-l` before feeding it if it should redraw the screen.
/// Completion is off (no candidates, nothing listed). The kill ring is shared
/// by all fields, like a clipboard, but for a secret field's: ``forgetSecretEdits()``.
@MainActor
public final class LineEditor {
    /// What happened while bytes were fed, in order.
    public enum Event: Equatable, Sendable {
        /// The line or the cursor changed: their state after the keys fed. Keys
        /// in one chunk make at most one `.edited` between Keyform's own keys
        /// (and none when the line ends as the caller last saw it). `cursor`
        /// counts Characters (grapheme clusters) before the cursor; readline
        /// moves by code point, so when its cursor sits inside a cluster (e.g.
        /// between the people of a family emoji) it is reported before that cluster.
        case edited(text: String, cursor: Int)
        /// Enter (C-m or C-j): commit the field. Readline does not accept the line.
        case commit
        /// Tab: swap between the keyboard and the grid.
        case swapView
        /// Shift-Tab (`ESC [ Z`): the previous field.
        case previous
    }

    /// The line as last reported through `.edited` or set by ``setLine(_:cursor:)``.
    public private(set) var text = ""
    /// Characters before the cursor in ``text``.
    public private(set) var cursor = 0
    /// Lines readline printed while reading an inputrc (syntax errors, unknown
    /// variables), e.g. `readline: /home/me/.inputrc: line 3: foo: unknown variable name`.
    /// Readline writes them to stderr; the editor captures them so they never
    /// reach the screen. Show them to the person, or ignore them.
    public private(set) var inputrcDiagnostics: [String] = []

    /// Whether readline is in vi mode (insert or command); Esc then belongs to readline.
    public var isViMode: Bool {
        shim_editing_mode() == 0
    }

    /// Readline's editing mode and, in vi mode, its keymap now (asked of readline each time).
    public var editingMode: EditingMode {
        guard isViMode else { return .emacs }
        return isViCommandMode ? .viCommand : .viInsert
    }

    /// What readline would show in place of its prompt now, escaped for the
    /// screen: a history search being typed (`(reverse-i-search)`bu': `,
    /// `(failed reverse-i-search)`bx': `), a numeric argument (`(arg: 2) `);
    /// nil when there is none. Keyform draws the line itself, so it shows this
    /// where a person looks for it (the form's footer).
    public var prompt: String? {
        guard let display = shim_display_prompt() else { return nil }
        let text = String(cString: display)
        return text.isEmpty ? nil : TerminalSafe.escaped(text)
    }

    /// Whether a history search (C-r, C-s, vi `/`) is being typed.
    public var isSearching: Bool { shim_is_searching() != 0 }

    /// Whether readline is in vi command (movement) mode, e.g. for a block cursor.
    public var isViCommandMode: Bool {
        isViMode && rl_get_keymap() == rl_get_keymap_by_name("vi-command")
    }

    /// Creates the editor and installs it into readline (reading the inputrc
    /// the first time in the process). Traps if another editor is installed.
    public convenience init() {
        self.init(outputPath: "/dev/null")
    }

    /// `outputPath`: where readline's output stream goes. Tests point it at a
    /// file to prove that readline writes nothing.
    init(outputPath: String) {
        self.outputPath = outputPath
        install()
    }

    isolated deinit {
        if installed { uninstall() }
    }

    // MARK: - Feeding keys

    /// Queues `bytes` and lets readline read them all; returns what happened, in order.
    public func feed(_ bytes: [UInt8]) -> [Event] {
        ensureInstalled()
        queue.append(contentsOf: bytes)
        while head < queue.count {
            if deleteClusterOnBackspace() { continue }
            let before = head
            rl_callback_read_char()
            if let accepted = acceptance {
                acceptance = nil
                finishAcceptance(accepted)
            }
            // Readline reads at least one byte per call; never spin if it did not.
            if head == before { break }
        }
        queue.removeFirst(head)
        head = 0
        syncLine()
        defer { events = [] }
        return events
    }

    /// Inserts `text` at the cursor literally, as one undoable change: for a
    /// bracketed paste, whose Tab or newline must not act as Keyform's keys.
    /// Filter out what a field should not hold (e.g. newlines) before calling.
    /// Works in vi command mode too (readline's rl_insert_text).
    public func insert(_ text: String) -> [Event] {
        ensureInstalled()
        _ = rl_insert_text(text)
        syncLine()
        defer { events = [] }
        return events
    }

    /// Moves the cursor to `cursor` (Characters, clamped to the line) as a
    /// readline motion would: the line, its undo list and a pending command stay.
    /// For moves readline has no command for (a line up in text of several lines).
    public func moveCursor(to cursor: Int) -> [Event] {
        ensureInstalled()
        let cursor = min(max(0, cursor), text.count)
        shim_set_point(Int32(text.prefix(cursor).utf8.count))
        syncLine()
        defer { events = [] }
        return events
    }

    /// Replaces the line (focus moved, or the grid changed the value); `cursor`
    /// counts Characters and is clamped to the text.
    ///
    /// This starts a fresh line for readline: a half-typed command (a pending
    /// Meta prefix, a vi operator waiting for its motion, a search) is dropped,
    /// the undo list is cleared so undo does not cross fields, history browsing
    /// starts again from the newest entry (entries edited while browsing are
    /// restored), and vi mode is back in insert mode. No event is produced:
    /// the caller already knows the line.
    public func setLine(_ text: String, cursor: Int) {
        ensureInstalled()
        let cursor = min(max(0, cursor), text.count)
        startLine(text, bytePoint: text.prefix(cursor).utf8.count)
        self.text = text
        self.cursor = cursor
        syncLine()
    }

    /// Empties readline's kill ring, undo list and vi's repeat (`.`) buffer,
    /// keeping the line: call it when a secret field is left (or the form that
    /// has one ends), so nothing killed or typed there can be yanked, undone or
    /// repeated into another field, or into the next form a program runs
    /// (DECISIONS 39).
    public func forgetSecretEdits() {
        ensureInstalled()
        cancelPendingCommand()
        shim_empty_kill_ring()
        shim_forget_vi_insert()
        startLine(text, bytePoint: text.prefix(cursor).utf8.count)
        syncLine()
        events = []
    }

    /// Replaces readline's history with the focused field's earlier values,
    /// oldest first and newest LAST (Up recalls `entries.last` first). Call it
    /// whenever focus moves to another field. What was typed before Up was
    /// pressed in the previous field (readline's "saved line") is dropped, so
    /// it cannot come back on Down here. The line itself is not changed.
    public func useHistory(_ entries: [String]) {
        ensureInstalled()
        history = entries
        rebuildHistory()
    }

    /// Reads an inputrc file into the running session (e.g. `set editing-mode vi`),
    /// keeping Keyform's own keys and settings. Returns false when the file
    /// cannot be read; problems inside it land in ``inputrcDiagnostics``.
    @discardableResult
    public func readInitFile(_ path: String) -> Bool {
        ensureInstalled()
        var status: Int32 = 0
        inputrcDiagnostics += Self.capturingStderr { status = rl_read_init_file(path) }
        applySettings()
        bindKeys()
        syncLine()
        events = []
        return status == 0
    }

    /// Uninstalls the editor: removes the callback handler, restores readline's
    /// hooks, streams, signal settings, variables, editing mode and the key
    /// bindings it replaced, and empties the history and the line. Calling any
    /// other method afterwards installs the editor again.
    public func reset() {
        if installed { uninstall() }
    }

    // MARK: - State reached by readline's callbacks

    /// The installed editor, if any: where the C callbacks below find their state.
    fileprivate static weak var current: LineEditor?

    private let outputPath: String
    private var output: UnsafeMutablePointer<FILE>?
    private var installed = false
    private var queue: [UInt8] = []
    private var head = 0
    private var events: [Event] = []
    private var history: [String] = []
    /// readline's bytes and point at the last sync, to skip decoding when nothing changed.
    private var syncedBytes: [UInt8] = []
    private var syncedPoint = -1
    /// The line as the caller knew it before the run of edits now at the end of `events`.
    private var runStart = (text: "", cursor: 0)
    /// Set by the line handler when readline accepted the line itself.
    private var acceptance: Acceptance?
    private var saved: SavedGlobals?

    private struct Acceptance {
        var text: String
        var point: Int
        var isEndOfFile: Bool
    }

    fileprivate func nextByte() -> Int32 {
        guard head < queue.count else { return EOF }
        defer { head += 1 }
        return Int32(queue[head])
    }

    fileprivate var hasInput: Bool { head < queue.count }

    fileprivate func record(_ event: Event) {
        syncLine()
        events.append(event)
    }

    fileprivate func lineAccepted(_ line: String?) {
        let point = Int(shim_point())
        let text = line ?? currentBytes().withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        acceptance = Acceptance(text: text, point: min(point, text.utf8.count), isEndOfFile: line == nil)
    }

    /// Copies readline's line and cursor into Swift; appends `.edited` when
    /// either differs from what the caller last saw. Writes nothing anywhere.
    fileprivate func syncLine() {
        // While readline is between an accepted line and our restoring it, its
        // buffer is empty: that is not an edit.
        guard acceptance == nil else { return }
        let bytes = currentBytes()
        let point = min(max(0, Int(shim_point())), bytes.count)
        if point == syncedPoint && bytes == syncedBytes { return }
        syncedBytes = bytes
        syncedPoint = point
        let newText = String(decoding: bytes, as: UTF8.self)
        let newCursor = Self.characterCount(before: point, in: bytes, text: newText)
        guard newText != text || newCursor != cursor else { return }
        // Several edits in a row make one `.edited`: only the last state matters,
        // and none at all when the run ends where it started.
        if case .edited? = events.last {
            events.removeLast()
        } else {
            runStart = (text, cursor)
        }
        text = newText
        cursor = newCursor
        if newText != runStart.text || newCursor != runStart.cursor {
            events.append(.edited(text: newText, cursor: newCursor))
        }
    }

    private func currentBytes() -> [UInt8] {
        guard let buffer = shim_line_buffer() else { return [] }
        let end = Int(shim_end())
        return buffer.withMemoryRebound(to: UInt8.self, capacity: end) {
            Array(UnsafeBufferPointer(start: $0, count: end))
        }
    }

    /// Readline ended the line itself (see the type's documentation): it has
    /// already started a new, empty line. Put the accepted text back.
    private func finishAcceptance(_ accepted: Acceptance) {
        startLine(accepted.text, bytePoint: accepted.point)
        syncLine()
        if !accepted.isEndOfFile { events.append(.commit) }
    }

    // MARK: - Lines and history

    private func startLine(_ text: String, bytePoint: Int) {
        cancelPendingCommand()
        // Free the saved line first: rl_undo_list may point at its undo list,
        // and rl_replace_line(_, 1) would free that list a second time.
        _ = _rl_free_saved_history_line()
        rl_clear_history()
        rl_replace_line(text, 1)
        addHistoryEntries()
        shim_set_point(Int32(min(bytePoint, Int(shim_end()))))
        shim_set_mark(0)
        // Consecutive history searches and kills look at the last command.
        shim_set_last_func(nil)
        if shim_editing_mode() == 0 { _ = rl_vi_insertion_mode(1, Int32(UInt8(ascii: "i"))) }
        syncedPoint = -1
    }

    private func rebuildHistory() {
        _ = _rl_free_saved_history_line()
        rl_clear_history()
        addHistoryEntries()
    }

    private func addHistoryEntries() {
        for entry in history { add_history(entry) }
        // using_history(), and forget the saved line and the search position.
        _rl_start_using_history()
    }

    /// Drops a half-read key sequence, numeric argument, search or vi motion.
    private func cancelPendingCommand() {
        rl_callback_sigcleanup()
        _rl_keyseq_chain_dispose()
    }

    // MARK: - Installing into readline

    // The C function pointer types of readline's hooks (its typedefs name the function types).
    private typealias GetcFunction = @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32
    private typealias VoidFunction = @convention(c) () -> Void
    private typealias IntFunction = @convention(c) (Int32) -> Void
    private typealias HookFunction = @convention(c) () -> Int32
    private typealias CompletionFunction =
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
        -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private typealias CommandFunction = @convention(c) (Int32, Int32) -> Int32

    private struct SavedGlobals {
        var getc: GetcFunction?
        var redisplay: VoidFunction?
        var prep: IntFunction?
        var deprep: VoidFunction?
        var inputAvailable: HookFunction?
        var completion: CompletionFunction?
        var instream: UnsafeMutablePointer<FILE>?
        var outstream: UnsafeMutablePointer<FILE>?
        var catchSignals: Int32
        var catchSigwinch: Int32
        var changeEnvironment: Int32
        var readlineName: UnsafePointer<CChar>?
        var variables: [(name: String, value: String)] = []
        var bindings: [SavedBinding] = []
        var wasViMode = false
    }

    private struct SavedBinding {
        var map: Keymap
        var key: Int
        var entry: KEYMAP_ENTRY
    }

    /// Readline variables Keyform sets while installed.
    private static let settings: [(name: String, value: String)] = [
        ("bell-style", "none"),
        ("enable-bracketed-paste", "off"),  // our key decoder handles paste
        ("blink-matching-paren", "off"),  // it would move the cursor to the paren and back
    ]

    private static var devNull: UnsafeMutablePointer<FILE>?
    private static var readlineName: UnsafeMutablePointer<CChar>?

    private func ensureInstalled() {
        if !installed { install() }
    }

    private func install() {
        precondition(Self.current == nil, "Only one LineEditor can be installed at a time: readline is global.")
        Self.ensureUTF8Locale()
        if Self.devNull == nil { Self.devNull = fopen("/dev/null", "r+") }
        if Self.readlineName == nil { Self.readlineName = strdup("keyform") }
        // The FILEs readline writes to are never closed: readline keeps its own
        // copy of the pointer (_rl_out_stream) after we restore rl_outstream.
        if output == nil {
            output = outputPath == "/dev/null" ? Self.devNull : (fopen(outputPath, "w") ?? Self.devNull)
        }

        var saved = SavedGlobals(
            getc: shim_getc_function(), redisplay: shim_redisplay_function(),
            prep: shim_prep_term_function(), deprep: shim_deprep_term_function(),
            inputAvailable: shim_input_available_hook(),
            completion: shim_attempted_completion_function(),
            instream: shim_instream(), outstream: shim_outstream(),
            catchSignals: shim_catch_signals(), catchSigwinch: shim_catch_sigwinch(),
            changeEnvironment: shim_change_environment(), readlineName: shim_readline_name())

        shim_set_readline_name(Self.readlineName)
        shim_set_instream(Self.devNull)
        shim_set_outstream(output)
        shim_set_catch_signals(0)
        shim_set_catch_sigwinch(0)
        shim_set_change_environment(0)
        shim_set_getc_function(keyformGetc)
        shim_set_input_available_hook(keyformInputAvailable)
        shim_set_redisplay_function(keyformRedisplay)
        shim_set_prep_term_function(keyformPrepTerminal)
        shim_set_deprep_term_function(keyformDeprepTerminal)
        shim_set_attempted_completion_function(keyformNoCompletion)

        Self.current = self
        installed = true
        // The first install initialises readline, which reads the inputrc.
        inputrcDiagnostics += Self.capturingStderr { rl_callback_handler_install("", keyformLineHandler) }

        saved.variables = Self.settings.map { setting in
            (setting.name, rl_variable_value(setting.name).map { String(cString: $0) } ?? "")
        }
        saved.bindings = Self.keymaps().flatMap(Self.bindingsWeReplace(in:))
        saved.wasViMode = shim_editing_mode() == 0
        self.saved = saved
        applySettings()
        bindKeys()

        startLine("", bytePoint: 0)
        text = ""
        cursor = 0
        syncLine()
        events = []
    }

    private func uninstall() {
        guard let saved else { return }
        cancelPendingCommand()
        for binding in saved.bindings.reversed() { binding.map[binding.key] = binding.entry }
        if saved.wasViMode != (shim_editing_mode() == 0) {
            _ = saved.wasViMode ? rl_vi_editing_mode(1, 0) : rl_emacs_editing_mode(1, 0)
        }
        rl_callback_handler_remove()
        _ = _rl_free_saved_history_line()
        rl_clear_history()
        rl_replace_line("", 1)
        _rl_start_using_history()
        for variable in saved.variables where !variable.value.isEmpty {
            _ = rl_variable_bind(variable.name, variable.value)
        }
        shim_set_getc_function(saved.getc)
        shim_set_redisplay_function(saved.redisplay)
        shim_set_prep_term_function(saved.prep)
        shim_set_deprep_term_function(saved.deprep)
        shim_set_input_available_hook(saved.inputAvailable)
        shim_set_attempted_completion_function(saved.completion)
        // Before the first initialisation these are NULL; readline is initialised now.
        shim_set_instream(saved.instream ?? shim_stdin())
        shim_set_outstream(saved.outstream ?? shim_stdout())
        shim_set_catch_signals(saved.catchSignals)
        shim_set_catch_sigwinch(saved.catchSigwinch)
        shim_set_change_environment(saved.changeEnvironment)
        shim_set_readline_name(saved.readlineName)
        if let output { fflush(output) }

        self.saved = nil
        installed = false
        Self.current = nil
        queue = []
        head = 0
        events = []
        history = []
        acceptance = nil
        syncedBytes = []
        syncedPoint = -1
        text = ""
        cursor = 0
    }

    private func applySettings() {
        for setting in Self.settings { _ = rl_variable_bind(setting.name, setting.value) }
    }

    /// Keyform's keys, in the emacs, vi-insert and vi-command keymaps.
    private static let keys: [(sequence: String, command: CommandFunction)] = [
        ("\\C-m", keyformCommitCommand),
        ("\\C-j", keyformCommitCommand),
        ("\\t", keyformSwapViewCommand),
        ("\\e[Z", keyformPreviousCommand),
    ]

    private func bindKeys() {
        for map in Self.keymaps() {
            for key in Self.keys { _ = rl_bind_keyseq_in_map(key.sequence, key.command, map) }
        }
    }

    /// Backspace (DEL or C-h, bound to readline's backward-delete-char, between
    /// commands) deletes the whole grapheme cluster before the cursor: readline
    /// deletes by code point, which would take an emoji's skin tone or a flag's
    /// second letter off on its own. Done here, before readline reads the key,
    /// and not by rebinding it: readline's searches recognise their Backspace by
    /// its function. Returns whether the key at the head of the queue was taken.
    private func deleteClusterOnBackspace() -> Bool {
        let key = Int(queue[head])
        guard key == 8 || key == 127, acceptance == nil, shim_is_between_commands() != 0,
            let map = rl_get_keymap(), map != rl_get_keymap_by_name("vi-command")
        else { return false }
        let entry = map[key]
        guard entry.type == CChar(ISFUNC), let function = entry.function,
            let rubout = rl_named_function("backward-delete-char"),
            unsafeBitCast(function, to: UnsafeRawPointer.self) == unsafeBitCast(rubout, to: UnsafeRawPointer.self)
        else { return false }
        let bytes = currentBytes()
        let point = min(max(0, Int(shim_point())), bytes.count)
        guard let start = Self.clusterStart(before: point, in: bytes) else { return false }
        _ = rl_delete_text(Int32(start), Int32(point))
        shim_set_point(Int32(start))
        head += 1
        syncLine()
        return true
    }

    /// The byte offset where the cluster ending exactly at `point` starts, when
    /// that cluster has more than one scalar (readline handles single ones).
    static func clusterStart(before point: Int, in bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        var offset = 0
        for character in text {
            let end = offset + character.utf8.count
            if end == point { return character.unicodeScalars.count > 1 ? offset : nil }
            if end > point { return nil }
            offset = end
        }
        return nil
    }

    private static func keymaps() -> [Keymap] {
        let names: [String] = ["emacs", "vi-insert", "vi-command"]
        return names.compactMap { (name: String) -> Keymap? in rl_get_keymap_by_name(name) }
    }

    /// The keymap entries `bindKeys` overwrites in `map`, to put back on uninstall.
    private static func bindingsWeReplace(in map: Keymap) -> [SavedBinding] {
        var result = [9, 10, 13].map { SavedBinding(map: map, key: $0, entry: map[$0]) }
        // ESC [ Z lives in the keymap that ESC [ leads to (arrow keys made it one).
        if let prefix = submap(of: map, for: [27, 91]) {
            result.append(SavedBinding(map: prefix, key: 90, entry: prefix[90]))
        }
        return result
    }

    private static func submap(of map: Keymap, for keys: [Int]) -> Keymap? {
        var current = map
        for key in keys {
            let entry = current[key]
            guard entry.type == CChar(ISKMAP), let function = entry.function else { return nil }
            current = unsafeBitCast(function, to: Keymap.self)
        }
        return current
    }

    /// Runs `body` with C's `stderr` pointed at a temporary file; returns the lines written there.
    private static func capturingStderr(_ body: () -> Void) -> [String] {
        guard let file = tmpfile() else { body(); return [] }
        let original = shim_stderr()
        fflush(original)
        shim_set_stderr(file)
        body()
        shim_set_stderr(original)
        fflush(file)
        rewind(file)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        fclose(file)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    // MARK: - Cursor arithmetic

    /// Characters of `text` (the UTF-8 decoding of `bytes`) that lie wholly
    /// before byte offset `point`. Readline moves by code point, so `point` can
    /// fall inside a grapheme cluster: that cluster is not counted.
    static func characterCount(before point: Int, in bytes: [UInt8], text: String) -> Int {
        if let count = loneScalarCount(before: point, in: text) { return count }
        let prefix = String(decoding: bytes.prefix(point), as: UTF8.self)
        var count = prefix.count
        // Only the prefix's last cluster can differ from the text's (it may be cut short).
        if let last = prefix.last,
            let index = text.index(text.startIndex, offsetBy: count - 1, limitedBy: text.endIndex),
            index < text.endIndex, text[index] != last
        {
            count -= 1
        }
        return count
    }

    /// The scalars before byte offset `point` when each of them, and the one
    /// at `point`, is a grapheme cluster of its own next to such scalars
    /// (`TextWidth.loneScalarCells`; not CR, which joins a following LF): then
    /// they are the characters, counted without grapheme breaking or a copy of
    /// the line (most typed text: Latin with accents, kana, CJK). Nil for any
    /// other text, or when `point` is not where a scalar of `text` starts.
    static func loneScalarCount(before point: Int, in text: String) -> Int? {
        func isLone(_ scalar: Unicode.Scalar) -> Bool { scalar != "\r" && TextWidth.loneScalarCells(scalar) != nil }
        var offset = 0
        var count = 0
        for scalar in text.unicodeScalars {
            // The scalar at the point decides whether the cluster before it ends there.
            if offset >= point { return offset == point && isLone(scalar) ? count : nil }
            guard isLone(scalar) else { return nil }
            offset += UTF8.width(scalar)
            count += 1
        }
        return offset == point ? count : nil
    }

    // MARK: - Locale

    private static var localeChecked = false

    /// Readline edits characters only under a UTF-8 `LC_CTYPE`, which it reads
    /// from the environment (LC_ALL, then LC_CTYPE, then LANG) at every new line.
    /// When that is not UTF-8 (e.g. `LANG=C`, or unset), set `LC_CTYPE=C.UTF-8`
    /// (or `LC_ALL=C.UTF-8` when LC_ALL is what decides) in the environment.
    /// Keyform talks UTF-8 to the terminal whatever the locale, so the line
    /// editor must too. Runs once; the first editor calls it, or call it
    /// yourself early, before starting threads (it uses setenv and setlocale).
    public static func ensureUTF8Locale() {
        guard !localeChecked else { return }
        localeChecked = true
        let fix = utf8LocaleFix(
            environment: { name in getenv(name).map { String(cString: $0) } },
            isUTF8: isUTF8Locale)
        if let fix { setenv(fix.name, fix.value, 1) }
    }

    /// Which environment variable to set so readline gets a UTF-8 LC_CTYPE, or nil.
    static func utf8LocaleFix(
        environment: (String) -> String?, isUTF8: (String) -> Bool
    ) -> (name: String, value: String)? {
        func value(_ name: String) -> String? {
            guard let value = environment(name), !value.isEmpty else { return nil }
            return value
        }
        let effective = value("LC_ALL") ?? value("LC_CTYPE") ?? value("LANG") ?? ""
        guard !isUTF8(effective), isUTF8("C.UTF-8") else { return nil }
        return (value("LC_ALL") == nil ? "LC_CTYPE" : "LC_ALL", "C.UTF-8")
    }

    /// Whether `setlocale(LC_CTYPE, name)` succeeds with a UTF-8 codeset (readline's own test).
    private static func isUTF8Locale(_ name: String) -> Bool {
        let original = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        defer { if let original { setlocale(LC_CTYPE, original) } }
        guard setlocale(LC_CTYPE, name) != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset)
        return name == "UTF-8" || name == "utf8"
    }
}

// MARK: - Readline's C callbacks
// C function pointers cannot capture context: these are global functions that
// find the installed editor. Readline calls them only from inside the calls
// the editor makes, on the main thread.

private func keyformGetc(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    // With the input-available hook readline asks before reading, so the queue
    // is not empty here; EOF would make readline end the line.
    MainActor.assumeIsolated { LineEditor.current?.nextByte() ?? EOF }
}

/// Mandatory: without it readline polls the /dev/null stream, sees EOF and ends the line.
private func keyformInputAvailable() -> Int32 {
    MainActor.assumeIsolated { LineEditor.current?.hasInput == true ? 1 : 0 }
}

private func keyformRedisplay() {
    MainActor.assumeIsolated { LineEditor.current?.syncLine() }
}

private func keyformPrepTerminal(_ metaFlag: Int32) {}

private func keyformDeprepTerminal() {}

private func keyformLineHandler(_ line: UnsafeMutablePointer<CChar>?) {
    let text = line.map { String(cString: $0) }
    free(line)
    MainActor.assumeIsolated { LineEditor.current?.lineAccepted(text) }
}

private func keyformNoCompletion(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    shim_set_attempted_completion_over(1)
    return nil
}

private func keyformCommitCommand(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { LineEditor.current?.record(.commit) }
    return 0
}

private func keyformSwapViewCommand(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { LineEditor.current?.record(.swapView) }
    return 0
}

private func keyformPreviousCommand(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { LineEditor.current?.record(.previous) }
    return 0
}
