/// The words of the demo's checklist and vacation apps: their pickers, their
/// questions, what they tell when a name or a file will not do, the swim
/// log's week, and the sample data a first start makes. A catalogue of its
/// own beside `Message`, as `Message`'s switches are at the size the compiler
/// checks in reasonable time (DECISIONS 85, `StoreReason`).
public enum DemoWords: Hashable, Sendable {
    // MARK: Checklists
    /// Over the sample list on the first start.
    case sampleListNotice
    case checklistsNameYourFirst
    case checklistsPickAList
    /// The field a list's name is typed or picked in.
    case listLabel
    case listsGridTitle
    /// A list's key: its name and how many of its items are not checked.
    case listLeft(String, unchecked: Int)
    case renameWhichList
    case newNameForList(String)
    case deleteWhichList
    case deleteList(String, items: Int)

    // MARK: Vacations
    case whichVacation
    case vacationLabel
    case vacationsGridTitle
    case renameWhichVacation
    case newNameForVacation(String)
    case deleteWhichVacation
    /// The vacation's database file, the vacation, and how many notes go with it.
    case deleteVacation(file: String, vacation: String, notes: Int)
    /// The vacation a first start makes: it names a database file.
    case defaultVacation
    case vacationExists(String)
    case vacationNameHoldsSlash
    case vacationNeedsName
    /// The name's file would be longer than a file system allows (in bytes of UTF-8).
    case vacationNameTooLong(bytes: Int, most: Int)
    /// A file that could not be renamed or deleted, and the system's words.
    case cannotRename(path: String, reason: String)
    case cannotDelete(path: String, reason: String)

    // MARK: The pickers and questions both apps use
    case nameCannotBeginWithSlash
    case renameKey
    case deleteKey
    /// The field of a picker that takes one of the names shown.
    case whichLabel
    case pickOneTitle
    case yesDelete
    case noKeepIt
    case ok
    case sure
    case okGoesBack
    case yesDeletesNoKeeps

    // MARK: The swim log's week (under the last entries)
    case weekSince(monday: CivilDate, metres: Int)

    // MARK: The sample list a first start makes, in the language of that start
    case sampleList
    case sampleEggs
    case sampleBread
    case sampleMilk
}

extension DemoWords {
    public var english: String {
        switch self {
        case .sampleListNotice: "A sample list to try · q: your lists, where / starts a new one"
        case .checklistsNameYourFirst: "Checklists · name your first list"
        case .checklistsPickAList: "Checklists · pick a list (a new name starts a new one)"
        case .listLabel: "List"
        case .listsGridTitle: "Lists"
        case .listLeft(let list, let unchecked): "\(list) · \(unchecked) left"
        case .renameWhichList: "Rename which list?"
        case .newNameForList(let list): "A new name for the list “\(list)”"
        case .deleteWhichList: "Delete which list?"
        case .deleteList(let list, let items):
            "Delete the list “\(list)” and " + (items == 1 ? "its 1 item?" : "its \(items) items?")
        case .whichVacation: "Which vacation? (a new name starts a new database)"
        case .vacationLabel: "Vacation"
        case .vacationsGridTitle: "Vacations"
        case .renameWhichVacation: "Rename which vacation?"
        case .newNameForVacation(let vacation): "A new name for the vacation “\(vacation)”"
        case .deleteWhichVacation: "Delete which vacation?"
        case .deleteVacation(let file, let vacation, let notes):
            "Delete \(file) (the vacation “\(vacation)”, " + (notes == 1 ? "1 note)?" : "\(notes) notes)?")
        case .defaultVacation: "My Vacation"
        case .vacationExists(let vacation): "There is a vacation “\(vacation)” already"
        case .vacationNameHoldsSlash: "A vacation's name cannot hold “/” (it names a file)"
        case .vacationNeedsName: "A vacation needs a name"
        case .vacationNameTooLong(let bytes, let most):
            "A vacation's name is too long to name a file (\(bytes) bytes of UTF-8; at most \(most))"
        case .cannotRename(let path, let reason): "Cannot rename \(path): \(reason)"
        case .cannotDelete(let path, let reason): "Cannot delete \(path): \(reason)"
        case .nameCannotBeginWithSlash: "A name cannot begin with “/”"
        case .renameKey: "Rename…"
        case .deleteKey: "Delete…"
        case .whichLabel: "Which"
        case .pickOneTitle: "Pick one"
        case .yesDelete: "Yes, delete"
        case .noKeepIt: "No, keep it"
        case .ok: "OK"
        case .sure: "Sure?"
        case .okGoesBack: "o or Esc goes back"
        case .yesDeletesNoKeeps: "y deletes; n or Esc keeps it"
        case .weekSince(let monday, let metres): "This week (since Mon \(monday)): \(metres) m"
        case .sampleList: "Groceries"
        case .sampleEggs: "Eggs"
        case .sampleBread: "Bread"
        case .sampleMilk: "Milk"
        }
    }

