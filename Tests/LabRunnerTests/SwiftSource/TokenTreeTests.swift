import Testing
@testable import LabRunner

/// The tree as a whole, compared as one dump: each group on its own line, indented by depth, with
/// its opener's and closer's `line:column` (`never closed` / `closes nothing` where so).
struct TokenTreeTests {
    static func dump(_ source: String) -> String {
        let bytes = Array(source.utf8)
        let tree = TokenTree(Array(SwiftLexer(bytes)).filter { !$0.isComment }, in: bytes)
        var lines: [String] = []
        func depth(_ index: Int) -> Int {
            var depth = 0
            var current = tree.parent(of: index)
            while let parent = current { depth += 1; current = tree.parent(of: parent) }
            return depth
        }
        func place(_ index: Int) -> String { "\(tree.tokens[index].line):\(tree.tokens[index].column)" }
        var leaves: [String] = []
        var leafDepth = 0
        func flush() {
            if !leaves.isEmpty { lines.append(String(repeating: "  ", count: leafDepth) + leaves.joined(separator: " ")) }
            leaves = []
        }
        for index in tree.tokens.indices {
            let text = tree.tokens[index].text(in: bytes)
            if tree.opens(index) {
                flush()
                let end = tree.closer(of: index).map { "\(tree.tokens[$0].text(in: bytes)) \(place($0))" } ?? "never closed"
                lines.append(String(repeating: "  ", count: depth(index)) + "\(text) \(place(index)) … \(end)")
                leafDepth = depth(index) + 1
            } else if tree.closesNothing(index) {
                flush()
                lines.append("\(text) \(place(index)) closes nothing")
            } else if tree.opener(of: index) != nil {
                flush()
                leafDepth = depth(index)
            } else {
                leaves.append(text)
            }
        }
        flush()
        return lines.joined(separator: "\n")
    }

    @Test func groupsNestByDepthAndSkipWhole() {
        #expect(Self.dump("f(a, [b]) { g(\"\\(x)\") }\nh") == """
            f
            ( 1:2 … ) 1:9
              a ,
              [ 1:6 … ] 1:8
                b
            { 1:11 … } 1:23
              g
              ( 1:14 … ) 1:21
                "
                \\( 1:16 … ) 1:19
                  x
                "
            h
            """)
        let bytes = Array("f(a) + b".utf8)
        let tree = TokenTree(Array(SwiftLexer(bytes)), in: bytes)
        #expect(tree.after(1) == 4)
        #expect(tree.after(0) == 1)
    }

    /// A closer closes the innermost group whatever its kind; `BracketBalance` reports it.
    @Test func mismatchedAndUnmatchedBrackets() {
        #expect(Self.dump("} f(a] { [") == """
            } 1:1 closes nothing
            f
            ( 1:4 … ] 1:6
              a
            { 1:8 … never closed
              [ 1:10 … never closed
            """)
    }

    /// Brackets inside comments and strings are no tokens of their own.
    @Test func bracketsInCommentsAndStringsAreLeaves() {
        #expect(Self.dump("a /* { */ \"(\" b") == """
            a "(" b
            """)
    }
}
