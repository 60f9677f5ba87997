/// A hidden setup block: a fenced block inside an HTML comment whose first line is exactly
/// `<!-- labrunner: setup` (spaces allowed around the words, nothing after them), closed by a
/// later line holding `-->`. CommonMark renderers (GitHub, DocC, cmark-gfm) pass the comment
/// through as HTML, which shows nothing; labrunner compiles the block as a guide's setup.
enum HiddenSetup {
    /// True when the HTML block starting at `position` (`<!--`) is a setup comment.
    static func opens(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Bool {
        var index = position + 4
        func blanks() { while index < end, MarkdownASCII.isSpaceOrTab(bytes[index]) { index += 1 } }
        func word(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= end, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else { return false }
            index += utf8.count
            return true
        }
        blanks()
        guard word("labrunner:") else { return false }
        blanks()
        guard word("setup") else { return false }
        blanks()
        return index == end
    }
}
