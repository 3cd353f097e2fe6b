/// A key the person pressed (or text they pasted), decoded from raw-mode bytes.
///
/// Keys with modifiers are `.modified(key, modifiers)`: `ESC [ 1 ; 5 C` is
/// `.modified(.right, .control)`, Alt-x (`ESC x`) is `.modified(.character("x"), .alt)`
/// (also spelled `Key.alt("x")`). An unmodified key is never wrapped.
public indirect enum Key: Equatable, Sendable {
    /// One printable character: one Unicode scalar, decoded from UTF-8. A grapheme
    /// cluster typed at once (e + U+0301, 👍🏽) arrives as one event per scalar.
    /// Bytes that are not valid UTF-8 arrive as U+FFFD.
    case character(Character)
    /// Carriage return or line feed.
    case enter
    case tab
    /// `ESC [ Z`.
    case shiftTab
    /// DEL (0x7F) or ^H (0x08).
    case backspace
    /// A lone ESC: no further byte followed it before the caller's timeout
    /// (see `KeyDecoder.flushPendingEscape()`).
    case escape
    case up, down, left, right
    case home, end, insert, delete, pageUp, pageDown
    /// F1 ... F20.
    case function(Int)
    /// Ctrl with a letter or symbol, in caret notation with letters lowercased:
    /// ^A is `.control("a")`, ^C (byte 3) is `.control("c")`, NUL is `.control("@")`,
    /// ^\ is `.control("\\")`. ^I, ^J, ^M and ^H are `.tab`, `.enter`, `.enter` and
    /// `.backspace`; ^[ is ESC.
    case control(Character)
    /// Everything between `ESC [ 200 ~` and `ESC [ 201 ~`, as one event. The text is
    /// exactly what was pasted, control characters (newlines, tabs, ESC) included:
    /// the caller sanitizes it for the field it goes into. Invalid UTF-8 becomes U+FFFD.
    case paste(String)
    /// A key with Shift, Alt, Ctrl or Meta held (as the terminal reports them).
    case modified(Key, KeyModifiers)
    /// A mouse button or the wheel, reported while mouse reporting is on
    /// (`ESC [ < b ; x ; y M`, SGR 1006; the older `ESC [ M bxy` too). Never a
    /// key for readline: its bytes are no text.
    case mouse(MouseEvent)

    /// Alt with a character (`ESC x`).
    public static func alt(_ character: Character) -> Key { .modified(.character(character), .alt) }
}

/// Modifier keys, as xterm encodes them in `ESC [ 1 ; N X` (N - 1 is this bit set).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
    public static let meta = KeyModifiers(rawValue: 1 << 3)
}

/// A mouse report: which button did what, where (0-based cell column and row
/// of the screen), with which modifiers held.
public struct MouseEvent: Equatable, Sendable {
    public enum Button: Equatable, Sendable {
        case left, middle, right
        /// The wheel turned away from the person (the view scrolls up) or towards them.
        case wheelUp, wheelDown
        /// A wheel tilted sideways or an extra button (its SGR button number).
        case other(Int)
    }

    public enum Action: Equatable, Sendable {
        case press, release
        /// Moved with the button held (reported only under motion tracking).
        case drag
    }

    public var button: Button
    public var action: Action
    public var column: Int
    public var row: Int
    public var modifiers: KeyModifiers

    public init(_ button: Button, _ action: Action = .press, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// From xterm's button code (`b`: low bits the button, 4 Shift, 8 Alt,
    /// 16 Ctrl, 32 motion, 64 the wheel, 128 more buttons) and 1-based
    /// coordinates; nil when a coordinate is not on the screen (0).
    init?(code: Int, x: Int, y: Int, released: Bool) {
        guard x >= 1, y >= 1 else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let number = code & 3 + (code & 64 != 0 ? 64 : 0) + (code & 128 != 0 ? 128 : 0)
        switch number {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: button = .other(number)
        }
        action = released ? .release : code & 32 != 0 ? .drag : .press
        (column, row) = (x - 1, y - 1)
        self.modifiers = modifiers
    }
}

/// A decoded key with the exact bytes it came from, so the readline bridge can
/// hand readline the raw bytes of the keys readline handles.
public struct KeyPress: Equatable, Sendable {
    public var key: Key
    /// The bytes of this key as they arrived: a paste includes its
    /// `ESC [ 200 ~` and `ESC [ 201 ~` brackets.
    public var bytes: [UInt8]

