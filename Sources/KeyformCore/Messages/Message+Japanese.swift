/// The Japanese catalogue: every message as a Japanese reader expects it (not
/// word for word: a problem is a request, 「」 quote values, dates are
/// `2026年11月21日`). Exhaustive: a new message does not compile until it has
/// its Japanese. Footer words are short: the footer fits 40 columns
/// (`JapaneseFormTests`).
extension Message {
    public var japanese: String {
        switch self {
        case .required: "必須です"
        case .requiredWhen(let condition): Self.spaced(condition.japanese) + "のときは必須です"
        case .notWholeNumber: "整数で入力してください"
        case .notNumber: "数値で入力してください"
        case .notDate: "日付で入力してください（2026-11-21、today、yesterday、tomorrow）"
        case .notDateTime: "日時で入力してください（2026-11-27 14:30、2026-11-27T14:30、now）"
        case .notTime: "時刻で入力してください（07:30、7:30、0730、now）"
        case .notARealTime: "実在する時刻にしてください（時は 0〜23、分は 0〜59）"
        case .notBoolean: "はい か いいえ（yes か no）で入力してください"
        case .notState(let no, let yes): "「\(no)」か「\(yes)」（または yes か no）で入力してください"
        case .oneLine: "1 行で入力してください"
        case .tooShort(let minimum): "\(minimum) 文字以上で入力してください"
        case .tooLong(let maximum): "\(maximum) 文字以内で入力してください"
        case .tooSmall(let minimum): "\(FieldValue.format(minimum)) 以上にしてください"
        case .tooLarge(let maximum): "\(FieldValue.format(maximum)) 以下にしてください"
        case .integerTooSmall(let minimum): "\(minimum) 以上にしてください"
        case .integerTooLarge(let maximum): "\(maximum) 以下にしてください"
        case .patternMismatch(let pattern): "パターン \(pattern) に合う値を入力してください"
        case .tooFewPicks(let minimum): "\(minimum) 個以上選んでください"
        case .tooManyPicks(let maximum): "選べるのは \(maximum) 個までです"
        case .notAChoice(let choices):
            choices.isEmpty
                ? "キーのどれかにしてください"
                : "次のどれかにしてください: \(choices.prefix(10).joined(separator: "、"))"
                    + (choices.count > 10 ? "（ほか \(choices.count - 10) 個）" : "")
        case .notARealDate(let year, let month):
            (1...12).contains(month)
                ? "実在する日付にしてください（\(year)年\(month)月は\(CivilDate.daysInMonth(year: year, month: month))日までです）"
                : "実在する日付にしてください（月は 1〜12 です）"
        case .controlCharacter(let scalar): "\(Self.japaneseKind(of: scalar)) \(Self.code(scalar)) は使えません"
        case .isNotWholeNumber: "整数ではありません"
        case .isNotNumber: "数値ではありません"
        case .isNotYesOrNo: "はいでもいいえでもありません"
        case .isNoteWithoutValue: "説明文なので値は入りません"
        case .noteHoldsNoValue: "説明文は値を持ちません"
        case .quoted(let value, let problem):
            // "「1.5」は整数ではありません"; a request reads after a colon: "「someday」：日付で入力してください".
            switch problem {
            case .isNotWholeNumber, .isNotNumber, .isNotYesOrNo, .isNoteWithoutValue, .notValid:
                "「\(value)」は\(problem.japanese)"
            default: "「\(value)」：\(problem.japanese)"
            }
        case .notValid: "正しくありません"
        case .timestampNotTime(let text):
            "\(Self.shownJapanese(text)) は時刻ではありません。records export と同じく UTC で 2026-11-21T09:30:00.123Z"
                + " のように（またはオフセット付きで 2026-11-21T18:30:00+09:00 のように）書いてください"
        case .timestampWithoutZone(let text):
            "\(Self.shownJapanese(text)) にはタイムゾーンがありません。UTC なら Z を（\(text)Z）、"
                + "またはオフセットを（\(text)+09:00 のように）付けてください"
        case .timestampBadOffset(let text):
            "\(Self.shownJapanese(text)) のオフセットはタイムゾーンになりません（-23:59〜+23:59）"
        case .timestampNotRealDate(let text, let year, let month):
            "\(Self.shownJapanese(text))：\(Message.notARealDate(year: year, month: month).japanese)"
        case .timestampNotTimeOfDay(let text):
            "\(Self.shownJapanese(text)) は実在する時刻ではありません（時は 00〜23、分と秒は 00〜59）"
        case .authored(let text): text

        case .afterLabel(let problem, let worded):
            // "件名は必須です", "請求先は、billable が yes のときは必須です"; other problems after a
            // colon: "件数：整数で入力してください".
            !worded && problem.isRequired
                ? (problem.id == "requiredWhen" ? "は、" : "は") + problem.japanese : "：" + problem.japanese
        case .fieldLine(let label, let problem): "\(label)：\(problem.japanese)"
        case .doneIsDisabled(let because): "まだ完了できません：" + because

        case .doneButton: "[ 完了 ]"
        case .doneDisabled: "[ 完了 ] 無効:"
        case .submitted: "送信しました"
        case .ready: "送信できます"
        case .readyPress(let key): key + " で送信"
        case .cancelled: "中止しました"
        case .interrupted: "中断しました"
        case .timeIsUp: "時間切れです"
        case .stopped: "終了しました"
        case .endedDraftKept(let ended): ended.japanese + "。下書きは保存してあります"
        case .endedDraftNotKept(let ended, let problem): ended.japanese + "。下書きを保存できませんでした: " + problem
        case .draftNotKept(let problem): "下書きを保存できません: " + problem
        case .timeLeft(let seconds):
            seconds >= 60 ? "残り \(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" : "残り \(seconds) 秒"
        case .page(let page, let count): "\(page)/\(count) ページ"
        case .moreFields(let count): "ほか \(count) 項目"
        case .moreLines(let count): "ほか \(count) 行"
        case .gridRows(let first, let last, let count):
            first == last ? "\(count) 行中 \(last) 行目" : "\(count) 行中 \(first)–\(last) 行目"
        case .filterLabel: "絞り込み: "
        case .noMatch: "一致なし"
        case .matches(let count, let total): "\(total) 件中 \(count) 件"
        case .noKeyHere(let name): "ここに「\(name)」のキーはありません"
        case .noKeyMatches(let query): "「\(query)」に一致するキーはありません"
        case .terminalTooSmall(let need, let have): "端末が小さすぎます（必要 \(need)、現在 \(have)）。"
        case .makeWindowLarger(let key): "ウィンドウを大きくしてください" + (key.map { "（\($0) で終了）。" } ?? "。")
        case .tooSmallNeed(let need): "小さすぎます: \(need) 必要"
        case .windowTooSmall: "小さすぎます"

        case .keyListTitle: "キー一覧"
        case .keyListKeyboard: "キーボード"
        case .keyListCalendar: "カレンダー"
        case .keyListKeys: "キー"
        case .keyListSwitch: "スイッチ"
        case .keyListNote: "説明"
        case .keyListTyping: "入力"
        case .keyListTypingSummary: "GNU readline のキーで行を編集（↑: 前の値、Ctrl-R: 検索）"
        case .keyListMore(let count): "… ほか \(count) 個: ウィンドウを高くしてください"
        case .keyListAnyKeyGoesBack: "どのキーでもフォームに戻ります。"
        case .keySummary(let action): Self.japaneseSummary(action)

        case .spokenOpening(let title, let fields): "\(title): \(fields) 項目を 1 つずつ尋ねます。"
        case .spokenHowToAnswer: "答えを入力して Enter を押してください。Enter だけなら今の値のまま、空の行で Ctrl-D を押すと中止します。"
        case .spokenHowToGoBack(let word): "「\(word)」（小なり記号）だけを入力すると前の項目に戻ります。"
        case .spokenFirstField: "最初の項目です。前の項目はありません。"
        case .spokenField(let number, let count, let parts):
            "項目 \(number)/\(count): " + parts.joined(separator: "、") + "。"
        case .spokenRequired: "必須"
        case .spokenOptional: "任意"
        case .spokenNow(let value): "現在の値: \(value)。"
        case .spokenSecretSet: "設定済み（読み上げません）"
        case .spokenList(let items): items.joined(separator: "、")
        case .spokenOneOf(let list): "次のどれか: " + list.japanese
        case .spokenOneOrMoreOf(let list): "次から 1 つ以上: " + list.japanese
        case .spokenOrPick(let kind, let list): kind.japanese + "、または次から選ぶ: " + list.japanese
        case .spokenChoiceCount(let count): "選択肢 \(count) 個から 1 つを入力"
        case .spokenYesOrNo: "はい か いいえ"
        case .spokenText: "テキスト"
        case .spokenSecret: "秘密の値（入力は表示されません）"
        case .spokenWholeNumber: "整数"
        case .spokenNumber: "数値"
        case .spokenDate(let example): "日付（例: \(example)、today、tomorrow）"
        case .spokenTime: "時刻（例: 14:30）"
        case .spokenDateTime(let example): "日時（例: \(example) 14:30）"
        case .spokenNote: "読むための説明。Enter で次へ"
        case .spokenSubmitted: "完了: フォームを送信しました。"
        case .spokenEndedDraftNotKept(let ended, let problem): ended.japanese + "。下書きを保存できませんでした: " + problem
        case .sentence(let text): text.isEmpty || "。！？.!?".contains(text.last!) ? text : text + "。"

        case .resumeDraft(let title, let time): "\(time) に保存した「\(title)」の下書きを再開しますか？"
        case .resumeDraftFrom(let title, let day, let time):
            "\(Message.date(day).japanese) \(time) に保存した「\(title)」の下書きを再開しますか？"
        case .draftHolds(let summary): "下書き — " + summary
        case .hintYes: "はい"
        case .hintNo: "いいえ"
        case .noAnswer(let typed): "「\(typed)」は答えになりません: "

        case .recordCount(let count): count == 0 ? "記録なし" : "\(count) 件"
        case .rowsShown(let first, let last): "\(first)–\(last) 件目"
        case .noRecordsYet(let add): "まだ記録がありません" + (add.map { "（\($0) で追加）" } ?? "")
        case .noRecordsWithYet(let which, let add): "\(which) の記録はまだありません" + (add.map { "（\($0) で追加）" } ?? "")
        case .noRecordsWith(let which, let showAll, let add):
            "\(which) の記録はありません" + Self.bracketed([showAll.map { "\($0) ですべて表示" }, add.map { "\($0) で追加" }])
        case .emptyValue: "（空）"
        case .sortedBy(let label): label + " 順"
        case .newestFirst: "新しい順"
        case .deleteRecord(let summary): "「\(summary)」を削除しますか？ (y/n) "
        case .recordDeleted(let summary): "「\(summary)」を削除しました"
        case .recordAddedNotListed(let summary, let shows): "「\(summary)」を追加しました · 一覧には出ません（一覧は \(shows) のみ）"
        case .recordSavedNoLongerListed(let summary, let shows): "「\(summary)」を保存しました · 一覧から外れました（一覧は \(shows) のみ）"
        case .notSaved(let problem): "保存できませんでした: " + problem
        case .cannotFilter(let problem): "絞り込めません: " + problem
        case .nothingToToggle(let form): "切り替えられません: \(form) にははい/いいえの項目がありません"
        case .nothingToFilterBy: "絞り込めません: どの項目も一覧には 1 つの値しかありません"
        case .editTitle(let title): title + " の編集"
        case .filterTitle(let title): title + " · 絞り込み"
        case .filterGridTitle: "次の項目で記録を絞り込みます…"
        case .filterBy: "絞り込む項目"
        case .hintEdit: "編集"
        case .hintDelete: "削除"
        case .hintShowAll: "すべて表示"
        case .hintSort(let order): order.japanese + "に並べ替え"
        case .hintQuit: "終了"
        case .hintMenu: "メニュー"
        case .hintLists: "リスト一覧"
        case .hintVacations: "休暇一覧"

        case .storeCannotCreateFolder(let path, let reason):
            "データベース用のフォルダ '\(path)' を作れません: \(reason.japanese)。"
                + "自分で作るか、--db PATH か KEYFORM_DB で別のデータベースを選んでください。"
        case .storeNoDatabase(let path):
            "'\(path)' にデータベースはありません（まだ何も保存されていません）。パスを確かめてください（--db PATH か KEYFORM_DB）。"
                + "最初の keyform run FORM で作られます。"
        case .storeCannotOpen(let path, let reason):
            "データベース '\(path)' を開けません: \(reason.japanese)。--db PATH か KEYFORM_DB で別のファイルを選んでください。"
        case .storeNotADatabase(let path):
            "'\(path)' は Keyform のデータベースではありません。移動するか、--db PATH か KEYFORM_DB で別のものを選んでください。"
        case .storeCorrupt(let path, let detail, let recovery):
            "データベース '\(path)' は壊れています（\(detail)）。コピーを残してください"
                + (recovery.map { "（\($0)）" } ?? "") + "。"
                + "それまでは --db PATH か KEYFORM_DB で別のデータベースを選んでください。"
        case .storeForeign(let path):
            "'\(path)' は別のプログラムのデータベースです。Keyform は書き込みません。"
                + "--db PATH か KEYFORM_DB で別のものを選んでください。"
        case .storeNewerVersion(let path):
            "データベース '\(path)' は新しいバージョンの Keyform が書いたものです。使うには Keyform を更新してください。"
        case .storeReadOnly(let path, let detail):
            "データベース '\(path)' に書き込めません: 読み取り専用です"
                + (detail.map { "（\($0)）" } ?? "") + "。"
                + "権限を直すか、--db PATH か KEYFORM_DB で別のデータベースを選んでください。"
        case .storeDiskFull(let path):
            "データベース '\(path)' に書き込めません: ディスクがいっぱいです。空きを作ってからやり直してください。"
        case .storeBusy(let path, let seconds):
            "データベース '\(path)' は別のプログラムに \(seconds) 秒以上ロックされたままです。終わってからやり直してください。"
        case .storeRecordNotFound(let id, let form):
            "id \(id) の '\(form)' の記録はありません（削除されたのかもしれません）。"
        case .storeRecordChanged(let id, let form):
            "id \(id) の '\(form)' の記録は読んだ後で別の人が変更しました。何も書き込んでいません。読み直して選んでください。"
        case .storeUnknownField(let form, let field, let suggestion):
            "フォーム '\(form)' に項目 '\(field)' はありません" + (suggestion.map { "。'\($0)' のことですか？" } ?? "。")
        case .storeInvalidName(let name):
            "'\(name)' はフォーム名や項目名に使えません（英小文字・数字・_ で、英字で始めてください）。"
        case .storeInvalidValue(let field, let reason): "項目 '\(field)': \(reason)。"
        case .storeUnsupportedLocation(let location, let reason): "'\(location)' を開けません: \(reason.japanese)。"
        case .storeFailed(let path, let message): "データベース '\(path)' でエラーが起きました: \(message)。"
        case .storeShortDiskFull: "ディスクがいっぱいです"
        case .storeShortReadOnly: "データベースは読み取り専用です"
        case .storeShortBusy: "データベースが使用中です"
        case .storeShortDamaged: "データベースが壊れています"
        case .storeShortCannotOpen: "データベースを開けません"
        case .storeShortFailed: "保存に失敗しました"

        case .libraryCancelled: "中止しました"
        case .libraryInterrupted: "中断しました"
        case .libraryTerminated(let signal): "シグナル \(signal) で終了しました"
        case .libraryTimedOut: "時間切れです"
        case .libraryNoTerminal(let reason): "フォームを表示する端末がありません（\(reason)）"
        case .libraryInvalidForm(let lines): (["フォームに誤りがあります:"] + lines).joined(separator: "\n")
        case .libraryInvalidConfig(let lines): (["Keyform の設定に誤りがあります:"] + lines).joined(separator: "\n")
        case .libraryStoreUnavailable(let reason): "ストアを開けません: \(reason)"
        case .libraryNotStored(let reason, let record): "記録は保存されていません: \(reason)。記録: \(record)"
        case .libraryDecodingFailed(let reason): "記録を Swift の型に読めません: \(reason)"
        case .libraryInvalidKeys(let reason): "キーの台本を読めません: \(reason)"
        case .libraryUnfinished(let screen): "フォームが開いたままキーが尽きました。画面:\n\(screen)"
        case .libraryRuleBroken(let name, let message): "ルール '\(name)': \(message)"

        case .formNotFound(let form, let places, let needs):
            "フォーム '\(form)' が見つかりません。探した場所: \(places)"
                + (needs.map { "。\($0.japanese)。パスを指定するか、KEYFORM_FORMS にそのフォルダを設定してください" } ?? "")
        case .runNeedsFormFile: "run はフォームを表示するためにそのファイルが必要です"
        case .browseNeedsFormFile: "browse は記録を表示・編集するためにフォームのファイルが必要です"
        case .importNeedsFormFile: "import は記録を検査するためにフォームのファイルが必要です"
        case .cannotUseTerminal(let reason, let without): "端末を使えません（\(reason)）。\(without.japanese)"
        case .withoutTerminalRun: "--answers FILE（JSON）を指定するか、--answers - --answers-format lines で標準入力に 1 行 1 値を渡してください"
        case .withoutTerminalDemo:
            "keyform demo には端末が必要です。端末のウィンドウで実行してください（keyform run FORM --answers FILE なら端末なしで記入できます）"
        case .withoutTerminalBrowse: "keyform browse には端末が必要です（keyform records list で記録を表示できます）"
        case .withoutTerminalValue: "端末なしで答えるには --value VALUE を指定してください"
        case .withoutTerminalSelected: "端末なしで答えるには --selected OPTION を指定してください"
        case .withoutTerminalDefault: "端末なしで答えるには --default yes か --default no を指定してください"
        case .cannotReadCommandLine:
            "コマンドラインを読めません（Linux では /proc/self/cmdline から読みます。/proc をマウントしてください）"
        case .timeoutOutOfRange(let found): "--timeout には 1〜86400 の整数（秒）を指定してください（指定された値: \(found)）"
        case .limitNegative(let limit): "--limit には 0 以上を指定してください（指定された値: \(limit)）"
        case .widthTooSmall(let width): "--width には 1 以上を指定してください（指定された値: \(width)）"
        case .heightTooSmall(let height): "--height には 1 以上を指定してください（指定された値: \(height)）"
        case .resumeAndFresh: "--resume と --fresh は同時に使えません。どちらか一方を指定してください"
        case .dbAndNoStore: "--db と --no-store は同時に使えません。どちらか一方を指定してください"
        case .answersFormatWithoutAnswers:
            "--answers-format は --answers のファイルの書式を指定するものです。--answers FILE（標準入力なら -）も指定してください"
        case .choicesNotIdAndFile(let given):
            "--choices は ID=FILE の形で指定してください（項目の ID と、1 行に 1 つキーを書いたファイル。標準入力なら -）。指定された値: '\(given)'"
        case .choicesStdinTwice: "標準入力から渡せる選択肢は 1 項目分だけです。ほかはファイルで指定してください"
        case .stdinAnswersAndChoices: "回答と選択肢の両方を標準入力から渡すことはできません。どちらかをファイルで指定してください"
        case .choicesNoField(let given, let path, let field, let suggestion, let fields):
            "--choices \(given): \(path) に項目 '\(field)' はありません。"
                + (suggestion.map { "'\($0)' のことですか？" } ?? "項目は \(fields.joined(separator: "、")) です")
        case .noTemplate(let path):
            "\(path) に 'template' がありません。追加するか、--format json か env を使ってください"
        case .answersNotRead(let file, let reason):
            file.map { "回答ファイル \($0) を読めません: \(reason)" } ?? "標準入力の回答を読めません: \(reason)"
        case .answersTooLarge(let file): "回答ファイル \(file) が 1 MiB を超えています。回答は 1 MiB までです"
        case .promptFormatNotTextOrJSON(let variable, let value):
            "\(variable)=\(value) は使えません。text か json を指定してください"
        case .historyNotAName(let name):
            "--history '\(name)' は名前として使えません。英字、数字、'-'、'_'、'.' で書いてください（例: commit-scope）"
        case .historyWithSecret: "--history は回答をファイルに残します。--secret の回答は残せません"
        case .promptTypeUnknown(let type): "--type \(type) は使えません。text、integer、number、date、time のどれかを指定してください"
        case .confirmDefaultNotYesOrNo(let text): "--default \(text) は使えません。yes か no を指定してください"
        case .optionsNotRead(let file, let reason):
            file.map { "--file \($0) を読めません: \(reason)" } ?? "標準入力の選択肢を読めません: \(reason)"
        case .storedFormNotFound(let form, let places, let store, let held, let suggestion):
            "フォーム '\(form)' が見つかりません。探した場所: \(places)、ストア（\(store)）"
                + (held.isEmpty ? "。ストアに記録はありません" : "。ストアにあるのは次のフォームの記録です: \(held.joined(separator: "、"))")
                + (suggestion.map { "。'\($0)' のことですか？" } ?? "")
        case .copySameStore(let store): "--from と --to が同じストア（'\(store)'）です。別々のストアを指定してください"
        case .copyNoSuchForm(let store, let form, let suggestion):
            "'\(store)' にフォーム '\(form)' の記録はありません" + (suggestion.map { "。'\($0)' のことですか？" } ?? "")
        case .copyFailed(let source, let target, let reason): "'\(source)' から '\(target)' へのコピーに失敗しました: \(reason)"
        case .importTooLarge(let file, let mebibytes):
            "\(file) が \(mebibytes) MiB を超えています。分けて取り込んでください"
        case .importInputChanged(let file): "取り込みの途中で \(file) が変わりました。もう一度取り込んでください"
        case .configHasErrors:
            "設定に誤りがあります。直すか（keyform config check）、KEYFORM_CONFIG=/dev/null で設定ファイルなしで実行してください"
        case .noTestFiles(let paths):
            "\(paths.map { "'\($0)'" }.joined(separator: "、")) にテストファイル（NAME.test.yaml）がありません。何も実行していません"
        case .notCanonical(let path, let noun):
            "\(path): 正規の書式ではありません。keyform \(noun) fmt \(path) を実行してください"
        case .pathNotFound(let path, let why, let hint):
            "\(why.japanese): \(path)" + (hint.map { "。\($0.japanese)" } ?? "")
        case .pathMissing: "そのようなファイルやフォルダはありません"
        case .pathLinkLoops: "ループしているシンボリックリンクです（自分自身を指しています）"
        case .pathLinkToNothing(let target): "リンク先のないシンボリックリンクです" + (target.map { "（\($0) へのリンク）" } ?? "")
        case .formIsAt(let name, let path): "フォーム '\(name)' は \(path) にあります。そのパスを指定してください"
        case .layoutIsAt(let name, let path): "レイアウト '\(name)' は \(path) にあります。そのパスを指定してください"
        case .layoutIsShipped(let name):
            "'\(name)' は Keyform 付属のレイアウトで、ファイルではありません（keyform layout preview \(name) で表示できます）"
        case .emptyFolder(let kind, let path):
            "'\(path)' に\(kind.japanese)がないので、何もしていません。ファイルか、ファイルのあるフォルダを指定してください"
        case .formFilesKind: "フォームのファイル（*.yaml）"
        case .layoutFilesKind: "レイアウトのファイル（*.yaml）"
        case .layoutFileNotFound(let path, let suggestion):
            "レイアウトのファイル '\(path)' が見つかりません" + (suggestion.map { "。'\($0)' のことですか？" } ?? "")
        case .layoutNotFound(let name, let places, let suggestion):
            "レイアウト '\(name)' が見つかりません。探した場所: \(places.joined(separator: "、"))"
                + (suggestion.map { "。'\($0)' のことですか？" } ?? "")
        case .layoutsShippedPlace: "Keyform 付属のレイアウト"
        case .layoutShippedNotWatched(let name):
            "'\(name)' は Keyform 付属のレイアウトなので、監視するファイルがありません。"
                + "自分のファイルを監視してください（./Layouts/\(name).yaml を作れば、そちらが先に見つかります）"
        case .noDemoApp(let app, let suggestion, let apps):
            "デモアプリ '\(app)' はありません。\(suggestion.map { "'\($0)' のことですか？ " } ?? "")アプリは \(apps.joined(separator: "、")) です"
        case .noDemoFolder: "ここに demo/ フォルダがありません。keyform demo は Keyform のソースのフォルダで実行してください"
        case .cannotMakeSampleList(let reason): "見本のリストを作れません: \(reason)"
        case .cannotRememberList(let reason): "開いたリストを覚えておけません: \(reason)"
        case .cannotRenameList(let reason): "リストの名前を変えられません: \(reason)"
        case .cannotDeleteList(let reason): "リストを削除できません: \(reason)"
        case .stdoutNotWritten(let reason): "結果を標準出力に書けませんでした（\(reason)）"
        case .cannotWrite(let path, let because): "\(path) に書き込めません: \(because.japanese)"
        case .writeCannotCreateIt(let reason): "作成できません: \(reason)"
        case .writeCannotWriteIt(let reason): "書き込みに失敗しました: \(reason)"
        case .writeCannotReadMode(let reason): "権限を読めません: \(reason)"
        case .writeCannotOpenIt(let reason): "開けません: \(reason)"
        case .writeChangedWhileOpened(let reason): "開いている間に変更されました: \(reason)"
        case .writeCannotCreateTemporary(let temporary, let reason): "\(temporary) を作成できません: \(reason)"
        case .writeCannotReplaceIt(let reason): "置き換えられません: \(reason)"
        case .writeCannotReadIt(let reason): "読めません: \(reason)"
        case .writeCannotReadLink(let reason): "リンクを読めません: \(reason)"
        case .writeLinkToNothing(let target):
            "存在しない \(target) へのシンボリックリンクです。リンクを消すか、書き込むファイルのパスを指定してください"
        case .writeOwnedByAnother(let link, let isLink, let uid):
            "\(link.map { "\($0) は" } ?? "")ほかのユーザー（uid \(uid)）の\(isLink ? "シンボリックリンク" : "ファイル")です。"
                + "Keyform はほかの人のものを置き換えません。"
                + (isLink ? "リンクを消すか、別の場所に書いてください" : "別の場所に書くか、持ち主に頼んでください")
        case .writeTooManyLinks: "シンボリックリンクが多すぎます"
        case .readNoSuchFile: "ファイルがありません"
        case .readFailed(let reason): "ファイルを読めません（\(reason)）"
        case .readNotRegularFileOrPipe: "通常のファイルでもパイプでもありません（フォルダかデバイスです）"
        case .readNotRegularFile: "通常のファイルではありません（フォルダ、FIFO、デバイスのどれかです）。YAML ファイルを指定してください"
        case .stdinTooLargeForAnswers: "標準入力が 1 MiB を超えています。回答とレイアウトは 1 MiB までです"
        case .stdinTooLarge(let mebibytes): "標準入力が \(mebibytes) MiB を超えています。分けて取り込んでください"

        case .tableCreated: "作成日時"
        case .noRecordsOf(let form, let conditions):
            conditions.map { "（'\(form)' の記録で \($0) のものはありません）" } ?? "（'\(form)' の記録はありません）"
        case .wroteRecords(let count, let output): "\(count) 件の記録を \(output) に書き出しました"
        case .importedRecords(let count, let form, let location):
            "'\(form)' の記録 \(count) 件を \(location) に取り込みました"
        case .nothingImportedProblems(let count, let name): "\(name) に問題が \(count) 件あるため、何も取り込んでいません"
        case .nothingImported(let reason): "何も取り込んでいません: \(reason)"
        case .copiedRecords(let count, let source, let target, let forms, let present):
            "'\(source)' から '\(target)' へ記録を \(count) 件コピーしました"
                + (forms.isEmpty ? "" : "（\(forms.joined(separator: "、"))）")
                + (present > 0 ? "。\(present) 件はすでにありました" : "")
        case .recordNotStored(let reason, let places):
            "記録は保存されていません: \(Self.withoutFullStop(reason.japanese))。"
                + (places.isEmpty
                    ? "" : "記録は失われていません（" + Self.spaced(places.map(\.japanese).joined(separator: "、")) + "にあります）。")
        case .recordOnStdout: "標準出力"
        case .recordSavedIn(let file): "ファイル \(file)"
        case .recordNotStoredHereItIs(let reason, let record):
            "記録は保存されていません: \(Self.withoutFullStop(reason.japanese))。出力も退避もできなかったので、ここに示します: \(record)"

        case .demoMenuTitle: "Keyform のデモ"
        case .demoPickAnApp: "アプリを選んでください"
        case .demoAppLabel: "アプリ"
        case .demoAppTodo: "やること"
        case .demoAppProfile: "プロフィール"
        case .demoAppSwim: "水泳の記録"
        case .demoAppVacations: "休暇"
        case .demoAppChecklists: "チェックリスト"
        case .demoAppAccount: "アカウント申請"
        case .demoDataIn(let folder): "データ: \(folder)/（アプリごとに 1 つ、初回使用時に作成）"
        case .demoDatabaseExists: "作成済み"
        case .demoDatabaseNotCreated: "未作成"
        case .demoOnePerVacation(let trips):
            trips.isEmpty ? "休暇ごとに 1 つ（まだありません）" : "休暇ごとに 1 つ: " + trips.joined(separator: "、")

        case .keyListAnyKey: "任意のキー"

        case .conditionIs(let field, let values):
            "\(field) が " + Self.either(values.map(\.japanese), or: " か ", separator: "、")
        case .conditionIsOrEmpty(let field, let values):
            "\(field) が " + Self.either(values.map(\.japanese) + ["空"], or: " か ", separator: "、")
        case .conditionFilled(let field): "\(field) が入力済み"
        case .conditionEmpty(let field): "\(field) が空"
        case .conditionAll(let conditions): conditions.map(\.japanese).joined(separator: "、かつ ")
        case .conditionAny(let conditions): conditions.map { "（" + $0.japanese + "）" }.joined(separator: "または")
        case .conditionNot(let condition): "（" + condition.japanese + "）ではない"

        case .yamlTooManyNodes(let budget):
            "エイリアスで YAML のノードが \(budget) 個を超えて展開されます（*name は &name の部分を繰り返します）。"
                + "繰り返す部分を減らしてください"
        case .mustBeMapping(let context, let found):
            Self.before(context.japanese, "はフィールドのマッピングにしてください（\(found.japanese)になっています）")
        case .fieldNameNotText(let found): "フィールド名はテキストにしてください（\(found.japanese)になっています）"
        case .unknownField(let name, let context, let hint):
            Self.before(context.japanese, "に '\(name)' というフィールドはありません。\(hint.japanese)")
        case .didYouMean(let name): "'\(name)' のことですか？"
        case .expectedOneOf(let names): "使えるのは " + names.map { "'\($0)'" }.joined(separator: "、") + " です"
        case .mustBeList(let field, let found): "'\(field)' はリストにしてください（\(found.japanese)になっています）"
        case .mustBeText(let field, let found): "'\(field)' はテキストにしてください（\(found.japanese)になっています）"
        case .yamlNothing: "空"
        case .yamlText(let text): "テキスト '\(text)' "
        case .yamlMapping: "マッピング"
        case .yamlList: "リスト"
        case .yamlAlias: "エイリアス"
        case .unsafeCharacter(let what, let scalar):
            "\(what.japanese) に\(Self.japaneseKind(of: scalar)) \(Self.code(scalar)) が含まれています。"
                + "取り除いてください（端末の表示が変わるおそれがあります）"
        case .notUTF8: "UTF-8 として正しくないファイルです。UTF-8 で保存してください"
        case .duplicateField(let names, let first):
            "同じマッピングにフィールド \(names.map { "'\($0)'" }.joined(separator: "、")) が 2 回以上あります"
                + (first.map { "（最初は \($0)）" } ?? "") + "。1 つにしてください"
        case .hotkeyUsedTwice(let hotkey, let label, let place):
            "ホットキー '\(hotkey)' は \(place) の '\(label)' ですでに使われています。"
                + "ホットキーはレイアウトの中で重ならないようにしてください"
        case .pageActionWithoutPages:
            "action 'page' は別のページに切り替えますが、このレイアウトには 'pages' がありません。"
                + "id 付きの 'pages' を使ってください"
        case .noPage(let page, let hint): "このレイアウトにページ '\(page)' はありません。\(hint.japanese)"
        case .pagesAre(let pages): "ページは " + pages.map { "'\($0)'" }.joined(separator: "、") + " です"
        case .noLayoutNamed(let name, let hint): "レイアウト '\(name)' が見つかりません。\(hint.japanese)"
        case .putLayoutInAFolder(let name): "名前を確かめるか、Layouts フォルダに \(name).yaml を置いてください"
        case .pageNeverShown(let page):
            "ページ '\(page)' は表示されません（'action: page' と 'to: \(page)' を持つキーがありません）"
        case .rowNarrower(let total, let widest):
            "この行は \(total) 列分で、いちばん広い行は \(widest) 列分です。"
                + "キーは行いっぱいに広げて表示されます（各キーの幅は 'span' で指定できます）"
        case .emptyLabel: "ラベルが空です。キーには表示するものが必要です。'label' を指定してください"
        case .labelTooWide(let label, let cells, let room, let besideHotkey, let columns, let shows):
            "ラベル '\(label)' は \(cells) セル幅ですが、\(columns) 列の画面では"
                + (besideHotkey ? "ホットキーの横に " : "") + "\(room) セル分しか入らず、'\(shows)' と表示されます"
                + "（短くするか、'span' でキーを広げてください）"
        case .whitespaceAround(let what, let text, let leading, let trailing):
            "\(what) '\(text)' の" + (leading && trailing ? "前後" : leading ? "先頭" : "末尾")
                + "に空白があります。取り除いてください"

        case .demoSaved(let summary): "✓ 「" + summary + "」を保存しました（Esc で終了）"
        case .demoLogged: "記録（新しい順）:"

        case .hintNext: "次へ"
        case .hintBack: "戻る"
        case .hintCancel: "中止"
        case .hintDone: "完了"
        case .hintField: "項目"
        case .hintKeys: "キー"
        case .hintKeyboard: "入力"
        case .hintNewLine: "改行"
        case .hintEditor: "エディタ"
        case .hintCommandMode: "コマンド"
        case .hintInsert: "挿入"
        case .hintCloseFilter: "絞り込み終了"
        case .hintCalendar: "カレンダー"
        case .hintErase: "消す"
        case .hintMove: "移動"
        case .hintMonth: "月"
        case .hintToday: "今日"
        case .hintFilter: "絞り込み"
        case .hintToggle: "切替"
        case .hintLeaveEmpty: "空のまま"
        case .hintKeep(let text): Self.spaced(text) + "のまま"
        case .hintAdd: "追加"
        case .hintAnswer: "回答"
        case .hintPick: "選ぶ"
        case .hintPickKey(let label): Self.spaced(label) + "を選ぶ"
        case .hintPickDay(let day): Message.date(day).japanese + "を選ぶ"
        case .hintToggleKey(let label): Self.spaced(label) + "を切替"
        case .hintTypeKey(let label): Self.spaced(label) + "を入力"
        case .hintPressKey(let label): Self.spaced(label) + "を押す"
        case .hintGoTo(let label): Self.spaced(label) + "へ"
        case .hintThenDone(let words): words.japanese + "、完了"

        case .date(let day): "\(day.year)年\(day.month)月\(day.day)日"
        case .monthName(let month): (1...12).contains(month) ? "\(month)月" : String(month)
        case .weekdayShort(let weekday):
            (1...7).contains(weekday) ? ["月", "火", "水", "木", "金", "土", "日"][weekday - 1] : String(weekday)
        case .calendarTitle(let monthName, let year): "\(year)年\(monthName)"

        case .conflictTitle: "別の端末で先に保存されました"
        case .conflictWhole: "残す"
        case .conflictKeepMine: "自分の変更"
        case .conflictTakeTheirs: "相手の変更"
        case .conflictPerField: "項目ごとに選ぶ"
        case .conflictMine(let value): "自分: " + value
        case .conflictTheirs(let value): "相手: " + value
        case .conflictEmpty: "（空）"
        case .recordDeletedMeanwhile: "別の端末で削除されました。完了すると新しい記録として保存します"
        case .storeServerUnreachable(let path, let reason):
            "'\(path)' のデータベースサーバーにつながりません: \(reason.japanese)。"
                + "サーバーが動いているか、場所のホストとポート（またはソケット）が正しいか確かめてください。"
        case .storeAuthenticationFailed(let path, let user, let reason):
            "'\(path)' のデータベースサーバーがユーザー '\(user)' を拒みました: \(reason.japanese)。"
                + "パスワードは PGPASSWORD か ~/.pgpass（HOST:PORT:DATABASE:USER:PASSWORD、モード 0600）に書くか、"
                + "サーバーの管理者に権限を頼んでください。"
        case .storeConnectionLost(let path):
            "'\(path)' との接続が切れました（サーバーが止まったか、ネットワークが切れました）。"
                + "確認されなかったものは保存されていません。サーバーが戻ってからやり直してください。"
        case .storePermissionDenied(let path, let detail):
            "'\(path)' のデータベースサーバーが拒みました: \(detail)。"
                + "このロールには許されていません。データベースの所有者に権限を頼んでください（docs/store.md の Roles）。"
        case .storeShortServerUnreachable: "サーバーにつながりません"
        case .storeShortLoginRefused: "サーバーがログインを拒みました"
        case .storeShortConnectionLost: "サーバーとの接続が切れました"
        case .storeShortRefused: "サーバーが拒みました"
        case .recordNotStoredImportLater(let said, let command):
            said.japanese + "保存先がまた記録を受け付けるようになったら、次のコマンドで取り込めます: \(command)"

        case .placeForm: "フォーム"
        case .placeLayout: "レイアウト"
        case .placeKey: "キー"
        case .placeConfig: "設定ファイル"
        case .placeTestFile: "テストファイル"
        case .placeChoice: "選択肢"
        case .placePage(let page): "ページ \(page)"
        case .placeField(let id): id.map { "項目 '\($0)'" } ?? "項目"
        case .placeRule(let number): "ルール \(number)"
        case .placeRuleNamed(let name): "ルール '\(name)'"
        case .placeOption(let name): "'\(name)' の指定"
        case .placeKeysFor(let value): "'\(value)' のキー"
        case .placeOptionOfPage(let option, let page): "ページ \(page) の '\(option)'"
        case .placeOptionOfField(let option, let field): "項目 '\(field)' の '\(option)'"
        case .placePageOption(let name): "ページの '\(name)'"
        case .placeOptionOf(let name, let field): "'\(field)' の '\(name)'"

        case .fieldsAre(let ids): "項目は \(Self.quotedList(ids)) です"
        case .earlierFieldsAre(let ids): "前にある項目は \(Self.quotedList(ids)) です"
        case .noEarlierField: "この前に尋ねる項目はありません"
        case .itsKeysAre(let keys): "キーは \(Self.quotedList(keys)) です"
        case .itOffers(let keys): "取れる値は \(Self.quotedList(keys)) です"
        case .putLayoutBesideForm(let name):
            "フォームの隣の Layouts フォルダに \(name).yaml を置くか、KEYFORM_LAYOUTS を設定してください"
        case .inRule(let name, let problem): "ルール '\(name)': \(problem.japanese)"
        case .ruleNameUsedTwice(let name, let first):
            "ルール名 '\(name)' は \(first) ですでに使われています。名前は重ならないようにしてください"
        case .oneOfNotAField(let id, let hint): "'one_of' の '\(id)' は項目ではありません。\(hint.japanese)"
        case .oneOfTwice(let id): "'one_of' に '\(id)' が 2 回書かれています"
        case .oneOfNeverFilled(let id, let kind): "'\(id)' は \(kind) の項目なので、入力されることはありません"
        case .oneOfNeedsTwo: "'one_of' には項目を 2 つ以上書いてください（1 つなら 'required: true' にしてください）"
        case .fillInOneOf(let labels):
            labels.count > 1
                ? Self.spaced(labels.joined(separator: "、")) + "のどれかを入力してください"
                : Self.spaced(labels.first ?? "") + "を入力してください"
        case .conditionNeverHolds(let place, let value, let field, let hint):
            "\(place.japanese) は成り立ちません: '\(value)' は strict の項目 '\(field)' のキーにありません。\(hint.japanese)"
        case .tagNamesNoField(let tag, let place, let hint):
            "\(place.japanese) の {{\(tag)}} に当たる項目はありません。\(hint.japanese)"
        case .tagNamesNote(let tag, let place):
            "\(place.japanese) の {{\(tag)}} は説明文（note）で、値を持ちません。入力される項目を指定してください"
        case .tagNamesSecret(let tag, let place):
            "\(place.japanese) の {{\(tag)}} は秘密の項目で、どのテキストにも表示されません。別の項目を指定してください"
        case .tagNamesLaterField(let tag, let place):
            "\(place.japanese) の {{\(tag)}} は後にある項目です。'\(tag)' に答えるまで空で表示されます"
        case .fieldIDUsedTwice(let id, let first):
            "項目 id '\(id)' は \(first) ですでに使われています。id は重ならないようにしてください"
        case .boundBelow(let name, let value, let other, let otherValue):
            "'\(name)'（\(value)）が '\(other)'（\(otherValue)）より小さくなっています"
        case .requiredAndRequiredIf(let id):
            "'\(id)' は 'required: true' で常に必須なので、'required_if' は何も変えません。どちらか一方にしてください"
        case .boundBeyondInteger(let name, let bound):
            "'\(name)'（\(bound)）は integer の項目が持てる範囲（\(Int.min)〜\(Int.max)）を超えています。"
                + "小さくするか 'type: number' にしてください"
        case .placeholderOnBoolean:
            "'placeholder' は空の行に表示するものですが、boolean の項目はスイッチです。'description' に書くか、取り除いてください"
        case .messageWithoutCheck(let check, let field):
            ["required", "strict"].contains(check)
                ? "'\(check)' のメッセージがありますが、'\(field)' は \(check) ではありません。"
                    + "'\(check): true' を加えるか、メッセージを取り除いてください"
                : "'\(check)' のメッセージがありますが、'\(field)' に '\(check)' がありません。"
                    + "'\(check):' を加えるか、メッセージを取り除いてください"
        case .strictNeedsKeys:
            "'strict' には 'layout'（または 'choices' のリスト）が必要です。値はそのキーのテキストのどれかになります"
        case .gridNeedsKeys: "'input: grid' には表示する 'layout'（または 'choices'）が必要です"
        case .multipleNeedsKeys: "'multiple' には 'layout'（または 'choices'）が必要です。選ぶのはそのキーです"
        case .optionForKinds(let option, let kinds, let field, let kind, let lengthInstead):
            "'\(option)' は \(kinds.joined(separator: "・")) の項目に使うものです。'\(field)' は \(kind) の項目です"
                + (lengthInstead ? "（\(kind) には '\(option)_length' を使ってください）" : "")
        case .secretForKinds(let kinds, let field, let kind):
            "'secret' は \(kinds.joined(separator: "・")) の項目に使うものです（パスワードは text、PIN は integer）。"
                + "'\(field)' は \(kind) の項目です"
        case .calendarForDates(let field, let kind):
            "'layout: calendar' は date と datetime の項目に使うものです。'\(field)' は \(kind) の項目です"
        case .multipleNeedsChoiceLayout(let layout):
            "'multiple' には選択肢のレイアウト（kind: choice）が必要です。'\(layout)' はキーパッドです"
        case .statesForKind(let kind, let field):
            "'states' は \(kind) の項目の 2 つの値の言葉です。'\(field)' に 'type: \(kind)' を加えるか、'states' を取り除いてください"
        case .layoutAndStoredChoices: "項目のキーは 'layout' か、保存された値からの 'choices' のどちらか一方です"
        case .layoutAndLineChoices:
            "項目のキーは 'layout' か、コマンドやファイルが出す 'choices' のどちらか一方です。一方を取り除いてください"
        case .layoutAndWrittenChoices:
            "項目のキーは 'layout' か、ここに書いた 'choices' のどちらか一方です。一方を取り除いてください"
        case .patternInvalid(let reason): "'pattern' は正しい正規表現ではありません: \(reason)"
        case .listDefaultNeedsMultiple: "リストの default には 'multiple: true' が必要です。値を 1 つにしてください"
        case .defaultFails(let value, let problem):
            "default '\(value)' はその項目自身の決まりに合いません: \(problem.japanese)"
        case .noteOption(let option, let field):
            "'\(option)' は説明文（note）には使えません。'\(field)' は読むためのテキストで、値を持ちません。'\(option)' を取り除いてください"
        case .noteShowsNothing(let id):
            "説明文 '\(id)' は何も表示しません。'label'（見出し）か 'description'（本文）を付けてください"
        case .secretWithLines:
            "秘密の値は 1 行で、伏せ字で入力します（エディタにも渡しません）。'lines' か 'secret' を取り除いてください"
        case .multipleWithLines:
            "'multiple' はグリッドでキーを選ぶもの、'lines' は入力するテキストのものです。どちらかを取り除いてください"
        case .linesWithKeys(let option):
            "複数行の項目は入力するもので、'\(option)' は持てません。'\(option)' か 'lines' を取り除いてください"
        case .secretOption(let option, let field):
            "'\(option)' は秘密の項目に使うものです。'\(field)' に 'secret: true' を加えるか、'\(option)' を取り除いてください"
        case .secretMultiple:
            "秘密は入力する 1 つの値で、'multiple' はキーを見せるグリッドで選ぶものです。'multiple' か 'secret' を取り除いてください"
        case .secretWithKeys(let option):
            "秘密の項目に '\(option)' は持てません。グリッドはキーと選んだものを表示しますが、秘密は伏せ字で入力します"
        case .secretDefaultLast: "'default: last' では秘密の値がまた表示されます。秘密の項目は空で始まります"
        case .secretInFile(let field):
            "フォームのファイルに書いた秘密は秘密になりません（ファイルを読む人が読めます）。"
                + "'\(field)' から 'default' を取り除いて、入力してください"
        case .secretStored(let field):
            "'store: true' では秘密の値 '\(field)' がデータベースに平文で残り、"
                + "そのファイル（または 'keyform records'）を読める人は誰でも読めます"
        case .byNamesItself(let id): "'by: \(id)' はこの項目自身を指しています。キーは別の項目の値に従うものです"
        case .byNamesNoField(let id, let hint): "'by: \(id)' に当たる項目はフォームにありません。\(hint.japanese)"
        case .byNamesNote(let id): "'\(id)' は説明文（note）で、値を持ちません。キーが従えるのは入力される項目です"
        case .byNamesList(let id): "'\(id)' はリストを持ちます（multiple: true）。キーが従えるのは値を 1 つ持つ項目です"
        case .notAValueOf(let value, let field, let hint):
            "'\(value)' は '\(field)' が取れる値ではありません。\(hint.japanese)"
        case .notAValueOfKind(let value, let field, let problem):
            "'\(value)' は '\(field)' が取れる値ではありません: \(problem.japanese)"
        case .picksWithoutMultiple(let option, let field):
            "'\(option)' は 'multiple' の項目で選ぶ数を決めるものですが、'\(field)' はそうではありません"
                + "（'multiple: true' を加えるか、'\(option)' を取り除いてください）"
        case .fieldLabelTooWide(let label, let cells, let columns, let room, let shows):
            "ラベル '\(label)' は \(cells) セル幅ですが、\(columns) 列の画面では項目のラベルに \(room) セル分しか入らず、"
                + "'\(shows)' と表示されます（短くしてください）"
        case .laterStepBroken(let field, let layout):
            "'\(field)' はカレンダーの後にレイアウト '\(layout)' で選びますが、そのレイアウトに誤りがあります。"
                + "'keyform layout check' で確かめてください"
        case .layoutFileMissing(let name):
            "レイアウトのファイル '\(name)' が見つかりません。パスを確かめるか、"
                + "Layouts フォルダから探すようにレイアウト名（.yaml なし）を書いてください"
        case .layoutHasErrors(let name): "レイアウト '\(name)' に誤りがあります。'keyform layout check' で確かめてください"
        case .templateInvalid(let reason): "テンプレートが正しくありません: \(reason.japanese)"
        case .templateNamesNoField(let name, let hint): "テンプレートの '\(name)' は項目ではありません。\(hint.japanese)"
        case .conditionMustBeMapping(let place, let found):
            "\(place.japanese) は {paid: true} や {country: [Canada, Mexico]} のようなマッピングにしてください"
                + "（\(found.japanese)になっています）"
        case .conditionEmptyMapping(let place):
            "\(place.japanese) が空です。前にある項目とその値を {paid: true} のように書いてください"
        case .conditionKeyNotText(let place, let found):
            "\(place.japanese): キーは項目の id か all、any、not にしてください（\(found.japanese)になっています）"
        case .conditionCombinatorEmpty(let place, let combinator):
            "\(place.japanese): '\(combinator)' が空です。"
                + "\(combinator): [{paid: true}, {amount: filled}] のように条件のリストを書いてください"
        case .conditionNamesLater(let place, let field, let own, let page):
            "\(place.japanese) が指す"
                + (!own ? "項目 '\(field)' はこの後に尋ねるものです" : page ? "項目 '\(field)' はこのページにあります" : "のはこの項目自身です")
                + "。条件は前の答えだけで決まります。'\(field)' を前に移すか、前にある項目を指定してください"
        case .conditionNamesNoEarlier(let place, let field, let hint):
            "\(place.japanese) が指す '\(field)' は、フォームの前にある項目ではありません。\(hint.japanese)"
        case .conditionNamesNote(let place, let field):
            "\(place.japanese) が指す '\(field)' は説明文（note）で、値を持ちません。入力される項目を指定してください"
        case .conditionValuesEmpty(let place, let field):
            "\(place.japanese): '\(field)' の値のリストが空です。[Canada, Mexico] のように、表示する値を書いてください"
        case .conditionValueNotValue(let place, let field, let found):
            "\(place.japanese): '\(field)' の値は、値・値のリスト・filled・empty のどれかにしてください"
                + "（\(found.japanese)になっています）"
        case .conditionCannotHold(let place, let kind, let multiple, let field, let value, let problem):
            "\(place.japanese): \(multiple ? "multiple の " : "")\(kind) の項目 '\(field)' は '\(value)' になりません"
                + "（\(problem.japanese)）"
        case .ruleEmpty: "check が空です。end >= start のように比較を書いてください"
        case .ruleChained: "一度に比べるのは 2 つです。a <= b and b <= c のように 'and' でつないでください"
        case .ruleExpectedJoin(let found): "'and'、'or' か check の終わりが来るところに\(found.japanese)があります"
        case .ruleLoneEquals: "'=' だけでは比べません。'=='（等しい）か '!='（等しくない）と書いてください"
        case .ruleLoneBang: "'!' だけではルールの言葉になりません。'not'（等しくないなら '!='）と書いてください"
        case .ruleNotAWord(let written, let word): "'\(written)' はルールの言葉ではありません。'\(word)' と書いてください"
        case .ruleTextNotClosed(let quote): "ここで \(quote) で始めたテキストが閉じていません。\(quote) で閉じてください"
        case .ruleMeaningless(let scalar):
            "文字 \(Self.code(scalar)) はルールでは意味を持ちません。テキストは 'High' のように引用符で囲んでください"
        case .ruleNotATime(let written): "'\(written)' は時刻ではありません。09:30 のように HH:MM で書いてください"
        case .ruleNotADate(let written):
            "'\(written)' は日付ではありません。2026-01-31 のように YYYY-MM-DD で（実在する日を）書いてください"
        case .ruleNotANumber(let written): "'\(written)' は数値ではありません"
        case .ruleParenNotClosed(let column): "\(column) 列目の '(' が閉じていません。')' を加えてください"
        case .ruleEndsEarly: "値が来るところで check が終わっています。項目か定数を加えてください"
        case .ruleMinusBeforeNumber: "'-' は -5 のように数値の前にだけ付けられます"
        case .ruleWordWhereValue(let word): "値が来るところに '\(word)' があります。その前に項目か定数を置いてください"
        case .ruleOperatorNeedsLeft(let op): "'\(op)' の左に値が必要です（end \(op) start のように）"
        case .ruleTokenWhereValue(let token): "値が来るところに\(token.japanese)があります"
        case .ruleUnknownFunction(let name, let hint): "関数 '\(name)' はありません。\(hint.japanese)"
        case .ruleFunctionTakesID(let name): "\(name)() には \(name)(toppings) のように項目の id を書いてください"
        case .ruleFunctionNotClosed(let name, let id): "\(name)(\(id) が閉じていません。')' を加えてください"
        case .ruleWord(let word): " '\(word)' "
        case .ruleText(let text): "テキスト '\(text)' "
        case .ruleNotYesOrNo(let id, let kind):
            "\(id.map { "'\($0)'" } ?? "この値") は\(Self.japaneseKind(kind))で、はい/いいえではありません。"
                + "\(id ?? "field") == \(kind.sample) のように比べてください"
        case .ruleComparesConstants: "定数どうしを比べています。ルールは end >= start のように項目の値を比べるものです"
        case .ruleListNeedsCount(let id): "'\(id)' は選んだもののリストを持ちます。数を count(\(id)) で比べてください"
        case .ruleOrdersOnly(let op, let kind):
            "'\(op)' で大小を比べられるのは数値・日付・時刻です。\(Self.japaneseKind(kind))は == か != で比べてください"
        case .ruleKindsDiffer(let operand, let kind, let other):
            "'\(operand)' は\(Self.japaneseKind(kind))です。\(Self.japaneseKind(other))ではなく、"
                + "\(Self.japaneseExample(kind)) のような\(Self.japaneseKind(kind))と比べてください"
        case .ruleCannotCompare(let operand, let kind, let other, let otherKind):
            "'\(operand)' は\(Self.japaneseKind(kind))、'\(other)' は\(Self.japaneseKind(otherKind))なので比べられません"
        case .ruleFieldHoldsNothing(let id, let kind): "'\(id)' は \(kind) の項目で、比べる値を持ちません"
        case .ruleCountNeedsMultiple(let id, let isText):
            "count() は 'multiple' の項目で選んだ数を数えます。'\(id)' はそうではありません"
                + (isText ? "（文字数は length(\(id)) で数えます）" : "")
        case .ruleCountThePicks(let id): "'\(id)' は 'multiple' の項目です。選んだ数は count(\(id)) で数えます"
        case .ruleLengthNeedsText(let id, let kind):
            "length() は text の項目の文字数を数えます。'\(id)' は \(kind) の項目です"
        case .ruleNamesNoField(let id, let hint): "ルールの '\(id)' は項目ではありません。\(hint.japanese)"
        case .fileEmpty(let needs): "ファイルが空です。\(needs.japanese)"
        case .formNeedsFieldsOrPages: "フォームには 'fields'（または項目の 'pages'）が必要です"
        case .fileTooLarge(let bytes, let kind, let limit):
            "ファイルは \(bytes) バイトあります。\(kind) のファイルは 1 MiB" + (limit.map { "（\($0) バイト）" } ?? "")
                + "までにしてください"
        case .yamlExpandsTooMuch(let limit):
            "エイリアスでファイルが \(limit) バイトを超えて展開されます（*name は &name の部分を繰り返します）。"
                + "ここで印を付けた値の繰り返しが多すぎます。書く回数を減らしてください"
        case .yamlSyntax(let problem, let context, let place):
            "YAML の書き方に誤りがあります: \(Self.yamlSaid(problem))（YAML の説明:「\(problem)」"
                + (context.map { "、\(place ?? "") の「\($0)」" } ?? "") + "）"
        case .yamlNestedTooDeeply:
            "YAML の書き方に誤りがあります: リストやマッピングの入れ子が深すぎます（1,000 段を超えています）。"
                + "レイアウトやフォームに要るのは数段です"
        case .cannotReadFile(let problem): "ファイルを読めません: \(problem)"
        case .cannotReadYAML(let error): "YAML として読めません: \(error)"
        case .writtenValue(let value): "「\(value)」"
        case .formMustBeMapping(let found, let isList):
            "フォームは 'title' と 'fields'（または 'pages'）を持つマッピングにしてください（\(found.japanese)になっています）"
                + (isList ? "。リストは 'fields:' の下に置いてください" : "")
        case .formFromPipeNeedsName:
            "パイプから読んだフォームには記録に名前を付けるファイル名がありません。'name: NAME'（a-z、0-9、_）を加えてください"
        case .formNameInvalid(let value, let like):
            "'name' は a-z で始め、a-z、0-9、_ だけを使ってください（記録の表の名前になります）。'\(value)' になっています"
                + (like.map { "。\($0) にしてください" } ?? "")
        case .formFieldsAndPages: "フォームには 'fields' か 'pages' のどちらか一方を書きます。項目をページに移してください"
        case .formNeedsFields: "フォームには 'fields'（項目のリスト）か 'pages' が必要です"
        case .formPagesEmpty: "'pages' が空です。フォームには項目のページが 1 つ以上必要です"
        case .pageNeedsFields(let page): "ページ \(page) には 'fields'（項目のリスト）が必要です"
        case .fieldsMustBeList:
            "'fields' はリストにしてください（マッピングになっています）。各項目を '- ' で始めてください（- id: text のように）"
        case .fieldsEmpty: "'fields' が空です。- id: text のように項目を 1 つ以上加えてください"
        case .fieldMustBeMapping(let example, let found):
            "項目は \(example) のようなマッピングにしてください（\(found.japanese)になっています）"
        case .fieldNeedsID(let like): "項目には 'id'（記録の中でその値に付ける名前）が必要です。id: \(like) のように書いてください"
        case .fieldIDEmpty: "'id' が空です。項目に id（記録の中でその値に付ける名前）を、id: due_date のように付けてください"
        case .fieldIDInvalid(let id, let like):
            "項目 id '\(id)' は a-z で始め、a-z、0-9、_ だけを使ってください" + (like.map { "（\($0) のように）" } ?? "")
        case .fieldLabelEmpty(let id):
            "ラベルが空です。項目には何を入れるかを表示してください。言葉を書くか、'label' を省いて id '\(id)' を表示してください"
        case .unknownName(let option, let name, let hint): "'\(option)' に '\(name)' は使えません。\(hint.japanese)"
        case .useName(let name): "'\(name)' にしてください"
        case .lengthNotWhole(let name, let found): "'\(name)' は文字数（整数）にしてください（\(found.japanese)になっています）"
        case .placeholderEmpty: "'placeholder' が空です。空の項目に表示するヒントを 12.50 のように書くか、取り除いてください"
        case .ruleNeedsName(let rule):
            "\(rule.japanese) には 'name' が必要です（答えやテストは名前で報告します）。name: end-after-start のように書いてください"
        case .ruleNameInvalid(let name, let like):
            "ルール名 '\(name)' は a-z で始め、a-z、0-9、_、- だけを使ってください" + (like.map { "（\($0) のように）" } ?? "")
        case .ruleMessageEmpty(let rule):
            "\(rule.japanese) のメッセージが空です。message: The end comes after the start のように、直すことを書いてください"
        case .ruleCheckAndOneOf(let rule):
            "\(rule.japanese) に 'check' と 'one_of' の両方があります。ルールはどちらか一方です。2 つのルールにしてください"
        case .ruleNeedsMessage(let rule):
            "\(rule.japanese) には直すことを言う 'message' が必要です（message: The end comes after the start のように）"
        case .ruleNeedsTest(let rule):
            "\(rule.japanese) には 'check: EXPRESSION'（end >= start のように）か 'one_of: [FIELD, FIELD]' が必要です"
        case .statesNeedBoth: "'states' には 'no' と 'yes' の両方が必要です（states: {no: In progress, yes: Complete} のように）"
        case .stateEmpty(let yes):
            yes
                ? "'yes' が空です。はいのときに表示する言葉を、Complete のように書いてください"
                : "'no' が空です。いいえのときに表示する言葉を、In progress のように書いてください"
        case .statesSame(let word): "'yes' と 'no' がどちらも '\(word)' です。2 つの状態には違う言葉が必要です"
        case .checkMessageEmpty(let check, let example):
            "'\(check)' のメッセージが空です。\(example) のように何を入れるかを書くか、取り除いてください"
        case .choicesEmpty(let place):
            "\(place.japanese) が空のリストです。[Lettuce, Tomatoes] のように、選ぶキーを書いてください"
        case .choiceTwice(let text, let first): "'\(text)' は \(first) ですでに選択肢です。選択肢は 1 回ずつ書いてください"
        case .choiceLabelTwice(let label, let first):
            "ラベル '\(label)' は \(first) ですでに表示されています。2 つのキーが同じに見えないようにしてください"
        case .choiceNeedsLabel:
            "選択肢には 'label'（キーに表示するもの）が必要で、'text'（記録に入るもの）も書けます"
                + "（{label: California, text: CA} のように）"
        case .choiceMustBeText(let found):
            "選択肢はテキストか {label: …, text: …} にしてください（\(found.japanese)になっています）"
        case .choicePartEmpty(let part): "選択肢の \(part) が空です。言葉を書くか、その選択肢を省いてください"
        case .choicesByNeedsBoth:
            "別の項目による 'choices' には 'by: FIELD' と 'keys: {VALUE: [KEY, …]}' が必要です"
                + "（{by: country, keys: {Canada: [Alberta, Ontario]}} のように）"
        case .keysMustBeMapping(let found):
            "'keys' は、従う項目の値からキーへのマッピングにしてください（{Canada: [Alberta, Ontario]} のように。"
                + "\(found.japanese)になっています）"
        case .keysEmpty(let driver): "'keys' が空です。'\(driver)' の値ごとに出すキーを書いてください"
        case .choicesCommandAndFile: "'choices' は 'command' か 'file' のどちらか一方から取ります。一方を取り除いてください"
        case .commandMustBeList(let found):
            "'command' はリストにしてください。プログラム、続けて引数を 1 つずつ（シェルは通しません）、"
                + "[git, branch, --format=%(refname:short)] のように書きます（\(found.japanese)になっています）"
        case .commandEmpty: "'command' が空です。[git, branch] のように、プログラムと引数を書いてください"
        case .programEmpty: "'command' のプログラムが空です。名前（PATH から探します）かパスを書いてください"
        case .commandTimeoutRange(let longest, let found):
            "'timeout' は 0.1〜\(longest) 秒にしてください（\(found) になっています）"
        case .timeoutWithFile: "'timeout' は 'command' の時間の上限です。ファイルはすぐに読むので、取り除いてください"
        case .choicesFileEmpty: "'file' が空です。1 行に 1 つ選択肢を書いたファイルのパス（フォームのファイルからの相対パス）を書いてください"
        case .choicesNeedFrom: "'choices' には 'from: FORM.FIELD'（前の値を出す、保存された項目）が必要です"
        case .fromInvalid(let from):
            "'from' は FORM.FIELD（フォーム名とその項目 id、checklist.name のように）にしてください（'\(from)' になっています）"
        case .byInvalid(let by):
            "'by' は項目 id（答えで保存された値を絞り込む、前の項目）にしてください（'\(by)' になっています）"
        case .paragraphsEmpty(let field): "'\(field)' が空です。ラベルの下に表示する説明を書くか、取り除いてください"
        case .mustBeTrueOrFalse(let field, let found): "'\(field)' は true か false にしてください（\(found.japanese)になっています）"
        case .mustBeNumber(let field, let found): "'\(field)' は数値にしてください（\(found.japanese)になっています）"
        case .wholeNumberOutOfRange(let field, let unit, let from, let to, let found):
            "'\(field)' は \(from)〜\(to) の\(unit.japanese)にしてください（'\(found)' になっています）"
        case .unitSeconds: "秒数（整数）"
        case .unitCharacters: "文字数（整数）"
        case .unitPicks: "選ぶ数（整数）"
        case .unitLines: "行数（整数）"
        case .unitChoices: "選択肢の数（整数）"
        case .unitColumns: "列数（整数）"
        case .layoutMustBeMapping(let found):
            "レイアウトは 'title'、'kind'、'rows'（または 'pages'）を持つマッピングにしてください（\(found.japanese)になっています）"
        case .layoutRowsAndPages: "レイアウトには 'rows' か 'pages' のどちらか一方を書きます。行をページに移してください"
        case .layoutNeedsRows: "レイアウトには 'rows'（キーの行のリスト）か 'pages' が必要です"
        case .layoutPagesEmpty: "'pages' が空です。レイアウトにはキーのページが 1 つ以上必要です"
        case .pageIDEmpty(let page): "ページ \(page) の 'id' が空です。キーで切り替えられるように名前を付けてください"
        case .pageIDTwice(let id, let first):
            "ページ id '\(id)' が 2 回使われています（最初は \(first)）。ページ id は重ならないようにしてください"
        case .pageNeedsID(let page): "ページ \(page) には 'id'（'action: page' のキーが切り替える先の名前）が必要です"
        case .pageNeedsRows(let page): "ページ \(page) には 'rows'（キーの行のリスト）が必要です"
        case .rowsEmpty(let field): "'\(field)' が空です。- [High, Medium, Low] のように、キーの行を 1 つ以上加えてください"
        case .rowsNotRows(let field, let example):
            "'\(field)' は行のリストで、各行はキーのリストにしてください。1 行なら '- [\(example)]' と書きます"
        case .rowNotList(let row, let found):
            "\(row) 行目は [High, Low] のようなキーのリストにしてください（\(found.japanese)になっています）"
        case .rowEmpty(let row): "\(row) 行目が空です。キーを加えるか、その行を取り除いてください"
        case .keyMustBeTextOrMapping(let found):
            "キーはテキストか {label: Clear, action: clear} のようなマッピングにしてください（\(found.japanese)になっています）"
        case .keyNeedsLabel: "キーには 'label'（表示するもの）か 'text'（入力するもの）が必要です"
        case .toWithoutAction(let actions):
            "'to' は " + actions.map { "'action: \($0)'" }.joined(separator: " か ") + " がないと何もしません"
        case .hotkeyNotOneCharacter(let value): "'hotkey' は 1 文字にしてください（'\(value)' になっています）"
        case .hotkeyTaken(let value, let taken): "ホットキー '\(value)' は使われています（\(taken.japanese)）。別の文字にしてください"
        case .hotkeySpace: "Space はハイライトのキーを押します"
        case .hotkeyTab: "Tab はキーボードに切り替えます"
        case .hotkeyEnter: "Enter はハイライトのキーを押します"
        case .hotkeyUnprintable(let scalar):
            "'hotkey' は表示できる文字にしてください（\(Self.japaneseKind(of: scalar)) \(Self.code(scalar)) になっています）"
        case .toIgnored(let takers, let action):
            "'to' を使うのは action " + takers.map { "'\($0)'" }.joined(separator: " か ")
                + " だけです。action '\(action)' では無視されます"
        case .actionNeedsTo(let action, let placeholder):
            "action '\(action)' には表示する \(action) を指す 'to: \(placeholder)' が必要です"
        case .configGroupMustBeMapping(let group, let example, let found):
            "'\(group)' は \(group): {\(example)} のようなマッピングにしてください（\(found.japanese)になっています）"
        case .configNameNotText(let group, let found):
            "'\(group)' の中の名前はテキストにしてください（\(found.japanese)になっています）"
        case .configUnknownName(let name, let group, let isAction, let hint):
            "'\(group)' に\(isAction ? "操作" : "名前") '\(name)' はありません。\(hint.japanese)"
        case .configNoValue(let key, let values): "'\(key)' に値がありません。\(values.japanese)を書くか、その行を取り除いてください"
        case .configKeyNotText(let key, let found): "'\(key)' の中のキーはテキストにしてください（\(found.japanese)になっています）"
        case .configMustBe(let key, let values, let found):
            "'\(key)' は\(values.japanese)にしてください（\(found.japanese)になっています）"
        case .configExpected(let names): "使えるのは " + names.joined(separator: "、") + " です"
        case .layoutNeedsRowsOfKeys: "レイアウトにはキーの 'rows'（または 'pages'）が必要です"
        case .placeTest(let number): "テスト \(number)"
        case .testFileNeedsFormAndTests: "テストファイルには 'form'（または 'layout'）と 'tests' が必要です"
        case .testFileFormOrLayout: "テストファイルが指すのは 'form' か 'layout' のどちらか一方です"
        case .testFileNeedsTarget: "テストファイルには何をテストするかを言う 'form: PATH'（または 'layout: NAME'）が必要です"
        case .testFileNeedsTests: "テストファイルには 'tests'（{name, keys, expect} のリスト）が必要です"
        case .testNeedsKeys(let name): "テスト '\(name)' には 'keys'（押すキー）が必要です"
        case .valuesDatabase: "パス、sqlite:PATH か postgres:// の URL"
        case .valuesName: "名前"
        case .valuesTrueOrFalse: "true か false"
        case .valuesThemes(let names): names.joined(separator: "、") + " のどれか"
        case .valuesColour: "色（black red green yellow blue magenta cyan white、bright-NAME、0〜255、#rrggbb、none のどれか）"
        case .valuesKeys:
            "キーかキーのリスト（ctrl-LETTER、alt-CHARACTER、名前のあるキー（enter、esc、tab、space、up、page-up…、f1…f12）か 1 文字）"
        case .colourOutOfRange(let number): "色番号 \(number) は範囲外です。256 色の表は 0〜255 です"
        case .notHexColour(let text): "'\(text)' は #rrggbb の色ではありません。#ff8800 のように 16 進数 6 桁で書いてください"
        case .unknownColour(let text, let hint): "色 '\(text)' はありません。\(hint.japanese)"
        case .colourHint: "色の名前（red、bright-cyan…）、0〜255 の番号、#rrggbb、none のどれかを書いてください"
        case .unknownTheme(let text, let hint): "テーマ '\(text)' はありません。\(hint.japanese)"
        case .writeOneOf(let names): "次のどれかを書いてください: " + names.joined(separator: "、")
        case .keyIsByteOf(let shown, let key): "'\(shown)' は端末が \(key) で送るバイトです。\(key) と書いてください"
        case .anyCharacterIsNoKey: "'any-character' はキーではありません。キーそのもの（ctrl-d、alt-x、f、page-up…）を書いてください"
        case .unknownKey(let shown, let hint): "キー '\(shown)' はありません。\(hint.japanese)"
        case .keyNameHint(let named):
            "名前のあるキー（\(named.joined(separator: "、"))、page-up…）、f1…f12、ctrl-LETTER、alt-CHARACTER、1 文字のどれかを書いてください"
        case .ctrlCannotBeSent(let shown):
            "端末は '\(shown)' を送れません。Ctrl と組めるのは英字か @ \\ ] ^ _ です。alt- のキーにしてください"
        case .altBracket(let shown): "'\(shown)' は端末のエスケープシーケンスの始まりと区別できません。別のキーにしてください"
        case .keyCannotBeSent(let shown): "端末は '\(shown)' を送れません。別のキーにしてください"
        case .databaseNeedsPath: "'database' にはパスが必要です（~/notes/keyform.sqlite のように）"
        case .authorNeedsName: "'author' には名前が必要です（ada@lab のように）"
        case .settingIsTrueOrFalse(let name, let found): "'\(name)' は true か false です（'\(found)' になっています）"
        case .keyNeedsOne(let action): "'\(action)' にはキーが 1 つ以上必要です"
        case .keyListedTwice(let chord, let action): "'\(chord)' が '\(action)' に 2 回書かれています。1 回で十分です"
        case .keyTypedInField(let chord, let view, let action):
            "'\(chord)' は\(view.japanese)では項目に入力される文字なので、'\(action)' には使えません。ctrl-、alt-、名前のあるキーにしてください"
        case .keyBelongsTo(let chord, let other, let view, let why, let action):
            "'\(chord)' は\(view.japanese)で '\(other)' のキーです（\(why.japanese)）。'\(action)' には別のキーを選んでください"
        case .keyGivenToBoth(let chord, let other, let action, let view):
            "'\(chord)' が '\(other)' と '\(action)' の両方に書かれていますが、\(view.japanese)にはどちらもあります。一方だけにしてください"
        case .keyAlreadyBound(let chord, let other, let view, let action):
            "'\(chord)' は\(view.japanese)ですでに '\(other)' です。'\(other)' も付け替えるか（keys: {\(other): …}）、"
                + "'\(action)' に別のキーを選んでください"
        case .keyIsReadlines(let chord, let function, let action):
            "'\(chord)' は項目の入力中は GNU readline の \(function) です。そこでは代わりに '\(action)' になります"
        case .viewKeyboard: "フォームのキーボード"
        case .viewGrid: "フォームのキーグリッド"
        case .viewSwitch: "はい/いいえのスイッチ"
        case .viewNote: "説明文"
        case .viewBrowse: "browse の一覧"
        case .viewDeleteQuestion: "browse の一覧の削除の確認"
        case .fixedInterrupt: "Ctrl-C はいつでも抜けられるように常に中断します（終了コード 130）"
        case .fixedEdit: "GNU readline が受け取るキーのことです。~/.inputrc で割り当ててください"
        case .fixedHotkey: "グリッドのホットキーはレイアウトのものです（レイアウトのファイルの `hotkey:`）"
        case .fixedFilter: "グリッドの絞り込みに入力するものは絞り込みのものです"
        case .fixedJump: "Alt-1…9 は番号で項目を指します"
        case .cannotRebind(let action, let why): "'\(action)' は付け替えられません: \(why.japanese)"
        case .noKeyOfAnyScreen(let action): "'\(action)' はどの画面のキーでもありません。付け替えるものはありません"
        case .promptBooleanUseConfirm: "--type boolean ははい/いいえです。keyform confirm を使ってください"
        case .promptSecretForKinds(let type):
            "--secret は text、integer、number のためのものです。\(type) は選ぶもので、伏せ字で入力するものではありません"
        case .promptPatternForText(let type): "--pattern はテキストを確かめるものです。\(type) はその型で確かめます"
        case .promptLinesRange(let lines, let from, let to): "--lines \(lines): 行数は \(from)〜\(to) にしてください"
        case .promptNothingToChoose: "選ぶものがありません。選択肢を引数か、標準入力に 1 行 1 つ、または --file FILE で渡してください"
        case .promptMaxBelowOne(let max): "--max \(max) では何も選べません。1 以上にしてください"
        case .promptMaxWithoutMultiple: "--max は --multiple で選ぶ数の上限です。--multiple を加えるか、--max を外してください"
        case .promptSelectedNotAnOption(let picked): "--selected '\(picked)' は選択肢にありません"
        case .promptSelectedTooMany(let count): "--selected に選択肢が \(count) 個あります。--multiple なしでは 1 つだけ選べます"
        case .promptVariableNotYesOrNo(let name, let value): "\(name)=\(value) ははい/いいえではありません。1 か 0 にしてください"
        case .promptVariableNotWhole(let name, let value): "\(name)=\(value) は整数ではありません"
        case .answerOfField(let id, let problem): "項目 '\(id)': \(problem.japanese)"
        case .answerOfRule(let name, let problem): "ルール '\(name)': \(problem.japanese)"
        case .answersProblem(let problem): "答え: \(problem.japanese)"
        case .answerIsNote(let id): "説明文（note）なので答えは入りません。答えから '\(id)' を取り除いてください"
        case .answerUnknownField(let id, let suggestion):
            "'\(id)' という項目はありません" + (suggestion.map { "。'\($0)' のことですか？" } ?? "")
        case .answerGivenTwice: "2 回以上書かれています"
        case .answerLineNotUTF8(let line): "\(line) 行目が UTF-8 として正しくありません。答えは UTF-8 で渡してください"
        case .answerTooManyLines(let line, let fields): "\(line) 行目: フォームの項目（\(fields) 個）より行が多すぎます"
        case .answerWrongKind(let wanted, let given):
            "\(wanted.japanese)にしてください（\(given.japanese)になっています）"
        case .answerListOfTexts: "テキストのリストにしてください"
        case .answerNotAsked(let id, let condition): "'\(id)' は、\(condition.japanese) のときにだけ尋ねます"
        case .wantedText: "テキスト"
        case .wantedNumber: "数値"
        case .wantedTrueOrFalse: "true か false"
        case .jsonNumber: "数値"
        case .jsonList: "リスト"
        case .jsonObject: "オブジェクト"
        case .jsonBool(let flag): flag ? "true（真偽値）" : "false（真偽値）"
        case .jsonAt(let line, let column, let reason): "\(line) 行 \(column) 列: \(reason.japanese)"
        case .jsonExpectedObjectFoundNothing: "項目 id から値への JSON オブジェクトがありません（空です）"
        case .jsonExpectedObject: "項目 id から値への JSON オブジェクトにしてください"
        case .jsonExpectedFieldID: "二重引用符で囲んだ項目 id が来るはずです"
        case .jsonExpectedColonAfterID: "項目 id の後に ':' が来るはずです"
        case .jsonExpectedCommaOrBrace: "値の後に ',' か '}' が来るはずです"
        case .jsonTextAfterObject: "オブジェクトの後に余分なテキストがあります"
        case .jsonExpectedValueFoundEnd: "値が来るはずの所で終わっています"
        case .jsonNestedTooDeeply: "入れ子が深すぎます"
        case .jsonExpectedKey: "二重引用符で囲んだキーが来るはずです"
        case .jsonExpectedColonAfterKey: "キーの後に ':' が来るはずです"
        case .jsonExpectedCommaInList: "リストの中に ',' か ']' が来るはずです"
        case .jsonExpectedCommaInObject: "オブジェクトの中に ',' か '}' が来るはずです"
        case .jsonExpectedValue: "値（文字列、数値、true、false、null）が来るはずです"
        case .jsonExpectedDigit: "数値に数字が来るはずです"
        case .jsonExpectedDigitAfterPoint: "数値の '.' の後に数字が来るはずです"
        case .jsonExpectedExponentDigit: "数値の指数に数字が来るはずです"
        case .jsonLeadingZeros: "数値の先頭に 0 を続けられません"
        case .jsonStringNotClosed: "文字列が閉じていません"
        case .jsonUnknownEscape:
            "文字列に使えないエスケープがあります。\\\"、\\\\、\\/、\\b、\\f、\\n、\\r、\\t、\\uXXXX を使ってください"
        case .jsonControlCharacter: "文字列の中の制御文字はエスケープしてください（改行は \\n）"
        case .jsonHalfSurrogate: "\\u エスケープがサロゲートペアの片方だけです"
        case .jsonExpectedHex: "\\u の後に 16 進数 4 桁が来るはずです"
        case .jsonNotUTF8: "UTF-8 として正しくありません"
        case .importNotUTF8: "UTF-8 として正しくありません。UTF-8 で保存してください"
        case .importNoHeader: "見出しの行がありません。1 行目に項目を書いてください（id1,id2 のように）"
        case .importColumnTwice: "2 回以上列になっています"
        case .importCellCount(let count, let columns): "値が \(count) 個あります。見出しの列は \(columns) 個です"
        case .importQuoteNotClosed: "引用符で囲んだ値が閉じていません（\" がありません）"
        case .importCreatedNotText:
            "\"2026-11-21T09:30:00.123Z\" のように、時刻をテキストで書いてください（records export が書くように）"
        case .importTokenNotAToken(let example): "\"\(example)\" のように、退避ファイルにあるトークンを書いてください"
        case .importRecordNotClosed: "この記録が閉じていません（} がありません）"
        case .importExpectedRecord: "次の記録（{...}）かファイルの終わりが来るはずです"
        case .importExpectedArray:
            "記録の JSON 配列（[{...}, ...]、records export が書く形）か、"
                + "続けて並べた記録（{...}、退避ファイルの形）にしてください"
        case .importRecordNotObject: "記録はどれも JSON オブジェクト（{\"field\": value, ...}）にしてください"
        case .importArrayNotClosed: "配列が閉じていません（] がありません）"
        case .importExpectedCommaOrBracket: "記録の後に , か ] が来るはずです"
        case .importTextAfterArray: "配列を閉じる ] の後にテキストがあります"
        case .locationNoServerBackend:
            "このプログラムには PostgreSQL のバックエンドがありません。keyform はサーバーの場所を隣にインストールされた "
                + "keyform-postgres に渡しますが（scripts/install.sh と Debian パッケージはどちらもインストールします）、"
                + "見つかりませんでした。インストールするか、SQLite のファイルのパスを指定してください"
                + "（--db PATH、KEYFORM_DB、設定の database）"
        case .locationUnknownScheme(let scheme):
            "Keyform が保存できるのは SQLite のファイル（パスか sqlite:PATH）か "
                + "PostgreSQL のサーバー（postgres://USER@HOST:PORT/DB）で、'\(scheme)' には保存できません"
        case .serverURLWrong(let wrong): wrong.japanese + "。postgres://USER@HOST:PORT/DATABASE と書いてください"
        case .urlNotAURL: "URL ではありません"
        case .urlQueryNotNameValue(let pair): "クエリの '\(pair)' が NAME=VALUE になっていません"
        case .urlIPv6WithoutBracket: "IPv6 アドレスの ] がありません"
        case .urlNotAPort(let text): "'\(text)' はポート番号ではありません"
        case .urlUnknownSSLMode(let mode):
            "sslmode '\(mode)' は disable、allow、prefer、require、verify-ca、verify-full のどれでもありません"
        case .urlTimeoutNotSeconds(let text): "connect_timeout '\(text)' は秒数ではありません"
        case .booleanYes: "はい"
        case .booleanNo: "いいえ"
        case .configUnreadable(let path, let reason):
            path.map {
                "設定ファイル \($0) を読めません: \(reason.japanese)。KEYFORM_CONFIG を直すか、設定なしなら /dev/null にしてください"
            } ?? "設定ファイルを読めません: \(reason.japanese)"
        case .saving: "記録を保存しています…"
        case .savingWaits: "保存中です。記録は保存されるか、ファイルに退避されてから終了します"
        case .importedRecordsAlreadyStored(let said, let count):
            said.japanese + "（\(count) 件は保存が実は届いていたため、すでに保存済みです。二重には保存しませんでした）"
        case .storeWillRescue(let problem): problem + "。記録はファイルに保存されます"
        case .deletingRecord: "記録を削除しています…"
        case .loadingRecords: "記録を読み込んでいます…"
        case .openingForm: "フォームを開いています…"
        case .choicesLoading(let label, let spinner):
            (spinner.map { $0 + " " } ?? "") + "\(Self.spaced(label))を読み込んでいます…"
        case .choicesMissing(let label, let reason): "\(label): \(reason.japanese)"
        case .choicesNotRun(let label, let command): "\(label): キーは \(command) の出力から（ここでは実行しません）"
        case .choicesNotRead(let label, let path): "\(label): キーは \(path) から（ここでは読みません）"
        case .choicesTookTooLong(let program, let seconds):
            "\(program) が \(Self.duration(seconds, seconds: "秒", minutes: "分"))を過ぎても終わらないため止めました"
        case .choicesStoppedBySignal(let program): "\(program) はシグナルで止められました"
        case .choicesCommandFailed(let program, let status, let said):
            "\(program) が失敗しました（終了ステータス \(status)）" + (said.map { ": " + $0 } ?? "")
        case .choicesPrintedNone(let program): "\(program) は選択肢を 1 つも出力しませんでした"
        case .choicesCommandNotFound(let program): "\(program): コマンドが見つかりません"
        case .choicesCommandNotStarted(let program, let reason): "\(program) を起動できません（\(reason)）"
        case .choicesFileTooLarge(let file):
            "\(file ?? "標準入力") が 1 MiB を超えています。選択肢は 1 MiB までです"
        case .choicesFileHoldsNone(let file): "\(file ?? "標準入力") に選択肢がありません（1 行に 1 つ書いてください）"
        case .choicesFileUnreadable(let file, let reason): "\(file ?? "標準入力"): \(reason.japanese)"
        case .choicesFlagFailed(let field, let reason): "--choices \(field): \(reason.japanese)"
        case .choicesToCheckMissing(let field, let reason):
            "項目 '\(field)': 答えを確かめる選択肢がありません: \(reason.japanese)"
        case .keyboardKeyNoneYet: "abc（まだありません）"
        case .doneKey: "完了"
        case .fmtDirectives: "ディレクティブ（%YAML、%TAG）は整形できません"
        case .fmtIndentationIndicator: "字下げ指示子のあるブロック（|2 など）は整形できません。テキストを引用符で囲んでください"
        case .fmtTags(let tag): "タグ（\(tag ?? "!!str など")）は整形できません"
        case .fmtAnchors(let anchor):
            anchor.map { "アンカーとエイリアス（&\($0)、*\($0)）は整形できません。使う所ごとに値を書いてください" }
                ?? "アンカーとエイリアスは整形できません"
        case .fmtFoldedBlock: "折り返しブロック（>）は整形できません。テキストを引用符で囲むか、リテラルブロック（|）にしてください"
        case .fmtLiteralLineBreaks: "LF 以外の改行を含むリテラルブロック（|）は整形できません。テキストを引用符で囲んでください"
        case .fmtBlockInFlow: "リストや行の中のブロック（| と >）は整形できません。テキストを引用符で囲んでください"
        case .fmtKeyNotText(let found): "マッピングのキーはテキストにしてください（\(found?.japanese ?? "リストやマッピング")になっています）"
        case .fmtNotShape(let shape, let found): "\(Self.japaneseFormatterShape(shape))（\(found.japanese)になっています）"
        case .fmtFoundText(let text): "テキスト \(text)"
        case .fmtEmptyFile(let shape): "ファイルが空です。\(Self.japaneseFormatterShape(shape))"
        case .fmtNoFields(let noun, let shape): "\(noun) にフィールドがありません。\(Self.japaneseFormatterShape(shape))"
        case .fmtOneDocument(let noun): "\(noun) のファイルには YAML 文書を 1 つだけ書きます。ここから別の文書が始まっています"
        case .fmtInvalidYAML(let problem): "YAML の書き方に誤りがあります（YAML の説明:「\(problem)」）"
        case .fmtInvalidText(let problem): "テキストとして読めません（\(problem)）"
        case .fmtDuplicateKeys(let keys): "マッピングにキー \(keys.map { "`\($0)`" }.joined(separator: "、")) が 2 度あります"
        case .fmtInternal(let noun): "内部エラー: 整形した \(noun) の意味が変わるか、コメントが失われます。報告してください"
        case .keyScriptUnknownKey(let name, let known): "<\(name)> というキーはありません。使えるキー: \(known)"
        case .testKeysUnreadable: "keys: 読めません"
        case .testOutcomeDiffers(let expected, let got, let screen):
            "結果: \(expected) のはずが \(got) でした" + (screen.map { "。画面:\n" + $0 } ?? "")
        case .testScreenDiffers(let expected, let got):
            "画面が違います。期待した画面:\n\(expected)\n     実際の画面:\n\(got)"
        case .testExpectNoField(let id): "expect: フォームに項目 '\(id)' がありません"
        case .testExpectNote(let id): "expect: '\(id)' は値を持たない注記です。答える項目を書いてください"
        case .testExpectNotAsked(let id, let expected, let condition):
            "\(id): '\(expected)' のはずですが、'\(id)' は \(Self.spaced(condition.japanese))のときしか尋ねません"
        case .testExpectedGot(let id, let expected, let got): "\(id): \(expected) のはずが \(got) でした"
        case .testSummary(let passed, let failed): "成功 \(passed) 件、失敗 \(failed) 件"
        case .templateMissing(let form):
            "フォーム '\(form)' にはテンプレートがありません。フォームに 'template:' を書くか、--format json か env を使ってください"
        case .templateInvalidAt(let line, let column, let reason):
            "テンプレート: \(line) 行 \(column) 列: \(reason.japanese)"
        case .templateTooDeep(let depth): "セクションの入れ子が \(depth) 段を超えています。開く前にいくつか閉じてください"
        case .templateCloseTagMismatch: "閉じタグが開いているセクションと合いません"
        case .templateTagNotClosed: "タグが閉じていないか、名前が正しくありません"
        case .templateSectionNotClosed: "セクションが閉じていません"
        case .templateBadDelimiter: "区切り文字を変えるタグが正しくありません"
        case .templateTransformOnInherited: "継承したセクションには変換を使えません"
        case .templateTokenInInheritedPartial: "継承したパーシャルの中にはブロックしか書けません"
        case .templateTextInInheritedPartial: "継承したパーシャルの中にはテキストを書けません"
        case .templateBadPragma: "プラグマのタグが正しくありません"
        case .templateUnknownPragma: "知らないプラグマです"
        case .templateEndsInTag: "テンプレートがタグの途中で終わっています"
        case .templateOtherwiseInvalid(let error): "テンプレートが正しくありません（\(error)）"
        case .recordNumbered(let id): "記録 \(id)"
        case .wordPageTitle: "ページのタイトル"
        case .wordTheMessage: "メッセージ"
        case .wordState: "状態の言葉"
        case .watching(let origin, let errors):
            "\(origin) を監視しています（\(errors == 0 ? "問題なし" : "エラー \(errors) 件")）。保存のたびに描き直します。Ctrl-C で終了"
        case .layoutPreviewPage(let page, let count, let id, let title):
            "ページ \(page)/\(count)" + (id.map { ": " + $0 } ?? "") + (title.map { "（\($0)）" } ?? "")
        case .layoutPreviewTooNarrow(let needed): "（幅が足りないため描けません: \(needed) 桁以上必要です）"
        case .serverProgramNotStarted(let path, let reason):
            "PostgreSQL の場所のために \(path) を起動できません: \(reason)"
        case .configShowFile(let file): "設定ファイル: \(file)"
        case .configFileNotFound: "（見つかりません）"
        case .configFileNone(let byVariable): byVariable ? "なし（KEYFORM_CONFIG=/dev/null）" : "なし"
        case .configSourceDefault: "既定値"
        case .configSourceTheme(let theme): "テーマ \(theme)"
        case .editorNoTemporaryFile(let folder, let reason): "\(folder) にエディタ用の一時ファイルを作れません: \(reason)"
        case .editorTextNotWritten(let reason): "エディタに渡す文字を書き込めません: \(reason)"
        case .editorLeftNoFile(let editor): "エディタ '\(editor)' がファイルを残しませんでした。値は変わっていません"
        case .editorNotStarted(let editor, let reason):
            "エディタ '\(editor)' を起動できません（\(reason)）。VISUAL か EDITOR を設定してください。値は変わっていません"
        case .editorNotWaitedFor(let editor, let reason):
            "エディタ '\(editor)' の終了を待てません（\(reason)）。値は変わっていません"
        case .editorKilled(let editor, let signal):
            "エディタ '\(editor)' はシグナル \(signal) で止まりました。値は変わっていません"
        case .editorNotFound(let editor):
            "エディタ '\(editor)' が見つかりません。VISUAL か EDITOR を設定してください。値は変わっていません"
        case .invalidPattern(let pattern, let reason): "パターン「\(pattern)」は正しい正規表現ではありません: \(reason)"
        case .noFieldToFilterBy(let id): "絞り込みに使う項目 '\(id)' がありません"
        case .standardInput: "標準入力"
        case .editorExited(let editor, let status): "エディタ '\(editor)' が終了ステータス \(status) で終わりました。値は変わっていません"
        }
    }

