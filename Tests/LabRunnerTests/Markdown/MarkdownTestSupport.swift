@testable import LabRunner

/// Parses `text` and returns its fenced blocks.
func fencedBlocks(_ text: String) -> [FencedBlock] {
    MarkdownParser.fencedBlocks(in: MarkdownSource(text: text))
}

/// The `code` of every fenced block of `text`, in order: the compact expectation
/// most structure tests need.
func fencedCodes(_ text: String) -> [String] {
    fencedBlocks(text).map(\.code)
}

/// The raw source text of `range`, to check offsets against the bytes they address.
func markdownSlice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}
