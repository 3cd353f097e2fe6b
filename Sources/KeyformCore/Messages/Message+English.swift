/// The English catalogue: every message's words (what Keyform said before it
/// had a catalogue, byte for byte). Exhaustive: a new message does not
/// compile until it has its English.
extension Message {
    public var english: String {
        switch self {
        case .required: "required"
        case .requiredWhen(let condition): "required when " + condition.english
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
            "cannot create the folder '\(path)' for the database: \(reason.english). "
                + "Create it yourself, or choose another database with --db PATH or KEYFORM_DB."
        case .storeNoDatabase(let path):
            "no database at '\(path)': nothing was ever stored there. Check the path (--db PATH or KEYFORM_DB); the first keyform run FORM makes it."
        case .storeCannotOpen(let path, let reason):
            "cannot open the database '\(path)': \(reason.english). Choose another file with --db PATH or KEYFORM_DB."
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
        case .storeUnsupportedLocation(let location, let reason): "cannot open '\(location)': \(reason.english)."
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
        case .cannotReadCommandLine:
            "cannot read the command line (on Linux it is read from /proc/self/cmdline: mount /proc)"
        case .timeoutOutOfRange(let found):
            "--timeout must be a whole number of seconds from 1 to 86400, found \(found)"
        case .limitNegative(let limit): "--limit must be 0 or more, got \(limit)"
        case .widthTooSmall(let width): "--width must be at least 1, got \(width)"
        case .heightTooSmall(let height): "--height must be at least 1, got \(height)"
        case .resumeAndFresh: "--resume and --fresh contradict each other; give one"
        case .dbAndNoStore: "--db and --no-store contradict each other; give one"
        case .answersFormatWithoutAnswers:
            "--answers-format says how the --answers file is written; give --answers FILE, or - for stdin"
        case .choicesNotIdAndFile(let given):
            "--choices takes ID=FILE (a field's id, then a file of keys one a line, or - for stdin), found '\(given)'"
        case .choicesStdinTwice: "stdin can give one field's choices; give the others as files"
        case .stdinAnswersAndChoices:
            "stdin cannot hold both the answers and a field's choices; give one of them as a file"
        case .choicesNoField(let given, let path, let field, let suggestion, let fields):
            "--choices \(given): \(path) has no field '\(field)'; "
                + (suggestion.map { "did you mean '\($0)'?" } ?? "the fields are \(fields.joined(separator: ", "))")
        case .noTemplate(let path): "\(path) has no 'template'; add one, or use --format json or env"
        case .answersNotRead(let file, let reason): file.map { "answers file \($0): \(reason)" } ?? "answers: \(reason)"
        case .answersTooLarge(let file):
            "answers file \(file): the file holds more than 1 MiB; answers are at most 1 MiB"
        case .promptFormatNotTextOrJSON(let variable, let value): "\(variable)=\(value) is not text or json"
        case .historyNotAName(let name):
            "--history '\(name)' is not a name; use letters, digits, '-', '_' and '.' (e.g. commit-scope)"
        case .historyWithSecret: "--history keeps answers in a file; a --secret answer is never kept"
        case .promptTypeUnknown(let type): "--type \(type): give text, integer, number, date or time"
        case .confirmDefaultNotYesOrNo(let text): "--default \(text): give yes or no"
        case .optionsNotRead(let file, let reason):
            file.map { "--file \($0): \(reason)" } ?? "options on stdin: \(reason)"
        case .storedFormNotFound(let form, let places, let store, let held, let suggestion):
            "form '\(form)' not found; looked in: \(places), and the store (\(store)) "
                + (held.isEmpty ? "holds no records" : "holds records of: \(held.joined(separator: ", "))")
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .copySameStore(let store): "--from and --to name the same store ('\(store)'): give two different stores"
        case .copyNoSuchForm(let store, let form, let suggestion):
            "'\(store)' holds no records of a form named '\(form)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .copyFailed(let source, let target, let reason):
            "copying from '\(source)' to '\(target)' failed: \(reason)"
        case .importTooLarge(let file, let mebibytes):
            "\(file): the file holds more than \(mebibytes) MiB; import it in parts"
        case .importInputChanged(let file): "\(file) changed while it was imported; import it again"
        case .configHasErrors:
            "the config has errors; fix them (keyform config check), or set KEYFORM_CONFIG=/dev/null to run without the file"
        case .noTestFiles(let paths):
            "no test files (NAME.test.yaml) in \(paths.map { "'\($0)'" }.joined(separator: ", ")); nothing was run"
        case .notCanonical(let path, let noun): "\(path): not in canonical form; run: keyform \(noun) fmt \(path)"
        case .pathNotFound(let path, let why, let hint):
            "\(why.english): \(path)" + (hint.map { "; \($0.english)" } ?? "")
        case .pathMissing: "no such file or folder"
        case .pathLinkLoops: "a symbolic link that loops (it leads back to itself)"
        case .pathLinkToNothing(let target): "a symbolic link to nothing" + (target.map { " (to \($0))" } ?? "")
        case .formIsAt(let name, let path): "the form '\(name)' is \(path): give that path"
        case .layoutIsAt(let name, let path): "the layout '\(name)' is \(path): give that path"
        case .layoutIsShipped(let name):
            "'\(name)' is a layout shipped with Keyform, not a file (keyform layout preview \(name) draws it)"
        case .emptyFolder(let kind, let path):
            "no \(kind.english) in '\(path)', so nothing was done; give the files, or a folder that holds some"
        case .formFilesKind: "form file (*.yaml)"
        case .layoutFilesKind: "layout file (*.yaml)"
        case .layoutFileNotFound(let path, let suggestion):
            "layout file '\(path)' not found" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .layoutNotFound(let name, let places, let suggestion):
            "layout '\(name)' not found; looked in: \(places.joined(separator: ", "))"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .layoutsShippedPlace: "the layouts shipped with Keyform"
        case .layoutShippedNotWatched(let name):
            "'\(name)' is a layout shipped with Keyform: it has no file to watch; "
                + "watch a file of your own (./Layouts/\(name).yaml, once made, is found before it)"
        case .noDemoApp(let app, let suggestion, let apps):
            "no demo app '\(app)'; \(suggestion.map { "did you mean '\($0)'? " } ?? "")the apps are: \(apps.joined(separator: ", "))"
        case .noDemoFolder: "no demo/ folder here; run keyform demo from Keyform's source folder"
        case .cannotMakeSampleList(let reason): "cannot make the sample list: \(reason)"
        case .cannotRememberList(let reason): "cannot remember the list: \(reason)"
        case .cannotRenameList(let reason): "cannot rename the list: \(reason)"
        case .cannotDeleteList(let reason): "cannot delete the list: \(reason)"
        case .stdoutNotWritten(let reason): "could not write the result on stdout (\(reason))"
        case .cannotWrite(let path, let because): "cannot write \(path): \(because.english)"
        case .writeCannotCreateIt(let reason): "cannot create it: \(reason)"
        case .writeCannotWriteIt(let reason): "cannot write it: \(reason)"
        case .writeCannotReadMode(let reason): "cannot read its mode: \(reason)"
        case .writeCannotOpenIt(let reason): "cannot open it: \(reason)"
        case .writeChangedWhileOpened(let reason): "it changed while it was being opened: \(reason)"
        case .writeCannotCreateTemporary(let temporary, let reason): "cannot create \(temporary): \(reason)"
        case .writeCannotReplaceIt(let reason): "cannot replace it: \(reason)"
        case .writeCannotReadIt(let reason): "cannot read it: \(reason)"
        case .writeCannotReadLink(let reason): "cannot read the link: \(reason)"
        case .writeLinkToNothing(let target):
            "it is a symbolic link to \(target), which does not exist; remove the link, or give the path of the file to write"
        case .writeOwnedByAnother(let link, let isLink, let uid):
            "\(link ?? "it") is \(isLink ? "a symbolic link" : "a file") owned by another user (uid \(uid)); "
                + "Keyform does not replace what others own: "
                + (isLink ? "remove the link, or write somewhere else" : "write somewhere else, or ask its owner")
        case .writeTooManyLinks: "too many symbolic links"
        case .readNoSuchFile: "no such file"
        case .readFailed(let reason): "cannot read the file (\(reason))"
        case .readNotRegularFileOrPipe: "not a regular file or a pipe (a folder or a device)"
        case .readNotRegularFile: "not a regular file (a folder, FIFO or device); give a YAML file"
        case .stdinTooLargeForAnswers: "standard input holds more than 1 MiB; answers and layouts are at most 1 MiB"
        case .stdinTooLarge(let mebibytes): "standard input holds more than \(mebibytes) MiB; import it in parts"

        case .tableCreated: "created"
        case .noRecordsOf(let form, let conditions):
            "(no records of '\(form)'\(conditions.map { " where " + $0 } ?? ""))"
        case .wroteRecords(let count, let output): "wrote \(Self.count(count, "record", "records")) to \(output)"
        case .importedRecords(let count, let form, let location):
            "imported \(Self.count(count, "record", "records")) of '\(form)' into \(location)"
        case .nothingImportedProblems(let count, let name):
            "nothing imported: \(Self.count(count, "problem", "problems")) in \(name)"
        case .nothingImported(let reason): "nothing imported: \(reason)"
        case .copiedRecords(let count, let source, let target, let forms, let present):
            "copied \(Self.count(count, "record", "records")) from '\(source)' to '\(target)'"
                + (forms.isEmpty ? "" : " (\(forms.joined(separator: ", ")))")
                + (present > 0 ? "; \(present) already there" : "")
        case .recordNotStored(let reason, let places):
            "the record was NOT stored: \(Self.withoutFullStop(reason.english))."
                + (places.isEmpty
                    ? "" : " Nothing is lost: the record is \(places.map(\.english).joined(separator: " and ")).")
        case .recordOnStdout: "on stdout"
        case .recordSavedIn(let file): "saved in \(file)"
        case .recordNotStoredHereItIs(let reason, let record):
            "the record was NOT stored: \(Self.withoutFullStop(reason.english)), and could not be printed or rescued; "
                + "here it is: \(record)"

        case .demoMenuTitle: "Keyform demos"
        case .demoPickAnApp: "Pick an app"
        case .demoAppLabel: "App"
        case .demoAppTodo: "To-Do"
        case .demoAppProfile: "Profile"
        case .demoAppSwim: "Swim log"
        case .demoAppVacations: "Vacations"
        case .demoAppChecklists: "Checklists"
        case .demoAppAccount: "Account request"
        case .demoDataIn(let folder): "Data in \(folder)/ (one database per app, made on first use)"
        case .demoDatabaseExists: "exists"
        case .demoDatabaseNotCreated: "not created yet"
        case .demoOnePerVacation(let trips):
            trips.isEmpty ? "one per vacation; none yet" : "one per vacation: " + trips.joined(separator: ", ")

        case .keyListAnyKey: "a key"

        case .conditionIs(let field, let values): "\(field) is " + Self.either(values.map(\.english), or: " or ")
        case .conditionIsOrEmpty(let field, let values):
            "\(field) is " + Self.either(values.map(\.english) + ["empty"], or: " or ")
        case .conditionFilled(let field): "\(field) is filled"
        case .conditionEmpty(let field): "\(field) is empty"
        case .conditionAll(let conditions): conditions.map(\.english).joined(separator: " and ")
        case .conditionAny(let conditions): conditions.map { "(" + $0.english + ")" }.joined(separator: " or ")
        case .conditionNot(let condition): "not (" + condition.english + ")"

        case .yamlTooManyNodes(let budget):
            "the file expands to more than \(budget) YAML nodes through its aliases (*name repeats what &name marks); "
                + "write the repeated part fewer times"
        case .mustBeMapping(let context, let found):
            "\(context.english) must be a mapping of fields, found \(found.english)"
        case .fieldNameNotText(let found): "a field name must be text, found \(found.english)"
        case .unknownField(let name, let context, let hint):
            "unknown field '\(name)' in \(context.english); \(hint.english)"
        case .didYouMean(let name): "did you mean '\(name)'?"
        case .expectedOneOf(let names): "expected " + Self.either(names.map { "'\($0)'" }, or: " or ")
        case .mustBeList(let field, let found): "'\(field)' must be a list, found \(found.english)"
        case .mustBeText(let field, let found): "'\(field)' must be text, found \(found.english)"
        case .yamlNothing: "nothing"
        case .yamlText(let text): "text '\(text)'"
        case .yamlMapping: "a mapping"
        case .yamlList: "a list"
        case .yamlAlias: "an alias"
        case .unsafeCharacter(let what, let scalar):
            "\(what.english) contains \(TerminalSafe.describe(scalar)); remove it (it could change what the terminal shows)"
        case .notUTF8: "the file is not valid UTF-8; save it as UTF-8"
        case .duplicateField(let names, let first):
            "field \(names.map { "'\($0)'" }.joined(separator: ", ")) appears more than once in the same mapping"
                + (first.map { " (first at \($0))" } ?? "") + "; keep one"
        case .hotkeyUsedTwice(let hotkey, let label, let place):
            "hotkey '\(hotkey)' is already used by '\(label)' at \(place); hotkeys must be unique in a layout"
        case .pageActionWithoutPages:
            "action 'page' turns to another page, but this layout has no 'pages'; use 'pages' with ids"
        case .noPage(let page, let hint): "no page '\(page)' in this layout; \(hint.english)"
        case .pagesAre(let pages): "the pages are " + Self.either(pages.map { "'\($0)'" }, or: " or ")
        case .noLayoutNamed(let name, let hint): "no layout named '\(name)' was found; \(hint.english)"
        case .putLayoutInAFolder(let name): "check the name, or put \(name).yaml in a Layouts folder"
        case .pageNeverShown(let page): "page '\(page)' is never shown: no key has 'action: page' with 'to: \(page)'"
        case .rowNarrower(let total, let widest):
            "this row covers \(Self.count(total, "column", "columns")) and the widest covers \(widest); "
                + "its keys will be widened to fill the row (use 'span' to say how wide each is)"
        case .emptyLabel: "empty label: a key must show something; give it a 'label'"
        case .labelTooWide(let label, let cells, let room, let besideHotkey, let columns, let shows):
            "label '\(label)' is \(cells) cells wide but its key has room for \(room)"
                + (besideHotkey ? " beside its hotkey" : "")
                + " at \(columns) columns; it will show as '\(shows)' (shorten it, or widen the key with 'span')"
        case .whitespaceAround(let what, let text, let leading, let trailing):
            "\(what) '\(text)' has "
                + (leading && trailing ? "leading and trailing" : leading ? "leading" : "trailing")
                + " whitespace; remove it"

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
            "cannot reach the database server of '\(path)': \(reason.english). "
                + "Check that the server is running and that the location's host and port (or socket) are right."
        case .storeAuthenticationFailed(let path, let user, let reason):
            "the database server of '\(path)' refused the user '\(user)': \(reason.english). "
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
        case .recordNotStoredImportLater(let said, let command):
            said.english + " Once the store takes records again, put it in with: \(command)"

        case .placeForm: "form"
        case .placeLayout: "layout"
        case .placeKey: "key"
        case .placeConfig: "the config"
        case .placeTestFile: "test file"
        case .placeChoice: "a choice"
        case .placePage(let page): "page \(page)"
        case .placeField(let id): id.map { "field '\($0)'" } ?? "a field"
        case .placeRule(let number): "rule \(number)"
        case .placeRuleNamed(let name): "rule '\(name)'"
        case .placeOption(let name): "'\(name)'"
        case .placeKeysFor(let value): "the keys for '\(value)'"
        case .placeOptionOfPage(let option, let page): "'\(option)' of page \(page)"
        case .placeOptionOfField(let option, let field): "'\(option)' of field '\(field)'"
        case .placePageOption(let name): "the page's \(name)"
        case .placeOptionOf(let name, let field): "the \(name) of '\(field)'"

        case .fieldsAre(let ids): "the fields are \(Self.andList(ids))"
        case .earlierFieldsAre(let ids): "the earlier fields are " + Self.either(ids.map { "'\($0)'" }, or: " or ")
        case .noEarlierField: "no field is asked before it"
        case .itsKeysAre(let keys): "its keys are \(Self.andList(keys))"
        case .itOffers(let keys): "it offers \(Self.andList(keys))"
        case .putLayoutBesideForm(let name):
            "put \(name).yaml in a Layouts folder beside the form, or set KEYFORM_LAYOUTS"
        case .inRule(let name, let problem): "rule '\(name)': \(problem.english)"
        case .ruleNameUsedTwice(let name, let first):
            "rule name '\(name)' is already used at \(first); names must be unique"
        case .oneOfNotAField(let id, let hint): "'one_of' names '\(id)', which is not a field; \(hint.english)"
        case .oneOfTwice(let id): "'one_of' names '\(id)' twice"
        case .oneOfNeverFilled(let id, let kind): "'\(id)' is \(Self.article(kind)) field: it is never filled"
        case .oneOfNeedsTwo: "'one_of' needs two fields or more (for one, make it 'required: true')"
        case .fillInOneOf(let labels):
            "Fill in \(labels.count > 1 ? labels.dropLast().joined(separator: ", ") + " or " + labels.last! : labels.first ?? "")"
        case .conditionNeverHolds(let place, let value, let field, let hint):
            "\(place.english) never holds: '\(value)' is not one of strict field '\(field)''s keys; \(hint.english)"
        case .tagNamesNoField(let tag, let place, let hint):
            "{{\(tag)}} in \(place.english) names no field; \(hint.english)"
        case .tagNamesNote(let tag, let place):
            "{{\(tag)}} in \(place.english) names a note, which holds no value; name a field that is answered"
        case .tagNamesSecret(let tag, let place):
            "{{\(tag)}} in \(place.english) names a secret, which no text shows; name another field"
        case .tagNamesLaterField(let tag, let place):
            "{{\(tag)}} in \(place.english) names a field that comes later; it shows empty until '\(tag)' is answered"
        case .fieldIDUsedTwice(let id, let first): "field id '\(id)' is already used at \(first); ids must be unique"
        case .boundBelow(let name, let value, let other, let otherValue):
            "'\(name)' (\(value)) is less than '\(other)' (\(otherValue))"
        case .requiredAndRequiredIf(let id):
            "'\(id)' is 'required: true' always, so 'required_if' never changes anything; keep one of them"
        case .boundBeyondInteger(let name, let bound):
            "'\(name)' (\(bound)) is beyond what an integer field holds (\(Int.min) to \(Int.max)); use a smaller bound or 'type: number'"
        case .placeholderOnBoolean:
            "'placeholder' shows in an empty line, and a boolean field is a switch; say it in 'description', or remove it"
        case .messageWithoutCheck(let check, let field):
            ["required", "strict"].contains(check)
                ? "a message for '\(check)', but '\(field)' is not \(check); add '\(check): true' or remove the message"
                : "a message for '\(check)', but '\(field)' has no '\(check)'; add '\(check):' or remove the message"
        case .strictNeedsKeys:
            "'strict' needs a 'layout' (or a list of 'choices'): the value must be one of its keys' texts"
        case .gridNeedsKeys: "'input: grid' needs a 'layout' (or 'choices') to show"
        case .multipleNeedsKeys: "'multiple' needs a 'layout' (or 'choices'): its keys are what is picked"
        case .optionForKinds(let option, let kinds, let field, let kind, let lengthInstead):
            "'\(option)' applies to \(Self.plainAnd(kinds)) fields; '\(field)' is \(Self.article(kind)) field"
                + (lengthInstead ? " (for \(kind), use '\(option)_length')" : "")
        case .secretForKinds(let kinds, let field, let kind):
            "'secret' applies to \(Self.plainAnd(kinds)) fields (a password is text, a PIN an integer); '\(field)' is \(Self.article(kind)) field"
        case .calendarForDates(let field, let kind):
            "'layout: calendar' is for date and datetime fields; '\(field)' is \(Self.article(kind)) field"
        case .multipleNeedsChoiceLayout(let layout):
            "'multiple' needs a layout of choices (kind: choice); '\(layout)' is a keypad"
        case .statesForKind(let kind, let field):
            "'states' names a \(kind) field's two values; add 'type: \(kind)' to '\(field)', or remove 'states'"
        case .layoutAndStoredChoices: "a field offers a 'layout' or 'choices' from the store, not both"
        case .layoutAndLineChoices:
            "a field's keys are its 'layout' or the 'choices' a command or file gives, not both; remove one"
        case .layoutAndWrittenChoices:
            "a field's keys are its 'layout' or the 'choices' written here, not both; remove one"
        case .patternInvalid(let reason): "'pattern' is not a valid regular expression: \(reason)"
        case .listDefaultNeedsMultiple: "a list default needs 'multiple: true'; give one value"
        case .defaultFails(let value, let problem): "default '\(value)' fails the field's own rules: \(problem.english)"
        case .noteOption(let option, let field):
            "'\(option)' makes no sense on a note: '\(field)' is text to read and holds no value; remove '\(option)'"
        case .noteShowsNothing(let id):
            "note '\(id)' shows nothing; give it a 'label' (a heading) or a 'description' (its text)"
        case .secretWithLines:
            "a secret is one line, typed masked (and never handed to an editor); remove 'lines' or 'secret'"
        case .multipleWithLines: "'multiple' picks keys on a grid; 'lines' is for typed text: remove one of them"
        case .linesWithKeys(let option):
            "a field of several lines is typed, and has no '\(option)'; remove '\(option)' or 'lines'"
        case .secretOption(let option, let field):
            "'\(option)' applies to a secret field; add 'secret: true' to '\(field)', or remove '\(option)'"
        case .secretMultiple:
            "a secret is typed, one value; 'multiple' picks keys on a grid that shows them: remove 'multiple' or 'secret'"
        case .secretWithKeys(let option):
            "a secret field has no '\(option)': a grid shows its keys, and the one picked; a secret is typed, masked"
        case .secretDefaultLast: "'default: last' would show a secret again; a secret field starts empty"
        case .secretInFile(let field):
            "a secret written in the form file is no secret: whoever reads the file reads it; remove 'default' from '\(field)' and type it"
        case .secretStored(let field):
            "'store: true' keeps the secret '\(field)' in the database in plain text, where anyone who can read the file (or 'keyform records') reads it"
        case .byNamesItself(let id): "'by: \(id)' names this field itself; its keys follow another field's value"
        case .byNamesNoField(let id, let hint): "'by: \(id)' names no field of the form; \(hint.english)"
        case .byNamesNote(let id): "'\(id)' is a note, which holds no value; keys can follow a field that is answered"
        case .byNamesList(let id):
            "'\(id)' holds a list (multiple: true); keys can follow a field that holds one value"
        case .notAValueOf(let value, let field, let hint):
            "'\(value)' is not a value '\(field)' can take; \(hint.english)"
        case .notAValueOfKind(let value, let field, let problem):
            "'\(value)' is not a value '\(field)' can take: \(problem.english)"
        case .picksWithoutMultiple(let option, let field):
            "'\(option)' bounds the picks of a 'multiple' field; '\(field)' is not one (add 'multiple: true', or remove '\(option)')"
        case .fieldLabelTooWide(let label, let cells, let columns, let room, let shows):
            "label '\(label)' is \(cells) cells wide; at \(columns) columns a field's label has room for \(room) and it will show as '\(shows)' (shorten it)"
        case .laterStepBroken(let field, let layout):
            "'\(field)' is picked on the calendar, then on the layout '\(layout)', which has errors; run 'keyform layout check' on it"
        case .layoutFileMissing(let name):
            "layout file '\(name)' was not found; check the path, or give a layout's name (without .yaml) to look in the Layouts folders"
        case .layoutHasErrors(let name): "layout '\(name)' has errors; run 'keyform layout check' on it"
        case .templateInvalid(let reason): "the template is not valid: \(reason.english)"
        case .templateNamesNoField(let name, let hint):
            "the template uses '\(name)', which is not a field; \(hint.english)"
        case .conditionMustBeMapping(let place, let found):
            "\(place.english) must be a mapping like {paid: true} or {country: [Canada, Mexico]}, found \(found.english)"
        case .conditionEmptyMapping(let place):
            "\(place.english) is empty; name an earlier field and its value, like {paid: true}"
        case .conditionKeyNotText(let place, let found):
            "\(place.english): a key must be a field id or all, any, not, found \(found.english)"
        case .conditionCombinatorEmpty(let place, let combinator):
            "\(place.english): '\(combinator)' is empty; give it a list of conditions, like \(combinator): [{paid: true}, {amount: filled}]"
        case .conditionNamesLater(let place, let field, let own, let page):
            "\(place.english) names "
                + (!own
                    ? "field '\(field)', which is asked after it"
                    : page ? "field '\(field)', which is on the page itself" : "its own field")
                + "; a condition decides from earlier answers only: move '\(field)' before it, or name an earlier field"
        case .conditionNamesNoEarlier(let place, let field, let hint):
            "\(place.english) names '\(field)', which is not an earlier field of the form; \(hint.english)"
        case .conditionNamesNote(let place, let field):
            "\(place.english) names '\(field)', a note, which holds no value; name a field that is answered"
        case .conditionValuesEmpty(let place, let field):
            "\(place.english): the list of values of '\(field)' is empty; give the values that show it, like [Canada, Mexico]"
        case .conditionValueNotValue(let place, let field, let found):
            "\(place.english): the value of '\(field)' must be a value, a list of values, filled or empty, found \(found.english)"
        case .conditionCannotHold(let place, let kind, let multiple, let field, let value, let problem):
            "\(place.english): \(multiple ? "multiple " : "")\(kind) field '\(field)' cannot hold '\(value)' (\(problem.english))"
        case .ruleEmpty: "the check is empty; write a comparison like end >= start"
        case .ruleChained: "compare two things at a time; join comparisons with 'and', like a <= b and b <= c"
        case .ruleExpectedJoin(let found): "expected 'and', 'or' or the end of the check, found \(found.english)"
        case .ruleLoneEquals: "'=' alone does not compare; write '==' (equal) or '!=' (not equal)"
        case .ruleLoneBang: "'!' alone is not a rule word; write 'not' (or '!=' for not equal)"
        case .ruleNotAWord(let written, let word): "'\(written)' is not a rule word; write '\(word)'"
        case .ruleTextNotClosed(let quote): "the text opened here with \(quote) is not closed; end it with \(quote)"
        case .ruleMeaningless(let scalar):
            "\(TerminalSafe.describe(scalar)) has no meaning in a rule; quote text, like 'High'"
        case .ruleNotATime(let written): "'\(written)' is not a time; write a time as HH:MM, like 09:30"
        case .ruleNotADate(let written):
            "'\(written)' is not a date; write a date as YYYY-MM-DD, like 2026-01-31 (a real day)"
        case .ruleNotANumber(let written): "'\(written)' is not a number"
        case .ruleParenNotClosed(let column): "the '(' at column \(column) is not closed; add ')'"
        case .ruleEndsEarly: "the check ends where a value should be; add a field or a constant"
        case .ruleMinusBeforeNumber: "'-' goes only before a number, like -5"
        case .ruleWordWhereValue(let word):
            "'\(word)' stands where a value should be; put a field or a constant before it"
        case .ruleOperatorNeedsLeft(let op): "'\(op)' needs a value on its left, like end \(op) start"
        case .ruleTokenWhereValue(let token): "\(token.english) stands where a value should be"
        case .ruleUnknownFunction(let name, let hint): "unknown function '\(name)'; \(hint.english)"
        case .ruleFunctionTakesID(let name): "\(name)() takes a field's id, like \(name)(toppings)"
        case .ruleFunctionNotClosed(let name, let id): "\(name)(\(id) is not closed; add ')'"
        case .ruleWord(let word): "'\(word)'"
        case .ruleText(let text): "the text '\(text)'"
        case .ruleNotYesOrNo(let id, let kind):
            "\(id.map { "'\($0)'" } ?? "this value") is \(kind.withArticle), not a yes or no; compare it, like \(id ?? "field") == \(kind.sample)"
        case .ruleComparesConstants: "this compares two constants; a rule compares a field's value, like end >= start"
        case .ruleListNeedsCount(let id): "'\(id)' holds a list of picks; compare how many with count(\(id))"
        case .ruleOrdersOnly(let op, let kind):
            "'\(op)' orders numbers, dates and times; \(kind.withArticle) is compared with == or !="
        case .ruleKindsDiffer(let operand, let kind, let other):
            "'\(operand)' is \(kind.withArticle); compare it with \(kind.withArticle) like \(kind.example), not \(other.withArticle)"
        case .ruleCannotCompare(let operand, let kind, let other, let otherKind):
            "'\(operand)' is \(kind.withArticle) and '\(other)' is \(otherKind.withArticle): they cannot be compared"
        case .ruleFieldHoldsNothing(let id, let kind):
            "'\(id)' is \(Self.article(kind)) field: it holds no value to compare"
        case .ruleCountNeedsMultiple(let id, let isText):
            "count() counts the picks of a 'multiple' field; '\(id)' is not one"
                + (isText ? " (length(\(id)) counts its characters)" : "")
        case .ruleCountThePicks(let id): "'\(id)' is a 'multiple' field; count(\(id)) counts its picks"
        case .ruleLengthNeedsText(let id, let kind):
            "length() counts a text field's characters; '\(id)' is \(Self.article(kind)) field"
        case .ruleNamesNoField(let id, let hint): "the rule names '\(id)', which is not a field; \(hint.english)"
        case .fileEmpty(let needs): "the file is empty; \(needs.english)"
        case .formNeedsFieldsOrPages: "a form needs 'fields' (or 'pages' of fields)"
        case .fileTooLarge(let bytes, let kind, let limit):
            "file is \(bytes) bytes; a \(kind) file may be at most 1 MiB" + (limit.map { " (\($0) bytes)" } ?? "")
        case .yamlExpandsTooMuch(let limit):
            "the file expands to more than \(limit) bytes through its aliases "
                + "(*name repeats what &name marks); the value marked here is repeated too often: write it out fewer times"
        case .yamlSyntax(let problem, let context, let place):
            "YAML syntax: \(problem)" + (context.map { " (\($0) at \(place ?? ""))" } ?? "")
        case .yamlNestedTooDeeply:
            "YAML syntax: lists and mappings are nested too deeply (more than "
                + "1,000 levels inside one another); a layout or form needs a few"
        case .cannotReadFile(let problem): "cannot read the file: \(problem)"
        case .cannotReadYAML(let error): "cannot read YAML: \(error)"
        case .writtenValue(let value): "'\(value)'"
        case .formMustBeMapping(let found, let isList):
            "a form must be a mapping with 'title' and 'fields' (or 'pages'), found \(found.english)"
                + (isList ? "; put the list under 'fields:'" : "")
        case .formFromPipeNeedsName:
            "a form read from a pipe has no file name to name its records by; add 'name: NAME' (a-z, 0-9 and _)"
        case .formNameInvalid(let value, let like):
            "'name' must start with a-z and use only a-z, 0-9 and _ (it names the records' table), found '\(value)'"
                + (like.map { "; use \($0)" } ?? "")
        case .formFieldsAndPages: "a form has 'fields' or 'pages', not both; move the fields into a page"
        case .formNeedsFields: "a form needs 'fields' (a list of fields) or 'pages'"
        case .formPagesEmpty: "'pages' is empty; a form needs at least one page of fields"
        case .pageNeedsFields(let page): "page \(page) needs 'fields' (a list of fields)"
        case .fieldsMustBeList: "'fields' must be a list, found a mapping; start each field with '- ', like - id: text"
        case .fieldsEmpty: "'fields' is empty; add at least one field, like - id: text"
        case .fieldMustBeMapping(let example, let found):
            "a field must be a mapping like \(example), found \(found.english)"
        case .fieldNeedsID(let like): "a field needs an 'id' (the key of its value in the record), like id: \(like)"
        case .fieldIDEmpty:
            "'id' is empty; give the field an id (the key of its value in the record), like id: due_date"
        case .fieldIDInvalid(let id, let like):
            "field id '\(id)' must start with a-z and use only a-z, 0-9 and _" + (like.map { " (like \($0))" } ?? "")
        case .fieldLabelEmpty(let id):
            "empty label: a field must show what goes in it; give it words, or leave 'label' out to show the id '\(id)'"
        case .unknownName(let option, let name, let hint): "unknown \(option) '\(name)'; \(hint.english)"
        case .useName(let name): "use '\(name)'"
        case .lengthNotWhole(let name, let found):
            "'\(name)' must be a whole number of characters, found \(found.english)"
        case .placeholderEmpty:
            "'placeholder' is empty; give the hint shown in the empty field, like 12.50, or remove it"
        case .ruleNeedsName(let rule):
            "\(rule.english) needs a 'name' (answers and tests report it by name), like name: end-after-start"
        case .ruleNameInvalid(let name, let like):
            "rule name '\(name)' must start with a-z and use only a-z, 0-9, _ and -"
                + (like.map { " (like \($0))" } ?? "")
        case .ruleMessageEmpty(let rule):
            "the message of \(rule.english) is empty; say what to fix, like message: The end comes after the start"
        case .ruleCheckAndOneOf(let rule):
            "\(rule.english) has 'check' and 'one_of'; a rule is one of them: make two rules"
        case .ruleNeedsMessage(let rule):
            "\(rule.english) needs a 'message' saying what to fix, like message: The end comes after the start"
        case .ruleNeedsTest(let rule):
            "\(rule.english) needs 'check: EXPRESSION' (like end >= start) or 'one_of: [FIELD, FIELD]'"
        case .statesNeedBoth: "'states' needs both 'no' and 'yes', like states: {no: In progress, yes: Complete}"
        case .stateEmpty(let yes):
            yes
                ? "'yes' is empty; give the word shown for a yes, like Complete"
                : "'no' is empty; give the word shown for a no, like In progress"
        case .statesSame(let word): "'yes' and 'no' are both '\(word)'; the two states need different words"
        case .checkMessageEmpty(let check, let example):
            "the message for '\(check)' is empty; say what to give, like \(example), or remove it"
        case .choicesEmpty(let place):
            "\(place.english) is an empty list; give the keys to pick from, like [Lettuce, Tomatoes]"
        case .choiceTwice(let text, let first): "'\(text)' is already a choice at \(first); each choice is offered once"
        case .choiceLabelTwice(let label, let first):
            "the label '\(label)' is already shown at \(first); two keys must not look alike"
        case .choiceNeedsLabel:
            "a choice needs a 'label' (what the key shows) and may have a 'text' (what the record holds), like {label: California, text: CA}"
        case .choiceMustBeText(let found): "a choice must be a text or {label: …, text: …}, found \(found.english)"
        case .choicePartEmpty(let part): "a choice's \(part) is empty; give it words, or leave the choice out"
        case .choicesByNeedsBoth:
            "'choices' by another field needs 'by: FIELD' and 'keys: {VALUE: [KEY, …]}', like {by: country, keys: {Canada: [Alberta, Ontario]}}"
        case .keysMustBeMapping(let found):
            "'keys' must be a mapping of the driver's values to their keys, like {Canada: [Alberta, Ontario]}, found \(found.english)"
        case .keysEmpty(let driver): "'keys' is empty; give the keys offered for each value of '\(driver)'"
        case .choicesCommandAndFile: "'choices' come from a 'command' or a 'file', not both; remove one"
        case .commandMustBeList(let found):
            "'command' must be a list: the program, then each argument (no shell), like [git, branch, --format=%(refname:short)]; found \(found.english)"
        case .commandEmpty: "'command' is empty; give the program and its arguments, like [git, branch]"
        case .programEmpty: "the program of 'command' is empty; give its name (found in PATH) or its path"
        case .commandTimeoutRange(let longest, let found):
            "'timeout' must be from 0.1 to \(longest) seconds, found \(found)"
        case .timeoutWithFile: "'timeout' limits a 'command'; a file is read at once: remove it"
        case .choicesFileEmpty:
            "'file' is empty; give the path of a file with one choice a line (relative to the form file)"
        case .choicesNeedFrom: "'choices' needs 'from: FORM.FIELD', the stored field whose earlier values are offered"
        case .fromInvalid(let from):
            "'from' must be FORM.FIELD (a form's name and one of its field ids, like checklist.name), found '\(from)'"
        case .byInvalid(let by):
            "'by' must be a field id (the earlier field whose answer filters the stored values), found '\(by)'"
        case .paragraphsEmpty(let field): "'\(field)' is empty; give the note shown under the label, or remove it"
        case .mustBeTrueOrFalse(let field, let found): "'\(field)' must be true or false, found \(found.english)"
        case .mustBeNumber(let field, let found): "'\(field)' must be a number, found \(found.english)"
        case .wholeNumberOutOfRange(let field, let unit, let from, let to, let found):
            "'\(field)' must be \(unit.english) from \(from) to \(to), found '\(found)'"
        case .unitSeconds: "a whole number of seconds"
        case .unitCharacters: "a whole number of characters"
        case .unitPicks: "a whole number of picks"
        case .unitLines: "a whole number of lines"
        case .unitChoices: "a whole number of choices"
        case .unitColumns: "a whole number of columns"
        case .layoutMustBeMapping(let found):
            "a layout must be a mapping with 'title', 'kind' and 'rows' (or 'pages'), found \(found.english)"
        case .layoutRowsAndPages: "a layout has 'rows' or 'pages', not both; move the rows into a page"
        case .layoutNeedsRows: "a layout needs 'rows' (a list of rows of keys) or 'pages'"
        case .layoutPagesEmpty: "'pages' is empty; a layout needs at least one page of keys"
        case .pageIDEmpty(let page): "page \(page) has an empty 'id'; give it a name that keys can turn to"
        case .pageIDTwice(let id, let first):
            "page id '\(id)' is used twice (first at \(first)); page ids must be unique"
        case .pageNeedsID(let page): "page \(page) needs an 'id', the name that keys with 'action: page' turn to"
        case .pageNeedsRows(let page): "page \(page) needs 'rows' (a list of rows of keys)"
        case .rowsEmpty(let field): "'\(field)' is empty; add at least one row of keys, like - [High, Medium, Low]"
        case .rowsNotRows(let field, let example):
            "'\(field)' must be a list of rows, each a list of keys; for one row write '- [\(example)]'"
        case .rowNotList(let row, let found):
            "row \(row) must be a list of keys, like [High, Low], found \(found.english)"
        case .rowEmpty(let row): "row \(row) is empty; add keys or remove the row"
        case .keyMustBeTextOrMapping(let found):
            "a key must be text or a mapping like {label: Clear, action: clear}, found \(found.english)"
        case .keyNeedsLabel: "a key needs a 'label' (what it shows) or a 'text' (what it types)"
        case .toWithoutAction(let actions):
            "'to' does nothing without " + actions.map { "'action: \($0)'" }.joined(separator: " or ")
        case .hotkeyNotOneCharacter(let value): "'hotkey' must be one character, found '\(value)'"
        case .hotkeyTaken(let value, let taken):
            "hotkey '\(value)' is taken: \(taken.english); choose another character"
        case .hotkeySpace: "Space presses the highlighted key"
        case .hotkeyTab: "Tab swaps to the keyboard"
        case .hotkeyEnter: "Enter presses the highlighted key"
        case .hotkeyUnprintable(let scalar):
            "'hotkey' must be a printable character, found \(TerminalSafe.describe(scalar))"
        case .toIgnored(let takers, let action):
            "'to' is only used by action " + takers.map { "'\($0)'" }.joined(separator: " or ")
                + "; action '\(action)' ignores it"
        case .actionNeedsTo(let action, let placeholder):
            "action '\(action)' needs 'to: \(placeholder)' naming the \(action) to show"
        case .configGroupMustBeMapping(let group, let example, let found):
            "'\(group)' must be a mapping, like \(group): {\(example)}, found \(found.english)"
        case .configNameNotText(let group, let found): "a name in '\(group)' must be text, found \(found.english)"
        case .configUnknownName(let name, let group, let isAction, let hint):
            "unknown \(isAction ? "action" : "name") '\(name)' in '\(group)'; \(hint.english)"
        case .configNoValue(let key, let values): "'\(key)' has no value; write \(values.english), or remove the line"
        case .configKeyNotText(let key, let found): "a key in '\(key)' must be text, found \(found.english)"
        case .configMustBe(let key, let values, let found): "'\(key)' must be \(values.english), found \(found.english)"
        case .configExpected(let names): "expected one of: " + names.joined(separator: ", ")
        case .layoutNeedsRowsOfKeys: "a layout needs 'rows' (or 'pages') of keys"
        case .placeTest(let number): "test \(number)"
        case .testFileNeedsFormAndTests: "a test file needs 'form' (or 'layout') and 'tests'"
        case .testFileFormOrLayout: "a test file names a 'form' or a 'layout', not both"
        case .testFileNeedsTarget: "a test file needs 'form: PATH' (or 'layout: NAME') saying what it tests"
        case .testFileNeedsTests: "a test file needs 'tests', a list of {name, keys, expect}"
        case .testNeedsKeys(let name): "test '\(name)' needs 'keys', the keys to press"
        case .valuesDatabase: "a path, sqlite:PATH or a postgres:// URL"
        case .valuesName: "a name"
        case .valuesTrueOrFalse: "true or false"
        case .valuesThemes(let names): names.joined(separator: ", ")
        case .valuesColour:
            "a colour: black red green yellow blue magenta cyan white, bright-NAME, 0–255, #rrggbb, or none"
        case .valuesKeys:
            "a key or a list of keys: ctrl-LETTER, alt-CHARACTER, a named key (enter, esc, tab, space, up, page-up…, f1…f12) or one character"
        case .colourOutOfRange(let number):
            "colour number \(number) is out of range; the 256-colour table goes from 0 to 255"
        case .notHexColour(let text): "'\(text)' is no #rrggbb colour; write six hex digits, like #ff8800"
        case .unknownColour(let text, let hint): "unknown colour '\(text)'; \(hint.english)"
        case .colourHint: "write a colour name (red, bright-cyan…), a number 0–255, #rrggbb, or none"
        case .unknownTheme(let text, let hint): "unknown theme '\(text)'; \(hint.english)"
        case .writeOneOf(let names): "write one of " + names.joined(separator: ", ")
        case .keyIsByteOf(let shown, let key): "'\(shown)' is the byte a terminal sends for \(key); write \(key)"
        case .anyCharacterIsNoKey: "'any-character' is no key; write the keys themselves (ctrl-d, alt-x, f, page-up…)"
        case .unknownKey(let shown, let hint): "unknown key '\(shown)'; \(hint.english)"
        case .keyNameHint(let named):
            "write a named key (\(named.joined(separator: ", ")), page-up…), f1…f12, ctrl-LETTER, alt-CHARACTER, or one character"
        case .ctrlCannotBeSent(let shown):
            "a terminal cannot send '\(shown)': Ctrl goes with a letter or one of @ \\ ] ^ _; try an alt- key"
        case .altBracket(let shown):
            "'\(shown)' cannot be told from the start of the terminal's escape sequences; choose another key"
        case .keyCannotBeSent(let shown): "a terminal cannot send '\(shown)'; choose another key"
        case .databaseNeedsPath: "'database' needs a path, like ~/notes/keyform.sqlite"
        case .authorNeedsName: "'author' needs a name, like ada@lab"
        case .settingIsTrueOrFalse(let name, let found): "'\(name)' is true or false, found '\(found)'"
        case .keyNeedsOne(let action): "'\(action)' needs at least one key"
        case .keyListedTwice(let chord, let action): "'\(chord)' is listed twice for '\(action)'; once is enough"
        case .keyTypedInField(let chord, let view, let action):
            "'\(chord)' is typed into the field in \(view.english), so '\(action)' cannot have it; choose a ctrl-, alt- or named key"
        case .keyBelongsTo(let chord, let other, let view, let why, let action):
            "'\(chord)' belongs to '\(other)' in \(view.english) (\(why.english)); choose another key for '\(action)'"
        case .keyGivenToBoth(let chord, let other, let action, let view):
            "'\(chord)' is given to both '\(other)' and '\(action)', which \(view.english) both has; give it to one"
        case .keyAlreadyBound(let chord, let other, let view, let action):
            "'\(chord)' is already '\(other)' in \(view.english); rebind '\(other)' too (keys: {\(other): …}), or choose another key for '\(action)'"
        case .keyIsReadlines(let chord, let function, let action):
            "'\(chord)' is GNU readline's \(function) while typing a field; there it will be '\(action)' instead"
        case .viewKeyboard: "a form's keyboard"
        case .viewGrid: "a form's key grid"
        case .viewSwitch: "a yes/no switch"
        case .viewNote: "a note"
        case .viewBrowse: "the browse list"
        case .viewDeleteQuestion: "the browse list's delete question"
        case .fixedInterrupt: "Ctrl-C always interrupts (exit 130), so that a person can always get out"
        case .fixedEdit: "it stands for the keys GNU readline takes; bind them in ~/.inputrc"
        case .fixedHotkey: "a grid's hotkeys are its layout's (`hotkey:` in the layout file)"
        case .fixedFilter: "what is typed into a grid's filter is the filter's"
        case .fixedJump: "Alt-1…9 name the field by its number"
        case .cannotRebind(let action, let why): "'\(action)' cannot be rebound: \(why.english)"
        case .noKeyOfAnyScreen(let action): "'\(action)' is no key of any screen; nothing to rebind"
        case .promptBooleanUseConfirm: "--type boolean is a yes or no: use keyform confirm"
        case .promptSecretForKinds(let type):
            "--secret is for a text, integer or number; a \(type) is picked, never typed masked"
        case .promptPatternForText(let type): "--pattern checks text; a \(type) is checked by its type"
        case .promptLinesRange(let lines, let from, let to): "--lines \(lines): give \(from) to \(to) rows"
        case .promptNothingToChoose:
            "nothing to choose from: give the options as arguments, one a line on stdin, or --file FILE"
        case .promptMaxBelowOne(let max): "--max \(max) leaves nothing to pick; give 1 or more"
        case .promptMaxWithoutMultiple: "--max bounds a --multiple choice; add --multiple, or leave --max out"
        case .promptSelectedNotAnOption(let picked): "--selected '\(picked)' is not one of the options"
        case .promptSelectedTooMany(let count): "--selected names \(count) options; one is picked without --multiple"
        case .promptVariableNotYesOrNo(let name, let value): "\(name)=\(value) is not a yes or no; give 1 or 0"
        case .promptVariableNotWhole(let name, let value): "\(name)=\(value) is not a whole number"
        case .answerOfField(let id, let problem): "field '\(id)': \(problem.english)"
        case .answerOfRule(let name, let problem): "rule '\(name)': \(problem.english)"
        case .answersProblem(let problem): "answers: \(problem.english)"
        case .answerIsNote(let id): "is a note, which takes no answer; remove '\(id)' from the answers"
        case .answerUnknownField(let id, let suggestion):
            "unknown field '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .answerGivenTwice: "is given more than once"
        case .answerLineNotUTF8(let line): "line \(line): not valid UTF-8; give the answers as UTF-8"
        case .answerTooManyLines(let line, let fields):
            "line \(line): more lines than the form has fields (\(Self.count(fields, "field", "fields")))"
        case .answerWrongKind(let wanted, let given): "must be \(wanted.english), not \(given.english)"
        case .answerListOfTexts: "must be a list of texts"
        case .answerNotAsked(let id, let condition): "'\(id)' is not asked unless \(condition.english)"
        case .wantedText: "text"
        case .wantedNumber: "a number"
        case .wantedTrueOrFalse: "true or false"
        case .jsonNumber: "a number"
        case .jsonList: "a list"
        case .jsonObject: "an object"
        case .jsonBool(let flag): flag ? "true" : "false"
        case .jsonAt(let line, let column, let reason): "line \(line), column \(column): \(reason.english)"
        case .jsonExpectedObjectFoundNothing: "expected a JSON object of field id to value, found nothing"
        case .jsonExpectedObject: "expected a JSON object of field id to value"
        case .jsonExpectedFieldID: "expected a field id in double quotes"
        case .jsonExpectedColonAfterID: "expected ':' after the field id"
        case .jsonExpectedCommaOrBrace: "expected ',' or '}' after a value"
        case .jsonTextAfterObject: "unexpected text after the object"
        case .jsonExpectedValueFoundEnd: "expected a value, found the end"
        case .jsonNestedTooDeeply: "nested too deeply"
        case .jsonExpectedKey: "expected a key in double quotes"
        case .jsonExpectedColonAfterKey: "expected ':' after the key"
        case .jsonExpectedCommaInList: "expected ',' or ']' in a list"
        case .jsonExpectedCommaInObject: "expected ',' or '}' in an object"
        case .jsonExpectedValue: "expected a value (a string, number, true, false or null)"
        case .jsonExpectedDigit: "expected a digit in a number"
        case .jsonExpectedDigitAfterPoint: "expected a digit after '.' in a number"
        case .jsonExpectedExponentDigit: "expected a digit in a number's exponent"
        case .jsonLeadingZeros: "a number may not have leading zeros"
        case .jsonStringNotClosed: "a string is not closed"
        case .jsonUnknownEscape: "unknown escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
        case .jsonControlCharacter: "a control character must be escaped in a string (a line break is \\n)"
        case .jsonHalfSurrogate: "a \\u escape is half of a surrogate pair"
        case .jsonExpectedHex: "expected four hex digits after \\u"
        case .jsonNotUTF8: "not valid UTF-8"
        case .importNotUTF8: "not valid UTF-8; save the file as UTF-8"
        case .importNoHeader: "no header row: the first line names the fields (like id1,id2)"
        case .importColumnTwice: "is a column more than once"
        case .importCellCount(let count, let columns): "has \(count) values; the header names \(columns) columns"
        case .importQuoteNotClosed: "a quoted value is not closed (a \" is missing)"
        case .importCreatedNotText:
            "must be a time as text, like \"2026-11-21T09:30:00.123Z\" (as records export writes it)"
        case .importTokenNotAToken(let example): "must be the token a rescue file gives, like \"\(example)\""
        case .importRecordNotClosed: "this record is not closed (a } is missing)"
        case .importExpectedRecord: "expected another record ({...}) or the end of the file"
        case .importExpectedArray:
            "expected a JSON array of records ([{...}, ...]), as records export writes, "
                + "or records one after another ({...}), as a rescue file holds"
        case .importRecordNotObject: "each record must be a JSON object ({\"field\": value, ...})"
        case .importArrayNotClosed: "the array is not closed (a ] is missing)"
        case .importExpectedCommaOrBracket: "expected , or ] after a record"
        case .importTextAfterArray: "text after the array's closing ]"
        case .locationNoServerBackend:
            "this program has no PostgreSQL backend: keyform hands a server's location over to "
                + "keyform-postgres, installed beside it (scripts/install.sh and the Debian package install both), "
                + "and none was found; install it, or give a SQLite file's path "
                + "(--db PATH, KEYFORM_DB or the config's database)"
        case .locationUnknownScheme(let scheme):
            "Keyform stores in a SQLite file (a path, or sqlite:PATH) "
                + "or on a PostgreSQL server (postgres://USER@HOST:PORT/DB), not in '\(scheme)'"
        case .serverURLWrong(let wrong): wrong.english + "; write postgres://USER@HOST:PORT/DATABASE"
        case .urlNotAURL: "not a URL"
        case .urlQueryNotNameValue(let pair): "'\(pair)' in the query is not NAME=VALUE"
        case .urlIPv6WithoutBracket: "an IPv6 address without its ]"
        case .urlNotAPort(let text): "'\(text)' is not a port number"
        case .urlUnknownSSLMode(let mode):
            "sslmode '\(mode)' is not one of disable, allow, prefer, require, verify-ca, verify-full"
        case .urlTimeoutNotSeconds(let text): "connect_timeout '\(text)' is not a number of seconds"
        case .booleanYes: "yes"
        case .booleanNo: "no"
        case .configUnreadable(let path, let reason):
            path.map {
                "cannot read the config file \($0): \(reason.english); fix KEYFORM_CONFIG, or set it to /dev/null for no config"
            } ?? "cannot read the config file: \(reason.english)"
        case .saving: "Saving the record…"
        case .savingWaits: "saving: the record is stored, or rescued to a file, before Keyform stops"
        case .importedRecordsAlreadyStored(let said, let count):
            said.english + "; \(Self.count(count, "record was", "records were")) stored already "
                + "(the save reached the store after all), not stored again"
        case .storeWillRescue(let problem): problem + ": the record will be saved to a file"
        case .deletingRecord: "Deleting the record…"
        case .loadingRecords: "Loading records…"
        case .openingForm: "Opening the form…"
        case .choicesLoading(let label, let spinner): (spinner.map { $0 + " " } ?? "") + "Loading \(label)…"
        case .choicesMissing(let label, let reason): "\(label): \(reason.english)"
        case .choicesNotRun(let label, let command): "\(label): keys from \(command) (not run here)"
        case .choicesNotRead(let label, let path): "\(label): keys from \(path) (not read here)"
        case .choicesTookTooLong(let program, let seconds):
            "\(program) took longer than \(Self.duration(seconds, seconds: "s", minutes: "min")) and was stopped"
        case .choicesStoppedBySignal(let program): "\(program) was stopped by a signal"
        case .choicesCommandFailed(let program, let status, let said):
            "\(program) failed (exit status \(status))" + (said.map { ": " + $0 } ?? "")
        case .choicesPrintedNone(let program): "\(program) printed no choices"
        case .choicesCommandNotFound(let program): "\(program): command not found"
        case .choicesCommandNotStarted(let program, let reason): "\(program): \(reason)"
        case .choicesFileTooLarge(let file):
            "\(file ?? "standard input") holds more than 1 MiB; choices are at most 1 MiB"
        case .choicesFileHoldsNone(let file): "\(file ?? "standard input") holds no choices (one a line)"
        case .choicesFileUnreadable(let file, let reason): "\(file ?? "standard input"): \(reason.english)"
        case .choicesFlagFailed(let field, let reason): "--choices \(field): \(reason.english)"
        case .choicesToCheckMissing(let field, let reason):
            "field '\(field)': no choices to check the answer against: \(reason.english)"
        case .keyboardKeyNoneYet: "abc (none yet)"
        case .doneKey: "Done"
        case .fmtDirectives: "directives (%YAML, %TAG) are not supported by the formatter"
        case .fmtIndentationIndicator:
            "block scalars with an indentation indicator (like |2) are not supported by the formatter; write the text in quotes"
        case .fmtTags(let tag): "tags (\(tag ?? "like !!str")) are not supported by the formatter"
        case .fmtAnchors(let anchor):
            anchor.map {
                "anchors and aliases (&\($0), *\($0)) are not supported by the formatter; write the value out at each place it is used"
            } ?? "anchors and aliases are not supported by the formatter"
        case .fmtFoldedBlock:
            "folded block scalars (>) are not supported by the formatter; write the text in quotes, or as a literal block (|)"
        case .fmtLiteralLineBreaks:
            "a literal block scalar (|) with line breaks other than LF is not supported by the formatter; write the text in quotes"
        case .fmtBlockInFlow:
            "block scalars (| and >) are not supported by the formatter inside a list or a row; write the text in quotes"
        case .fmtKeyNotText(let found): "mapping keys must be texts, not \(found?.english ?? "lists or mappings")"
        case .fmtNotShape(let shape, let found): "\(Self.formatterShape(shape)), not \(found.english)"
        case .fmtFoundText(let text): "a text (\(text))"
        case .fmtEmptyFile(let shape): "the file is empty; \(Self.formatterShape(shape))"
        case .fmtNoFields(let noun, let shape): "the \(noun) has no fields; \(Self.formatterShape(shape))"
        case .fmtOneDocument(let noun): "a \(noun) file holds one YAML document; another one starts here"
        case .fmtInvalidYAML(let problem): "invalid YAML: \(problem)"
        case .fmtInvalidText(let problem): "invalid text: \(problem)"
        case .fmtDuplicateKeys(let keys): "duplicate key \(keys.map { "`\($0)`" }.joined(separator: ", ")) in a mapping"
        case .fmtInternal(let noun):
            "internal error: the formatted \(noun) would not mean the same or would lose a comment; please report it"
        case .keyScriptUnknownKey(let name, let known): "unknown key <\(name)>; known keys: \(known)"
        case .testKeysUnreadable: "keys: cannot be read"
        case .testOutcomeDiffers(let expected, let got, let screen):
            "outcome: expected \(expected), got \(got)" + (screen.map { "; screen:\n" + $0 } ?? "")
        case .testScreenDiffers(let expected, let got): "screen differs; expected:\n\(expected)\n     got:\n\(got)"
        case .testExpectNoField(let id): "expect: the form has no field '\(id)'"
        case .testExpectNote(let id):
            "expect: '\(id)' is a note, which holds no value; expect the fields that are answered"
        case .testExpectNotAsked(let id, let expected, let condition):
            "\(id): expected '\(expected)', but '\(id)' is not asked unless \(condition.english)"
        case .testExpectedGot(let id, let expected, let got): "\(id): expected \(expected), got \(got)"
        case .testSummary(let passed, let failed): "\(passed) passed, \(failed) failed"
        case .templateMissing(let form):
            "form '\(form)' has no template; add 'template:' to the form or use --format json or env"
        case .templateInvalidAt(let line, let column, let reason):
            "template: line \(line), column \(column): \(reason.english)"
        case .templateTooDeep(let depth): "sections nest more than \(depth) deep; close some before opening more"
        case .templateCloseTagMismatch: "the closing tag does not match the open section"
        case .templateTagNotClosed: "a tag is not closed, or its name is not valid"
        case .templateSectionNotClosed: "a section is not closed"
        case .templateBadDelimiter: "the set-delimiter tag is not valid"
        case .templateTransformOnInherited: "a transform cannot apply to an inherited section"
        case .templateTokenInInheritedPartial: "only blocks may appear inside an inherited partial"
        case .templateTextInInheritedPartial: "text may not appear inside an inherited partial"
        case .templateBadPragma: "the pragma tag is not valid"
        case .templateUnknownPragma: "unknown pragma"
        case .templateEndsInTag: "the template ends inside a tag"
        case .templateOtherwiseInvalid(let error): "the template is not valid (\(error))"
        case .recordNumbered(let id): "record \(id)"
        case .wordPageTitle: "page title"
        case .wordTheMessage: "the message"
        case .wordState: "state"
        case .serverProgramNotStarted(let path, let reason): "cannot start \(path) for a PostgreSQL location: \(reason)"
        case .watching(let origin, let errors):
            "watching \(origin) (\(errors == 0 ? "ok" : Self.count(errors, "error", "errors"))); redrawn on every save, Ctrl-C stops"
        case .layoutPreviewPage(let page, let count, let id, let title):
            "Page \(page)/\(count)" + (id.map { ": " + $0 } ?? "") + (title.map { " (\($0))" } ?? "")
        case .layoutPreviewTooNarrow(let needed): "(too narrow to draw this layout: needs at least \(needed) columns)"
        case .configShowFile(let file): "config file: \(file)"
        case .configFileNotFound: " (not found)"
        case .configFileNone(let byVariable): byVariable ? "none (KEYFORM_CONFIG=/dev/null)" : "none"
        case .configSourceDefault: "default"
        case .configSourceTheme(let theme): "theme \(theme)"
        case .editorNoTemporaryFile(let folder, let reason): "no temporary file for the editor in \(folder): \(reason)"
        case .editorTextNotWritten(let reason): "the text could not be written for the editor: \(reason)"
        case .editorLeftNoFile(let editor): "the editor '\(editor)' left no file to read; the value is unchanged"
        case .editorNotStarted(let editor, let reason):
            "the editor '\(editor)' could not be started (\(reason)); set VISUAL or EDITOR; the value is unchanged"
        case .editorNotWaitedFor(let editor, let reason):
            "the editor '\(editor)' could not be waited for (\(reason)); the value is unchanged"
        case .editorKilled(let editor, let signal):
            "the editor '\(editor)' was stopped by signal \(signal); the value is unchanged"
        case .editorNotFound(let editor):
            "the editor '\(editor)' was not found; set VISUAL or EDITOR; the value is unchanged"
        case .invalidPattern(let pattern, let reason): "invalid pattern '\(pattern)': \(reason)"
        case .noFieldToFilterBy(let id): "no field '\(id)' to filter by"
        case .standardInput: "stdin"
        case .editorExited(let editor, let status):
            "the editor '\(editor)' exited with status \(status); the value is unchanged"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func either(_ items: [String], or last: String, separator: String = ", ") -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: separator) + last + items.last!
    }