    /// What an action does, in the key list (`KeyAction.shortSummary` in English).
    static func japaneseSummary(_ action: KeyAction) -> String {
        switch action {
        case .cancel: "フォームを離れる（下書きは残す、終了コード 1）"
        case .interrupt: "すぐに終了する（終了コード 130）"
        case .suspend: "fg まで端末を返す"
        case .redraw: "画面全体を描き直す"
        case .commit: "項目を確定して次へ（最後の項目では完了）"
        case .nextField: "キーのない項目で確定して次の項目へ"
        case .previousField: "前の項目"
        case .swapView: "キーボードとキーを切り替える"
        case .done: "どの項目からでも完了を押す"
        case .jumpToField: "その番号の項目へ"
        case .edit: "キーは GNU readline へ"
        case .showKeys: "この画面のキーの一覧"
        case .moveLeft: "ハイライトを左へ"
        case .moveUp: "ハイライトを上へ"
        case .moveDown: "ハイライトを下へ"
        case .moveRight: "ハイライトを右へ"
        case .pressKey: "ハイライトのキーを押す（なければ項目をそのまま確定）"
        case .pressHotkey: "そのホットキーのキーを押す"
        case .pressBackspace: "ページの後退キーを押す"
        case .previousMonth: "前の月"
        case .nextMonth: "次の月"
        case .today: "今日"
        case .flip: "はいといいえを切り替える"
        case .setYes: "はい"
        case .setNo: "いいえ"
        case .clear: "空にする"
        case .newLine: "改行する"
        case .previousLine: "上の行"
        case .nextLine: "下の行"
        case .openEditor: "$VISUAL か $EDITOR で編集する"
        case .typeFilter: "絞り込みに入力する"
        case .eraseFilter: "絞り込みの最後の文字を消す（空なら閉じる）"
        case .closeFilter: "絞り込みを閉じて全体を表示する"
        case .listUp: "上のレコード"
        case .listDown: "下のレコード"
        case .listPageUp: "1 ページ上へ"
        case .listPageDown: "1 ページ下へ"
        case .listFirst: "最初のレコード"
        case .listLast: "最後のレコード"
        case .open: "レコードを編集する"
        case .add: "レコードを追加する"
        case .delete: "レコードを削除する（確認あり）"
        case .toggle: "フォームの最初のはい/いいえ項目を切り替える"
        case .filter: "絞り込む"
        case .sort: "次の順に並べ替える"
        case .quit: "離れる"
        case .back: "戻る"
        case .yes: "はい、削除する"
        case .no: "いいえ"
        case .answer: "答える"
        }
    }

