import Foundation
import KeyformCore
import Testing

/// Every message has its words in every language, and each language says every
/// argument it is given. A missing language does not compile (each catalogue
/// is an exhaustive switch); these tests catch the rest: a message without a
/// sample here, a language that drops an argument, a Japanese text left in
/// English.
struct MessageCatalogueTests {
    static let day = CivilDate(year: 2026, month: 11, day: 21)!

    /// One of each message, with arguments distinct enough to be found in the text.
    static let samples: [Message] =
        [
            .required, .requiredWhen(condition: .conditionIs(field: "paid", values: [.booleanYes])), .notWholeNumber,
            .notNumber,
            .notDate, .notDateTime,
            .notTime,
            .notARealTime, .notBoolean, .notState(no: "In progress", yes: "Complete"), .oneLine, .tooShort(3),
            .tooLong(140),
            .tooSmall(2.5), .tooLarge(10), .integerTooSmall(Int.min), .integerTooLarge(Int.max),
            .patternMismatch("^[^@]*$"),
            .tooFewPicks(2), .tooManyPicks(3), .notAChoice(["High", "Medium", "Low"]),
            .notARealDate(year: 2026, month: 2),
            .controlCharacter("\u{1B}"), .isNotWholeNumber, .isNotNumber, .isNotYesOrNo, .isNoteWithoutValue,
            .noteHoldsNoValue,
            .quoted("1.5", .isNotWholeNumber), .notValid, .timestampNotTime("2026-11-21"),
            .timestampWithoutZone("2026-11-21T09:30:00"),
            .timestampBadOffset("2026-11-21T09:30:00+25:00"),
            .timestampNotRealDate("2026-02-30T09:30:00Z", year: 2026, month: 2),
            .timestampNotTimeOfDay("2026-11-21T25:30:00Z"), .authored("Give the amount on the receipt"),
            .afterLabel(.required, worded: false), .fieldLine(label: "件名", problem: .required),
            .doneIsDisabled(because: "Text is required"), .doneButton, .doneDisabled, .submitted, .ready,
            .readyPress(key: "Enter"),
            .cancelled, .interrupted, .timeIsUp, .stopped, .endedDraftKept(.cancelled),
            .endedDraftNotKept(.cancelled, problem: "disk full"),
            .draftNotKept(problem: "disk full"), .timeLeft(seconds: 42), .page(2, of: 3), .moreFields(12),
            .moreLines(4),
            .gridRows(first: 3, last: 8, of: 20), .filterLabel, .noMatch, .matches(3, of: 250), .noKeyHere("q"),
            .noKeyMatches("xyz"),
            .terminalTooSmall(need: "24×8", have: "20×5"), .makeWindowLarger(leaveKey: "Esc"), .tooSmallNeed("24×8"),
            .windowTooSmall,
            .hintNext, .hintBack, .hintCancel, .hintDone, .hintField, .hintKeys, .hintKeyboard, .hintNewLine,
            .hintEditor,
            .hintCommandMode, .hintInsert, .hintCloseFilter, .hintCalendar, .hintErase, .hintMove, .hintMonth,
            .hintToday,
            .hintFilter, .hintToggle,
            .hintLeaveEmpty, .hintKeep("400"), .hintAdd, .hintAnswer, .hintPick, .hintPickKey("High"),
            .hintPickDay(day),
            .hintToggleKey("Olives"), .hintTypeKey("7"), .hintPressKey("⌫"), .hintGoTo("Text"),
            .hintThenDone(.hintPickKey("High")),
            .keyListTitle, .keyListKeyboard, .keyListCalendar, .keyListKeys, .keyListSwitch, .keyListNote,
            .keyListTyping,
            .keyListTypingSummary, .keyListMore(7), .keyListAnyKeyGoesBack, .keySummary(.previousMonth),
            .spokenOpening(title: "New To-Do", fields: 5), .spokenHowToAnswer, .spokenHowToGoBack("<"),
            .spokenFirstField,
            .spokenField(2, of: 5, parts: ["Priority", "optional"]),
            .spokenRequired, .spokenOptional, .spokenNow("Medium"), .spokenSecretSet,
            .spokenList(["1 High", "2 Medium"]),
            .spokenOneOf(.spokenList(["High", "Low"])), .spokenOneOrMoreOf(.spokenList(["Milk", "Eggs"])),
            .spokenOrPick(.spokenText, .spokenList(["Felt strong", "Tired"])), .spokenChoiceCount(250), .spokenYesOrNo,
            .spokenText,
            .spokenSecret, .spokenWholeNumber, .spokenNumber, .spokenDate(example: "2026-11-27"), .spokenTime,
            .spokenDateTime(example: "2026-11-27"), .spokenNote, .spokenSubmitted,
            .spokenEndedDraftNotKept(.cancelled, problem: "disk full"), .sentence("Text is required"),
            .resumeDraft(title: "New To-Do", time: "14:05"),
            .resumeDraftFrom(title: "New To-Do", day: day, time: "14:05"),
            .draftHolds("Text: Buy milk"), .hintYes, .hintNo, .noAnswer("Bu"),
            .recordCount(3), .rowsShown(first: 2, last: 19), .noRecordsYet(addKey: "a"),
            .noRecordsWithYet("List: Groceries", addKey: "a"),
            .noRecordsWith("Tags: Food", showAllKey: "Esc", addKey: "a"), .emptyValue, .sortedBy("Due"), .newestFirst,
            .deleteRecord("Buy milk"), .recordDeleted("Buy milk"),
            .recordAddedNotListed("Buy milk", shows: "List: Groceries"),
            .recordSavedNoLongerListed("Buy milk", shows: "List: Groceries"), .notSaved("disk full"),
            .cannotFilter("disk full"),
            .nothingToToggle(form: "todo"), .nothingToFilterBy, .editTitle("To-Do"), .filterTitle("To-Do"),
            .filterGridTitle, .filterBy,
            .hintEdit, .hintDelete, .hintShowAll, .hintSort(.sortedBy("Due")), .hintQuit, .hintMenu, .hintLists,
            .hintVacations,
            .storeCannotCreateFolder(path: "/srv/db", reason: .reasonPermissionDenied),
            .storeNoDatabase(path: "/tmp/x.sqlite"),
            .storeCannotOpen(path: "/tmp/x.sqlite", reason: .reasonIsFolder), .storeNotADatabase(path: "/tmp/x.sqlite"),
            .storeCorrupt(path: "/tmp/x.sqlite", detail: "malformed", recovery: "sqlite3 .recover"),
            .storeForeign(path: "/tmp/x.sqlite"),
            .storeNewerVersion(path: "/tmp/x.sqlite"), .storeReadOnly(path: "/tmp/x.sqlite", detail: "its folder too"),
            .storeDiskFull(path: "/tmp/x.sqlite"), .storeBusy(path: "/tmp/x.sqlite", seconds: 5),
            .storeRecordNotFound(id: 42, form: "todo"), .storeRecordChanged(id: 42, form: "todo"),
            .storeUnknownField(form: "todo", field: "txt", suggestion: "text"), .storeInvalidName("To Do"),
            .storeInvalidValue(field: "due", reason: "not a date"),
            .storeUnsupportedLocation("mysql://x", reason: .locationUnknownScheme("mysql")),
            .storeFailed(path: "/tmp/x.sqlite", message: "I/O error"), .storeShortDiskFull, .storeShortReadOnly,
            .storeShortBusy,
            .storeShortDamaged, .storeShortCannotOpen, .storeShortFailed,
            .libraryCancelled, .libraryInterrupted, .libraryTerminated(signal: 15), .libraryTimedOut,
            .libraryNoTerminal("no /dev/tty"),
            .libraryInvalidForm(["todo.yaml:3:5: error: x"]), .libraryInvalidConfig(["config.yaml:1:1: error: y"]),
            .libraryStoreUnavailable("disk full"),
            .libraryNotStored(reason: "disk full", record: "{\"text\":\"Buy milk\"}"),
            .libraryDecodingFailed("no value for 'due'"), .libraryInvalidKeys("bad key"),
            .libraryUnfinished(screen: "New To-Do"), .libraryRuleBroken(name: "dates", message: "Ends after it starts"),
            .formNotFound("nope", places: "forms/nope.yaml, demo/nope.yaml", needs: .runNeedsFormFile),
            .runNeedsFormFile,
            .browseNeedsFormFile,
            .importNeedsFormFile,
            .cannotUseTerminal(reason: "open /dev/tty: No such device", without: .withoutTerminalRun),
            .withoutTerminalRun,
            .withoutTerminalDemo, .withoutTerminalBrowse, .withoutTerminalValue, .withoutTerminalSelected,
            .withoutTerminalDefault,
            .demoSaved(summary: "Buy milk"), .demoLogged, .date(day), .monthName(11), .weekdayShort(1),
            .calendarTitle(monthName: "November", year: 2026),
            .conflictTitle, .conflictWhole, .conflictKeepMine, .conflictTakeTheirs, .conflictPerField,
            .conflictMine("High"),
            .conflictTheirs("Low"), .conflictEmpty, .recordDeletedMeanwhile,
            .storeServerUnreachable(
                path: "postgres://ada@db.lab/club", reason: .reasonConnectionRefused(place: "db.lab:5432")),
            .storeAuthenticationFailed(
                path: "postgres://ada@db.lab/club", user: "ada", reason: .systemSaid("password authentication failed")),
            .storeConnectionLost(path: "postgres://ada@db.lab/club"),
            .storePermissionDenied(path: "postgres://clerk@db.lab/club", detail: "permission denied for table _record"),
            .storeShortServerUnreachable, .storeShortLoginRefused, .storeShortConnectionLost, .storeShortRefused,
            .recordNotStoredImportLater(
                .recordNotStored(reason: .storeConnectionLost(path: "postgres://ada@db.lab/club"), places: []),
                command: "keyform records import 'swim' '/tmp/r.json' --db 'postgres://ada@db.lab/club'"),
            .importedRecordsAlreadyStored(
                .importedRecords(0, form: "swim", into: "postgres://ada@db.lab/club"), alreadyStored: 1),
            .saving, .savingWaits, .storeWillRescue(problem: "the server cannot be reached"), .deletingRecord,
            .loadingRecords, .openingForm,
            .cannotReadCommandLine, .timeoutOutOfRange(90_000), .limitNegative(-3), .widthTooSmall(0),
            .heightTooSmall(-1),
            .resumeAndFresh, .dbAndNoStore, .answersFormatWithoutAnswers, .choicesNotIdAndFile("colour"),
            .choicesStdinTwice, .stdinAnswersAndChoices,
            .choicesNoField(
                given: "colr=c.txt", path: "forms/paint.yaml", field: "colr", suggestion: nil,
                fields: ["colour", "size"]),
            .noTemplate(path: "forms/todo.yaml"), .answersNotRead(file: "answers.json", reason: "no such file"),
            .answersTooLarge(file: "big.json"),
            .promptFormatNotTextOrJSON(variable: "KEYFORM_INPUT_FORMAT", value: "xml"),
            .historyNotAName("a b"), .historyWithSecret, .promptTypeUnknown("colour"),
            .confirmDefaultNotYesOrNo("maybe"),
            .optionsNotRead(file: "options.txt", reason: "no such file"),
            .storedFormNotFound(
                "todos", places: "forms/todos.yaml", store: "/tmp/x.sqlite", held: ["todo", "swim"], suggestion: "todo"),
            .copySameStore("/tmp/x.sqlite"), .copyNoSuchForm(store: "/tmp/x.sqlite", form: "todos", suggestion: "todo"),
            .copyFailed(from: "/tmp/a.sqlite", to: "/tmp/b.sqlite", reason: "disk full"),
            .importTooLarge(file: "big.csv", mebibytes: 64), .configHasErrors, .noTestFiles(["tests", "more"]),
            .notCanonical(path: "forms/todo.yaml", noun: "form"),
            .pathNotFound("todo", why: .pathMissing, hint: .formIsAt("todo", path: "forms/todo.yaml")), .pathMissing,
            .pathLinkLoops, .pathLinkToNothing(target: "/gone"), .formIsAt("todo", path: "forms/todo.yaml"),
            .layoutIsAt("priority", path: "Layouts/priority.yaml"), .layoutIsShipped("digits"),
            .emptyFolder(kind: .formFilesKind, path: "empty"), .formFilesKind, .layoutFilesKind,
            .layoutFileNotFound("prio.yaml", suggestion: "priority"),
            .layoutNotFound("prio", places: ["Layouts/prio.yaml", "the shipped"], suggestion: "priority"),
            .layoutsShippedPlace, .layoutShippedNotWatched("digits"),
            .noDemoApp("tod", suggestion: "todo", apps: ["todo", "swim"]), .noDemoFolder,
            .cannotMakeSampleList(reason: "disk full"), .cannotRememberList(reason: "disk full"),
            .cannotRenameList(reason: "disk full"), .cannotDeleteList(reason: "disk full"),
            .stdoutNotWritten(reason: "Broken pipe"),
            .cannotWrite(path: "out.json", because: .writeCannotCreateIt(reason: "Permission denied")),
            .writeCannotCreateIt(reason: "Permission denied"), .writeCannotWriteIt(reason: "No space left on device"),
            .writeCannotReadMode(reason: "Permission denied"), .writeCannotOpenIt(reason: "Permission denied"),
            .writeChangedWhileOpened(reason: "Resource temporarily unavailable"),
            .writeCannotCreateTemporary("out.json.keyform.tmp", reason: "Permission denied"),
            .writeCannotReplaceIt(reason: "Permission denied"), .writeCannotReadIt(reason: "Permission denied"),
            .writeCannotReadLink(reason: "Permission denied"), .writeLinkToNothing("/gone/out.json"),
            .writeOwnedByAnother("/tmp/link", isLink: true, uid: 1001), .writeTooManyLinks, .readNoSuchFile,
            .readFailed(reason: "Input/output error"), .readNotRegularFileOrPipe, .readNotRegularFile,
            .stdinTooLargeForAnswers, .stdinTooLarge(mebibytes: 64),
            .tableCreated, .noRecordsOf(form: "todo", conditions: "Done: yes"), .wroteRecords(3, to: "out.json"),
            .importedRecords(3, form: "todo", into: "/tmp/x.sqlite"), .nothingImportedProblems(2, in: "in.csv"),
            .nothingImported(reason: "disk full"), .importInputChanged(file: "in.csv"),
            .copiedRecords(3, from: "/tmp/a.sqlite", to: "/tmp/b.sqlite", forms: ["todo 2", "swim 1"], present: 4),
            .recordNotStored(
                reason: .storeDiskFull(path: "/tmp/x.sqlite"), places: [.recordOnStdout, .recordSavedIn("/tmp/r.json")]),
            .recordOnStdout, .recordSavedIn("/tmp/r.json"),
            .recordNotStoredHereItIs(reason: .storeDiskFull(path: "/tmp/x.sqlite"), record: "{\"text\":\"Buy milk\"}"),
            .demoMenuTitle, .demoPickAnApp, .demoAppLabel, .demoAppTodo, .demoAppProfile, .demoAppSwim,
            .demoAppVacations,
            .demoAppChecklists, .demoAppAccount, .demoDataIn(folder: "~/.local/share/keyform/demo"),
            .demoDatabaseExists,
            .demoDatabaseNotCreated, .demoOnePerVacation(["Kyoto", "Oslo"]), .keyListAnyKey,
            .conditionIs(field: "country", values: [.authored("Canada"), .authored("Mexico")]),
            .conditionIsOrEmpty(field: "country", values: [.authored("Canada")]), .conditionFilled(field: "email"),
            .conditionEmpty(field: "email"),
            .conditionAll([.conditionFilled(field: "email"), .conditionEmpty(field: "phone")]),
            .conditionAny([.conditionFilled(field: "email"), .conditionEmpty(field: "phone")]),
            .conditionNot(.conditionFilled(field: "email")),
            .yamlTooManyNodes(2_097_152), .mustBeMapping(.placeLayout, found: .yamlList),
            .fieldNameNotText(found: .yamlMapping),
            .unknownField("colour", in: .placeKey, hint: .didYouMean("color")), .didYouMean("color"),
            .expectedOneOf(["text", "hotkey", "action"]), .mustBeList(field: "rows", found: .yamlText("abc")),
            .mustBeText(field: "label", found: .yamlNothing), .yamlNothing, .yamlText("abc"), .yamlMapping, .yamlList,
            .yamlAlias, .unsafeCharacter(in: .authored("label"), "\u{1B}"), .notUTF8,
            .duplicateField(["label"], firstAt: "3:5"),
            .hotkeyUsedTwice("h", by: "High", at: "4:20"), .pageActionWithoutPages,
            .noPage("mroe", hint: .didYouMean("more")), .pagesAre(["more", "less"]),
            .noLayoutNamed("prio", hint: .putLayoutInAFolder("prio")), .putLayoutInAFolder("prio"),
            .pageNeverShown("more"),
            .rowNarrower(3, widest: 4), .emptyLabel,
            .labelTooWide("Extraordinary", cells: 13, room: 8, besideHotkey: true, columns: 80, shows: "Extraor…"),
            .whitespaceAround("label", text: " High", leading: true, trailing: false),
        ] + Self.formFileSamples

