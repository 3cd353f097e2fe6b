/// A foreground colour a config file names: one of the terminal's eight
/// colours, their bright variants, a number of the 256-colour table, or
/// `#rrggbb` (for terminals with true colour).
public enum TerminalColor: Hashable, Sendable, CustomStringConvertible {
    /// 0–7: black, red, green, yellow, blue, magenta, cyan, white (SGR 30–37).
    case basic(Int)
    /// 0–7, the bright variants (SGR 90–97).
    case bright(Int)
    /// 0–255 of the 256-colour table (SGR 38;5;N).
    case indexed(Int)
    /// True colour (SGR 38;2;R;G;B).
    case rgb(UInt8, UInt8, UInt8)

    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Every name a config may write, for "did you mean" and the docs.
    public static var spellings: [String] { names + names.map { "bright-" + $0 } + ["gray", "grey", "none"] }

    /// The SGR parameters that set it as the foreground.
    public var sgr: String {
        switch self {
        case .basic(let n): String(30 + n)
        case .bright(let n): String(90 + n)
        case .indexed(let n): "38;5;\(n)"
        case .rgb(let r, let g, let b): "38;2;\(r);\(g);\(b)"
        }
    }

    /// As a config file writes it: `cyan`, `bright-black`, `208`, `#ff8800`.
    public var description: String {
        switch self {
        case .basic(let n): Self.names[n]
        case .bright(let n): "bright-" + Self.names[n]
        case .indexed(let n): String(n)
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The colour `text` names; `.success(nil)` for `none` (the role is drawn
    /// without colour); the failure says what is wrong and what to write.
    public static func parse(_ text: String) -> Result<TerminalColor?, ConfigValueError> {
        let name = text.lowercased()
        if name == "none" { return .success(nil) }
        if name == "gray" || name == "grey" { return .success(.bright(0)) }
        if let n = names.firstIndex(of: name) { return .success(.basic(n)) }
        for prefix in ["bright-", "bright_", "bright "] where name.hasPrefix(prefix) {
            if let n = names.firstIndex(of: String(name.dropFirst(prefix.count))) { return .success(.bright(n)) }
        }
        if let number = Int(name), name.allSatisfy(\.isASCII) {
            guard (0...255).contains(number) else {
                return .failure(
                    ConfigValueError(.colourOutOfRange(number))
                )
            }
            return .success(.indexed(number))
        }
        if name.hasPrefix("#") {
            let hex = Array(name.dropFirst())
            guard hex.count == 6, let value = Int(String(hex), radix: 16), hex.allSatisfy(\.isHexDigit) else {
                return .failure(
                    ConfigValueError(.notHexColour(TerminalSafe.escaped(text))))
            }
            return .success(.rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)))
        }
        let hint = Suggestion.closest(to: name, among: spellings).map { Message.didYouMean($0) } ?? .colourHint
        return .failure(ConfigValueError(.unknownColour(TerminalSafe.escaped(text), hint: hint)))
    }
}

/// What the screen writers draw each role of a frame's styles with. The frame
/// keeps roles (`TextStyle.accent`, `.error`, `.dim`, `.reverse` for the
/// highlight); only the writer's palette changes, so a colour scheme can never
/// change what is on screen, only how it looks. Without colour (NO_COLOR) the
/// palette is not used: bold, faint, underline and reverse video stay.
public struct ColorPalette: Hashable, Sendable {
    /// The roles a config file colours (`colors: {accent: magenta}`).
    public enum Role: String, CaseIterable, Sendable {
        /// The focused field, the ready Done, the page in the title line (cyan).
        case accent
        /// Why a field is invalid (red).
        case error
        /// Disabled and secondary text: faint (SGR 2) unless a colour is given, which replaces it.
        case dim
        /// The highlighted grid key and list row: reverse video always, in this colour when one is given.
        case highlight

        /// What the role is for, in the words of `config show` and the docs.
        public var summary: String {
            switch self {
            case .accent: "the focused field, the ready Done button, the page in the title line, a question"
            case .error: "why a field is invalid"
            case .dim: "the key hints, the disabled Done, empty values (faint when none)"
            case .highlight: "the highlighted grid key and list row (reverse video, in this colour)"
            }
        }
    }

    public var accent: TerminalColor?
    public var error: TerminalColor?
    public var dim: TerminalColor?
    public var highlight: TerminalColor?

    public init(
        accent: TerminalColor? = .basic(6), error: TerminalColor? = .basic(1), dim: TerminalColor? = nil,
        highlight: TerminalColor? = nil
    ) {
        self.accent = accent
        self.error = error
        self.dim = dim
        self.highlight = highlight
    }

    /// Cyan accent, red error, faint dim, plain reverse highlight: Keyform's colours before there was a config.
    public static let standard = ColorPalette()

    /// The palette with each role in `colors` given its colour (nil: none) instead.
    public func overriding(_ colors: [Role: TerminalColor?]) -> ColorPalette {
        var palette = self
        for (role, color) in colors { palette[role] = color }
        return palette
    }

    public subscript(role: Role) -> TerminalColor? {
        get {
            switch role {
            case .accent: accent
            case .error: error
            case .dim: dim
            case .highlight: highlight
            }
        }
        set {
            switch role {
            case .accent: accent = newValue
            case .error: error = newValue
            case .dim: dim = newValue
            case .highlight: highlight = newValue
            }
        }
    }

