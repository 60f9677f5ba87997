import Testing
@testable import LabRunner

/// A fence never closed runs, per CommonMark, to the end of its container or of the file. For a
/// cell or an output block that silently moves what is compiled or expected, so it is an input
/// error at the opening fence; so is any fence that swallows the rest of the file.
struct UnclosedFenceTests {
    @Test(arguments: [
        ("```swift\nprint(1)\n```\n\n```swift\nprint(2)\n\nMore prose\n",
         "lab.md:5:1: error: fence '```swift' is never closed, so it runs to the end of the file (line 8); add a closing '```' line where it should end"),
        ("```swift\nprint(1)\n```\n````output mock\n1\n",
         "lab.md:4:1: error: fence '````output mock' is never closed, so it runs to the end of the file (line 5); add a closing '````' line where it should end"),
        ("1. step\n   ```swift\n   print(1)\n2. next\n",
         "lab.md:2:4: error: fence '```swift' is never closed, so it runs to the end of its list item (line 3); add a closing '```' line where it should end"),
        ("> ~~~swift\n> print(1)\n\nprose\n",
         "lab.md:1:3: error: fence '~~~swift' is never closed, so it runs to the end of its block quote (line 2); add a closing '~~~' line where it should end"),
        ("> - a\n>   ```swift\n>   print(1)\n\nprose\n",
         "lab.md:2:5: error: fence '```swift' is never closed, so it runs to the end of its list item (line 3); add a closing '```' line where it should end"),
        // Any fence left open to the end of the file hides what follows, cells included.
        ("```text\nnotes\n\n```swift\nprint(1)\n",
         "lab.md:1:1: error: fence '```text' is never closed, so it runs to the end of the file (line 5); add a closing '```' line where it should end"),
        ("```\n", "lab.md:1:1: error: fence '```' is never closed, so it runs to the end of the file (line 1); add a closing '```' line where it should end"),
    ])
    func unclosedLabFencesAreErrorsAtTheOpeningFence(text: String, message: String) {
        do {
            _ = try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
            Issue.record("expected: \(message)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Other fences that end with their list item or block quote are read as CommonMark says.
    @Test(arguments: [
        "- ```text\n  notes\n- next\n\n```swift\nprint(1)\n```\n",
        "> ```\n> quoted\n\n```swift\nprint(1)\n```\n",
    ])
    func otherFencesMayEndWithTheirContainer(text: String) throws {
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
        #expect(lab.cells.map(\.block.code) == ["print(1)\n"])
        #expect(lab.blocks.first?.closingLine == nil)
    }
}
