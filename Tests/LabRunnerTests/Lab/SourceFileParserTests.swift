import Testing
@testable import LabRunner

/// A `.swift` file is a guide whose samples are its doc comments' Swift blocks.
struct SourceFileParserTests {
    private func plan(_ text: String, path: String = "Pkg/Sources/Shapes/Shape.swift") throws -> GuidePlan {
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: path)
        return try GuidePlan(lab, appleAvailable: false)
    }

    @Test func swiftBlocksOfEachCommentAreSamplesAndEachCommentStartsFresh() throws {
        let plan = try plan("""
        /// A square.
        ///
        ///     let s = Square(side: 2)
        ///
        /// ```swift
        /// print(s.area)
        /// ```
        ///
        /// ```json
        /// {"not": "swift"}
        /// ```
        public struct Square {}

        /// ```
        /// let t = Square(side: 3)
        /// ```
        public func make() {}
        """)
        #expect(plan.lab.isGuide)
        #expect(plan.samples.map(\.line) == [3, 5, 14])
        #expect(plan.samples.map(\.cell.sampleDirectives.fresh) == [true, false, true])
        // The file's target is imported as a client would import it.
        #expect(plan.catalogModule == "Shapes")
        #expect(plan.samples[0].needs.map(\.module) == ["Shapes"])
    }

    @Test func aSourceOutsideATargetImportsNothingImplicitly() throws {
        let plan = try plan("/// Text.\n///\n///     f()\nfunc f() {}\n", path: "Scripts/tool.swift")
        #expect(plan.catalogModule == nil)
        #expect(plan.samples.count == 1)
    }

    @Test func attributesOtherThanSkipAndAppleAreErrorsAtTheirColumn() throws {
        let source = "/// ```swift skip\n/// x\n/// ```\n/// ```swift no_run\n/// y\n/// ```\nfunc f() {}\n"
        let error = #expect(throws: LabError.self) { try plan(source) }
        #expect(error?.location.line == 4 && error?.location.column == 14)
    }

    @Test func aFileWithoutSamplesHasNothingToCheckRatherThanPassing() throws {
        let lab = try LabParser.parse(bytes: Array("/// Text only.\nfunc f() {}\n".utf8), path: "Sources/A/a.swift")
        #expect(!lab.isGuide)
        #expect(lab.kind.reason == "no Swift blocks in its doc comments")
        #expect(lab.cells.isEmpty)
    }

    @Test func anInvalidByteIsAnErrorAtItsLine() {
        #expect(throws: LabError.self) { try LabParser.parse(bytes: Array("/// ok\n".utf8) + [0xFF, 0x0A], path: "a.swift") }
    }
}
