import Foundation
import KeyformCore
import Testing

/// The demo's checklist and vacation words (`DemoWords`): every case has a
/// sample, both languages say every argument, the Japanese is Japanese, counts
/// are said as each language counts, and the pickers' questions are read
/// whole at 80 and 40 columns.
struct DemoWordsTests {
    static let monday = CivilDate(year: 2026, month: 11, day: 23)!

    /// One of each, with arguments distinct enough to be found in the text.
    static let samples: [DemoWords] = [
        .sampleListNotice, .checklistsNameYourFirst, .checklistsPickAList, .listLabel, .listsGridTitle,
        .listLeft("Hardware", unchecked: 4), .renameWhichList, .newNameForList("Hardware"), .deleteWhichList,
        .deleteList("Hardware", items: 3),
        .whichVacation, .vacationLabel, .vacationsGridTitle, .renameWhichVacation, .newNameForVacation("Lisbon 2026"),
        .deleteWhichVacation, .deleteVacation(file: "vacation-Lisbon 2026.sqlite", vacation: "Lisbon 2026", notes: 7),
        .defaultVacation, .vacationExists("Lisbon 2026"), .vacationNameHoldsSlash, .vacationNeedsName,
        .vacationNameTooLong(bytes: 240, most: 231),
        .cannotRename(path: "/data/vacation-Rome.sqlite", reason: "Permission denied"),
        .cannotDelete(path: "/data/vacation-Rome.sqlite", reason: "Permission denied"),
        .nameCannotBeginWithSlash, .renameKey, .deleteKey, .whichLabel, .pickOneTitle, .yesDelete, .noKeepIt, .ok,
        .sure, .okGoesBack, .yesDeletesNoKeeps, .weekSince(monday: monday, metres: 1250),
        .sampleList, .sampleEggs, .sampleBread, .sampleMilk,
    ]

    /// The questions a picker shows as its title (the lists', the vacations', which one, delete or not).
    static let pickerTitles: [DemoWords] = [
        .checklistsNameYourFirst, .checklistsPickAList, .renameWhichList, .newNameForList("Hardware"),
        .deleteWhichList, .deleteList("Hardware", items: 3), .whichVacation, .renameWhichVacation,
        .newNameForVacation("Lisbon 2026"), .deleteWhichVacation,
        .deleteVacation(file: "vacation-Lisbon 2026.sqlite", vacation: "Lisbon 2026", notes: 7),
        .vacationNameHoldsSlash, .vacationNameTooLong(bytes: 240, most: 231), .nameCannotBeginWithSlash,
    ]

    /// A case's name, the same in every language.
    static func id(_ words: DemoWords) -> String {
        Mirror(reflecting: words).children.first?.label ?? String(describing: words)
    }

