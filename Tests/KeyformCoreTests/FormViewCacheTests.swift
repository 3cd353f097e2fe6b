import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `FormView.Cache` lends one render's grid lines to the next: a frame rendered
/// with it must be the frame rendered without it, whatever happened between.
@Suite struct FormViewCacheTests {
    /// Sizes the terminal is resized to: roomy, narrow, short (the grid shrinks
    /// to some rows in borders, or without them), and too small.
    static let sizes = [(80, 24), (40, 12), (24, 8), (100, 30), (60, 16), (33, 10), (120, 50), (30, 9), (20, 6)]

    /// Text typed into fields: ASCII, accents, Japanese (wide), and a value that is a key's text.
    static let typed = [
        "", "Buy milk", "café crème", "日本語のメモ", "中", "High", "Beach, Food", "2026-11-30", "yes", "a\tb", "ｆｕｌｌ",
    ]

    /// Long random runs of events over every demo form, a multiple-choice grid
    /// (marks), long grids with filters, and a Japanese one: after each event, and after each resize, the
    /// cached render equals a fresh one.
    @Test(arguments: [1, 2, 3])
    func aCachedRenderIsAFreshRender(seed: UInt64) throws {
        var contexts = try DemoForms.names.map(DemoForms.context)
        contexts.append(MultipleChoiceTests.context)
        contexts.append(try Self.todoNamingItsAnswers())
        contexts.append(try Self.conditions())
        // Long grids with their filter open and closed (a page of matches, marked letters).
        contexts.append(try GridFilterTests.countries())
        contexts.append(try ChoicesInTheFormTests.context(GridFilterTests.fruit))
        var random = SplitMix64(seed: seed)
        var gridFrames = 0
        for context in contexts {
            let cache = FormView.Cache()
            var state = FormState.start(context)
            var size = Self.sizes[0]
            var color = true
            for _ in 0..<400 {
                if Int.random(in: 0..<12, using: &random) == 0 { size = Self.sizes.randomElement(using: &random)! }
                if Int.random(in: 0..<40, using: &random) == 0 { color.toggle() }
                _ = FormEngine.reduce(&state, Self.event(state, context, &random), context)
                let cached = FormView.render(state, context, width: size.0, height: size.1, color: color, cache: cache)
                let fresh = FormView.render(state, context, width: size.0, height: size.1, color: color)
                #expect(cached == fresh, "\(context.form.name) at \(size): \(state)")
                if cached != fresh { return }
                if state.grid != nil { gridFrames += 1 }
                if state.outcome != nil { state = FormState.start(context) }
            }
        }
        // The runs spend much of their time in grids (what the cache holds).
        #expect(gridFrames > 600)
    }

    /// Fields and a page that show and hide as typed text (`High`, `yes`) and a
    /// switch change: a frame must never be stale about which are shown.
    static func conditions() throws -> FormContext {
        let todo = try DemoForms.context("todo")
        return try FormContext(
            form: Form(
                title: "Conditions", name: "conditions",
                pages: [
                    Form.Page(fields: [Field(id: "text"), Field(id: "urgent", type: .boolean)]),
                    Form.Page(
                        title: "More",
                        fields: [
                            Field(
                                id: "priority", layout: "priority", input: .grid, strict: true,
                                when: .equals("urgent", "yes")),
                            Field(id: "note", when: .oneOf(field: "text", values: ["High", "yes"])),
                            Field(id: "due", type: .date, layout: "calendar", when: .not(.equals("priority", "High"))),
                        ], when: .filled(field: "text")),
                ]), layouts: todo.layouts, clock: todo.clock)
    }