    public init(_ key: Key, bytes: [UInt8]) {
        self.key = key
        self.bytes = bytes
    }
}

/// Turns the bytes read from a terminal in raw mode into key presses. Pure: no I/O,
/// no clock. Bytes may arrive split anywhere; whatever is incomplete is held until
/// the next `feed`.
///
/// **A lone Esc.** ESC also starts every escape sequence, so an ESC at the end of
/// the input is held as pending (`hasPendingEscape`): it may be the first byte of
/// an arrow key whose other bytes are still on their way. The caller waits for
/// more input for `escapeTimeout` (50 ms: long enough for a sequence split over
/// ssh, short enough to feel instant) and, when nothing came, calls
/// `flushPendingEscape()`, which turns the ESC into `.escape`. Likewise `ESC [`
/// and `ESC O` with nothing after them become Alt-[ and Alt-O, and a sequence cut
/// off in the middle is dropped. A paste in progress is never flushed: a long
/// paste may arrive slowly.
///
/// **Mouse reports** (`ESC [ < b ; x ; y M`/`m`, and `ESC [ M bxy`) are
/// `.mouse` events; a malformed one (a missing or extra number, a 0
/// coordinate) is swallowed like an unknown sequence.
///
/// **Unknown sequences** (CSI and SS3 sequences that are not keys, focus
/// reports, private-mode replies) are swallowed whole: no event, and none of their
/// bytes leak out as text. A CSI sequence interrupted by a byte that cannot be in
/// one is dropped up to that byte, which is then decoded as usual. C1 controls
/// (U+0080–U+009F) are no keys either.
///
/// **Raw bytes.** Every `KeyPress` carries the bytes it was decoded from, so a
/// caller that hands some keys to readline can give it exactly what was typed.
///
/// The loop around it:
/// ```
/// let timeout = decoder.hasPendingEscape ? KeyDecoder.escapeTimeoutMilliseconds : -1
/// // poll(tty and signalfd, timeout)
/// // readable: keys = decoder.feed(bytesRead)
/// // timed out: keys = decoder.flushPendingEscape()
/// ```
public struct KeyDecoder: Sendable {
    /// How long the caller should wait for more bytes before `flushPendingEscape()`.
    public static let escapeTimeout: Duration = .milliseconds(50)
    /// `escapeTimeout` in milliseconds, for `poll()`.
    public static let escapeTimeoutMilliseconds: Int32 = 50

    /// Bytes not yet decoded (an incomplete escape sequence or UTF-8 character).
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: every byte so far, the opening `ESC [ 200 ~` included.
    private var paste: [UInt8]?
    /// Inside a CSI sequence too long to hold: bytes are dropped until it ends.
    private var discardingSequence = false

    /// Longest escape sequence held; a longer one is dropped up to its final byte.
    static let maximumSequenceLength = 64
    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// Whether an ESC (or an escape sequence begun) is waiting for more bytes; the
    /// caller should then wait at most `escapeTimeout` before `flushPendingEscape()`.
    public var hasPendingEscape: Bool { paste == nil && pending.first == 0x1B }

    /// Whether a bracketed paste has begun and not yet ended.
    public var isInPaste: Bool { paste != nil }

    /// Decodes `bytes` (following whatever was fed before) into key presses.
    public mutating func feed(_ bytes: [UInt8]) -> [KeyPress] {
        var keys: [KeyPress] = []
        var input = bytes[...]
        while !input.isEmpty {
            if paste != nil {
                input = continuePaste(input, into: &keys)
                continue
            }
            if discardingSequence {
                // Drop the rest of an over-long sequence: parameters, then its final byte.
                while let byte = input.first, discardingSequence {
                    if (0x20...0x3F).contains(byte) {
                        input = input.dropFirst()
                    } else {
                        if (0x40...0x7E).contains(byte) { input = input.dropFirst() }
                        discardingSequence = false
                    }
                }
                continue
            }
            pending.append(contentsOf: input)
            input = []
            decodePending(into: &keys, final: false)
            if paste != nil {
                // A paste began: the rest of what was pending belongs to it.
                input = pending[...]
                pending = []
            } else if discardingSequence {
                input = pending[...]
                pending = []
            }
        }
        return keys
    }