    public var japanese: String {
        switch self {
        case .sampleListNotice: "お試し用のリストです · q: リストの一覧へ（/ で新しいリスト）"
        case .checklistsNameYourFirst: "チェックリスト · 最初のリストの名前"
        case .checklistsPickAList: "チェックリスト · リストを選ぶか、新しい名前で新しいリストを作ります"
        case .listLabel: "リスト"
        case .listsGridTitle: "リストの一覧"
        case .listLeft(let list, let unchecked): "\(list) · 残り \(unchecked) 件"
        case .renameWhichList: "どのリストの名前を変えますか？"
        case .newNameForList(let list): "リスト「\(list)」の新しい名前"
        case .deleteWhichList: "どのリストを削除しますか？"
        case .deleteList(let list, let items):
            items == 0 ? "リスト「\(list)」を削除しますか？（項目はありません）" : "リスト「\(list)」とその \(items) 件を削除しますか？"
        case .whichVacation: "どの休暇ですか？（新しい名前なら新しいデータベース）"
        case .vacationLabel: "休暇"
        case .vacationsGridTitle: "休暇の一覧"
        case .renameWhichVacation: "どの休暇の名前を変えますか？"
        case .newNameForVacation(let vacation): "休暇「\(vacation)」の新しい名前"
        case .deleteWhichVacation: "どの休暇を削除しますか？"
        case .deleteVacation(let file, let vacation, let notes):
            "\(file)（休暇「\(vacation)」、" + (notes == 0 ? "メモなし" : "メモ \(notes) 件") + "）を削除しますか？"
        case .defaultVacation: "私の休暇"
        case .vacationExists(let vacation): "休暇「\(vacation)」はすでにあります"
        case .vacationNameHoldsSlash: "休暇の名前に「/」は使えません（ファイル名になるため）"
        case .vacationNeedsName: "休暇の名前を入力してください"
        case .vacationNameTooLong(let bytes, let most):
            "名前が長すぎてファイル名にできません（\(bytes) バイト、上限 \(most) バイト）"
        case .cannotRename(let path, let reason): "\(path) の名前を変えられません: \(reason)"
        case .cannotDelete(let path, let reason): "\(path) を削除できません: \(reason)"
        case .nameCannotBeginWithSlash: "名前を「/」で始めることはできません"
        case .renameKey: "改名…"
        case .deleteKey: "削除…"
        case .whichLabel: "選択"
        case .pickOneTitle: "1 つ選んでください"
        case .yesDelete: "はい、削除"
        case .noKeepIt: "いいえ、残す"
        // 「OK」 is how a Japanese screen writes it.
        case .ok: "OK"
        case .sure: "確認"
        case .okGoesBack: "o か Esc で戻る"
        case .yesDeletesNoKeeps: "y で削除、n か Esc で残す"
        case .weekSince(let monday, let metres):
            "今週（" + Message.date(monday).japanese + "（月）から）: \(metres) m"
        case .sampleList: "買い物"
        case .sampleEggs: "卵"
        case .sampleBread: "パン"
        case .sampleMilk: "牛乳"
        }
    }

    /// The words in `language`.
    public func said(in language: Language) -> String {
        switch language {
        case .english: english
        case .japanese: japanese
        }
    }
}