    /// The footer's key hints kept in the cache are the hints made fresh:
    /// over random events, editing modes (what Esc does changes), resizes, a
    /// draft not kept (the hints get the room left), and two differently
    /// rebound key maps drawn through the same cache in turn (the same words
    /// on other keys must not come back with the first map's keys).
    @Test(arguments: [4, 5])
    func aCachedFooterIsAFreshFooter(seed: UInt64) throws {
        var contexts = try DemoForms.names.map(DemoForms.context)
        contexts.append(MultipleChoiceTests.context)
        let rebound = FormKeyMaps.standard.rebinding(.cancel, to: [.control("g")]).rebinding(
            .swapView, to: [.control("t")]
        )
        .rebinding(.commit, to: [.control("j"), .enter]).rebinding(.moveUp, to: [.character("k")])
        let maps = [FormKeyMaps.standard, rebound]
        let modes: [EditingMode] = [.emacs, .viInsert, .viCommand]
        var random = SplitMix64(seed: seed)
        var footersSeen = Set<String>()
        for context in contexts {
            let cache = FormView.Cache()
            var state = FormState.start(context)
            var size = Self.sizes[0]
            var mode = EditingMode.emacs
            for step in 0..<300 {
                if Int.random(in: 0..<12, using: &random) == 0 { size = Self.sizes.randomElement(using: &random)! }
                if Int.random(in: 0..<8, using: &random) == 0 { mode = modes.randomElement(using: &random)! }
                _ = FormEngine.reduce(&state, Self.event(state, context, &random), context)
                for keys in step % 2 == 0 ? maps : maps.reversed() {
                    let cached = FormView.render(
                        state, context, width: size.0, height: size.1, keys: keys, mode: mode, cache: cache)
                    let fresh = FormView.render(state, context, width: size.0, height: size.1, keys: keys, mode: mode)
                    #expect(cached == fresh, "\(context.form.name) at \(size), \(mode): \(state)")
                    if cached != fresh { return }
                    if let footer = fresh.lines.dropLast().last { footersSeen.insert(footer.text) }
                }
                if state.outcome != nil { state = FormState.start(context) }
            }
        }
        // Many different footers went through the caches (keys, words and widths).
        #expect(footersSeen.count > 100)
    }

    /// A name (required) and a fruit from a 12-key grid, walked through what a
    /// footer is made from, `check` after each step: the empty form, a name typed
    /// (Done ready), the fruit's grid, three moves, the filter typed, the keyboard,
    /// Japanese, a move up. Gives the state and context it ended on.
    @discardableResult
    static func walkThroughWhatTheFooterShows(
        _ check: (FormState, FormContext, String) -> Void
    ) throws -> (FormState, FormContext) {
        var context = try ChoicesInTheFormTests.context(
            """
            fields:
              - id: name
                required: true
              - id: fruit
                choices: [Apple, Apricot, Banana, Blackberry, Cherry, Date, Fig, Grape, Kiwi, Lemon, Mango, Cherimoya]
            """)
        var state = FormState.start(context)
        check(state, context, "the empty form")
        _ = FormEngine.reduce(&state, .lineEdited(text: "Ann", cursor: 3), context)
        check(state, context, "a name typed: Done ready")
        _ = FormEngine.reduce(&state, .commitPressed, context)
        check(state, context, "the fruit's grid")
        for step in 0..<3 {
            _ = FormEngine.reduce(&state, .gridMoved(.down), context)
            check(state, context, "moved down \(step + 1)")
        }
        state = GridFilterTests.run(context, GridFilterTests.typed("ch"), from: state)
        check(state, context, "the filter typed")
        _ = FormEngine.reduce(&state, .gridFilterClosed, context)
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        check(state, context, "the keyboard")
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        context.language = .japanese
        check(state, context, "in Japanese")
        _ = FormEngine.reduce(&state, .gridMoved(.up), context)
        check(state, context, "in Japanese, moved up")
        return (state, context)
    }

    /// Enter's hint in the footer and Done's line say what Enter does, worked
    /// out once a frame: through one cache, each follows what it depends on
    /// (the highlighted key, the filter, the keyboard, a value that makes Done
    /// ready, the language), as the key maps and the engine say it asked afresh.
    @Test func theFootersWordsFollowWhatEnterDoes() throws {
        let cache = FormView.Cache()
        var hintsSeen = Set<String>()
        var readySeen = 0
        try Self.walkThroughWhatTheFooterShows { state, context, step in
            let frame = FormView.render(state, context, width: 80, height: 24, cache: cache)
            let situation = FormKeySituation(state: state, context: context)
            let hints = FormKeyMaps.standard.footer(in: situation, width: 80)
            #expect(frame.lines[22].text == hints, "\(step)")
            let submits =
                situation.evaluation.doneBlocker == nil && FormEngine.enterAnswer(state, context).step == .submit
            let ready = context.language.text(.readyPress(key: "Enter"))
            #expect(frame.lines[23].text.contains(ready) == submits, "\(step): \(frame.lines[23].text)")
            hintsSeen.insert(hints)
            if submits { readySeen += 1 }
        }
        #expect(hintsSeen.count >= 8, "\(hintsSeen)")
        #expect(readySeen >= 4)
    }

