/// The English catalogue: every message's words (what Keyform said before it
/// had a catalogue, byte for byte). Exhaustive: a new message does not
/// compile until it has its English.
extension Message {
    public var english: String {
        switch self {
        case .required: "required"
        case .requiredWhen(let condition): "required when " + condition
        case .notWholeNumber: "must be a whole number"
        case .notNumber: "must be a number"
        case .notDate: "must be a date: 2026-11-21, today, yesterday or tomorrow"
        case .notDateTime: "must be a date and a time like 2026-11-27 14:30, 2026-11-27T14:30 or now"
        case .notTime: "must be a time like 07:30, 7:30, 0730 or now"
        case .notARealTime: "must be a real time; hours go from 0 to 23, minutes from 0 to 59"
        case .notBoolean: "must be yes or no"
        case .notState(let no, let yes): "must be \(no) or \(yes) (or yes or no)"
        case .oneLine: "must be one line"
        case .tooShort(let minimum): "must be at least \(Self.count(minimum, "character", "characters"))"
        case .tooLong(let maximum): "must be at most \(Self.count(maximum, "character", "characters"))"
        case .tooSmall(let minimum): "must be at least \(FieldValue.format(minimum))"
        case .tooLarge(let maximum): "must be at most \(FieldValue.format(maximum))"
        case .integerTooSmall(let minimum): "must be at least \(minimum)"
        case .integerTooLarge(let maximum): "must be at most \(maximum)"
        case .patternMismatch(let pattern): "must match the pattern \(pattern)"
        case .tooFewPicks(let minimum): "must have at least \(Self.count(minimum, "pick", "picks"))"
        case .tooManyPicks(let maximum): "must have at most \(Self.count(maximum, "pick", "picks"))"
        case .notAChoice(let choices):
            choices.isEmpty
                ? "must be one of the layout's keys"
                : "must be one of: \(choices.prefix(10).joined(separator: ", "))"
                    + (choices.count > 10 ? " (and \(choices.count - 10) more)" : "")
        case .notARealDate(let year, let month):
            (1...12).contains(month)
                ? "must be a real date; \(Message.monthName(month).english) \(year) has \(CivilDate.daysInMonth(year: year, month: month)) days"
                : "must be a real date; months go from 1 to 12"
        case .controlCharacter(let scalar): "must not contain \(TerminalSafe.describe(scalar))"
        case .isNotWholeNumber: "is not a whole number"
        case .isNotNumber: "is not a number"
        case .isNotYesOrNo: "is not yes or no"
        case .isNoteWithoutValue: "is a note: it takes no value"
        case .noteHoldsNoValue: "a note holds no value"
        case .quoted(let value, let problem): "'\(value)' \(problem.english)"
        case .notValid: "is not valid"
        case .timestampNotTime(let text):
            "\(Self.shown(text)) is not a time; write it as records export does, in UTC like 2026-11-21T09:30:00.123Z"
                + " (or with its offset, like 2026-11-21T18:30:00+09:00)"
        case .timestampWithoutZone(let text):
            "\(Self.shown(text)) has no time zone; add Z for UTC (\(text)Z) or its offset (like \(text)+09:00)"
        case .timestampBadOffset(let text):
            "\(Self.shown(text)) has an offset that is no time zone; offsets go from -23:59 to +23:59"
        case .timestampNotRealDate(let text, let year, let month):
            "\(Self.shown(text)) \(Message.notARealDate(year: year, month: month).english)"
        case .timestampNotTimeOfDay(let text):
            "\(Self.shown(text)) is not a time of day; hours go from 00 to 23, minutes and seconds from 00 to 59"
        case .authored(let text): text

        case .afterLabel(let problem, let worded):
            worded ? ": " + problem.english : (problem.isRequired ? " is " : " ") + problem.english
        case .fieldLine(let label, let problem): "\(label): \(problem.english)"
        case .doneIsDisabled(let because): "Done is disabled: " + because

        case .doneButton: "[ Done ]"
        case .doneDisabled: "[ Done ] disabled:"
        case .submitted: "submitted"
        case .ready: "ready"
        case .readyPress(let key): "ready: press " + key
        case .cancelled: "Cancelled"
        case .interrupted: "Interrupted"
        case .timeIsUp: "Time is up"
        case .stopped: "Stopped"
        case .endedDraftKept(let ended): ended.english + "; the draft is kept"
        case .endedDraftNotKept(let ended, let problem): ended.english + "; the draft could NOT be kept: " + problem
        case .draftNotKept(let problem): "draft not kept: " + problem
        case .timeLeft(let seconds):
            seconds >= 60 ? "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60) left" : "\(seconds) s left"
        case .page(let page, let count): "Page \(page)/\(count)"
        case .moreFields(let count): "\(count) more"
        case .moreLines(let count): count == 1 ? "1 more line" : "\(count) more lines"
        case .gridRows(let first, let last, let count):
            (first == last ? "row \(last)" : "rows \(first)–\(last)") + " of \(count)"
        case .filterLabel: "Filter: "
        case .noMatch: "no match"
        case .matches(let count, let total): "\(count) of \(total)"
        case .noKeyHere(let name): "no key '\(name)' here"
        case .noKeyMatches(let query): "no key matches '\(query)'"
        case .terminalTooSmall(let need, let have): "Terminal too small: need \(need), have \(have)."
        case .makeWindowLarger(let key): "Make the window larger" + (key.map { ", or press \($0)." } ?? ".")
        case .tooSmallNeed(let need): "Too small: need \(need)"
        case .windowTooSmall: "Too small"

        case .keyListTitle: "Keys"
        case .keyListKeyboard: "keyboard"
        case .keyListCalendar: "calendar"
        case .keyListKeys: "keys"
        case .keyListSwitch: "switch"
        case .keyListNote: "note"
        case .keyListTyping: "typing"
        case .keyListTypingSummary: "edits the line with GNU readline's keys (Up: earlier values, Ctrl-R: search them)"
        case .keyListMore(let count): "… \(count) more: make the window taller"
        case .keyListAnyKeyGoesBack: "Any key goes back to the form."
        case .keySummary(let action): action.shortSummary

        case .spokenOpening(let title, let fields): "\(title): \(Self.count(fields, "field", "fields")), one at a time."
        case .spokenHowToAnswer:
            "Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels."
        case .spokenHowToGoBack(let word): "A line of just \(word) (the less-than sign) goes back to the field before."
        case .spokenFirstField: "This is the first field; there is none before it."
        case .spokenField(let number, let count, let parts):
            "Field \(number) of \(count): " + parts.joined(separator: ", ") + "."
        case .spokenRequired: "required"
        case .spokenOptional: "optional"
        case .spokenNow(let value): "Now: \(value)."
        case .spokenSecretSet: "set, not read out"
        case .spokenList(let items): items.joined(separator: ", ")
        case .spokenOneOf(let list): "one of: " + list.english
        case .spokenOneOrMoreOf(let list): "one or more of: " + list.english
        case .spokenOrPick(let kind, let list): kind.english + ", or pick: " + list.english
        case .spokenChoiceCount(let count): "\(count) choices; type one"
        case .spokenYesOrNo: "yes or no"
        case .spokenText: "text"
        case .spokenSecret: "a secret, not shown as you type"
        case .spokenWholeNumber: "a whole number"
        case .spokenNumber: "a number"
        case .spokenDate(let example): "a date, like \(example), today or tomorrow"
        case .spokenTime: "a time, like 14:30"
        case .spokenDateTime(let example): "a date and time, like \(example) 14:30"
        case .spokenNote: "a note to read; press Enter to go on"
        case .spokenSubmitted: "Done: the form is submitted."
        case .spokenEndedDraftNotKept(let ended, let problem):
            ended.english + "; the draft could not be kept: " + problem
        case .sentence(let text):
            text.isEmpty
                ? text : text.prefix(1).uppercased() + text.dropFirst() + (".!?".contains(text.last!) ? "" : ".")

        case .resumeDraft(let title, let time): "Resume the draft of '\(title)' saved at \(time)?"
        case .resumeDraftFrom(let title, let day, let time):
            "Resume the draft of '\(title)' saved on \(day) at \(time)?"
        case .draftHolds(let summary): "Draft — " + summary
        case .hintYes: "yes"
        case .hintNo: "no"
        case .noAnswer(let typed): "“\(typed)” is no answer: "

        case .recordCount(let count): count == 0 ? "no records" : Self.count(count, "record", "records")
        case .rowsShown(let first, let last): "rows \(first)–\(last)"
        case .noRecordsYet(let add): "No records yet" + (add.map { " — press \($0) to add one" } ?? "")
        case .noRecordsWithYet(let which, let add):
            "No records with \(which) yet" + (add.map { " — press \($0) to add one" } ?? "")
        case .noRecordsWith(let which, let showAll, let add):
            "No records with \(which)" + Self.dashed([showAll.map { "\($0) shows all" }, add.map { "\($0) adds one" }])
        case .emptyValue: "(empty)"
        case .sortedBy(let label): "by " + label
        case .newestFirst: "newest first"
        case .deleteRecord(let summary): "Delete “\(summary)”? (y/n) "
        case .recordDeleted(let summary): "Deleted “\(summary)”"
        case .recordAddedNotListed(let summary, let shows): "Added “\(summary)” · not listed: the list shows \(shows)"
        case .recordSavedNoLongerListed(let summary, let shows):
            "Saved “\(summary)” · no longer listed: the list shows \(shows)"
        case .notSaved(let problem): "Not saved: " + problem
        case .cannotFilter(let problem): "Cannot filter: " + problem
        case .nothingToToggle(let form): "Nothing to toggle: \(form) has no yes/no field"
        case .nothingToFilterBy: "Nothing to filter by: the list already shows one value of each field"
        case .editTitle(let title): "Edit " + title
        case .filterTitle(let title): title + " · filter"
        case .filterGridTitle: "Show only the records whose…"
        case .filterBy: "Filter by"
        case .hintEdit: "edit"
        case .hintDelete: "delete"
        case .hintShowAll: "show all"
        case .hintSort(let order): "sort " + order.english
        case .hintQuit: "quit"
        case .hintMenu: "menu"
        case .hintLists: "lists"
        case .hintVacations: "vacations"

        case .storeCannotCreateFolder(let path, let reason):
            "cannot create the folder '\(path)' for the database: \(reason). "
                + "Create it yourself, or choose another database with --db PATH or KEYFORM_DB."
        case .storeNoDatabase(let path):
            "no database at '\(path)': nothing was ever stored there. Check the path (--db PATH or KEYFORM_DB); the first keyform run FORM makes it."
        case .storeCannotOpen(let path, let reason):
            "cannot open the database '\(path)': \(reason). Choose another file with --db PATH or KEYFORM_DB."
        case .storeNotADatabase(let path):
            "'\(path)' is not a Keyform database. Move it away, or choose another with --db PATH or KEYFORM_DB."
        case .storeCorrupt(let path, let detail, let recovery):
            "the database '\(path)' is damaged (\(detail)). Keep a copy of it"
                + (recovery.map { "; \($0)" } ?? "") + ". "
                + "Meanwhile choose another database with --db PATH or KEYFORM_DB."
        case .storeForeign(let path):
            "'\(path)' is another program's database: Keyform does not write into it. "
                + "Choose another with --db PATH or KEYFORM_DB."
        case .storeNewerVersion(let path):
            "the database '\(path)' was written by a newer version of Keyform. Update Keyform to use it."
        case .storeReadOnly(let path, let detail):
            "cannot write to the database '\(path)': it is read-only"
                + (detail.map { " (\($0))" } ?? "") + ". "
                + "Fix the permissions, or choose another database with --db PATH or KEYFORM_DB."
        case .storeDiskFull(let path):
            "cannot write to the database '\(path)': the disk is full. Free some space and try again."
        case .storeBusy(let path, let seconds):
            "the database '\(path)' stayed locked by another program for more than "
                + "\(seconds) seconds. Try again when it has finished."
        case .storeRecordNotFound(let id, let form):
            "there is no '\(form)' record with id \(id) (it may have been deleted)."
        case .storeRecordChanged(let id, let form):
            "the '\(form)' record with id \(id) was changed by someone else since it was read: nothing was written. Read it again and choose."
        case .storeUnknownField(let form, let field, let suggestion):
            "the form '\(form)' has no field '\(field)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .storeInvalidName(let name):
            "'\(name)' is not a valid form or field name (lowercase letters, digits and _, starting with a letter)."
        case .storeInvalidValue(let field, let reason): "field '\(field)': \(reason)."
        case .storeUnsupportedLocation(let location, let reason): "cannot open '\(location)': \(reason)."
        case .storeFailed(let path, let message): "the database '\(path)' failed: \(message)."
        case .storeShortDiskFull: "the disk is full"
        case .storeShortReadOnly: "the database is read-only"
        case .storeShortBusy: "the database is busy"
        case .storeShortDamaged: "the database is damaged"
        case .storeShortCannotOpen: "the database cannot be opened"
        case .storeShortFailed: "the store failed"

        case .libraryCancelled: "cancelled"
        case .libraryInterrupted: "interrupted"
        case .libraryTerminated(let signal): "terminated by signal \(signal)"
        case .libraryTimedOut: "the time limit ran out"
        case .libraryNoTerminal(let reason): "no terminal to show the form on (\(reason))"
        case .libraryInvalidForm(let lines): (["the form has errors:"] + lines).joined(separator: "\n")
        case .libraryInvalidConfig(let lines): (["the Keyform config has errors:"] + lines).joined(separator: "\n")
        case .libraryStoreUnavailable(let reason): "cannot open the store: \(reason)"
        case .libraryNotStored(let reason, let record): "the record was NOT stored: \(reason); the record: \(record)"
        case .libraryDecodingFailed(let reason): reason
        case .libraryInvalidKeys(let reason): "the key script cannot be read: \(reason)"
        case .libraryUnfinished(let screen): "the keys ran out with the form still open; the screen:\n\(screen)"
        case .libraryRuleBroken(let name, let message): "rule '\(name)': \(message)"

        case .formNotFound(let form, let places, let needs):
            "form '\(form)' not found; looked in: \(places)"
                + (needs.map { "; \($0.english): give its path, or set KEYFORM_FORMS to its folder" } ?? "")
        case .runNeedsFormFile: "run needs the form's file to show the form"
        case .browseNeedsFormFile: "browse needs the form's file to show and edit its records"
        case .importNeedsFormFile: "import needs the form's file to validate the records"
        case .cannotUseTerminal(let reason, let without): "cannot use the terminal (\(reason)); \(without.english)"
        case .withoutTerminalRun:
            "give --answers FILE (JSON), or --answers - --answers-format lines with one value a line on stdin"
        case .withoutTerminalDemo:
            "keyform demo needs one: run it in a terminal window (keyform run FORM --answers FILE fills a form without one)"
        case .withoutTerminalBrowse: "keyform browse needs one (keyform records list prints the records)"
        case .withoutTerminalValue: "give --value VALUE to answer without one"
        case .withoutTerminalSelected: "give --selected OPTION to answer without one"
        case .withoutTerminalDefault: "give --default yes or --default no to answer without one"

        case .demoSaved(let summary): "✓ Saved “" + summary + "” — it is stored; Esc leaves"
        case .demoLogged: "Logged (newest first):"

        case .hintNext: "next"
        case .hintBack: "back"
        case .hintCancel: "cancel"
        case .hintDone: "done"
        case .hintField: "field"
        case .hintKeys: "keys"
        case .hintKeyboard: "keyboard"
        case .hintNewLine: "newline"
        case .hintEditor: "editor"
        case .hintCommandMode: "command mode"
        case .hintInsert: "insert"
        case .hintCloseFilter: "close filter"
        case .hintCalendar: "calendar"
        case .hintErase: "erase"
        case .hintMove: "move"
        case .hintMonth: "month"
        case .hintToday: "today"
        case .hintFilter: "filter"
        case .hintToggle: "toggle"
        case .hintLeaveEmpty: "leave empty"
        case .hintKeep(let text): "keep " + text
        case .hintAdd: "add"
        case .hintAnswer: "answer"
        case .hintPick: "pick"
        case .hintPickKey(let label): "pick " + label
        case .hintPickDay(let day): "pick " + Message.date(day).english
        case .hintToggleKey(let label): "toggle " + label
        case .hintTypeKey(let label): "type " + label
        case .hintPressKey(let label): "press " + label
        case .hintGoTo(let label): "go to " + label
        case .hintThenDone(let words): words.english + ", Done"

        case .date(let day): String(describing: day)
        case .monthName(let month):
            (1...12).contains(month)
                ? [
                    "January", "February", "March", "April", "May", "June", "July", "August", "September",
                    "October", "November", "December",
                ][month - 1] : String(month)
        case .weekdayShort(let weekday):
            (1...7).contains(weekday) ? ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"][weekday - 1] : String(weekday)
        case .calendarTitle(let monthName, let year): "\(monthName) \(year)"

        case .conflictTitle: "Saved meanwhile in another terminal"
        case .conflictWhole: "Keep"
        case .conflictKeepMine: "my edit"
        case .conflictTakeTheirs: "theirs"
        case .conflictPerField: "per field"
        case .conflictMine(let value): "mine: " + value
        case .conflictTheirs(let value): "theirs: " + value
        case .conflictEmpty: "(empty)"
        case .recordDeletedMeanwhile: "Deleted meanwhile in another terminal: Done saves it as a new record"
        case .storeServerUnreachable(let path, let reason):
            "cannot reach the database server of '\(path)': \(reason). "
                + "Check that the server is running and that the location's host and port (or socket) are right."
        case .storeAuthenticationFailed(let path, let user, let reason):
            "the database server of '\(path)' refused the user '\(user)': \(reason). "
                + "Give the password in PGPASSWORD or in ~/.pgpass (HOST:PORT:DATABASE:USER:PASSWORD, mode 0600), "
                + "or ask the server's administrator for access."
        case .storeConnectionLost(let path):
            "the connection to '\(path)' was lost (the server stopped or the network went). "
                + "What was not confirmed is not stored: try again when the server is back."
        case .storePermissionDenied(let path, let detail):
            "the database server of '\(path)' refused: \(detail). "
                + "Your role is not allowed this: ask the database's owner to grant it (docs/store.md, Roles)."
        case .storeShortServerUnreachable: "the server cannot be reached"
        case .storeShortLoginRefused: "the server refused the login"
        case .storeShortConnectionLost: "the connection to the server was lost"
        case .storeShortRefused: "the server refused this"
        }
    }

    /// `1 pick`, `3 picks`.
    private static func count(_ count: Int, _ one: String, _ many: String) -> String {
        count == 1 ? "1 " + one : "\(count) " + many
    }

    /// ` — a, b` after a sentence, or nothing when no part is there.
    private static func dashed(_ parts: [String?]) -> String {
        let parts = parts.compactMap { $0 }
        return parts.isEmpty ? "" : " — " + parts.joined(separator: ", ")
    }

    /// A value in a file, quoted, cut after 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
    }
}