    @Test func everyCaseHasASample() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeyformCore/Messages/DemoWords.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        // One case a line, at the enum's indentation: the name after `case`.
        let declared = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("    case ") }.map {
                String($0.dropFirst(9).prefix { $0.isLetter || $0.isNumber })
            })
        let sampled = Set(Self.samples.map(Self.id))
        #expect(declared.count > 30, "the parser of DemoWords.swift found \(declared.count) cases")
        #expect(declared.subtracting(sampled).isEmpty, "no sample for \(declared.subtracting(sampled).sorted())")
        #expect(sampled.subtracting(declared).isEmpty, "\(sampled.subtracting(declared).sorted())")
    }

    @Test(arguments: Language.allCases) func everyLanguageSaysEveryArgument(language: Language) {
        for words in Self.samples {
            let text = words.said(in: language)
            #expect(!text.isEmpty, "\(Self.id(words)) in \(language)")
            guard let payload = Mirror(reflecting: words).children.first else { continue }
            for argument in MessageCatalogueTests.shown(payload.value, label: nil, in: language) {
                #expect(text.contains(argument), "\(language) \(Self.id(words)): '\(text)' does not say '\(argument)'")
            }
        }
    }

    @Test func japaneseIsNotEnglish() {
        // OK is how a Japanese screen writes it too.
        for words in Self.samples where words != .ok {
            #expect(words.japanese != words.english, "\(Self.id(words)) is not in Japanese: '\(words.japanese)'")
        }
        #expect(DemoWords.ok.said(in: .japanese) == "OK")
    }

    /// English is what the demo said before it had a catalogue, byte for byte.
    @Test func englishIsAsItWas() {
        #expect(DemoWords.checklistsPickAList.english == "Checklists · pick a list (a new name starts a new one)")
        #expect(DemoWords.deleteList("Groceries", items: 3).english == "Delete the list “Groceries” and its 3 items?")
        #expect(
            DemoWords.weekSince(monday: Self.monday, metres: 1250).english == "This week (since Mon 2026-11-23): 1250 m"
        )
        #expect(DemoWords.defaultVacation.english == "My Vacation")
    }

    @Test func countsAreSaidAsEachLanguageCounts() {
        #expect(DemoWords.deleteList("Groceries", items: 1).english == "Delete the list “Groceries” and its 1 item?")
        #expect(DemoWords.deleteList("Groceries", items: 0).english == "Delete the list “Groceries” and its 0 items?")
        #expect(DemoWords.deleteList("買い物", items: 1).japanese == "リスト「買い物」とその 1 件を削除しますか？")
        #expect(DemoWords.deleteList("買い物", items: 3).japanese == "リスト「買い物」とその 3 件を削除しますか？")
        #expect(DemoWords.deleteList("買い物", items: 0).japanese == "リスト「買い物」を削除しますか？（項目はありません）")
        let file = "vacation-私の休暇.sqlite"
        #expect(
            DemoWords.deleteVacation(file: file, vacation: "私の休暇", notes: 1).english
                == "Delete vacation-私の休暇.sqlite (the vacation “私の休暇”, 1 note)?")
        #expect(
            DemoWords.deleteVacation(file: file, vacation: "私の休暇", notes: 2).english
                == "Delete vacation-私の休暇.sqlite (the vacation “私の休暇”, 2 notes)?")
        #expect(
            DemoWords.deleteVacation(file: file, vacation: "私の休暇", notes: 1).japanese
                == "vacation-私の休暇.sqlite（休暇「私の休暇」、メモ 1 件）を削除しますか？")
        #expect(
            DemoWords.deleteVacation(file: file, vacation: "私の休暇", notes: 0).japanese
                == "vacation-私の休暇.sqlite（休暇「私の休暇」、メモなし）を削除しますか？")
        #expect(DemoWords.listLeft("買い物", unchecked: 2).japanese == "買い物 · 残り 2 件")
        #expect(
            DemoWords.weekSince(monday: Self.monday, metres: 1250).japanese == "今週（2026年11月23日（月）から）: 1250 m")
    }

    /// The first vacation names a file: in Japanese it is 私の休暇, whose
    /// characters are the same in every Unicode normal form (no voiced kana,
    /// as in マイバケーション, that a file system may decompose) and hold no space.
    @Test func theFirstVacationsNameIsTheSameInEveryNormalForm() {
        let name = DemoWords.defaultVacation.said(in: .japanese)
        #expect(name == "私の休暇")
        #expect(
            Array(name.decomposedStringWithCanonicalMapping.unicodeScalars)
                == Array(name.precomposedStringWithCanonicalMapping.unicodeScalars))
        #expect(!name.contains(" ") && !name.contains("/"))
    }

    /// Each picker's question in a picker form, drawn at 80 and 40 columns:
    /// whole on its lines (wrapped when it is wider than the screen), never
    /// cut, no line wider than the screen.
    @Test(arguments: [(80, 24), (40, 24)]) func thePickersQuestionsAreReadWhole(width: Int, height: Int) throws {
        for language in Language.allCases {
            for words in Self.pickerTitles {
                let question = words.said(in: language)
                let form = Form(
                    title: question, name: "demo_pick",
                    pages: [Form.Page(fields: [Field(id: "value", label: "Which", required: true)])],
                    presentation: .picker)
                var context = try FormContext(form: form, layouts: [:], clock: WallClock(today: Self.monday))
                context.language = language
                let frame = FormView.render(FormViewTests.state(context), context, width: width, height: height)
                let lines = frame.lines.map(\.text)
                let headerLines = lines.prefix { !$0.isEmpty }
                #expect(lines.allSatisfy { TextWidth.cells($0) <= width }, "\(lines)")
                #expect(!headerLines.contains { $0.hasSuffix("…") }, "cut at \(width): \(headerLines)")
                let read = headerLines.joined()
                #expect(
                    read.replacingOccurrences(of: " ", with: "") == question.replacingOccurrences(of: " ", with: ""),
                    "at \(width) columns \(language) reads '\(read)' for '\(question)'")
                if language == .japanese, width == 80 {
                    #expect(headerLines.count == 1, "a Japanese question fits 80 columns: \(question)")
                }
            }
        }
    }

    /// Where there is no room to spare, a long question keeps one line, cut with "…" at a character.
    @Test func aQuestionOnAShortScreenIsCutAtACharacter() throws {
        let form = Form(
            title: DemoWords.checklistsPickAList.japanese, name: "demo_pick",
            pages: [Form.Page(fields: [Field(id: "value", label: "Which", required: true)])], presentation: .picker)
        var context = try FormContext(form: form, layouts: [:], clock: WallClock(today: Self.monday))
        context.language = .japanese
        let frame = FormView.render(FormViewTests.state(context), context, width: 41, height: FormView.minimumHeight)
        let first = try #require(frame.lines.first?.text)
        #expect(first.hasSuffix("…") && TextWidth.cells(first) <= 41, "\(first)")
        #expect(frame.lines[1].text.isEmpty, "one line of title: \(frame.lines.map(\.text))")
    }
}

/// The listings' words (`ListingWords`): both languages say the place.
struct ListingWordsTests {
    @Test func aHiddenFileSaysWhichFileHidesItInEitherLanguage() {
        let words = ListingWords.hiddenBy("forms/todo.yaml")
        #expect(words.said(in: .english) == "(hidden by forms/todo.yaml)")
        #expect(words.said(in: .japanese) == "（forms/todo.yaml が優先）")
    }
}
