import KeyformCore
import SnapshotTesting
import Testing

/// Built-in themes (issue 25): a colour for each role, chosen with `theme:` or
/// `KEYFORM_THEME`, `colors:` changing roles over it, `NO_COLOR` winning.
@Suite(.snapshots(record: .missing))
struct ThemeTests {
    static let path = "/home/ann/.config/keyform/config.yaml"

    func resolve(_ text: String, environment: [String: String] = [:]) -> ResolvedConfig {
        ResolvedConfig.resolve(
            file: ConfigFile.parse(text: text, path: Self.path), environment: environment, home: "/home/ann")
    }

    @Test func aThemeIsNamedInTheFileOrAVariable() {
        let file = resolve("theme: high-contrast\n")
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.config.theme == .highContrast)
        #expect(file.config.colors == Theme.highContrast.palette)
        #expect(file.source(of: "theme").description == Self.path + ":1:8")
        // The variable wins over the file, as every variable does.
        let variable = resolve("theme: high-contrast\n", environment: ["KEYFORM_THEME": "Light"])
        #expect(variable.config.theme == .light)
        #expect(variable.source(of: "theme") == .environment("KEYFORM_THEME"))
        #expect(resolve("").config.theme == .standard)
        #expect(Theme.standard.palette == .standard)
    }

    @Test func colorsChangeRolesOverTheThemeWhereverTheyAreWritten() {
        for text in ["colors: {accent: magenta}\ntheme: light\n", "theme: light\ncolors: {accent: magenta}\n"] {
            let config = resolve(text).config
            #expect(
                config.colors
                    == ColorPalette(accent: .basic(5), error: .basic(1), dim: .bright(0), highlight: .basic(4)),
                "\(text)")
        }
        // A role's own `none` stands too: no colour for it, whatever the theme.
        let none = resolve("theme: high-contrast\ncolors: {error: none}\n").config
        #expect(none.colors.error == nil)
        #expect(none.colors.accent == .bright(3))
        // A variable's colour is a role of its own over the variable's theme.
        let both = resolve("", environment: ["KEYFORM_THEME": "monochrome", "KEYFORM_COLOR_ACCENT": "green"]).config
        #expect(both.colors == ColorPalette(accent: .basic(2), error: nil, dim: nil, highlight: nil))
    }

    @Test func anUnknownThemeSaysWhatToWrite() {
        #expect(
            resolve("theme: hi-contrast\n").problems.map(\.description) == [
                "\(Self.path):1:8: error: unknown theme 'hi-contrast'; did you mean 'high-contrast'?"
            ])
        #expect(
            resolve("", environment: ["KEYFORM_THEME": "solarized"]).problems.map(\.description) == [
                "KEYFORM_THEME: error: unknown theme 'solarized'; write one of default, high-contrast, monochrome, light"
            ])
        #expect(resolve("theme: hi-contrast\n").config.theme == .standard, "a wrong value leaves the setting as it was")
    }

    /// Each theme's roles as the screen writers send them (SGR parameters after a
    /// reset), and a frame's styled text with them: with colour, then with
    /// NO_COLOR, where every theme gives the same attributes.
    @Test(arguments: Theme.allCases)
    func eachThemesRoles(theme: Theme) throws {
        let palette = theme.palette
        let roles: [(String, TextStyle)] = [
            ("plain", []), ("accent (the focused field)", .accent), ("bold accent (a question)", [.bold, .accent]),
            ("error (✗ required)", [.bold, .error]), ("dim (the key hints)", .dim),
            ("highlight (the grid key)", [.reverse, .bold]), ("ready Done", [.bold, .accent, .reverse]),
            ("matched letters", [.reverse, .underline]),
        ]
        var text = "theme \(theme.rawValue): \(theme.summary)\n"
        for (name, style) in roles {
            text +=
                "\(name): \(palette.sgr(for: style, color: true))   NO_COLOR: \(palette.sgr(for: style, color: false))\n"
        }
        // The to-do form with its Text empty and Done pressed: an error, the accent, dim hints.
        let context = try DemoForms.context("todo")
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .donePressed, context)
        let frame = FormView.render(state, context, width: 80, height: 24, color: true)
        text += "── the to-do form's styled text, SGR per run ──\n"
        for (row, line) in frame.lines.enumerated() {
            for span in line.spans where !span.style.isEmpty {
                text += "row \(row): \(palette.sgr(for: span.style, color: true)) \(span.text.debugDescription)\n"
            }
        }
        assertSnapshot(of: text, as: .lines, named: theme.rawValue)
    }
}
