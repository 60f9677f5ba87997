import Testing
@testable import LabRunner

struct WildcardLineTests {
    @Test(arguments: [
        // pattern, text, matches
        ("loaded [..] users in [..]ms", "loaded 12 users in 3ms", true),
        ("loaded [..] users in [..]ms", "loaded  users in ms", true),
        ("loaded [..] users in [..]ms", "loaded 12 users in 3s", false),
        ("loaded [..] users in [..]ms", "Loaded 12 users in 3ms", false),
        ("[..]", "", true),
        ("[..]", "anything at all", true),
        ("[..]end", "the end", true),
        ("[..]end", "end", true),
        ("[..]end", "the end.", false),
        ("start[..]", "start", true),
        ("start[..]", "started", true),
        ("start[..]", "a start", false),
        ("a[..][..]b", "ab", true),
        ("a[..][..]b", "a-x-b", true),
        ("a[..][..]b", "a-x-", false),
        ("[..][..]", "", true),
        ("ab[..]ba", "aba", false),  // prefix and suffix may not overlap
        ("ab[..]ba", "abba", true),
        ("x[..]y[..]y", "xyy", true),
        ("x[..]y[..]y", "xy", false),
        ("x[..]ab[..]c", "xaabbc", true),  // leftmost "ab" is inside "aab"
        ("[..]a[..]a[..]", "a", false),
        ("[..]a[..]a[..]", "banana", true),
        ("[[..]]", "[]", true),
        ("[[..]]", "[x]", true),
        ("[[..]]", "x]", false),
        ("é[..]ü", "éaü", true),
        ("é[..]ü", "eaü", false),
    ])
    func matchesWithinOneLine(pattern: String, text: String, matches: Bool) throws {
        let line = try #require(WildcardLine(pattern))
        #expect(line.matches(text) == matches)
    }

    @Test(arguments: ["", "plain", "[.]", "[...]", "[ ..]", "..."])
    func linesWithoutTheWildcardAreNotPatterns(line: String) {
        #expect(WildcardLine(line) == nil)
    }

    @Test func piecesSplitAtEachWildcard() throws {
        let line = try #require(WildcardLine("[..]a[..][..]b"))
        #expect(line.pieces.map { String(decoding: $0, as: UTF8.self) } == ["", "a", "", "b"])
    }

    @Test(arguments: [
        ("...", ExpectedLine.anyLines),
        ("a[..]", .pattern(WildcardLine("a[..]")!)),
        ("a...b", .literal(ArraySlice("a...b".utf8))),
        (" ...", .literal(ArraySlice(" ...".utf8))),
        ("....", .literal(ArraySlice("....".utf8))),
    ])
    func classifiesExpectedLines(text: String, kind: ExpectedLine) {
        #expect(ExpectedLine(ArraySlice(text.utf8)) == kind)
    }
}