    /// The problems `form check`, `layout check` and `config check` find in a file's shape and meaning.
    static let formFileSamples: [Message] = [
        .placeForm, .placeLayout, .placeKey, .placeConfig, .placeTestFile, .placeChoice, .placePage(2),
        .placeField("amount"), .placeRule(3), .placeRuleNamed("dates"), .placeOption("states"),
        .placeKeysFor("Canada"), .placeOptionOfPage("when", page: 2), .placeOptionOfField("required_if", field: "paid"),
        .placePageOption("title"), .placeOptionOf("label", field: "amount"),
        .fieldsAre(["start", "end"]), .earlierFieldsAre(["start", "end"]), .noEarlierField,
        .itsKeysAre(["High", "Low"]),
        .itOffers(["Canada", "Mexico"]), .putLayoutBesideForm("prio"), .inRule("dates", .ruleEmpty),
        .ruleNameUsedTwice("dates", at: "4:11"), .oneOfNotAField("emial", hint: .didYouMean("email")),
        .oneOfTwice("email"), .oneOfNeverFilled("intro", kind: "note"), .oneOfNeedsTwo,
        .fillInOneOf(["Phone", "Email"]),
        .conditionNeverHolds(
            place: .placeOptionOfField("when", field: "notes"), value: "Hihg", field: "priority",
            hint: .didYouMean("High")),
        .tagNamesNoField("nmae", in: .placePageOption("title"), hint: .didYouMean("name")),
        .tagNamesNote("intro", in: .placeOptionOf("label", field: "amount")),
        .tagNamesSecret("pin", in: .placeOptionOf("description", field: "amount")),
        .tagNamesLaterField("total", in: .placeOptionOf("label", field: "amount")),
        .fieldIDUsedTwice("amount", at: "7:9"), .boundBelow("max", value: "1", other: "min", otherValue: "5"),
        .requiredAndRequiredIf("billing"), .boundBeyondInteger("max", bound: "1e30"), .placeholderOnBoolean,
        .messageWithoutCheck(check: "pattern", field: "email"), .strictNeedsKeys, .gridNeedsKeys, .multipleNeedsKeys,
        .optionForKinds("min", kinds: ["integer", "number"], field: "name", kind: "text", lengthInstead: true),
        .secretForKinds(kinds: ["text", "integer"], field: "when", kind: "date"),
        .calendarForDates(field: "count", kind: "integer"), .multipleNeedsChoiceLayout("numeric"),
        .statesForKind("boolean", field: "status"), .layoutAndStoredChoices, .layoutAndLineChoices,
        .layoutAndWrittenChoices, .patternInvalid(reason: "unbalanced parenthesis"), .listDefaultNeedsMultiple,
        .defaultFails("abc", problem: .notWholeNumber), .noteOption("required", field: "intro"),
        .noteShowsNothing("intro"), .secretWithLines, .multipleWithLines, .linesWithKeys("layout"),
        .secretOption("mask", field: "name"), .secretMultiple, .secretWithKeys("choices"), .secretDefaultLast,
        .secretInFile("password"), .secretStored("password"), .byNamesItself("region"),
        .byNamesNoField("contry", hint: .didYouMean("country")), .byNamesNote("intro"), .byNamesList("tags"),
        .notAValueOf("Canda", field: "country", hint: .itOffers(["Canada", "Mexico"])),
        .notAValueOfKind("soon", field: "due", problem: .notDate), .picksWithoutMultiple("min_picks", field: "size"),
        .fieldLabelTooWide("A very long label indeed", cells: 24, columns: 80, room: 20, shows: "A very long label…"),
        .laterStepBroken(field: "when", layout: "time"), .layoutFileMissing("prio.yaml"), .layoutHasErrors("prio"),
        .templateInvalid(reason: .templateSectionNotClosed), .templateNamesNoField("txet", hint: .didYouMean("text")),
        .conditionMustBeMapping(.placeOptionOfField("when", field: "notes"), found: .yamlList),
        .conditionEmptyMapping(.placeOptionOfPage("when", page: 2)),
        .conditionKeyNotText(.placeOptionOfPage("when", page: 2), found: .yamlMapping),
        .conditionCombinatorEmpty(.placeOptionOfPage("when", page: 2), combinator: "any"),
        .conditionNamesLater(.placeOptionOfField("when", field: "notes"), field: "total", own: false, page: false),
        .conditionNamesNoEarlier(.placeOptionOfField("when", field: "notes"), field: "piad", hint: .didYouMean("paid")),
        .conditionNamesNote(.placeOptionOfField("when", field: "notes"), field: "intro"),
        .conditionValuesEmpty(.placeOptionOfField("when", field: "notes"), field: "country"),
        .conditionValueNotValue(.placeOptionOfField("when", field: "notes"), field: "country", found: .yamlMapping),
        .conditionCannotHold(
            .placeOptionOfField("when", field: "notes"), kind: "boolean", multiple: false, field: "paid",
            value: "maybe", problem: .isNotYesOrNo),
        .ruleEmpty, .ruleChained, .ruleExpectedJoin(found: .ruleWord("start")), .ruleLoneEquals, .ruleLoneBang,
        .ruleNotAWord("&&", write: "and"), .ruleTextNotClosed("'"), .ruleMeaningless("@"), .ruleNotATime("25:00"),
        .ruleNotADate("2026-02-30"), .ruleNotANumber("1.2.3"), .ruleParenNotClosed(column: 4), .ruleEndsEarly,
        .ruleMinusBeforeNumber, .ruleWordWhereValue("and"), .ruleOperatorNeedsLeft(">="),
        .ruleTokenWhereValue(.ruleText("High")), .ruleUnknownFunction("cuont", hint: .didYouMean("count")),
        .ruleFunctionTakesID("count"), .ruleFunctionNotClosed("count", field: "tags"), .ruleWord("and"),
        .ruleText("High"), .ruleNotYesOrNo("amount", kind: .number), .ruleComparesConstants,
        .ruleListNeedsCount("tags"), .ruleOrdersOnly("<", kind: .text),
        .ruleKindsDiffer("start", kind: .date, other: .number),
        .ruleCannotCompare("start", kind: .date, other: "amount", otherKind: .number),
        .ruleFieldHoldsNothing("intro", kind: "note"), .ruleCountNeedsMultiple("name", isText: true),
        .ruleCountThePicks("tags"), .ruleLengthNeedsText("amount", kind: "integer"),
        .ruleNamesNoField("strat", hint: .didYouMean("start")),
        .fileEmpty(needs: .formNeedsFieldsOrPages), .formNeedsFieldsOrPages,
        .fileTooLarge(bytes: 2_000_000, kind: "form", limit: 1_048_576), .yamlExpandsTooMuch(4_194_304),
        .yamlSyntax("mapping values are not allowed in this context", context: "while scanning", at: "3:1"),
        .yamlNestedTooDeeply, .cannotReadFile("invalid leading UTF-8 octet"), .cannotReadYAML("unexpected"),
        .writtenValue("maybe"), .formMustBeMapping(found: .yamlList, isList: true), .formFromPipeNeedsName,
        .formNameInvalid("To Do", like: "to_do"), .formFieldsAndPages, .formNeedsFields, .formPagesEmpty,
        .pageNeedsFields(2), .fieldsMustBeList, .fieldsEmpty,
        .fieldMustBeMapping(example: "{id: due, label: Due}", found: .yamlText("Due")), .fieldNeedsID(like: "due_date"),
        .fieldIDEmpty, .fieldIDInvalid("Due Date", like: "due_date"), .fieldLabelEmpty("due"),
        .unknownName(option: "type", "txt", hint: .useName("text")), .useName("text"),
        .lengthNotWhole("min_length", found: .yamlList), .placeholderEmpty, .ruleNeedsName(.placeRule(2)),
        .ruleNameInvalid("End After", like: "end_after"), .ruleMessageEmpty(.placeRuleNamed("dates")),
        .ruleCheckAndOneOf(.placeRuleNamed("dates")), .ruleNeedsMessage(.placeRuleNamed("dates")),
        .ruleNeedsTest(.placeRuleNamed("dates")), .statesNeedBoth, .stateEmpty(yes: true), .statesSame("Done"),
        .checkMessageEmpty("pattern", example: "'Give an email like ada@example.org'"),
        .choicesEmpty(.placeOption("choices")), .choiceTwice("Tomatoes", at: "5:7"),
        .choiceLabelTwice("CA", at: "5:7"), .choiceNeedsLabel, .choiceMustBeText(found: .yamlList),
        .choicePartEmpty("label"), .choicesByNeedsBoth, .keysMustBeMapping(found: .yamlList), .keysEmpty("country"),
        .choicesCommandAndFile, .commandMustBeList(found: .yamlText("git branch")), .commandEmpty, .programEmpty,
        .commandTimeoutRange(300, found: "900"), .timeoutWithFile, .choicesFileEmpty, .choicesNeedFrom,
        .fromInvalid("checklist"), .byInvalid("Country"), .paragraphsEmpty("description"),
        .mustBeTrueOrFalse("required", found: .writtenValue("maybe")), .mustBeNumber("min", found: .yamlList),
        .wholeNumberOutOfRange("timeout", unit: .unitSeconds, from: 1, to: 86_400, found: "0"), .unitSeconds,
        .unitCharacters, .unitPicks, .unitLines, .unitChoices, .unitColumns,
        .layoutMustBeMapping(found: .yamlList), .layoutRowsAndPages, .layoutNeedsRows, .layoutPagesEmpty,
        .pageIDEmpty(2), .pageIDTwice("more", firstAt: "3:7"), .pageNeedsID(2), .pageNeedsRows(2),
        .rowsEmpty("rows"), .rowsNotRows("rows", example: "High, Medium, Low"), .rowNotList(2, found: .yamlText("x")),
        .rowEmpty(2), .keyMustBeTextOrMapping(found: .yamlList), .keyNeedsLabel, .toWithoutAction(["page", "layout"]),
        .hotkeyNotOneCharacter("ab"), .hotkeyTaken(" ", by: .hotkeySpace), .hotkeySpace, .hotkeyTab, .hotkeyEnter,
        .hotkeyUnprintable("\u{1B}"), .toIgnored(["page", "layout"], action: "clear"),
        .actionNeedsTo("page", placeholder: "PAGE_ID"),
        .configGroupMustBeMapping("keys", example: "done: ctrl-d", found: .yamlList),
        .configNameNotText("colors", found: .yamlList),
        .configUnknownName("acent", in: "colors", isAction: false, hint: .didYouMean("accent")),
        .configNoValue("theme", values: .valuesThemes(["default", "light"])),
        .configKeyNotText("keys.done", found: .yamlMapping),
        .configMustBe("mouse", values: .valuesTrueOrFalse, found: .yamlList), .configExpected(["accent", "error"]),
        .layoutNeedsRowsOfKeys, .placeTest(2), .testFileNeedsFormAndTests, .testFileFormOrLayout, .testFileNeedsTarget,
        .testFileNeedsTests, .testNeedsKeys("fills in"),
        .valuesDatabase, .valuesName, .valuesTrueOrFalse, .valuesThemes(["default", "light"]), .valuesColour,
        .valuesKeys, .colourOutOfRange(300), .notHexColour("#ff88"), .unknownColour("rde", hint: .didYouMean("red")),
        .colourHint, .unknownTheme("lite", hint: .writeOneOf(["default", "light"])), .writeOneOf(["default", "light"]),
        .keyIsByteOf("ctrl-m", key: "enter"), .anyCharacterIsNoKey, .unknownKey("entr", hint: .didYouMean("enter")),
        .keyNameHint(["enter", "tab"]), .ctrlCannotBeSent("ctrl-1"), .altBracket("alt-["), .keyCannotBeSent("alt- "),
        .databaseNeedsPath, .authorNeedsName, .settingIsTrueOrFalse("animation", found: "yes"),
        .keyNeedsOne("done"), .keyListedTwice("ctrl-d", action: "done"),
        .keyTypedInField("x", view: .viewKeyboard, action: "done"),
        .keyBelongsTo("ctrl-c", other: "interrupt", view: .viewGrid, why: .fixedInterrupt, action: "done"),
        .keyGivenToBoth("f2", other: "cancel", action: "done", view: .viewSwitch),
        .keyAlreadyBound("enter", other: "commit", view: .viewKeyboard, action: "done"),
        .keyIsReadlines("ctrl-a", function: "beginning-of-line", action: "done"), .viewKeyboard, .viewGrid,
        .viewSwitch, .viewNote, .viewBrowse, .viewDeleteQuestion, .fixedInterrupt, .fixedEdit, .fixedHotkey,
        .fixedFilter, .fixedJump, .cannotRebind("interrupt", why: .fixedInterrupt), .noKeyOfAnyScreen("answer"),
        .configUnreadable(path: "/etc/k.yaml", reason: .readNoSuchFile), .booleanYes, .booleanNo,
        .locationNoServerBackend, .locationUnknownScheme("mysql"), .serverURLWrong(.urlNotAPort("99999")), .urlNotAURL,
        .urlQueryNotNameValue("sslmode"), .urlIPv6WithoutBracket, .urlNotAPort("99999"), .urlUnknownSSLMode("always"),
        .urlTimeoutNotSeconds("soon"), .promptBooleanUseConfirm, .promptSecretForKinds("date"),
        .promptPatternForText("number"), .promptLinesRange(0, from: 1, to: 20), .promptNothingToChoose,
        .promptMaxBelowOne(0), .promptMaxWithoutMultiple, .promptSelectedNotAnOption("d"), .promptSelectedTooMany(2),
        .promptVariableNotYesOrNo("KEYFORM_INPUT_SECRET", value: "maybe"),
        .promptVariableNotWhole("KEYFORM_INPUT_TIMEOUT", value: "soon"),
        .answerOfField("due", .notDate), .answerOfRule("contact", .authored("Fill in one")),
        .answersProblem(.answerGivenTwice), .answerIsNote("intro"), .answerUnknownField("txet", suggestion: "text"),
        .answerGivenTwice, .answerLineNotUTF8(3), .answerTooManyLines(4, fields: 3),
        .answerWrongKind(wanted: .wantedNumber, given: .jsonBool(true)), .answerListOfTexts,
        .answerNotAsked("client", condition: .conditionIs(field: "billable", values: [.booleanYes])), .wantedText,
        .wantedNumber, .wantedTrueOrFalse, .jsonNumber, .jsonList, .jsonObject, .jsonBool(false),
        .jsonAt(line: 2, column: 5, .jsonExpectedValue), .jsonExpectedObjectFoundNothing, .jsonExpectedObject,
        .jsonExpectedFieldID, .jsonExpectedColonAfterID, .jsonExpectedCommaOrBrace, .jsonTextAfterObject,
        .jsonExpectedValueFoundEnd, .jsonNestedTooDeeply, .jsonExpectedKey, .jsonExpectedColonAfterKey,
        .jsonExpectedCommaInList, .jsonExpectedCommaInObject, .jsonExpectedValue, .jsonExpectedDigit,
        .jsonExpectedDigitAfterPoint, .jsonExpectedExponentDigit, .jsonLeadingZeros, .jsonStringNotClosed,
        .jsonUnknownEscape, .jsonControlCharacter, .jsonHalfSurrogate, .jsonExpectedHex, .jsonNotUTF8, .importNotUTF8,
        .importNoHeader, .importColumnTwice, .importCellCount(3, columns: 2), .importQuoteNotClosed,
        .importCreatedNotText, .importTokenNotAToken(example: "1b4e28ba-2fa1-11d2-883f-0016d3cca427"),
        .importRecordNotClosed, .importExpectedRecord, .importExpectedArray,
        .importRecordNotObject, .importArrayNotClosed, .importExpectedCommaOrBracket, .importTextAfterArray,
        .choicesLoading(label: "Branch", spinner: "⠙"),
        .choicesMissing(label: "Branch", reason: .choicesPrintedNone(program: "git")),
        .choicesNotRun(label: "Branch", command: "git branch"), .choicesNotRead(label: "City", path: "cities.txt"),
        .choicesTookTooLong(program: "slow", seconds: 0.5), .choicesStoppedBySignal(program: "git"),
        .choicesCommandFailed(program: "git", status: 128, said: "fatal: not a git repository"),
        .choicesPrintedNone(program: "true"), .choicesCommandNotFound(program: "gti"),
        .choicesCommandNotStarted(program: "./list", reason: "permission denied"),
        .choicesFileTooLarge(file: "big.txt"), .choicesFileHoldsNone(file: "empty.txt"),
        .choicesFileUnreadable(file: "gone.txt", reason: .readFailed(reason: "no such file")),
        .choicesFlagFailed(field: "branch", reason: .choicesFileHoldsNone(file: nil)),
        .choicesToCheckMissing(field: "branch", reason: .choicesPrintedNone(program: "git")), .keyboardKeyNoneYet,
        .doneKey,
        .fmtDirectives, .fmtIndentationIndicator, .fmtTags("!!str"), .fmtAnchors("base"), .fmtFoldedBlock,
        .fmtLiteralLineBreaks, .fmtBlockInFlow, .fmtKeyNotText(found: .yamlList),
        .fmtNotShape(.rows, found: .fmtFoundText("\"High\"")), .fmtFoundText("\"High\""), .fmtEmptyFile(.formRoot),
        .fmtNoFields(noun: "layout", .layoutEmpty), .fmtOneDocument(noun: "form"), .fmtInvalidYAML("found a tab"),
        .fmtInvalidText("invalid leading UTF-8 octet"), .fmtDuplicateKeys(["title"]), .fmtInternal(noun: "form"),
        .keyScriptUnknownKey("Entr", known: "<Enter> <Tab>"), .testKeysUnreadable,
        .testOutcomeDiffers(expected: "submitted", got: "open", screen: "     New To-Do"),
        .testScreenDiffers(expected: "     Priority", got: "     優先度"), .testExpectNoField("txet"),
        .testExpectNote("intro"),
        .testExpectNotAsked(field: "note", expected: "x", condition: .authored("paid is yes")),
        .testExpectedGot(field: "priority", expected: "'High'", got: "'Medium'"), .testSummary(passed: 3, failed: 2),
        .templateMissing(form: "swim"), .templateInvalidAt(line: 2, column: 7, reason: .templateEndsInTag),
        .templateTooDeep(100), .templateCloseTagMismatch, .templateTagNotClosed, .templateSectionNotClosed,
        .templateBadDelimiter, .templateTransformOnInherited, .templateTokenInInheritedPartial,
        .templateTextInInheritedPartial, .templateBadPragma, .templateUnknownPragma, .templateEndsInTag,
        .templateOtherwiseInvalid("overflowed"), .recordNumbered(12), .wordPageTitle, .wordTheMessage, .wordState,
        .serverProgramNotStarted(path: "/usr/bin/keyform-postgres", reason: "Permission denied"),
        .watching("prio.yaml", errors: 2), .layoutPreviewPage(1, of: 2, id: "main", title: "Numbers"),
        .layoutPreviewTooNarrow(needs: 31),
        .configShowFile("/home/ann/.config/keyform/config.yaml"), .configFileNotFound,
        .configFileNone(byVariable: true), .configSourceDefault, .configSourceTheme("light"),
        .editorNoTemporaryFile(folder: "/tmp", reason: "No space left on device"),
        .editorTextNotWritten(reason: "No space left on device"), .editorLeftNoFile(editor: "vi"),
        .editorNotStarted(editor: "code", reason: "Permission denied"),
        .editorNotWaitedFor(editor: "vi", reason: "No child processes"), .editorKilled(editor: "vi", signal: 9),
        .editorNotFound(editor: "nano"), .editorExited(editor: "vi", status: 1),
        .invalidPattern("(", reason: "expected ')'"), .noFieldToFilterBy("priority"), .standardInput,
    ]

