import Testing
@testable import LabRunner

struct LabParserTests {
    private func parse(_ text: String) throws(LabError) -> Lab {
        try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
    }

    @Test func cellsSectionsAttributesAndOutputs() throws {
        let lab = try parse("""
        # Lab

        ```swift
        // MARK: - Model
        struct A {}
        ```

        ```swift
        print("hi")
        ```
        ```output
        hi
        ```
        ```output failing
        bye
        ```

        ```swift skip
        // MARK: - Fragments
        let x =
        ```

        ```python
        print("not swift")
        ```

        ```swift apple
        // MARK: - Views
        struct V {}
        ```
        """)
        #expect(lab.cells.count == 4)
        #expect(lab.blocks.count == 7)
        #expect(lab.cells.map(\.line) == [3, 8, 18, 27])
        #expect(lab.cells.map(\.section) == ["Model", "Model", "Fragments", "Views"])
        #expect(lab.sections == ["Model", "Fragments", "Views"])
        #expect(lab.cells[2].isSkipped)
        #expect(lab.cells[3].platform == .apple(reason: "marked apple"))
        #expect(lab.cells[0].platform == .any)
        #expect(lab.compiledCells.map(\.index) == [0, 1, 3])
        let outputs = lab.cells[1].outputs
        #expect(outputs.map(\.line) == [11, 14])
        #expect(outputs.map(\.scenarios) == [[], ["failing"]])
        #expect(lab.cells[1].expectedOutput(for: "mock")?.block.code == "hi\n")
        #expect(lab.cells[1].expectedOutput(for: "failing")?.block.code == "bye\n")
        #expect(lab.cells[0].expectedOutput(for: "mock") == nil)
    }

    @Test func attributesSeparatedByCommas() throws {
        let lab = try parse("```swift,skip\nlet a =\n```\n")
        #expect(lab.cells[0].attributes == [.skip])
    }

    @Test(arguments: [
        ("```output\nhi\n```\n", "lab.md:1:4: error: output block before any swift cell: an output block shows what the swift cell above it prints"),
        ("```swift\nprint(1)\n```\n```output mock slow\n1\n```\n", "lab.md:4:16: error: output block names scenario 'slow', which the lab does not declare (scenarios: mock, empty, failing)"),
        ("```swift\nprint(1)\n```\n```output mock emtpy\n1\n```\n", "lab.md:4:16: error: output block names scenario 'emtpy', which the lab does not declare; did you mean 'empty'? (scenarios: mock, empty, failing)"),
        ("```swift skp\nprint(1)\n```\n", "lab.md:1:10: error: unknown cell attribute 'skp'; did you mean 'skip'? (attributes: skip, apple, compile_fail, standalone, no_run, hidden, scratch)"),
        ("```swift\nprint(1)\n```\n```output\n1\n```\n```output\n1\n```\n", "lab.md:7:4: error: second output block for all scenarios of the same cell; the first is on line 4"),
        ("```swift\nprint(1)\n```\n```output empty\n1\n```\n```output failing empty\n1\n```\n", "lab.md:7:4: error: second output block for scenario 'empty' of the same cell; the first is on line 4"),
    ])
    func inputErrors(text: String, message: String) {
        do {
            _ = try parse(text)
            Issue.record("expected: \(message)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func invalidUTF8NamesTheByteOffset() {
        let bytes = Array("```swift\nprint(\"".utf8) + [0xC3, 0x28] + Array("\")\n```\n".utf8)
        do {
            _ = try LabParser.parse(bytes: bytes, path: "bad.md")
            Issue.record("expected an error")
        } catch {
            #expect(error == LabError(SourceLocation(path: "bad.md", line: 2, column: 8), .notUTF8(byteOffset: 16)))
            #expect(error.description == "bad.md:2:8: error: not valid UTF-8 at byte offset 16; save the lab as UTF-8")
        }
    }

    @Test func fencesInsideFrontMatterAreIgnored() throws {
        let lab = try parse("---\ntitle: T\n---\n```swift\nprint(1)\n```\n")
        #expect(lab.cells.count == 1)
        #expect(lab.cells[0].line == 4)
        #expect(lab.frontMatterLines == 3)
    }

    @Test(arguments: [
        ("// MARK: - Model\nstruct A {}\n", "Model"),
        ("\n   \n// MARK: - View Models\n", "View Models"),
        ("// MARK: Service\n", "Service"),
        ("struct A {}\n// MARK: - Late\n", nil),
        ("// MARK: -\n", nil),
        ("", nil),
    ] as [(String, String?)])
    func sectionNames(code: String, expected: String?) {
        #expect(LabParser.sectionName(of: code) == expected)
    }
}
