/// The key notation of `keyform test` files: text typed as is, plus named keys
/// in angle brackets: `Buy milk<Enter><Tab>1<S-Tab><C-u>`.
///
/// | notation | key | bytes |
/// |---|---|---|
/// | `<Enter>` `<Tab>` `<S-Tab>` `<Esc>` `<BS>` `<Space>` `<Del>` | | CR, TAB, ESC [ Z, ESC (alone), DEL, space, ESC [ 3 ~ |
/// | `<Up>` `<Down>` `<Left>` `<Right>` `<Home>` `<End>` | arrows and friends | ESC [ A … |
/// | `<C-a>` … `<C-z>` | Ctrl-letter | 0x01 … 0x1A |
/// | `<M-b>` | Alt-letter | ESC b |
/// | `<M-Enter>` | Alt-Enter | ESC CR |
/// | `<F1>` | the key list | ESC O P |
/// | `<lt>` | a literal `<` | |
public enum KeyScript {
    /// One key press: its bytes, and whether it is a lone Esc (which a terminal
    /// tells apart from an escape sequence only by a pause after it).
    public struct Press: Equatable, Sendable {
        public var bytes: [UInt8]
        public var isLoneEscape: Bool
    }

    public struct Failure: MessageError, Equatable, Sendable, CustomStringConvertible {
        /// Characters from the start of the script (0-based).
        public var offset: Int
        public var message: Message
        public var description: String { message.english }
    }

    /// The key names a script may use, as a test file writes them.
    static let knownNames =
        "<Enter> <Tab> <S-Tab> <Esc> <BS> <Up> <Down> <Left> <Right> <Home> <End> <Del> <Space> <F1> <C-a>…<C-z> <M-a>… <M-Enter> <lt>"

    static let named: [String: [UInt8]] = [
        "enter": [13], "return": [13], "cr": [13], "tab": [9], "s-tab": [27, 91, 90], "esc": [27],
        "bs": [127], "backspace": [127], "space": [32], "del": [27, 91, 51, 126], "delete": [27, 91, 51, 126],
        "up": [27, 91, 65], "down": [27, 91, 66], "right": [27, 91, 67], "left": [27, 91, 68],
        "home": [27, 91, 72], "end": [27, 91, 70], "lt": [60], "f1": [27, 79, 80],
        "m-enter": [27, 13],
    ]

    /// The presses of a script, in order; each printable character is its own press.
    public static func parse(_ script: String) -> Result<[Press], Failure> {
        var presses: [Press] = []
        var characters = Array(script)[...]
        var offset = 0
        while let character = characters.first {
            if character == "<", let close = characters.firstIndex(of: ">"),
                case let name = String(characters[characters.startIndex + 1..<close]), looksLikeKeyName(name)
            {
                guard let bytes = bytes(named: name) else {
                    return .failure(Failure(offset: offset, message: .keyScriptUnknownKey(name, known: knownNames)))
                }
                presses.append(Press(bytes: bytes, isLoneEscape: bytes == [27]))
                offset += close - characters.startIndex + 1
                characters = characters[(close + 1)...]
            } else {
                presses.append(Press(bytes: Array(String(character).utf8), isLoneEscape: false))
                characters = characters.dropFirst()
                offset += 1
            }
        }
        return .success(presses)
    }

    /// `<Enter>`, `<C-u>`: a `<` followed by anything else (`a < b > c`) is typed as is.
    private static func looksLikeKeyName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 12 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func bytes(named name: String) -> [UInt8]? {
        let lower = name.lowercased()
        if let bytes = named[lower] { return bytes }
        let parts = Array(lower)
        if parts.count == 3, parts[1] == "-", let letter = parts[2].asciiValue {
            switch parts[0] {
            case "c" where (97...122).contains(letter): return [letter - 96]
            case "m": return [27, letter]
            default: return nil
            }
        }
        return nil
    }
}