    /// Every reason a store gives, once: each Japanese but the system's own words.
    static let storeReasons: [StoreReason] = [
        .systemSaid("Input/output error"), .reasonPathEmpty, .reasonIsFolder, .reasonFileInTheWay,
        .reasonPathPartIsFile, .reasonPermissionDenied, .reasonReadOnlyFileSystem, .reasonDiskFull,
        .reasonSQLiteNamesNoFile, .reasonTLSNotSetUp("no certificate"), .reasonPasswordNeeded,
        .reasonLoginWayUnknown("unsupportedAuthMechanism"), .reasonTLSNotOffered(sslmode: "require"),
        .reasonLoginOnlyOverTLS, .reasonNoServerDatabase(said: "database \"club\" does not exist", database: "club"),
        .reasonHostUnknown(place: "db.lab:5432"), .reasonNoAnswer(place: "db.lab:5432", seconds: 10),
        .reasonConnectionRefused(place: "db.lab:5432"), .reasonNoSocket(place: "/run/postgresql/.s.PGSQL.5432"),
        .reasonSocketNotPermitted(place: "/run/postgresql/.s.PGSQL.5432"),
    ]

    @Test func everyStoreReasonIsJapanese() {
        for reason in Self.storeReasons where reason != .systemSaid("Input/output error") {
            #expect(reason.japanese != reason.english, "\(reason) is not in Japanese: '\(reason.japanese)'")
            #expect(!reason.japanese.isEmpty)
        }
        #expect(StoreReason.systemSaid("Input/output error").said(in: .japanese) == "Input/output error")
    }

