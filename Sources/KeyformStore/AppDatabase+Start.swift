import KeyformCore

/// Where a form starts when it is opened on a store: values and focus.
public struct FormStart: Equatable, Sendable {
    public var values: [String: String] = [:]
    /// The focused field's index.
    public var focus = 0
    /// Whether a draft was taken up (then submitting removes it).
    public var resumed = false
    /// The values from the last record alone: with the defaults, the form as it
    /// is when nothing was typed.
    public var last: [String: String] = [:]

    public init() {}
}

extension AppDatabase {
    /// `default: last` values from the newest record (with `repeatLast`, also every
    /// field without a default of its own), then the draft's values and focus when
    /// `resume` says so: true takes the draft up, false deletes it, nil leaves it be.
    /// `keyform run`, `keyform demo` and the Swift library all start forms this way.
    public func startingValues(for form: Form, repeatLast: Bool = false, resume: (Draft) throws -> Bool?) rethrows -> FormStart {
        var start = FormStart()
        for field in form.fields where field.defaultValue == .last || (repeatLast && field.defaultValue == nil) {
            if let last = try? lastValue(form: form, field: field.id) { start.values[field.id] = last }
        }
        start.last = start.values
        guard let draft = try? draft(form: form) else { return start }
        switch try resume(draft) {
        case true?:
            start.values.merge(draft.values) { _, drafted in drafted }
            start.focus = draft.focus.flatMap { id in form.fields.firstIndex { $0.id == id } } ?? 0
            start.resumed = true
        case false?:
            _ = try? deleteDraft(form: form)
        case nil:
            break
        }
        return start
    }
}