    /// What libyaml's words (`problem`) mean, said in Japanese: the common
    /// slips by their first words; any other asks to read its quoted words.
    static func yamlSaid(_ problem: String) -> String {
        let meanings: [(String, String)] = [
            ("mapping values are not allowed", "ここには「キー: 値」を書けません。字下げを確かめるか、値に「: 」があるなら引用符で囲んでください"),
            ("did not find expected key", "キーが来るはずの所にありません。字下げがそろっているか確かめてください"),
            ("did not find expected '-'", "リストの「- 」が来るはずの所にありません。字下げを確かめてください"),
            ("did not find expected ',' or ']'", "「,」か「]」が来るはずの所にありません。[ … ] を閉じてください"),
            ("did not find expected ',' or '}'", "「,」か「}」が来るはずの所にありません。{ … } を閉じてください"),
            ("could not find expected ':'", "「:」が来るはずの所にありません。「キー: 値」と書いてください"),
            ("found character that cannot start any token", "ここに書けない文字があります。タブで字下げしていないか、値が @ や ` で始まっていないか確かめてください"),
            ("found a tab character", "字下げにタブがあります。空白にしてください"),
            ("found unexpected end of stream", "引用符やかっこが閉じないままファイルが終わっています"),
            ("found unknown escape character", "二重引用符の中に使えないエスケープ（\\ の後の文字）があります"),
            ("block sequence entries are not allowed", "ここにはリストの項目（- ）を書けません。字下げを確かめてください"),
            ("found undefined alias", "エイリアス（*name）の印（&name）が前にありません"),
            ("did not find expected alphabetic or numeric character", "& や * の後に名前がありません"),
        ]
        return meanings.first { problem.hasPrefix($0.0) }?.1 ?? "引用した説明を手がかりに、その場所の書き方を確かめてください"
    }

