/// Secret fields (`secret: true`, DECISIONS 38): what a secret is shown as, and
/// what of a record may be kept. The one place that says where a secret may go:
/// the output (stdout) always carries it; the store only with `store: true`;
/// drafts, history, `default: last`, problems and rescue files never.
extension Field {
    /// `text` as the screen shows this field's value: itself, or for a secret
    /// a `•` for each character a person sees (`日本語` is `•••`), or nothing
    /// with `mask: none`.
    public func masked(_ text: String) -> String {
        guard secret else { return text }
        return mask == .none ? "" : String(repeating: "•", count: text.count)
    }

    /// An entry as the screen shows it while it is typed: masked the same way,
    /// the cursor after as many `•` as characters before it (at the start with
    /// `mask: none`, so nothing says how long the secret is).
    public func masked(_ entry: FormState.Entry) -> FormState.Entry {
        guard secret else { return entry }
        return mask == .none ? FormState.Entry("") : FormState.Entry(masked(entry.text), cursor: entry.cursor)
    }

    /// Whether the field's value may be kept by the store (records, and so
    /// history, `default: last`, choices and the browse filter's values).
    public var isStored: Bool { !secret || storesSecret }
}

extension Record {
    /// The record as the store (or a rescue file, which stands in for the
    /// store) may keep it: a secret field that does not say `store: true` is
    /// empty there (NULL), while the output still carries its value.
    public func storable(in form: Form) -> Record {
        let withheld = Set(form.fields.filter { !$0.isStored }.map(\.id))
        guard !withheld.isEmpty else { return self }
        return Record(values: values.map { withheld.contains($0.id) ? ($0.id, nil) : $0 })
    }
}