    /// `a text`, `an integer`: a field's kind with its article.
    static func article(_ kind: String) -> String {
        ("aeiou".contains(kind.first ?? "x") ? "an " : "a ") + kind
    }

    /// `'a', 'b' and 'c'`.
    static func andList(_ names: [String]) -> String {
        either(names.map { "'\($0)'" }, or: " and ")
    }

    /// `integer, number and date`.
    static func plainAnd(_ names: [String]) -> String {
        names.isEmpty ? "no" : either(names, or: " and ")
    }

    /// `5 s`, `0.5 s`, `2 min` (whole minutes from two on), with the language's units.
    static func duration(_ seconds: Double, seconds second: String, minutes minute: String) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        if milliseconds % 60_000 == 0, milliseconds >= 120_000 { return "\(milliseconds / 60_000) \(minute)" }
        return FieldValue.format(Double(milliseconds) / 1000) + " " + second
    }

    /// What a part of a layout or form file must be, as the formatter says it.
    static func formatterShape(_ shape: FormatterShape) -> String {
        switch shape {
        case .layoutRoot: "a layout is a mapping of fields (title, kind, rows or pages)"
        case .layoutEmpty: "it needs rows or pages"
        case .key: "a key must be a text or a mapping (label, text, hotkey, span, action, to)"
        case .row: "a row must be a list of keys, e.g. `- [High, Low]`"
        case .rows: "`rows` must be a list of rows, each a list of keys, e.g. `- [High, Low]`"
        case .layoutPage: "a page must be a mapping with id, title and rows"
        case .layoutPages: "`pages` must be a list of pages, each a mapping with id, title and rows"
        case .formRoot: "a form is a mapping with title and fields (or pages)"
        case .formEmpty: "it needs fields or pages"
        case .choices: "`choices` must be a list or a mapping"
        case .choiceKeys: "`keys` must be a mapping of values to lists of keys"
        case .messages: "`messages` must be a mapping from a check (required, pattern, min…) to its message"
        case .field: "a field must be a mapping with id, label, type…"
        case .fields: "`fields` must be a list of fields, each a mapping with id, label, type…"
        case .formPage: "a page must be a mapping with title and fields"
        case .formPages: "`pages` must be a list of pages, each a mapping with title and fields"
        case .rule: "a rule must be a mapping with name, check (or one_of) and message"
        case .rules: "`rules` must be a list of rules, each a mapping with name, check and message"
        }
    }

    /// A sentence without its closing full stop, to go on after it.
    static func withoutFullStop(_ text: String) -> String {
        text.hasSuffix(".") || text.hasSuffix("。") ? String(text.dropLast()) : text
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