    /// A particle after a word: a space after Latin text or a quote (`項目 'amount' に`),
    /// none after Japanese (`キーに`), as Japanese is written.
    static func before(_ word: String, _ rest: String) -> String {
        (word.unicodeScalars.last?.isASCII ?? false ? word + " " : word) + rest
    }

    /// `'a'、'b'、'c'`.
    static func quotedList(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: "、")
    }

    /// What a rule compares, as a Japanese reader names it.
    static func japaneseKind(_ kind: RuleValueKind) -> String {
        switch kind {
        case .text: "テキスト"
        case .number: "数値"
        case .date: "日付"
        case .time: "時刻"
        case .datetime: "日時"
        case .boolean: "はい/いいえ"
        case .list: "選んだもののリスト"
        }
    }

    /// Constants of a kind, to show how one is written (`RuleValueKind.example`).
    static func japaneseExample(_ kind: RuleValueKind) -> String {
        switch kind {
        case .text, .number: kind.example
        case .date: "2026-01-01 や today"
        case .time: "09:30 や now"
        case .datetime: "別の datetime の項目"
        case .boolean: "true や false"
        case .list: "count(FIELD) >= 1"
        }
    }

    /// `U+001B`.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// What kind of unseen character it is (`TerminalSafe.describe`'s kinds).
    private static func japaneseKind(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: "制御文字 ESC"
        case 0x09: "制御文字 タブ"
        case 0x0A, 0x0D: "改行（制御文字）"
        case 0x2028, 0x2029: "改行文字"
        case 0x00...0x1F, 0x7F...0x9F: "制御文字"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: "書字方向の制御文字"
        default: "見えない文字"
        }
    }

    /// What a part of a layout or form file must be, as the formatter says it.
    static func japaneseFormatterShape(_ shape: FormatterShape) -> String {
        switch shape {
        case .layoutRoot: "レイアウトはフィールド（title、kind、rows か pages）のマッピングにしてください"
        case .layoutEmpty: "rows か pages が必要です"
        case .key: "キーはテキストか、マッピング（label、text、hotkey、span、action、to）にしてください"
        case .row: "行はキーのリストにしてください（例: `- [High, Low]`）"
        case .rows: "`rows` は行のリストにし、各行をキーのリストにしてください（例: `- [High, Low]`）"
        case .layoutPage: "ページは id、title、rows のマッピングにしてください"
        case .layoutPages: "`pages` はページのリストにし、各ページを id、title、rows のマッピングにしてください"
        case .formRoot: "フォームは title と fields（または pages）のマッピングにしてください"
        case .formEmpty: "fields か pages が必要です"
        case .choices: "`choices` はリストかマッピングにしてください"
        case .choiceKeys: "`keys` は値からキーのリストへのマッピングにしてください"
        case .messages: "`messages` はチェック（required、pattern、min…）からメッセージへのマッピングにしてください"
        case .field: "項目は id、label、type… のマッピングにしてください"
        case .fields: "`fields` は項目のリストにし、各項目を id、label、type… のマッピングにしてください"
        case .formPage: "ページは title と fields のマッピングにしてください"
        case .formPages: "`pages` はページのリストにし、各ページを title と fields のマッピングにしてください"
        case .rule: "ルールは name、check（または one_of）、message のマッピングにしてください"
        case .rules: "`rules` はルールのリストにし、各ルールを name、check、message のマッピングにしてください"
        }
    }

    /// `（a、b）` after a sentence, or nothing when no part is there.
    private static func bracketed(_ parts: [String?]) -> String {
        let parts = parts.compactMap { $0 }
        return parts.isEmpty ? "" : "（" + parts.joined(separator: "、") + "）"
    }

    /// A word before a particle (を, へ): a space after Latin letters and
    /// digits (`High を選ぶ`), none after Japanese (`中を選ぶ`), as Japanese is written.
    static func spaced(_ word: String) -> String {
        guard let last = word.unicodeScalars.last, last.isASCII,
            last.properties.isAlphabetic || ("0"..."9").contains(last)
        else { return word }
        return word + " "
    }

    /// A value in a file, in 「」, cut after 40 characters.
    private static func shownJapanese(_ text: String) -> String {
        text.count > 40 ? "「\(text.prefix(40))…」" : "「\(text)」"
    }
}
