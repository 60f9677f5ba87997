import Testing
@testable import LabRunner

/// Doc comments' code blocks, with their lines and byte offsets in the Swift file itself.
struct DocCommentReaderTests {
    private func blocks(_ text: String) -> [DocCommentBlock] {
        DocCommentReader.codeBlocks(in: MarkdownSource(text: text))
    }

    @Test func indentedCodeInLineCommentsKeepsFileLinesAndOffsets() throws {
        let text = """
        /// Adds one.
        ///
        ///     let x = 1
        ///       + 2
        ///
        func f() {}
        """
        let found = blocks(text)
        try #require(found.count == 1)
        let block = found[0].block
        #expect(block.isIndented)
        #expect(block.code == "let x = 1\n  + 2\n")
        #expect(block.openingLine == 3)
        #expect(block.contentLines.map(\.line) == [3, 4])
        // Byte 8 of line 3 is where `let` starts, past `///` and five blanks.
        let lineStart = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[0..<2]
            .reduce(0) { $0 + $1.count + 1 }
        #expect(block.contentLines[0].textStart == lineStart + 8)
    }

    @Test func fencedBlocksWithAndWithoutInfoAndOtherLanguages() {
        let found = blocks("""
            /// Text.
            /// ```swift
            /// print(1)
            /// ```
            /// ```
            /// bare()
            /// ```
            /// ```json
            /// {}
            /// ```
            struct S {}
        """)
        #expect(found.map(\.block.info) == ["swift", "", "json"])
        #expect(found.map(\.block.code) == ["print(1)\n", "bare()\n", "{}\n"])
        #expect(found.map(\.block.openingLine) == [2, 5, 8])
        #expect(found.allSatisfy { $0.comment == 0 })
    }

    @Test func blockCommentDecorationIsStripped() {
        let found = blocks("""
        /**
         * Makes one.
         *
         *     let y = 2
         *
         * ```swift
         * print(y)
         * ```
         */
        func g() {}
        """)
        #expect(found.map(\.block.code) == ["let y = 2\n", "print(y)\n"])
        #expect(found.map(\.block.openingLine) == [4, 6])
    }

    @Test func blockCommentWithoutDecoration() {
        let found = blocks("/** Makes one.\n\n     let z = 3\n */\nfunc h() {}\n")
        #expect(found.map(\.block.code) == ["let z = 3\n"])
    }

    @Test func commentsApartAreSeparateAndOrdinaryCommentsAreNot() {
        let found = blocks("""
        /// A.
        ///
        ///     a()
        func a() {}
        /// B.
        ///
        ///     b()
        func b() {}
        //      not()
        ////    not()
        let s = "///     not()"
        /*      not() */
        let t = 1 ///     trailing()
        """)
        #expect(found.map(\.block.code) == ["a()\n", "b()\n"])
        #expect(found.map(\.comment) == [0, 1])
    }

    @Test func trailingBlankLinesAreNotPartOfAnIndentedBlock() {
        let found = blocks("/// Text\n///\n///     one()\n///\n///     two()\n///\n///\n/// More.\nfunc f() {}\n")
        #expect(found.map(\.block.code) == ["one()\n\ntwo()\n"])
        #expect(found.first?.block.contentLines.map(\.line) == [3, 4, 5])
    }

    @Test func aCommentOfOnlyIndentedLinesIsNotCode() {
        // The first non-blank line's indentation goes from every line, as DocC reads it.
        #expect(blocks("///     only()\nfunc f() {}\n").isEmpty)
    }

    @Test func indentationIsTheFirstNonBlankLines() {
        // `///text` without a space: the code needs four columns after `///`.
        let found = blocks("///Text\n///\n///    code()\n///\n///   notCode()\n")
        #expect(found.map(\.block.code) == ["code()\n"])
    }
}
