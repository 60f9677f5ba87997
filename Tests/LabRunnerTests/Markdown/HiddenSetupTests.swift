import Foundation
import Testing
@testable import LabRunner

/// Hidden setup blocks: a fence inside `<!-- labrunner: setup … -->`, which renderers show
/// nothing of, is the one fence an HTML comment holds.
struct HiddenSetupTests {
    static let guide = """
    # Points

    <!-- labrunner: setup
    ```swift
    struct Point { var x = 0, y = 0 }
    ```
    -->

    Make a point:

    ```swift
    let p = Point(x: 1, y: 2)
    print(p.x + p.y) // Prints 3
    ```

    """

    /// (text, hidden flag of each fence found).
    static let structure: [(String, [Bool])] = [
        (guide, [true, false]),
        // Any other comment holds no fences, as CommonMark says.
        ("<!--\n```swift\nlet a = 1\n```\n-->\n", []),
        ("<!-- labrunner: setup please\n```swift\nlet a = 1\n```\n-->\n", []),
        ("<!-- labrunner: fresh -->\n```swift\nlet a = 1\n```\n", [false]),
        // Closed on its own line: the fence after it is an ordinary one.
        ("<!-- labrunner: setup -->\n```swift\nlet a = 1\n```\n", [false]),
        // Shown in a code block (documentation of the syntax), it is only text.
        ("````markdown\n<!-- labrunner: setup\n```swift\nlet a = 1\n```\n-->\n````\n", [false]),
        // Spaces around the words, a tilde fence, two blocks, inside a block quote.
        ("<!--   labrunner:setup  \n~~~swift\nlet a = 1\n~~~\n\n```swift\nlet b = 2\n```\n-->\n", [true, true]),
        ("> <!-- labrunner: setup\n> ```swift\n> let a = 1\n> ```\n> -->\n", [true]),
        // `-->` before the closing fence ends the comment: the block ends there, unclosed.
        ("<!-- labrunner: setup\n```swift\nlet a = 1 -->\n```\n", [true, false]),
    ]

    @Test(arguments: structure)
    func fencesInsideASetupCommentAreHidden(_ example: (String, [Bool])) {
        #expect(fencedBlocks(example.0).map(\.isHiddenSetup) == example.1)
    }

    @Test func itsCodeAndLinesAreAnOrdinaryFencesAndItGivesContext() throws {
        let blocks = fencedBlocks(Self.guide)
        #expect(blocks[0].code == "struct Point { var x = 0, y = 0 }\n")
        #expect(blocks[0].openingLine == 4)
        #expect(blocks[0].closingLine == 6)
        let lab = try LabParser.parse(bytes: Array(Self.guide.utf8), path: "guide.md")
        #expect(lab.isGuide)
        let plan = try GuidePlan(lab, appleAvailable: false)
        #expect(plan.samples.map(\.isHiddenSetup) == [true, false])
        #expect(plan.samples[0].role == .program(runs: false))
        #expect(plan.contexts[1].references.map(\.sample) == [0])
        #expect(plan.samples[1].prints.map(\.text) == ["3"])
    }

    @Test func aCommentThatEndsInsideTheFenceIsAnError() {
        let text = "<!-- labrunner: setup\n```swift\nlet a = 1 -->\n```\n"
        #expect(throws: LabError.self) { try LabParser.parse(bytes: Array(text.utf8), path: "guide.md") }
    }

    @Test func aLabHasNoHiddenSetup() {
        let text = "<!-- labrunner: setup\n```swift\nlet a = 1\n```\n-->\n```swift\nprint(a)\n```\n```output\n1\n```\n"
        do {
            _ = try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("lab.md:2:1: error: a hidden setup block gives context to a guide's samples"), "\(error.description)")
        }
    }

    /// cmark-gfm (GitHub's renderer) shows nothing of it: safe mode omits the comment, unsafe
    /// mode passes it through as an HTML comment; without comments, the page is the page
    /// without the block.
    @Test(.enabled(if: Cmark.path != nil, "cmark-gfm is not installed"))
    func aReferenceRendererShowsNoTraceOfIt() throws {
        let without = Self.guide.replacingOccurrences(of: "<!-- labrunner: setup\n```swift\nstruct Point { var x = 0, y = 0 }\n```\n-->\n\n", with: "")
        #expect(without != Self.guide)
        let expected = try Self.render(without, safe: true)
        for safe in [true, false] {
            let html = try Self.render(Self.guide, safe: safe)
            let shown = html.replacingOccurrences(of: "<!--[\\s\\S]*?-->\n?", with: "", options: .regularExpression)
            #expect(shown == expected, "\(html)")
            #expect(!shown.contains("struct Point"))
        }
    }

    static func render(_ markdown: String, safe: Bool) throws -> String {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try markdown.write(toFile: folder + "/in.md", atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(ProcessRequest(executable: Cmark.path ?? "cmark-gfm", arguments: (safe ? [] : ["--unsafe"]) + [folder + "/in.md"],
                                                         environment: [:], timeout: 30, outputLimit: 1 << 20))
        return String(decoding: result.stdout, as: UTF8.self)
    }
}