    /// Resolves a pending ESC after the caller's timeout: a lone ESC becomes
    /// `.escape`, `ESC [` / `ESC O` become Alt-[ / Alt-O, an incomplete sequence is
    /// dropped. An incomplete UTF-8 character and a paste in progress stay pending.
    public mutating func flushPendingEscape() -> [KeyPress] {
        guard paste == nil, !discardingSequence else { return [] }
        var keys: [KeyPress] = []
        decodePending(into: &keys, final: true)
        return keys
    }

    // MARK: - Decoding

    private enum Step {
        /// A key `length` bytes long.
        case key(Key, length: Int)
        /// `length` bytes that are no key (an unknown sequence).
        case skip(length: Int)
        /// The start of a bracketed paste, `length` bytes long.
        case pasteStart(length: Int)
        /// More bytes are needed.
        case incomplete
        /// The first `length` bytes of an over-long sequence: drop them and the
        /// rest of it, up to its final byte.
        case discard(length: Int)
    }

    private mutating func decodePending(into keys: inout [KeyPress], final: Bool) {
        var start = 0
        defer { pending.removeFirst(start) }
        while start < pending.count {
            let step = Self.decode(pending[start...], final: final)
            switch step {
            case let .key(key, length):
                keys.append(KeyPress(key, bytes: Array(pending[start..<start + length])))
                start += length
            case let .skip(length):
                start += length
            case let .pasteStart(length):
                paste = Array(pending[start..<start + length])
                start += length
                return
            case .discard where final:
                // Only an incomplete sequence is left: after the timeout, drop it.
                start = pending.count
                return
            case let .discard(length):
                discardingSequence = true
                start += length
                return
            case .incomplete:
                return
            }
        }
    }