    /// The SGR parameters for text in `style`, after a reset: `0;1;36`. With
    /// `color`, one foreground colour: error before accent before the highlight
    /// (reverse video) before dim; a dim colour replaces the faint attribute.
    /// Without `color`, attributes only.
    public func sgr(for style: TextStyle, color: Bool) -> String {
        let (role, faint) = foreground(for: style, color: color)
        var codes = "0"
        if style.contains(.bold) { codes += ";1" }
        if faint { codes += ";2" }
        if style.contains(.underline) { codes += ";4" }
        if style.contains(.reverse) { codes += ";7" }
        if let role, let colour = self[role] { codes += ";" + colour.sgr }
        return codes
    }

    /// `sgr(for:color:)` of every style, by its raw value, as bytes with the final
    /// `m`: the screen writer's pens, made before the first frame. Each role's
    /// colour is written once, not once a style: 256 strings made, appended to
    /// and copied cost ~0.7 M instructions there (DECISIONS 104).
    public func pens(color: Bool) -> [[UInt8]] {
        func code(_ colour: TerminalColor?) -> [UInt8] { colour.map { Array((";" + $0.sgr).utf8) } ?? [] }
        let (errorCode, accentCode, dimCode, highlightCode) = (code(error), code(accent), code(dim), code(highlight))
        let semicolon = UInt8(ascii: ";")
        return (0...255).map { raw in
            let style = TextStyle(rawValue: UInt8(raw))
            let (role, faint) = foreground(for: style, color: color)
            let colour: [UInt8] =
                switch role {
                case .error?: errorCode
                case .accent?: accentCode
                case .dim?: dimCode
                case .highlight?: highlightCode
                case nil: []
                }
            // One buffer a pen, made at its size and appended to byte by byte: starting
            // from a literal, or `+= [a, b]`, copies or makes an array more.
            var pen: [UInt8] = []
            pen.reserveCapacity(10 + colour.count)
            pen.append(UInt8(ascii: "0"))
            if style.contains(.bold) {
                pen.append(semicolon)
                pen.append(UInt8(ascii: "1"))
            }
            if faint {
                pen.append(semicolon)
                pen.append(UInt8(ascii: "2"))
            }
            if style.contains(.underline) {
                pen.append(semicolon)
                pen.append(UInt8(ascii: "4"))
            }
            if style.contains(.reverse) {
                pen.append(semicolon)
                pen.append(UInt8(ascii: "7"))
            }
            pen.append(contentsOf: colour)
            pen.append(UInt8(ascii: "m"))
            return pen
        }
    }

    /// The role whose colour `style` is drawn in (nil: none, or without
    /// colour), and whether it is faint (not when the dim role's colour replaces it).
    private func foreground(for style: TextStyle, color: Bool) -> (role: Role?, faint: Bool) {
        let faint = style.contains(.dim)
        guard color else { return (nil, faint) }
        if style.contains(.error), error != nil { return (.error, faint) }
        if style.contains(.accent), !style.contains(.error), accent != nil { return (.accent, faint) }
        if style.contains(.reverse), highlight != nil { return (.highlight, faint) }
        if faint, dim != nil { return (.dim, false) }
        return (nil, faint)
    }
}

/// A built-in colour scheme (`theme:` in the config, `KEYFORM_THEME`): a colour
/// for each role of `ColorPalette`, which `colors:` may change role by role. A
/// theme changes how the screen looks, never what it says; `NO_COLOR` turns
/// colour off whatever the theme (the attributes stay).
public enum Theme: String, CaseIterable, Hashable, Sendable {
    /// Keyform's colours: cyan accent, red error, faint dim, reverse highlight.
    case standard = "default"
    /// Bright colours and no faint text, for low vision and washed-out screens.
    case highContrast = "high-contrast"
    /// No colour at all, on any terminal: bold, faint, underline and reverse only.
    case monochrome
    /// For a light background: colours that stay readable on white (no cyan or yellow).
    case light

    /// The colour of each role.
    public var palette: ColorPalette {
        switch self {
        case .standard: .standard
        // Bright yellow and red; dim text in plain white rather than faint; the
        // highlight a bright white block (reverse video in bright white).
        case .highContrast: ColorPalette(accent: .bright(3), error: .bright(1), dim: .basic(7), highlight: .bright(7))
        case .monochrome: ColorPalette(accent: nil, error: nil, dim: nil, highlight: nil)
        // Blue and dark red read on white; grey (bright black) instead of faint,
        // which some light themes draw too pale; the highlight a blue block.
        case .light: ColorPalette(accent: .basic(4), error: .basic(1), dim: .bright(0), highlight: .basic(4))
        }
    }

    /// What it is for, in the words of `config show --variables` and the docs.
    public var summary: String {
        switch self {
        case .standard: "cyan accent, red errors, faint hints, reverse-video highlight"
        case .highContrast:
            "bright yellow accent, bright red errors, hints in white (never faint), a bright white highlight"
        case .monochrome: "no colour: bold, faint, underline and reverse video only"
        case .light: "for light backgrounds: blue accent and highlight, red errors, grey hints"
        }
    }

    /// The theme `text` names (any case), or what to write instead.
    public static func parse(_ text: String) -> Result<Theme, ConfigValueError> {
        if let theme = Theme(rawValue: text.lowercased()) { return .success(theme) }
        let names = allCases.map(\.rawValue)
        let hint =
            Suggestion.closest(to: text.lowercased(), among: names).map { Message.didYouMean($0) } ?? .writeOneOf(names)
        return .failure(ConfigValueError(.unknownTheme(TerminalSafe.escaped(text), hint: hint)))
    }
}

/// Why a value written for a setting cannot be used; said at the value's place.
public struct ConfigValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, said in the reader's language where it is shown.
    public var said: Message
    public init(_ said: Message) { self.said = said }
    /// What is wrong, in English.
    public var message: String { said.english }
    public var description: String { message }
}
