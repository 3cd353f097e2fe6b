extension Frame {
    /// The frame with `caption` written into the blank rows just above its
    /// bottom `keepingBottom` rows (a footer), after at least one blank row, so
    /// nothing drawn is covered: a note under a screen that has room for it
    /// (the demo menu says where each app keeps its data). When the whole
    /// caption does not fit there, only its first line is written; when that
    /// does not fit either, nothing is. Lines are cut to the width.
    public func captioned(_ caption: [Line], keepingBottom bottom: Int) -> Frame {
        for lines in [caption, Array(caption.prefix(1))] where !lines.isEmpty {
            let end = height - bottom
            let start = end - lines.count
            // The rows it takes and the one above must be blank (and not the cursor's).
            guard start >= 1, end <= height,
                (start - 1..<end).allSatisfy({ self.lines[$0].text.allSatisfy(\.isWhitespace) && cursor?.row != $0 })
            else { continue }
            var frame = self
            for (offset, line) in lines.enumerated() { frame.lines[start + offset] = line.truncated(to: width) }
            return frame
        }
        return self
    }
}