    /// The cases declared in `Message.swift`, read from its source (one a line).
    static func declaredCases() throws -> Set<String> {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeyformCore/Messages/Message.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        // One case a line, at the enum's indentation (Message.swift is written so): the name after `case`.
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("    case ") {
            names.insert(String(line.dropFirst(9).prefix { $0.isLetter || $0.isNumber }))
        }
        return names
    }

    @Test func everyMessageHasASample() throws {
        let declared = try Self.declaredCases()
        let sampled = Set(Self.samples.map(\.id))
        #expect(declared.count > 90, "the parser of Message.swift found \(declared.count) cases")
        #expect(declared.subtracting(sampled).isEmpty, "no sample for \(declared.subtracting(sampled).sorted())")
        #expect(sampled.subtracting(declared).isEmpty, "\(sampled.subtracting(declared).sorted())")
    }

    /// What must show of an argument: its text (a number as written, a day by its year, a
    /// scalar by its code); a month by its name in the language.
    static func shown(_ value: Any, label: String?, in language: Language) -> [String] {
        switch value {
        case let text as String: return text.isEmpty ? [] : [text]
        case let number as Int where label == "month": return [language.text(.monthName(number))]
        case let number as Int: return [String(number)]
        case let number as Int64: return [String(number)]
        case let number as Int32: return [String(number)]
        case let number as Double: return [FieldValue.format(number)]
        case let texts as [String]: return texts
        case let scalar as Unicode.Scalar: return ["U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded4]
        case let day as CivilDate: return [String(day.year)]
        case let message as Message: return arguments(of: message, in: language)
        default:
            return Mirror(reflecting: value).children.flatMap { shown($0.value, label: $0.label, in: language) }
        }
    }

    static func arguments(of message: Message, in language: Language) -> [String] {
        guard let payload = Mirror(reflecting: message).children.first else { return [] }
        let children = Mirror(reflecting: payload.value).children
        if Mirror(reflecting: payload.value).displayStyle == .tuple {
            return children.flatMap { shown($0.value, label: $0.label, in: language) }
        }
        return shown(payload.value, label: nil, in: language)
    }

    @Test(arguments: Language.allCases) func everyLanguageSaysEveryArgument(language: Language) {
        for message in Self.samples where !["monthName", "weekdayShort"].contains(message.id) {
            let text = language.text(message)
            #expect(!text.isEmpty, "\(message.id) in \(language)")
            for argument in Self.arguments(of: message, in: language) {
                #expect(text.contains(argument), "\(language) \(message.id): '\(text)' does not say '\(argument)'")
            }
        }
    }

    @Test func japaneseIsNotEnglish() {
        for message in Self.samples where message.id != "authored" {
            #expect(message.japanese != message.english, "\(message.id) is not in Japanese: '\(message.japanese)'")
        }
        for action in KeyAction.allCases {
            let summary = Message.keySummary(action)
            #expect(summary.japanese != summary.english && !summary.japanese.isEmpty, "\(action)")
        }
    }

    /// A particle follows a Japanese word without a space, a Latin one after a space.
    @Test func japaneseParticlesAreSpacedAsJapaneseIsWritten() {
        #expect(Message.hintPickKey("中").japanese == "中を選ぶ")
        #expect(Message.hintPickKey("High").japanese == "High を選ぶ")
        #expect(Message.hintKeep("400").japanese == "400 のまま")
        #expect(Message.hintPressKey("⌫").japanese == "⌫を押す")
        #expect(Message.hintGoTo("件名").japanese == "件名へ")
    }

    @Test(arguments: Language.allCases) func monthsAndWeekdaysAreNamedOnce(language: Language) {
        let names = language.calendarNames
        #expect(Set(names.months).count == 12 && Set(names.weekdays).count == 7)
        #expect(language.text(.monthName(13)) == "13", "out of range: the number, never a crash")
    }

    @Test func theLanguageIsChosenFromTheEnvironment() {
        #expect(Language.chosen(from: [:]) == .english)
        #expect(Language.chosen(from: ["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(
            Language.chosen(from: ["LANG": "ja_JP.UTF-8", "LC_ALL": "C.UTF-8"]) == .english, "LC_ALL wins over LANG")
        #expect(Language.chosen(from: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]) == .japanese)
        #expect(Language.chosen(from: ["LC_ALL": "", "LANG": "ja"]) == .japanese, "an empty variable is not set")
        #expect(Language.chosen(from: ["KEYFORM_LANG": "ja", "LC_ALL": "C.UTF-8"]) == .japanese, "KEYFORM_LANG first")
        #expect(Language.chosen(from: ["KEYFORM_LANG": "en", "LANG": "ja_JP.UTF-8"]) == .english)
        #expect(
            Language.chosen(from: ["KEYFORM_LANG": "fr", "LANG": "ja_JP.UTF-8"]) == .english,
            "a language Keyform lacks: English")
    }

    @Test func aProblemIsComparedByItsMessageNotItsText() {
        // The same English words from a different message are a different problem.
        #expect(FieldProblem.required != FieldProblem(authored: "required"))
        #expect(FieldProblem.notWholeNumber.message == .notWholeNumber)
        #expect(
            FieldProblem.notARealDate(year: 2026, month: 2).reason(in: .japanese) == "実在する日付にしてください（2026年2月は28日までです）")
    }
}

private extension String {
    var leftPadded4: String { String(repeating: "0", count: max(0, 4 - count)) + self }
}