    /// The footer kept in the cache is the footer drawn afresh, styles and all
    /// (Enter's hint at the text's own weight, the others dimmed), as what it is
    /// made from changes: a move, the filter typed, the keyboard, Done becoming
    /// ready, Japanese, and a config that rebinds Enter's action in the grid.
    @Test func aKeptFooterIsDrawnAfreshWhenWhatItIsMadeFromChanges() throws {
        let cache = FormView.Cache()
        var keys = FormKeyMaps.standard
        var footers = Set<String>()
        func check(
            _ state: FormState, _ context: FormContext, _ step: String,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let cached = FormView.render(state, context, width: 80, height: 24, keys: keys, cache: cache)
            let fresh = FormView.render(state, context, width: 80, height: 24, keys: keys)
            #expect(cached.lines[22] == fresh.lines[22], "\(step)", sourceLocation: sourceLocation)
            // What Enter does is the one hint not dimmed; the rest of the line is.
            let situation = FormKeySituation(state: state, context: context)
            let enter = keys.map(for: situation).hintInputs(in: situation).first { $0.emphasized }
            let plain = cached.lines[22].spans.filter { $0.style != .dim }.map(\.text)
            #expect(plain.count <= 1, "\(step): \(cached.lines[22].spans)", sourceLocation: sourceLocation)
            if let enter, let shown = plain.first {
                #expect(shown.hasSuffix(enter.words), "\(step): \(shown)", sourceLocation: sourceLocation)
            }
            footers.insert(cached.lines[22].text)
        }
        var (state, context) = try Self.walkThroughWhatTheFooterShows { check($0, $1, $2) }
        context.language = .english
        let before = FormView.render(state, context, width: 80, height: 24, keys: keys, cache: cache).lines[22].text
        keys = keys.rebinding(.pressKey, to: [.space])
        check(state, context, "press-key rebound to Space")
        let after = FormView.render(state, context, width: 80, height: 24, keys: keys, cache: cache).lines[22].text
        #expect(
            before.contains("Enter pick") && after.contains("Space pick") && !after.contains("Enter pick"), "\(after)")
        #expect(footers.count >= 9, "\(footers)")
    }

    /// In a grid of 250 keys every key makes a footer of its own (`Enter pick
    /// Zambia`): through one cache, moving down past more keys than it keeps
    /// lines for and back up, with the filter typed, the keyboard, Japanese and
    /// press-key rebound to Space between, each frame is the frame drawn afresh.
    @Test func aLongGridsFootersAreDrawnAfreshPastWhatTheCacheKeeps() throws {
        var context = try GridFilterTests.countries()
        let cache = FormView.Cache()
        var keys = FormKeyMaps.standard
        var state = FormState.start(context)
        if state.grid == nil { _ = FormEngine.reduce(&state, .swapViewPressed, context) }
        var footers = Set<String>()
        func check(_ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let cached = FormView.render(state, context, width: 80, height: 24, keys: keys, cache: cache)
            let fresh = FormView.render(state, context, width: 80, height: 24, keys: keys)
            #expect(cached == fresh, "\(step)", sourceLocation: sourceLocation)
            footers.insert(cached.lines[22].text)
        }
        func move(_ direction: GridDirection, _ count: Int) {
            for step in 0..<count {
                _ = FormEngine.reduce(&state, .gridMoved(direction), context)
                check("\(direction) \(step + 1)")
            }
        }
        move(.down, 150)
        state = GridFilterTests.run(context, GridFilterTests.typed("an"), from: state)
        check("the filter typed")
        move(.down, 3)
        _ = FormEngine.reduce(&state, .gridFilterClosed, context)
        check("the filter closed")
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        check("the keyboard")
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        context.language = .japanese
        move(.up, 70)
        context.language = .english
        keys = keys.rebinding(.pressKey, to: [.space])
        move(.up, 70)
        // More footers went through the cache than the 64 lines it keeps for one set of hints.
        #expect(footers.count > 80, "\(footers.count)")
        #expect(footers.contains { $0.contains("Space pick") } && footers.contains { $0.contains("Enter pick") })
    }

    /// A footer kept but for the words of Enter's hint is the footer made afresh
    /// from the inputs: over random inputs through one cache, Enter's words
    /// changing most often, and the cases where they cannot simply be put in
    /// (Enter's words another hint's, or none, Enter named only when hints are
    /// cut, on a key with no label, two emphasized hints), at widths that leave
    /// hints out.
    @Test(arguments: [6, 7])
    func aFooterKeptButForEntersWordsIsTheFooterMadeAfresh(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let others: [HintInput] = [
            HintInput(keys: [.left], words: "move", rank: 2), HintInput(keys: [.up], words: "move", rank: 2),
            HintInput(keys: [.tab], words: "keyboard", rank: 3),
            HintInput(keys: [.character("/")], words: "filter", rank: 2),
            HintInput(keys: [.escape], words: "cancel", rank: 1), HintInput(keys: [.shiftTab], words: "back", rank: 3),
            HintInput(keys: [.tab], words: "next", rank: 2),
            HintInput(keys: [.alt("1"), .alt("2")], words: "欄へ", rank: 6),
            HintInput(keys: [.function(1)], words: "keys", rank: 0, onlyWhenCut: true),
            HintInput(keys: [.control("s")], words: "done", rank: 5),
        ]
        let words = (1...120).map { "pick item\($0)" } + ["next", "move", "", "項目を選ぶ", "pick Felt strong, then Done"]
        let enterKeys: [[KeyChord]] = [[.enter], [.space], [.enter, .control("j")], [.anyCharacter]]
        let cache = FormView.Cache()
        var rest = Array(others.prefix(6))
        var enter = HintInput(keys: [.enter], words: "pick item1", rank: 0, emphasized: true)
        var position = 2
        var width = 80
        for step in 0..<3000 {
            switch Int.random(in: 0..<40, using: &random) {
            case 0: rest = others.filter { _ in Bool.random(using: &random) }
            case 1: width = [24, 30, 40, 60, 80, 120].randomElement(using: &random)!
            case 2: enter.keys = enterKeys.randomElement(using: &random)!
            case 3: enter.onlyWhenCut.toggle()
            case 4: enter.rank = Int.random(in: 0...3, using: &random)
            case 5: position = Int.random(in: 0...rest.count, using: &random)
            default: enter.words = words.randomElement(using: &random)!
            }
            var inputs = rest
            inputs.insert(enter, at: min(position, inputs.count))
            if step % 97 == 0 { inputs[0].emphasized = true }  // two emphasized hints now and then
            let kept = cache.footer(inputs, width: width)
            let fresh = KeyHints.footerLine(from: inputs, width: width)
            #expect(kept == fresh && kept.text == fresh.text, "step \(step): \(inputs) at \(width)")
            if kept != fresh { return }
        }
    }

    /// A page drawn for one width, one set of marks, or one page of keys is not
    /// shown for another: the same cache across all of them.
    @Test func marksWidthsAndPagesAreNeverMixedUp() throws {
        let context = MultipleChoiceTests.context
        let cache = FormView.Cache()
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        if state.grid == nil { _ = FormEngine.reduce(&state, .swapViewPressed, context) }
        #expect(state.grid != nil)
        let steps: [FormEvent] = [
            .gridMoved(.down), .gridKeyPressed, .gridMoved(.right), .gridKeyPressed, .gridKeyPressed,
            .gridHotkeyPressed("s"), .gridMoved(.down), .gridMoved(.left),
        ]
        for event in steps {
            _ = FormEngine.reduce(&state, event, context)
            for (width, height) in [(80, 24), (50, 24), (80, 24), (26, 9)] {
                #expect(
                    FormView.render(state, context, width: width, height: height, cache: cache)
                        == FormView.render(state, context, width: width, height: height))
            }
        }
    }

    /// A value being typed is measured scalar by scalar when it can be: the same
    /// safe text, cursor, characters and cells as escaping and breaking it into clusters.
    @Test func anEntryMeasuredScalarByScalarIsMeasuredByCluster() {
        let pieces = [
            "a", "Z", " ", "é", "e\u{301}", "日", "本", "語", "か\u{3099}", "ｆ", "─", "\t", "\u{1B}", "\u{200B}",
            "👍", "👍\u{1F3FD}", "\u{200D}", "…", "✓", "\r\n", "한", "\u{7F}",
        ]
        var random = SplitMix64(seed: 21)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let entry = FormState.Entry(text, cursor: Int.random(in: -1...(text.count + 1), using: &random))
            let safe = TerminalSafe.escapedCharacters(entry.text, cursor: entry.cursor)
            let measured = FormView.measured(entry)
            #expect(measured.text == safe.text && measured.cursor == safe.cursor, "\(text.debugDescription)")
            #expect(measured.cells == Array(safe.text).map(TextWidth.cells), "\(text.debugDescription)")
            let utf8 = Array(safe.text.utf8)
            let pieces = zip(measured.offsets, measured.offsets.dropFirst()).map {
                String(decoding: utf8[$0..<$1], as: UTF8.self)
            }
            #expect(
                pieces == Array(safe.text).map(String.init) && measured.offsets.last == utf8.count,
                "\(text.debugDescription)")
        }
    }

    /// The focused line measured from the one measured last (`TypedLine`) is
    /// the line measured whole, over runs of edits as typing makes them: a
    /// character or a cluster added or erased at the end, the line cut, a
    /// character put in the middle, a paste, a new line (issue 27).
    @Test func aTypedLineIsMeasuredAsAWholeOne() {
        let pieces = [
            "a", "Z", " ", "é", "e", "\u{301}", "日", "本", "か", "\u{3099}", "ｆ", "─", "\t", "\u{1B}", "\u{200B}",
            "👍", "\u{1F3FD}", "\u{200D}", "…", "✓", "\r", "\n", "한", "\u{7F}", "\u{1F1EF}", "\u{1F1F5}",
        ]
        var random = SplitMix64(seed: 27)
        let typed = FormView.TypedLine()
        var text = ""
        for _ in 0..<5000 {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<55: text += pieces.randomElement(using: &random)!
            case 55..<80: text = String(text.unicodeScalars.dropLast(Int.random(in: 1...2, using: &random)))
            case 80..<85: text = ""
            case 85..<93:
                var scalars = Array(text.unicodeScalars)
                scalars.insert(
                    pieces.randomElement(using: &random)!.unicodeScalars.first!,
                    at: Int.random(in: 0...scalars.count, using: &random))
                text = String(String.UnicodeScalarView(scalars))
            case 93..<97: text += (0..<8).map { _ in pieces.randomElement(using: &random)! }.joined()
            default: text = (0..<4).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            let entry = FormState.Entry(text, cursor: Int.random(in: -1...(text.count + 1), using: &random))
            let whole = FormView.measured(entry)
            let kept = typed.measured(entry)
            #expect(
                kept.text == whole.text && kept.cursor == whole.cursor && kept.cells == whole.cells
                    && kept.offsets == whole.offsets, "\(text.debugDescription)")
        }
    }

    /// The demo to-do whose labels, descriptions and a page title name earlier
    /// answers (issue 22): a label changes when the answer it names changes,
    /// and the grid's title beside it must follow (the cache holds the grid).
    static func todoNamingItsAnswers() throws -> FormContext {
        let todo = try DemoForms.context("todo")
        var form = todo.form
        let fields = form.pages[0].fields
        form.pages = [
            Form.Page(title: "What: {{text}}", fields: Array(fields.prefix(2)), description: "Due {{due}}, {{done}}"),
            Form.Page(title: "{{priority}} for {{text}}", fields: Array(fields.dropFirst(2))),
        ]
        form.pages[0].fields[1].label = "Priority of {{text}}"
        form.pages[0].fields[1].description = "{{text}} is {{done}}, due {{due}}"
        form.pages[1].fields[0].label = "{{priority}}"
        form.pages[1].fields[1].placeholder = "by {{text}}"
        return try FormContext(form: form, layouts: todo.layouts, clock: todo.clock)
    }

    /// An event likely to do something in the view the form is in.
    static func event(_ state: FormState, _ context: FormContext, _ random: inout SplitMix64) -> FormEvent {
        let roll = Int.random(in: 0..<100, using: &random)
        if state.grid != nil {
            switch roll {
            case 0..<50: return .gridMoved([.up, .down, .left, .right].randomElement(using: &random)!)
            case 50..<60: return .gridKeyPressed
            case 60..<68: return .gridHotkeyPressed(Array("abcdefhlmqrsxyz1239 中日").randomElement(using: &random)!)
            case 68..<71: return .gridBackspacePressed
            case 71..<76: return .calendarMonthTurned(forward: Bool.random(using: &random))
            case 76..<78: return .calendarTodayPressed
            case 78..<84: return .gridFilterTyped(Array("aenrgz Çé").randomElement(using: &random)!)
            case 84..<86: return .gridFilterErased
            case 86..<87: return .gridFilterClosed
            case 87..<88: return .gridFilterOpened
            default: break
            }
        } else if roll < 45 {
            let text = typed.randomElement(using: &random)!
            return .lineEdited(text: text, cursor: Int.random(in: 0...text.count, using: &random))
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: return .swapViewPressed
        case 25..<45: return .nextPressed
        case 45..<55: return .previousPressed
        case 55..<65: return .commitPressed
        case 65..<72: return .fieldJumpRequested(Int.random(in: 1...5, using: &random))
        case 72..<80: return .toggle([.flip, .set(true), .set(false), .clear].randomElement(using: &random)!)
        case 80..<86: return .draftSaved(problem: Bool.random(using: &random) ? nil : "the disk is full")
        case 86..<88: return .donePressed
        case 88..<89: return .cancelPressed
        default: return .gridMoved(.down)
        }
    }
}
