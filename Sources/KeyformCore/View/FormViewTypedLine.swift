extension FormView {
    /// The focused field's line as last measured for the screen (`measured`),
    /// kept from one render to the next: a typed key mostly adds or takes a
    /// character at the line's end, and measuring the whole line again (each
    /// scalar checked and counted) was the largest part of a key's frame in a
    /// short form (issue 27, DECISIONS 105). A line measured scalar by scalar
    /// (nothing escaped, each scalar a character of its own whatever is next to
    /// it) is its scalars' measures in a row, so a line that starts with it is
    /// measured from where it ends, and one it starts with is its first part.
    /// Anything else is measured whole: the line is the one measured without it.
    final class TypedLine {
        private var text = ""
        private var cells: [Int] = []
        private var offsets = [0]
        /// Whether `text` was measured scalar by scalar (see above); else nothing is kept.
        private var scalarwise = true

        /// `FormView.measured(entry)`, made from the line kept when it can be.
        func measured(_ entry: FormState.Entry) -> (text: String, cursor: Int, cells: [Int], offsets: [Int]) {
            if scalarwise, follow(entry.text) {
                return (text, min(max(0, entry.cursor), cells.count), cells, offsets)
            }
            let made = FormView.measured(entry)
            (text, cells, offsets) = (made.text, made.cells, made.offsets)
            scalarwise = made.scalarwise
            return (made.text, made.cursor, made.cells, made.offsets)
        }

        /// The kept measures made those of `new` when it starts with the kept
        /// text or the kept text starts with it; false (the measures left as
        /// they may be) when it does not, or a scalar added must be measured in
        /// its cluster.
        private func follow(_ new: String) -> Bool {
            let (newCount, keptCount) = (new.utf8.count, text.utf8.count)
            if newCount >= keptCount {
                guard Self.starts(new, with: text) else { return false }
                let rest = new.utf8.index(new.utf8.startIndex, offsetBy: keptCount)
                for scalar in new.unicodeScalars[rest...] {
                    guard let width = FormView.scalarCells(scalar) else { return false }
                    cells.append(width)
                    offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar))
                }
            } else {
                guard Self.starts(text, with: new) else { return false }
                // Where the shorter text ends is where one of the kept characters ends.
                var (low, high) = (0, offsets.count - 1)
                while low < high {
                    let middle = (low + high) / 2
                    if offsets[middle] < newCount { low = middle + 1 } else { high = middle }
                }
                guard offsets[low] == newCount else { return false }
                cells.removeLast(cells.count - low)
                offsets.removeLast(offsets.count - low - 1)
            }
            text = new
            return true
        }

        /// Whether `text`'s bytes start with `prefix`'s.
        private static func starts(_ text: String, with prefix: String) -> Bool {
            let found = text.utf8.withContiguousStorageIfAvailable { text in
                prefix.utf8.withContiguousStorageIfAvailable { prefix in
                    prefix.count <= text.count && prefix.elementsEqual(text.prefix(prefix.count))
                }
            }
            return (found ?? nil) ?? text.utf8.starts(with: prefix.utf8)
        }
    }
}