    /// Decodes the key at the start of `bytes` (never empty). With `final`, no more
    /// bytes will come soon, so a pending ESC resolves instead of waiting.
    private static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let i = bytes.startIndex
        let byte = bytes[i]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes, final: final)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x00...0x1F: return .key(.control(controlCharacter(byte)), length: 1)
        case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return decodeUTF8(bytes)
        }
    }

    /// ^A → "a", NUL → "@", 0x1C → "\", 0x1F → "_".
    private static func controlCharacter(_ byte: UInt8) -> Character {
        let scalar = Unicode.Scalar(byte + 0x40)
        return Character(String(scalar).lowercased())
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> Step {
        let i = bytes.startIndex
        let lead = bytes[i]
        let length: Int
        var minimum: UInt32 = 0
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: return .key(.character("\u{FFFD}"), length: 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            guard i + k < bytes.endIndex else { return .incomplete }
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return .key(.character("\u{FFFD}"), length: k) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            return .key(.character("\u{FFFD}"), length: length)
        }
        if (0x80...0x9F).contains(value) { return .skip(length: length) }  // C1 controls: no key
        return .key(.character(Character(scalar)), length: length)
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let i = bytes.startIndex
        guard i + 1 < bytes.endIndex else { return final ? .key(.escape, length: 1) : .incomplete }
        let next = bytes[i + 1]
        switch next {
        case UInt8(ascii: "["):
            let step = decodeCSI(bytes, final: final)
            if case .incomplete = step, final {
                return i + 2 == bytes.endIndex ? .key(.alt("["), length: 2) : .skip(length: bytes.count)
            }
            return step
        case UInt8(ascii: "O"):
            let step = decodeSS3(bytes)
            if case .incomplete = step, final {
                return i + 2 == bytes.endIndex ? .key(.alt("O"), length: 2) : .skip(length: bytes.count)
            }
            return step
        case 0x1B:
            // ESC ESC [ A: Alt with a key sequence (rxvt, older xterm). ESC ESC x: Esc, then ESC x.
            guard i + 2 < bytes.endIndex else { return final ? .key(.escape, length: 1) : .incomplete }
            let third = bytes[i + 2]
            guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else { return .key(.escape, length: 1) }
            switch decodeEscape(bytes.dropFirst(), final: final) {
            case let .key(key, length): return .key(adding(.alt, to: key), length: length + 1)
            case let .skip(length): return .skip(length: length + 1)
            case .incomplete: return .incomplete
            case let .discard(length): return .discard(length: length + 1)
            case .pasteStart: return .key(.escape, length: 1)
            }
        default:
            // Alt with any other key: ESC x, ESC CR, ESC DEL, ESC ^A, ESC é.
            switch decode(bytes.dropFirst(), final: final) {
            case let .key(key, length): return .key(adding(.alt, to: key), length: length + 1)
            case .incomplete: return final ? .key(.escape, length: 1) : .incomplete
            default: return .key(.escape, length: 1)
            }
        }
    }

    private static func adding(_ modifiers: KeyModifiers, to key: Key) -> Key {
        if case let .modified(inner, existing) = key { return .modified(inner, existing.union(modifiers)) }
        return .modified(key, modifiers)
    }

    /// `ESC [ params intermediates final`.
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let start = bytes.startIndex + 2
        var j = start
        // The Linux console's F1–F5: ESC [ [ A ... ESC [ [ E.
        if j < bytes.endIndex, bytes[j] == UInt8(ascii: "[") {
            guard j + 1 < bytes.endIndex else { return .incomplete }
            let letter = bytes[j + 1]
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) {
                return .key(.function(Int(letter - UInt8(ascii: "A")) + 1), length: 4)
            }
            return .skip(length: 3)
        }
        while j < bytes.endIndex, (0x30...0x3F).contains(bytes[j]) { j += 1 }
        let paramsEnd = j
        // rxvt ends Shift-modified keys with "$" (ESC [ 3 $), which is an intermediate
        // byte elsewhere: taken as the end here, so the next key is not swallowed.
        if j < bytes.endIndex, j > start, bytes[j] == UInt8(ascii: "$"),
            let numbers = parameters(bytes[start..<j]), numbers.count == 1, let key = tildeKey(numbers[0])
        {
            return .key(.modified(key, .shift), length: j + 1 - bytes.startIndex)
        }
        while j < bytes.endIndex, (0x20...0x2F).contains(bytes[j]) { j += 1 }
        if j - bytes.startIndex > maximumSequenceLength { return .discard(length: maximumSequenceLength) }
        guard j < bytes.endIndex else { return .incomplete }
        let finalByte = bytes[j]
        let length = j + 1 - bytes.startIndex
        guard (0x40...0x7E).contains(finalByte) else {
            // Broken off by a byte that cannot be in a sequence: drop what came before it.
            return .skip(length: j - bytes.startIndex)
        }
        guard paramsEnd == j else { return .skip(length: length) }  // intermediates: no key of ours
        let params = bytes[start..<paramsEnd]
        if params.first == UInt8(ascii: "<"), finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") {
            return mouseSGR(params.dropFirst(), released: finalByte == UInt8(ascii: "m"), length: length)
        }
        if let first = params.first, (0x3C...0x3F).contains(first) { return .skip(length: length) }  // private
        if params.isEmpty, finalByte == UInt8(ascii: "M") { return mouseX10(bytes) }
        guard let numbers = parameters(params) else { return .skip(length: length) }
        let modifiers: KeyModifiers? = numbers.count > 1 ? modifierBits(numbers[1]) : []

        var key: Key?
        switch finalByte {
        case UInt8(ascii: "~"):
            let code = numbers.first ?? 0
            if code == 200 { return .pasteStart(length: length) }
            key = tildeKey(code)
        case UInt8(ascii: "^"), UInt8(ascii: "@"):
            // rxvt: Ctrl (^) and Ctrl-Shift (@) with an ESC [ N ~ key.
            guard numbers.count == 1, let tilde = tildeKey(numbers[0]) else { return .skip(length: length) }
            return .key(
                .modified(tilde, finalByte == UInt8(ascii: "^") ? .control : [.control, .shift]), length: length)
        case UInt8(ascii: "a")...UInt8(ascii: "d") where numbers.isEmpty:
            // rxvt: Shift with an arrow.
            key = letterKey(finalByte - 0x20).map { .modified($0, .shift) }
        case UInt8(ascii: "Z"):
            return .key(.shiftTab, length: length)
        default:
            key = letterKey(finalByte)
        }
        guard let key, let modifiers else { return .skip(length: length) }
        return .key(modifiers.isEmpty ? key : .modified(key, modifiers), length: length)
    }

    /// `ESC [ < b ; x ; y M` (pressed) or `m` (released): a mouse report in
    /// SGR form (1006). Anything else with `<` and M or m is skipped whole.
    private static func mouseSGR(_ params: ArraySlice<UInt8>, released: Bool, length: Int) -> Step {
        guard let numbers = parameters(params), numbers.count == 3,
            let event = MouseEvent(code: numbers[0], x: numbers[1], y: numbers[2], released: released)
        else {
            return .skip(length: length)
        }
        return .key(.mouse(event), length: length)
    }

    /// `ESC [ M b x y`: the older mouse report (each value + 32 in one byte),
    /// sent by a terminal that does not know SGR. Its three bytes are never text.
    private static func mouseX10(_ bytes: ArraySlice<UInt8>) -> Step {
        let i = bytes.startIndex
        guard bytes.count >= 6 else { return .incomplete }
        let (b, x, y) = (Int(bytes[i + 3]) - 32, Int(bytes[i + 4]) - 32, Int(bytes[i + 5]) - 32)
        // Button 3 is a release without saying which button.
        guard b >= 0,
            let event = MouseEvent(
                code: b & 3 == 3 && b & 64 == 0 ? b & ~3 : b, x: x, y: y,
                released: b & 3 == 3 && b & 64 == 0)
        else { return .skip(length: 6) }
        return .key(.mouse(event), length: 6)
    }

    /// `ESC O final`, optionally with a modifier digit (`ESC O 5 C` in some terminals).
    private static func decodeSS3(_ bytes: ArraySlice<UInt8>) -> Step {
        let start = bytes.startIndex + 2
        var j = start
        while j < bytes.endIndex, (0x30...0x3F).contains(bytes[j]) { j += 1 }
        if j - bytes.startIndex > maximumSequenceLength { return .discard(length: maximumSequenceLength) }
        guard j < bytes.endIndex else { return .incomplete }
        let finalByte = bytes[j]
        guard (0x40...0x7E).contains(finalByte) else {
            // Not SS3 after all: Alt-O, then whatever follows.
            return j == start ? .key(.alt("O"), length: 2) : .skip(length: j - bytes.startIndex)
        }
        let length = j + 1 - bytes.startIndex
        guard let numbers = parameters(bytes[start..<j]) else { return .skip(length: length) }
        let modifiers = modifierBits(numbers.last ?? 1)
        var key: Key? = finalByte == UInt8(ascii: "M") ? .enter : letterKey(finalByte)
        if (UInt8(ascii: "a")...UInt8(ascii: "d")).contains(finalByte), numbers.isEmpty {
            key = letterKey(finalByte - 0x20).map { .modified($0, .control) }  // rxvt: Ctrl with an arrow
        }
        guard let key, let modifiers else { return .skip(length: length) }
        return .key(modifiers.isEmpty ? key : .modified(key, modifiers), length: length)
    }

    /// `1;5` → [1, 5]; an empty parameter is 0... except that none is needed for a key.
    /// nil for anything but digits and semicolons.
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var numbers: [Int] = []
        var current = 0
        var any = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(current * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
                any = true
            case UInt8(ascii: ";"):
                numbers.append(current)
                current = 0
                any = true
            default:
                return nil
            }
        }
        if any { numbers.append(current) }
        return numbers
    }

    /// xterm's modifier parameter: 1 + bits. nil when out of range.
    private static func modifierBits(_ parameter: Int) -> KeyModifiers? {
        if parameter <= 1 { return [] }
        guard parameter <= 16 else { return nil }
        return KeyModifiers(rawValue: UInt8(parameter - 1))
    }

    private static func letterKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `ESC [ N ~` keys (xterm, VT220, rxvt).
    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(code - 10)
        case 17...21: .function(code - 11)
        case 23...26: .function(code - 12)
        case 28, 29: .function(code - 13)
        case 31...34: .function(code - 14)
        default: nil
        }
    }

    // MARK: - Bracketed paste

    /// Adds `input` to the paste in progress; when its end arrives, emits it and
    /// returns the bytes after it.
    private mutating func continuePaste(_ input: ArraySlice<UInt8>, into keys: inout [KeyPress]) -> ArraySlice<UInt8> {
        guard var bytes = paste else { return input }
        paste = nil
        let bodyStart = Self.pasteStart.count
        // The end marker may have begun in an earlier chunk.
        let searchFrom = max(bodyStart, bytes.count - (Self.pasteEnd.count - 1))
        bytes.append(contentsOf: input)
        guard let end = Self.firstIndex(of: Self.pasteEnd, in: bytes, from: searchFrom) else {
            paste = bytes
            return []
        }
        let stop = end + Self.pasteEnd.count
        let text = String(decoding: bytes[bodyStart..<end], as: UTF8.self)
        keys.append(KeyPress(.paste(text), bytes: Array(bytes[..<stop])))
        return bytes[stop...]
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
