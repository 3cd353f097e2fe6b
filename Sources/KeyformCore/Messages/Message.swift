/// Something Keyform says to a person, as a value: an id (the case) with typed
/// arguments, rendered by the catalogue of the language chosen at start
/// (`Language.text`). The same value is shown on the screen in either
/// language, compared by case in tests and in code (a field's problem, Done's
/// reason), and can be spoken by another view. Text a form's author wrote
/// (labels, `messages:`, a rule's message) is an argument, never translated.
///
/// Adding a message: a case here, its `id`, a sample in `samples`, and its
/// words in each catalogue (the compiler names every switch left to fill;
/// `MessageCatalogueTests` checks that both languages use every argument).
/// docs/i18n.md says more.
public indirect enum Message: Hashable, Sendable {
    // MARK: A field's problems (FieldProblem)
    /// `required`.
    case required
    /// A `required_if` that holds: `required when paid is yes` (the condition said by `condition…`).
    case requiredWhen(condition: Message)
    case notWholeNumber
    case notNumber
    case notDate
    case notDateTime
    case notTime
    case notARealTime
    case notBoolean
    /// A boolean field with its own `states` words.
    case notState(no: String, yes: String)
    case oneLine
    case tooShort(Int)
    case tooLong(Int)
    case tooSmall(Double)
    case tooLarge(Double)
    /// Past what a whole number holds (the field has no bound of its own).
    case integerTooSmall(Int)
    case integerTooLarge(Int)
    case patternMismatch(String)
    case tooFewPicks(Int)
    case tooManyPicks(Int)
    /// A strict field's value that is none of its keys' texts (past ten, the rest are counted).
    case notAChoice([String])
    /// A date written right but not in the calendar (a month past 1…12 is said so).
    case notARealDate(year: Int, month: Int)
    case controlCharacter(Unicode.Scalar)
    /// What a kind's reader says after the value it quotes: `'1.5' is not a whole number`.
    case isNotWholeNumber
    case isNotNumber
    case isNotYesOrNo
    case isNoteWithoutValue
    case noteHoldsNoValue
    /// A problem said of a value: `'someday' must be a date: …`.
    case quoted(String, Message)
    /// A secret's problem that would quote what was typed.
    case notValid
    /// A time in a file that is not `records export`'s (`records import`'s `_created`).
    case timestampNotTime(String)
    case timestampWithoutZone(String)
    case timestampBadOffset(String)
    case timestampNotRealDate(String, year: Int, month: Int)
    case timestampNotTimeOfDay(String)
    /// The form's own words (`messages:`, a rule's message): shown as written in every language.
    case authored(String)

    // MARK: A problem with its field
    /// What follows a field's label where a sentence names both (Done's line,
    /// a notice): ` is required`, ` must be a number`, `: Give the amount` for
    /// the form's own words (`worded`).
    case afterLabel(Message, worded: Bool)
    /// The line under a field: `Amount: must be a number`.
    case fieldLine(label: String, problem: Message)
    /// The notice when Done is pressed too soon: `Done is disabled: Text is required`.
    case doneIsDisabled(because: String)

    // MARK: The footer and Done's line
    case doneButton
    /// `[ Done ] disabled:`, before the reason.
    case doneDisabled
    case submitted
    case ready
    /// `ready: press Enter`.
    case readyPress(key: String)
    case cancelled
    case interrupted
    case timeIsUp
    case stopped
    /// How the form ended, and that the draft is kept: `Cancelled; the draft is kept`.
    case endedDraftKept(Message)
    case endedDraftNotKept(Message, problem: String)
    /// While no draft could be saved: `draft not kept: disk full`.
    case draftNotKept(problem: String)
    /// The countdown of a form's time limit: `42 s left`, `1:05 left`.
    case timeLeft(seconds: Int)
    /// `Page 2/3` in the header.
    case page(Int, of: Int)
    /// Fields above or below the screen: `↓ 3 more`.
    case moreFields(Int)
    /// Lines of a field above or below the screen: `↓ 1 more line`.
    case moreLines(Int)
    /// A grid taller than the screen: `row 3 of 20`, `rows 1–8 of 20`.
    case gridRows(first: Int, last: Int, of: Int)
    /// The long grid's filter line: `Filter: `, `no match`, `3 of 250`.
    case filterLabel
    case noMatch
    case matches(Int, of: Int)
    case noKeyHere(String)
    case noKeyMatches(String)
    /// The screen cannot hold a form.
    case terminalTooSmall(need: String, have: String)
    case makeWindowLarger(leaveKey: String?)
    case tooSmallNeed(String)
    case windowTooSmall

    // MARK: The key list (F1)
    /// Its title, before the field's label.
    case keyListTitle
    /// The view the keys are of, after the label: `(keyboard)`.
    case keyListKeyboard
    case keyListCalendar
    case keyListKeys
    case keyListSwitch
    case keyListNote
    /// What readline does with the other keys, in one row.
    case keyListTyping
    case keyListTypingSummary
    /// Rows left out for room: `… 3 more: make the window taller`.
    case keyListMore(Int)
    case keyListAnyKeyGoesBack
    /// What an action does, for a key the footer has no words for.
    case keySummary(KeyAction)

    // MARK: The accessible mode (SpokenForm)
    /// Said first: `New To-Do: 5 fields, one at a time.`
    case spokenOpening(title: String, fields: Int)
    /// How to answer, said once after the opening.
    case spokenHowToAnswer
    /// How to go back a field: a line of just `<` (`SpokenForm.goBack`).
    case spokenHowToGoBack(String)
    /// `<` on the first field.
    case spokenFirstField
    /// A field announced: `Field 2 of 5: Priority, optional, one of: 1 High, 2 Medium, 3 Low.`
    case spokenField(Int, of: Int, parts: [String])
    case spokenRequired
    case spokenOptional
    /// The value a field holds, said after it: `Now: Medium.`
    case spokenNow(String)
    /// A secret's value is never read out.
    case spokenSecretSet
    /// Items said one after another: `1 High, 2 Medium, 3 Low`.
    case spokenList([String])
    case spokenOneOf(Message)
    case spokenOneOrMoreOf(Message)
    /// A field that takes typed text or a key: `text, or pick: 1 Felt strong, …`.
    case spokenOrPick(Message, Message)
    /// A list too long to read out: `250 choices; type one`.
    case spokenChoiceCount(Int)
    case spokenYesOrNo
    case spokenText
    case spokenSecret
    case spokenWholeNumber
    case spokenNumber
    /// `a date, like 2026-11-27, today or tomorrow` (the example is today).
    case spokenDate(example: String)
    case spokenTime
    case spokenDateTime(example: String)
    case spokenNote
    case spokenSubmitted
    /// How the form ended when its draft could not be kept.
    case spokenEndedDraftNotKept(Message, problem: String)
    /// Text said as a sentence: a capital and a full stop in English, `。` in Japanese.
    case sentence(String)

    // MARK: The question before a form
    /// `Resume the draft of 'To-Do' saved at 14:05?` (saved today).
    case resumeDraft(title: String, time: String)
    /// `Resume the draft of 'To-Do' saved on 2026-11-20 at 14:05?`.
    case resumeDraftFrom(title: String, day: CivilDate, time: String)
    /// The line above the question: `Draft — Text: Buy milk · Priority: High`.
    case draftHolds(String)
    /// The question's answer keys in its footer.
    case hintYes
    case hintNo
    /// Before the keys that work, under what was typed that answers nothing: `“Bu” is no answer: `.
    case noAnswer(String)

    // MARK: The browse list
    /// The title's count: `no records`, `1 record`, `3 records`.
    case recordCount(Int)
    /// The title's rows in view when not all are: `rows 1–19`.
    case rowsShown(first: Int, last: Int)
    /// An empty list, and the key that adds one: `No records yet — press a to add one`.
    case noRecordsYet(addKey: String?)
    /// An empty list of the records that meet its `--where`: `No records with List: Groceries yet`.
    case noRecordsWithYet(String, addKey: String?)
    /// An empty filtered list: `No records with Tags: Food — Esc shows all, a adds one`.
    case noRecordsWith(String, showAllKey: String?, addKey: String?)
    /// A condition's value when the field is empty: `Due: (empty)`.
    case emptyValue
    /// An order of the list: `by Due`.
    case sortedBy(String)
    case newestFirst
    /// The question before a record is deleted: `Delete “Buy milk”? (y/n) `.
    case deleteRecord(String)
    case recordDeleted(String)
    /// A record added or saved that the list's conditions leave out, and what the list shows.
    case recordAddedNotListed(String, shows: String)
    case recordSavedNoLongerListed(String, shows: String)
    case notSaved(String)
    case cannotFilter(String)
    case nothingToToggle(form: String)
    case nothingToFilterBy
    /// The form that edits a record: `Edit To-Do`.
    case editTitle(String)
    /// The forms that ask what to filter by: `To-Do · filter`, its grid's title and its field.
    case filterTitle(String)
    case filterGridTitle
    case filterBy
    /// The list's footer words.
    case hintEdit
    case hintDelete
    case hintShowAll
    /// `s`: the order it goes to next: `sort by Due`.
    case hintSort(Message)
    /// What q does: leave, or go back to where the list came from (the demo's).
    case hintQuit
    case hintMenu
    case hintLists
    case hintVacations

    // MARK: The store's problems (StoreError.message)
    case storeCannotCreateFolder(path: String, reason: StoreReason)
    case storeNoDatabase(path: String)
    case storeCannotOpen(path: String, reason: StoreReason)
    case storeNotADatabase(path: String)
    case storeCorrupt(path: String, detail: String, recovery: String?)
    case storeForeign(path: String)
    case storeNewerVersion(path: String)
    case storeReadOnly(path: String, detail: String?)
    case storeDiskFull(path: String)
    case storeBusy(path: String, seconds: Int)
    case storeRecordNotFound(id: Int64, form: String)
    case storeUnknownField(form: String, field: String, suggestion: String?)
    case storeInvalidName(String)
    case storeInvalidValue(field: String, reason: String)
    case storeUnsupportedLocation(String, reason: Message)
    case storeFailed(path: String, message: String)
    /// A few words for a footer line (`StoreError.shortMessage`).
    case storeShortDiskFull
    case storeShortReadOnly
    case storeShortBusy
    case storeShortDamaged
    case storeShortCannotOpen
    case storeShortFailed

    // MARK: The library's errors (KeyformError.message)
    case libraryCancelled
    case libraryInterrupted
    case libraryTerminated(signal: Int32)
    case libraryTimedOut
    case libraryNoTerminal(String)
    case libraryInvalidForm([String])
    case libraryInvalidConfig([String])
    case libraryStoreUnavailable(String)
    case libraryNotStored(reason: String, record: String)
    case libraryDecodingFailed(String)
    case libraryInvalidKeys(String)
    case libraryUnfinished(screen: String)
    case libraryRuleBroken(name: String, message: String)

    // MARK: The command line's errors (`keyform: …`)
    /// `form 'nope' not found; looked in: PLACES` and, for a name, what the command needs the file for.
    case formNotFound(String, places: String, needs: Message?)
    case runNeedsFormFile
    case browseNeedsFormFile
    case importNeedsFormFile
    /// `cannot use the terminal (REASON); ` and what to do without one.
    case cannotUseTerminal(reason: String, without: Message)
    case withoutTerminalRun
    case withoutTerminalDemo
    case withoutTerminalBrowse
    case withoutTerminalValue
    case withoutTerminalSelected
    case withoutTerminalDefault
    /// Swift read no command line (no /proc).
    case cannotReadCommandLine
    /// A flag's value out of its range, or two flags that contradict each other.
    case timeoutOutOfRange(Int)
    case limitNegative(Int)
    case widthTooSmall(Int)
    case heightTooSmall(Int)
    case resumeAndFresh
    case dbAndNoStore
    case answersFormatWithoutAnswers
    /// `--choices` not written ID=FILE: what was given.
    case choicesNotIdAndFile(String)
    case choicesStdinTwice
    case stdinAnswersAndChoices
    /// `--choices GIVEN`: the form has no field ID; a close id, else the form's ids.
    case choicesNoField(given: String, path: String, field: String, suggestion: String?, fields: [String])
    case noTemplate(path: String)
    /// The answers could not be read: from stdin (no file) or a file.
    case answersNotRead(file: String?, reason: String)
    case answersTooLarge(file: String)
    /// A prompt's `KEYFORM_INPUT_FORMAT=…` that is neither.
    case promptFormatNotTextOrJSON(variable: String, value: String)
    case historyNotAName(String)
    case historyWithSecret
    case promptTypeUnknown(String)
    case confirmDefaultNotYesOrNo(String)
    /// `choose`'s options could not be read: from stdin (no file) or `--file`.
    case optionsNotRead(file: String?, reason: String)
    /// `records list` of a form found neither as a file nor in the store.
    case storedFormNotFound(String, places: String, store: String, held: [String], suggestion: String?)
    case copySameStore(String)
    case copyNoSuchForm(store: String, form: String, suggestion: String?)
    case copyFailed(from: String, to: String, reason: String)
    case importTooLarge(file: String, mebibytes: Int)
    case configHasErrors
    case noTestFiles([String])
    case notCanonical(path: String, noun: String)
    /// A path on the command line that is not there: why (`pathMissing…`), the path, and where a name is.
    case pathNotFound(String, why: Message, hint: Message?)
    case pathMissing
    case pathLinkLoops
    case pathLinkToNothing(target: String?)
    /// Where a name given for a path is: `the form 'todo' is forms/todo.yaml: give that path`.
    case formIsAt(String, path: String)
    case layoutIsAt(String, path: String)
    case layoutIsShipped(String)
    /// A folder with no file to take: `no form file (*.yaml) in 'x', so nothing was done; …`.
    case emptyFolder(kind: Message, path: String)
    case formFilesKind
    case layoutFilesKind
    /// `keyform layout preview NAME` of a layout not found: a path, or a name looked for in places.
    case layoutFileNotFound(String, suggestion: String?)
    case layoutNotFound(String, places: [String], suggestion: String?)
    case layoutsShippedPlace
    case layoutShippedNotWatched(String)
    case noDemoApp(String, suggestion: String?, apps: [String])
    case noDemoFolder
    case cannotMakeSampleList(reason: String)
    case cannotRememberList(reason: String)
    case cannotRenameList(reason: String)
    case cannotDeleteList(reason: String)
    case stdoutNotWritten(reason: String)
    /// A file that could not be written: `cannot write PATH: ` and why (`write…`).
    case cannotWrite(path: String, because: Message)
    case writeCannotCreateIt(reason: String)
    case writeCannotWriteIt(reason: String)
    case writeCannotReadMode(reason: String)
    case writeCannotOpenIt(reason: String)
    case writeChangedWhileOpened(reason: String)
    case writeCannotCreateTemporary(String, reason: String)
    case writeCannotReplaceIt(reason: String)
    case writeCannotReadIt(reason: String)
    case writeCannotReadLink(reason: String)
    case writeLinkToNothing(String)
    /// Owned by another user: the path itself (nil) or a link on the way, a link or a file.
    case writeOwnedByAnother(String?, isLink: Bool, uid: Int)
    case writeTooManyLinks
    /// A file that could not be read (`SourceFiles.ReadFailure`).
    case readNoSuchFile
    case readFailed(reason: String)
    case readNotRegularFileOrPipe
    case readNotRegularFile
    case stdinTooLargeForAnswers
    case stdinTooLarge(mebibytes: Int)

    // MARK: The records a person reads (`records list`'s table, the lines on stderr)
    /// The table's column of creation times.
    case tableCreated
    /// An empty table: `(no records of 'todo')`, `(no records of 'todo' where Done: yes)`.
    case noRecordsOf(form: String, conditions: String?)
    /// `records export -o FILE`: `wrote 3 records to FILE`.
    case wroteRecords(Int, to: String)
    /// `records import`: `imported 3 records of 'todo' into LOCATION`.
    case importedRecords(Int, form: String, into: String)
    /// `nothing imported: 2 problems in FILE`.
    case nothingImportedProblems(Int, in: String)
    case nothingImported(reason: String)
    /// `records copy`: `copied 3 records from A to B (todo 2, swim 1); 4 already there`.
    case copiedRecords(Int, from: String, to: String, forms: [String], present: Int)
    /// A record the store did not take: why, and where it is instead (`recordOnStdout`, `recordSavedIn`).
    case recordNotStored(reason: Message, places: [Message])
    case recordOnStdout
    case recordSavedIn(String)
    /// Nowhere else to keep it: the record's JSON follows.
    case recordNotStoredHereItIs(reason: Message, record: String)

    // MARK: The demo's menu
    case demoMenuTitle
    case demoPickAnApp
    case demoAppLabel
    /// What the menu calls the apps.
    case demoAppTodo
    case demoAppProfile
    case demoAppSwim
    case demoAppVacations
    case demoAppChecklists
    case demoAppAccount
    /// The note under the menu: where each app keeps its records.
    case demoDataIn(folder: String)
    case demoDatabaseExists
    case demoDatabaseNotCreated
    case demoOnePerVacation([String])

    // MARK: The key list (F1), continued
    /// The keys a grid's hotkeys are, in one row: `a key`.
    case keyListAnyKey

    // MARK: A `required_if` condition in words (`Condition.said`)
    /// `paid is yes`, `country is Canada or Mexico`.
    case conditionIs(field: String, values: [Message])
    case conditionFilled(field: String)
    case conditionEmpty(field: String)
    /// Values of which one is empty: `status is Open or empty`.
    case conditionIsOrEmpty(field: String, values: [Message])
    case conditionAll([Message])
    case conditionAny([Message])
    case conditionNot(Message)

    // MARK: A form's or a layout's file read (`form check`, `layout check`: Diagnostic.said)
    case yamlTooManyNodes(Int)
    /// `layout must be a mapping of fields, found a list` (the context as the reader names it).
    case mustBeMapping(Message, found: Message)
    case fieldNameNotText(found: Message)
    /// `unknown field 'colour' in key; did you mean 'color'?`.
    case unknownField(String, in: Message, hint: Message)
    case didYouMean(String)
    /// `expected 'a', 'b' or 'c'`.
    case expectedOneOf([String])
    case mustBeList(field: String, found: Message)
    case mustBeText(field: String, found: Message)
    /// What a YAML node is, where another was expected.
    case yamlNothing
    case yamlText(String)
    case yamlMapping
    case yamlList
    case yamlAlias
    /// Text that is shown holding a character that could act on the terminal.
    case unsafeCharacter(in: Message, Unicode.Scalar)
    case notUTF8
    /// A key written twice in one mapping, and where the first one is.
    case duplicateField([String], firstAt: String?)
    /// A layout's keys and pages (`LayoutChecks`).
    case hotkeyUsedTwice(String, by: String, at: String)
    case pageActionWithoutPages
    case noPage(String, hint: Message)
    case pagesAre([String])
    case noLayoutNamed(String, hint: Message)
    case putLayoutInAFolder(String)
    case pageNeverShown(String)
    case rowNarrower(Int, widest: Int)
    case emptyLabel
    case labelTooWide(String, cells: Int, room: Int, besideHotkey: Bool, columns: Int, shows: String)
    case whitespaceAround(String, text: String, leading: Bool, trailing: Bool)

    // MARK: The demo's quick entry
    /// Under the next entry: `✓ Saved “Buy milk” — it is stored; Esc leaves`.
    case demoSaved(summary: String)
    /// Over the last entries.
    case demoLogged

    // MARK: Key hints (the footer's words for a key)
    case hintNext
    case hintBack
    case hintCancel
    case hintDone
    case hintField
    case hintKeys
    case hintKeyboard
    case hintNewLine
    case hintEditor
    case hintCommandMode
    case hintInsert
    case hintCloseFilter
    /// Esc on a pick's later step (the time keypad): back to the calendar.
    case hintCalendar
    case hintErase
    case hintMove
    case hintMonth
    case hintToday
    case hintFilter
    case hintToggle
    case hintLeaveEmpty
    case hintKeep(String)
    case hintAdd
    case hintAnswer
    case hintPick
    case hintPickKey(String)
    /// A calendar's day: `pick 2026-11-21`, `2026年11月21日を選ぶ`.
    case hintPickDay(CivilDate)
    case hintToggleKey(String)
    case hintTypeKey(String)
    case hintPressKey(String)
    case hintGoTo(String)
    /// Enter's words when Done follows: `pick High, Done`.
    case hintThenDone(Message)

    // MARK: Dates and the calendar
    /// A day as its reader writes it.
    case date(CivilDate)
    /// 1…12.
    case monthName(Int)
    /// 1…7, Monday first.
    case weekdayShort(Int)
    /// A calendar's title: `November 2026`, `2026年11月`.
    case calendarTitle(monthName: String, year: Int)

    // MARK: The store (added after the store's problems)
    /// An edit refused: another terminal saved the record since it was read (`StoreError.recordChanged`).
    case storeRecordChanged(id: Int64, form: String)

    // MARK: An edit saved over another terminal's (browse)
    /// The conflict form's title.
    case conflictTitle
    /// Its first question: the whole record.
    case conflictWhole
    case conflictKeepMine
    case conflictTakeTheirs
    case conflictPerField
    /// A field's key for the value as edited here: `mine: High`.
    case conflictMine(String)
    /// A field's key for the value saved elsewhere: `theirs: Low`.
    case conflictTheirs(String)
    /// An empty value on a conflict key.
    case conflictEmpty
    /// The edit form opened again after the record was deleted elsewhere.
    case recordDeletedMeanwhile
    // MARK: A database server's problems (StoreError.message, issue 26)
    case storeServerUnreachable(path: String, reason: StoreReason)
    case storeAuthenticationFailed(path: String, user: String, reason: StoreReason)
    case storeConnectionLost(path: String)
    case storePermissionDenied(path: String, detail: String)
    case storeShortServerUnreachable
    case storeShortLoginRefused
    case storeShortConnectionLost
    case storeShortRefused
    /// A record `run` rescued, said with the command that stores it once the store takes records again (issue 26).
    case recordNotStoredImportLater(Message, command: String)

    // MARK: Added by the start-up work (issue 27)
    /// `records import`: a row read well at first reads otherwise when it is stored.
    case importInputChanged(file: String)

    // MARK: Where a problem is in a form, a layout or a config file (the places the messages below name)
    case placeForm
    case placeLayout
    case placeKey
    case placeConfig
    case placeTestFile
    case placeChoice
    case placePage(Int)
    /// `field 'amount'`, or `a field` before its id is known.
    case placeField(String?)
    case placeRule(Int)
    case placeRuleNamed(String)
    /// An option's mapping: `'states'`, `'choices'`.
    case placeOption(String)
    /// A `choices: {by:}` table's keys for one value: `the keys for 'Canada'`.
    case placeKeysFor(String)
    /// A condition's place: `'when' of page 2`, `'required_if' of field 'amount'`.
    case placeOptionOfPage(String, page: Int)
    case placeOptionOfField(String, field: String)
    /// Where a `{{tag}}` is: `the page's title`, `the label of 'amount'`.
    case placePageOption(String)
    case placeOptionOf(String, field: String)

    // MARK: A form's own problems (FormChecks, FormParser, conditions and rules)
    /// Hints after a name that is not there: `the fields are 'a' and 'b'`.
    case fieldsAre([String])
    case earlierFieldsAre([String])
    case noEarlierField
    case itsKeysAre([String])
    case itOffers([String])
    case putLayoutBesideForm(String)
    /// `rule 'dates': …`: a problem of the rule.
    case inRule(String, Message)
    case ruleNameUsedTwice(String, at: String)
    case oneOfNotAField(String, hint: Message)
    case oneOfTwice(String)
    case oneOfNeverFilled(String, kind: String)
    case oneOfNeedsTwo
    /// A rule's words when the form gives none: `Fill in Phone or Email`.
    case fillInOneOf([String])
    case conditionNeverHolds(place: Message, value: String, field: String, hint: Message)
    case tagNamesNoField(String, in: Message, hint: Message)
    case tagNamesNote(String, in: Message)
    case tagNamesSecret(String, in: Message)
    case tagNamesLaterField(String, in: Message)
    case fieldIDUsedTwice(String, at: String)
    /// `'max' (1) is less than 'min' (5)`.
    case boundBelow(String, value: String, other: String, otherValue: String)
    case requiredAndRequiredIf(String)
    case boundBeyondInteger(String, bound: String)
    case placeholderOnBoolean
    case messageWithoutCheck(check: String, field: String)
    case strictNeedsKeys
    case gridNeedsKeys
    case multipleNeedsKeys
    /// `'min' applies to integer and number fields; 'name' is a text field` (and, for text, its `_length`).
    case optionForKinds(String, kinds: [String], field: String, kind: String, lengthInstead: Bool)
    case secretForKinds(kinds: [String], field: String, kind: String)
    case calendarForDates(field: String, kind: String)
    case multipleNeedsChoiceLayout(String)
    case statesForKind(String, field: String)
    case layoutAndStoredChoices
    case layoutAndLineChoices
    case layoutAndWrittenChoices
    case patternInvalid(reason: String)
    case listDefaultNeedsMultiple
    case defaultFails(String, problem: Message)
    case noteOption(String, field: String)
    case noteShowsNothing(String)
    case secretWithLines
    case multipleWithLines
    case linesWithKeys(String)
    case secretOption(String, field: String)
    case secretMultiple
    case secretWithKeys(String)
    case secretDefaultLast
    case secretInFile(String)
    case secretStored(String)
    case byNamesItself(String)
    case byNamesNoField(String, hint: Message)
    case byNamesNote(String)
    case byNamesList(String)
    case notAValueOf(String, field: String, hint: Message)
    case notAValueOfKind(String, field: String, problem: Message)
    case picksWithoutMultiple(String, field: String)
    case fieldLabelTooWide(String, cells: Int, columns: Int, room: Int, shows: String)
    case laterStepBroken(field: String, layout: String)
    case layoutFileMissing(String)
    case layoutHasErrors(String)
    case templateInvalid(reason: Message)
    case templateNamesNoField(String, hint: Message)
    /// Conditions (`when`, `required_if`).
    case conditionMustBeMapping(Message, found: Message)
    case conditionEmptyMapping(Message)
    case conditionKeyNotText(Message, found: Message)
    case conditionCombinatorEmpty(Message, combinator: String)
    case conditionNamesLater(Message, field: String, own: Bool, page: Bool)
    case conditionNamesNoEarlier(Message, field: String, hint: Message)
    case conditionNamesNote(Message, field: String)
    case conditionValuesEmpty(Message, field: String)
    case conditionValueNotValue(Message, field: String, found: Message)
    case conditionCannotHold(Message, kind: String, multiple: Bool, field: String, value: String, problem: Message)
    /// A rule's `check` (`RuleParser`, `RuleChecker`).
    case ruleEmpty
    case ruleChained
    case ruleExpectedJoin(found: Message)
    case ruleLoneEquals
    case ruleLoneBang
    case ruleNotAWord(String, write: String)
    case ruleTextNotClosed(String)
    case ruleMeaningless(Unicode.Scalar)
    case ruleNotATime(String)
    case ruleNotADate(String)
    case ruleNotANumber(String)
    case ruleParenNotClosed(column: Int)
    case ruleEndsEarly
    case ruleMinusBeforeNumber
    case ruleWordWhereValue(String)
    case ruleOperatorNeedsLeft(String)
    case ruleTokenWhereValue(Message)
    case ruleUnknownFunction(String, hint: Message)
    case ruleFunctionTakesID(String)
    case ruleFunctionNotClosed(String, field: String)
    /// How a rule's parser names what it found: `'and'`, `the text 'x'`.
    case ruleWord(String)
    case ruleText(String)
    case ruleNotYesOrNo(String?, kind: RuleValueKind)
    case ruleComparesConstants
    case ruleListNeedsCount(String)
    case ruleOrdersOnly(String, kind: RuleValueKind)
    case ruleKindsDiffer(String, kind: RuleValueKind, other: RuleValueKind)
    case ruleCannotCompare(String, kind: RuleValueKind, other: String, otherKind: RuleValueKind)
    case ruleFieldHoldsNothing(String, kind: String)
    case ruleCountNeedsMultiple(String, isText: Bool)
    case ruleCountThePicks(String)
    case ruleLengthNeedsText(String, kind: String)
    case ruleNamesNoField(String, hint: Message)

    // MARK: A form's, a layout's or a config file's shape (FormParser, LayoutParser, NodeReader, ConfigFile)
    /// `the file is empty; ` and what the file needs.
    case fileEmpty(needs: Message)
    case formNeedsFieldsOrPages
    case fileTooLarge(bytes: Int, kind: String, limit: Int?)
    case yamlExpandsTooMuch(Int)
    /// A YAML syntax error: libyaml's words (English) quoted, where it is said in words (`yamlSaid…`).
    case yamlSyntax(String, context: String?, at: String?)
    case yamlNestedTooDeeply
    case cannotReadFile(String)
    case cannotReadYAML(String)
    /// A value quoted as written in the file: `'maybe'`.
    case writtenValue(String)
    case formMustBeMapping(found: Message, isList: Bool)
    case formFromPipeNeedsName
    case formNameInvalid(String, like: String?)
    case formFieldsAndPages
    case formNeedsFields
    case formPagesEmpty
    case pageNeedsFields(Int)
    case fieldsMustBeList
    case fieldsEmpty
    case fieldMustBeMapping(example: String, found: Message)
    case fieldNeedsID(like: String)
    case fieldIDEmpty
    case fieldIDInvalid(String, like: String?)
    case fieldLabelEmpty(String)
    /// `unknown type 'txt'; did you mean 'text'?`: a name an option does not take.
    case unknownName(option: String, String, hint: Message)
    case useName(String)
    case lengthNotWhole(String, found: Message)
    case placeholderEmpty
    case ruleNeedsName(Message)
    case ruleNameInvalid(String, like: String?)
    case ruleMessageEmpty(Message)
    case ruleCheckAndOneOf(Message)
    case ruleNeedsMessage(Message)
    case ruleNeedsTest(Message)
    case statesNeedBoth
    case stateEmpty(yes: Bool)
    case statesSame(String)
    case checkMessageEmpty(String, example: String)
    case choicesEmpty(Message)
    case choiceTwice(String, at: String)
    case choiceLabelTwice(String, at: String)
    case choiceNeedsLabel
    case choiceMustBeText(found: Message)
    case choicePartEmpty(String)
    case choicesByNeedsBoth
    case keysMustBeMapping(found: Message)
    case keysEmpty(String)
    case choicesCommandAndFile
    case commandMustBeList(found: Message)
    case commandEmpty
    case programEmpty
    case commandTimeoutRange(Int, found: String)
    case timeoutWithFile
    case choicesFileEmpty
    case choicesNeedFrom
    case fromInvalid(String)
    case byInvalid(String)
    case paragraphsEmpty(String)
    case mustBeTrueOrFalse(String, found: Message)
    case mustBeNumber(String, found: Message)
    /// `'timeout' must be a whole number of seconds from 1 to 86400, found 'x'`.
    case wholeNumberOutOfRange(String, unit: Message, from: Int, to: Int, found: String)
    case unitSeconds
    case unitCharacters
    case unitPicks
    case unitLines
    case unitChoices
    case unitColumns
    /// A layout's shape (`LayoutParser`).
    case layoutMustBeMapping(found: Message)
    case layoutRowsAndPages
    case layoutNeedsRows
    case layoutPagesEmpty
    case pageIDEmpty(Int)
    case pageIDTwice(String, firstAt: String)
    case pageNeedsID(Int)
    case pageNeedsRows(Int)
    case rowsEmpty(String)
    case rowsNotRows(String, example: String)
    case rowNotList(Int, found: Message)
    case rowEmpty(Int)
    case keyMustBeTextOrMapping(found: Message)
    case keyNeedsLabel
    case toWithoutAction([String])
    case hotkeyNotOneCharacter(String)
    case hotkeyTaken(String, by: Message)
    case hotkeySpace
    case hotkeyTab
    case hotkeyEnter
    case hotkeyUnprintable(Unicode.Scalar)
    case toIgnored([String], action: String)
    case actionNeedsTo(String, placeholder: String)
    /// The config file (`ConfigFile`).
    case configGroupMustBeMapping(String, example: String, found: Message)
    case configNameNotText(String, found: Message)
    case configUnknownName(String, in: String, isAction: Bool, hint: Message)
    case configNoValue(String, values: Message)
    case configKeyNotText(String, found: Message)
    case configMustBe(String, values: Message, found: Message)
    case configExpected([String])
    /// A layout with nothing in it, and a test file's shape (`FormTestFile`).
    case layoutNeedsRowsOfKeys
    case placeTest(Int)
    case testFileNeedsFormAndTests
    case testFileFormOrLayout
    case testFileNeedsTarget
    case testFileNeedsTests
    case testNeedsKeys(String)
    /// What a config setting takes (`ConfigSetting.values`).
    case valuesDatabase
    case valuesName
    case valuesTrueOrFalse
    case valuesThemes([String])
    case valuesColour
    case valuesKeys
    /// A value a setting cannot take (`ConfigValueError`).
    case colourOutOfRange(Int)
    case notHexColour(String)
    case unknownColour(String, hint: Message)
    case colourHint
    case unknownTheme(String, hint: Message)
    case writeOneOf([String])
    case keyIsByteOf(String, key: String)
    case anyCharacterIsNoKey
    case unknownKey(String, hint: Message)
    case keyNameHint([String])
    case ctrlCannotBeSent(String)
    case altBracket(String)
    case keyCannotBeSent(String)
    case databaseNeedsPath
    case authorNeedsName
    case settingIsTrueOrFalse(String, found: String)
    /// Keys rebound in the config (`KeyRebinding`): what clashes, in which view, and why a key is fixed.
    case keyNeedsOne(String)
    case keyListedTwice(String, action: String)
    case keyTypedInField(String, view: Message, action: String)
    case keyBelongsTo(String, other: String, view: Message, why: Message, action: String)
    case keyGivenToBoth(String, other: String, action: String, view: Message)
    case keyAlreadyBound(String, other: String, view: Message, action: String)
    case keyIsReadlines(String, function: String, action: String)
    case viewKeyboard
    case viewGrid
    case viewSwitch
    case viewNote
    case viewBrowse
    case viewDeleteQuestion
    case fixedInterrupt
    case fixedEdit
    case fixedHotkey
    case fixedFilter
    case fixedJump
    case cannotRebind(String, why: Message)
    case noKeyOfAnyScreen(String)
    /// A prompt's flags (or their variables) that contradict each other (`Prompt.Problem`).
    case promptBooleanUseConfirm
    case promptSecretForKinds(String)
    case promptPatternForText(String)
    case promptLinesRange(Int, from: Int, to: Int)
    case promptNothingToChoose
    case promptMaxBelowOne(Int)
    case promptMaxWithoutMultiple
    case promptSelectedNotAnOption(String)
    case promptSelectedTooMany(Int)
    case promptVariableNotYesOrNo(String, value: String)
    case promptVariableNotWhole(String, value: String)
    /// Answers given without a terminal (`AnswerProblem`), and a file `records import` reads.
    case answerOfField(String, Message)
    case answerOfRule(String, Message)
    case answersProblem(Message)
    case answerIsNote(String)
    case answerUnknownField(String, suggestion: String?)
    case answerGivenTwice
    case answerLineNotUTF8(Int)
    case answerTooManyLines(Int, fields: Int)
    case answerWrongKind(wanted: Message, given: Message)
    case answerListOfTexts
    case answerNotAsked(String, condition: Message)
    /// What an answer is wanted as, and what a JSON value is.
    case wantedText
    case wantedNumber
    case wantedTrueOrFalse
    case jsonNumber
    case jsonList
    case jsonObject
    case jsonBool(Bool)
    /// A JSON text that is not: where, and why.
    case jsonAt(line: Int, column: Int, Message)
    case jsonExpectedObjectFoundNothing
    case jsonExpectedObject
    case jsonExpectedFieldID
    case jsonExpectedColonAfterID
    case jsonExpectedCommaOrBrace
    case jsonTextAfterObject
    case jsonExpectedValueFoundEnd
    case jsonNestedTooDeeply
    case jsonExpectedKey
    case jsonExpectedColonAfterKey
    case jsonExpectedCommaInList
    case jsonExpectedCommaInObject
    case jsonExpectedValue
    case jsonExpectedDigit
    case jsonExpectedDigitAfterPoint
    case jsonExpectedExponentDigit
    case jsonLeadingZeros
    case jsonStringNotClosed
    case jsonUnknownEscape
    case jsonControlCharacter
    case jsonHalfSurrogate
    case jsonExpectedHex
    case jsonNotUTF8
    case importNotUTF8
    case importNoHeader
    case importColumnTwice
    case importCellCount(Int, columns: Int)
    case importQuoteNotClosed
    case importCreatedNotText
    /// A row's `_token` that is not a UUID, as a rescue file writes it (`example`).
    case importTokenNotAToken(example: String)
    case importRecordNotClosed
    case importExpectedRecord
    case importExpectedArray
    case importRecordNotObject
    case importArrayNotClosed
    case importExpectedCommaOrBracket
    case importTextAfterArray
    /// Why a store location cannot be opened (`StoreError.unsupportedLocation`).
    case locationNoServerBackend
    case locationUnknownScheme(String)
    /// A `postgres://` URL that is not one: what is wrong, and how one is written.
    case serverURLWrong(Message)
    case urlNotAURL
    case urlQueryNotNameValue(String)
    case urlIPv6WithoutBracket
    case urlNotAPort(String)
    case urlUnknownSSLMode(String)
    case urlTimeoutNotSeconds(String)
    /// A boolean field's value shown to a person (a field with `states` shows its own words).
    case booleanYes
    case booleanNo
    /// The config file named could not be read (by `KEYFORM_CONFIG`: its path), and why.
    case configUnreadable(path: String?, reason: Message)
    /// Done's line while the submitted record is on its way to the store (issue 26).
    case saving
    /// Ctrl-C or a signal while the record is saved: it is waited for, never dropped.
    case savingWaits
    /// `records import` said, and how many of the file's records the store already held (a rescued record
    /// whose save reached the server: its `_token`), not stored again (issue 26).
    case importedRecordsAlreadyStored(Message, alreadyStored: Int)
    /// The footer (and the accessible mode's opening) once the store could not be opened while the form
    /// shows: why, in a few words (`StoreError.shortMessage`), and that Done rescues the record (issue 26).
    case storeWillRescue(problem: String)
    /// The browse list's footer while a delete is on its way to the store (issue 26).
    case deletingRecord
    /// The browse list's body (no rows yet) or footer while the rows it asked the store for are on their way (issue 26).
    case loadingRecords
    /// The browse list's footer while the add form's starting values (`default: last`, a draft) are read (issue 26).
    case openingForm

    // MARK: Keys from a command, a file or the store (ChoiceLines)
    /// A grid's title while its keys are on their way: `⠋ Loading Branch…` (the spinner's frame, when it turns).
    case choicesLoading(label: String, spinner: String?)
    /// A grid's title when it has no keys, and why: `Branch: git failed (exit status 128)`.
    case choicesMissing(label: String, reason: Message)
    /// `form preview`'s grid of a command's keys: `Branch: keys from git branch (not run here)`.
    case choicesNotRun(label: String, command: String)
    /// `form preview`'s grid of a file's keys: `City: keys from cities.txt (not read here)`.
    case choicesNotRead(label: String, path: String)
    /// A choices command killed at its `timeout`.
    case choicesTookTooLong(program: String, seconds: Double)
    case choicesStoppedBySignal(program: String)
    /// A choices command that failed, and the first line it wrote on stderr (when it wrote one).
    case choicesCommandFailed(program: String, status: Int, said: String?)
    case choicesPrintedNone(program: String)
    /// A choices command that could not be started: not found in PATH.
    case choicesCommandNotFound(program: String)
    /// A choices command that could not be started, and the system's words why.
    case choicesCommandNotStarted(program: String, reason: String)
    /// A choices file (nil: standard input) over 1 MiB.
    case choicesFileTooLarge(file: String?)
    /// A choices file (nil: standard input) without a line.
    case choicesFileHoldsNone(file: String?)
    /// A choices file (nil: standard input) that could not be read, and why.
    case choicesFileUnreadable(file: String?, reason: Message)
    /// `--choices ID=FILE` whose file gives no keys.
    case choicesFlagFailed(field: String, reason: Message)
    /// An answer given without a terminal to a strict field whose keys could not be had.
    case choicesToCheckMissing(field: String, reason: Message)
    /// The keyboard key of a grid of choices that offers none yet.
    case keyboardKeyNoneYet
    /// The key that commits a field of several choices.
    case doneKey

    // MARK: `keyform layout fmt` and `form fmt` (YAMLFormatter.Failure)
    case fmtDirectives
    case fmtIndentationIndicator
    /// Tags: the one written (`!!str`), nil when not known.
    case fmtTags(String?)
    /// Anchors and aliases: the anchor's name (`base`), nil for an alias.
    case fmtAnchors(String?)
    case fmtFoldedBlock
    case fmtLiteralLineBreaks
    case fmtBlockInFlow
    /// A mapping's key that is not a text: what it is (`a list`), nil for lists or mappings.
    case fmtKeyNotText(found: Message?)
    /// A part of the file that is not of its shape, and what it is instead.
    case fmtNotShape(FormatterShape, found: Message)
    /// A text found where a shape was expected, its first 40 characters in double quotes.
    case fmtFoundText(String)
    case fmtEmptyFile(FormatterShape)
    case fmtNoFields(noun: String, FormatterShape)
    case fmtOneDocument(noun: String)
    case fmtInvalidYAML(String)
    case fmtInvalidText(String)
    case fmtDuplicateKeys([String])
    case fmtInternal(noun: String)

    // MARK: `keyform test` (FormTestFile, KeyScript, TestCommand)
    /// A `keys:` name not known, and the names known (written as a test writes them).
    case keyScriptUnknownKey(String, known: String)
    /// `keys:` that cannot be read (the test file's check says why).
    case testKeysUnreadable
    case testOutcomeDiffers(expected: String, got: String, screen: String?)
    /// Both screens as the report shows them (indented).
    case testScreenDiffers(expected: String, got: String)
    case testExpectNoField(String)
    case testExpectNote(String)
    case testExpectNotAsked(field: String, expected: String, condition: Message)
    case testExpectedGot(field: String, expected: String, got: String)
    case testSummary(passed: Int, failed: Int)

    // MARK: A record's template (TemplateError)
    case templateMissing(form: String)
    case templateInvalidAt(line: Int, column: Int, reason: Message)
    case templateTooDeep(Int)
    case templateCloseTagMismatch
    case templateTagNotClosed
    case templateSectionNotClosed
    case templateBadDelimiter
    case templateTransformOnInherited
    case templateTokenInInheritedPartial
    case templateTextInInheritedPartial
    case templateBadPragma
    case templateUnknownPragma
    case templateEndsInTag
    case templateOtherwiseInvalid(String)

    // MARK: Words inside other messages
    /// A record named by its number, when it has no value to be named by: `record 12`.
    case recordNumbered(Int64)
    /// What holds an unsafe character, besides an option's name as written: a layout's page's title.
    case wordPageTitle
    /// A check's message in `messages:`.
    case wordTheMessage
    /// A `states:` word.
    case wordState
    /// `keyform` could not start `keyform-postgres` (its path) for a server's location, and the system's words why.
    case serverProgramNotStarted(path: String, reason: String)

    // MARK: `layout preview` and the watches of `form preview` and `layout preview`
    /// The watch's last line: the file watched and how many errors it has.
    case watching(String, errors: Int)
    /// A paged layout's page: `Page 1/2: main (Numbers)`.
    case layoutPreviewPage(Int, of: Int, id: String?, title: String?)
    case layoutPreviewTooNarrow(needs: Int)

    // MARK: `config show`
    /// Its first line: the config file's path and what is known of it (`configFileNotFound`, `(KEYFORM_CONFIG)`).
    case configShowFile(String)
    /// After the path of a config file that is not there (English starts with its space).
    case configFileNotFound
    /// No config file: none found, or `KEYFORM_CONFIG=/dev/null` (`byVariable`).
    case configFileNone(byVariable: Bool)
    /// Where a setting comes from when nothing set it.
    case configSourceDefault
    /// Where a colour role comes from when only the theme (its name) gave it one.
    case configSourceTheme(String)

    // MARK: The external editor (Ctrl-E in a field of several lines); the value is unchanged after each
    /// No temporary file in the folder; the system's words why.
    case editorNoTemporaryFile(folder: String, reason: String)
    case editorTextNotWritten(reason: String)
    /// The editor (its program's name) removed the file.
    case editorLeftNoFile(editor: String)
    case editorNotStarted(editor: String, reason: String)
    case editorNotWaitedFor(editor: String, reason: String)
    case editorKilled(editor: String, signal: Int)
    /// Its shell said 127.
    case editorNotFound(editor: String)
    case editorExited(editor: String, status: Int)

    /// A regular expression (a field's `pattern`, `--pattern`) that does not parse: it, and the parser's words.
    case invalidPattern(String, reason: String)
    /// The browse list's filter names a field the form no longer has.
    case noFieldToFilterBy(String)
    /// `-` named as a file a sentence speaks of: the standard input.
    case standardInput
}

extension Message {
    /// A message's id: its case's name, the same in every language (what tests
    /// and the accessible view compare).
    public var id: String {
        let mirror = Mirror(reflecting: self)
        return mirror.children.first?.label ?? String(describing: self)
    }

    /// Whether the problem is a required field left empty (`is required`, in English).
    var isRequired: Bool {
        switch self {
        case .required, .requiredWhen: true
        default: false
        }
    }
}
