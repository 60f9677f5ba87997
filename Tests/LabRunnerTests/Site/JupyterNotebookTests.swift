import Foundation
import Testing
@testable import LabRunner

/// A lab as a Jupyter notebook, from the report model: the whole file against a golden one, and
/// what each kind of result becomes (streams, errors, metadata), hostile output kept as text.
struct JupyterNotebookTests {
    static let golden = LabRunnerCLI.fixtures + "/notebook/greetings.ipynb"

    static func notebook(_ outcome: FileOutcome) -> String {
        JupyterNotebook(file: FileReport(outcome, appleAvailable: false))?.json() ?? ""
    }

    static func cells(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["cells"] as? [[String: Any]])
    }

    static func cell(_ json: String, id: String) throws -> [String: Any] {
        try #require(try cells(json).first { $0["id"] as? String == id }, "no cell \(id)")
    }

    /// `ReportFixture.mismatch()`: prose, a cell printing the same in both scenarios, one
    /// printing differently (failing in `failing`, so what it should print follows it), a
    /// skipped cell (`%%skip` for the kernel) and a SwiftUI cell; the kernel is labrunner's.
    @Test func aLabIsTheGoldenNotebook() throws {
        let expected = try String(contentsOfFile: Self.golden, encoding: .utf8)
        GoldenText.expect(Self.notebook(ReportFixture.mismatch()), equals: expected)
    }

    /// A hint is collapsed (`<details>`), its Markdown kept and its raw HTML filtered as prose is.
    @Test func aHintIsACollapsedMarkdownCell() throws {
        let source = MarkdownSource(text: "```hint\nuse `map` <img src=x onerror=alert(1)>\n```\n")
        let block = try #require(MarkdownParser.fencedBlocks(in: source).first)
        let cell = JupyterNotebook.hintCell(block, line: 1)
        guard case .object(let members) = cell, case .array(let lines)? = members["source"] else {
            Issue.record("not a cell: \(cell)")
            return
        }
        let text = lines.map { if case .string(let line) = $0 { line } else { "" } }.joined()
        #expect(members["cell_type"] == .string("markdown") && members["id"] == .string("hint-L1"))
        #expect(text.hasPrefix("<details><summary>Hint</summary>\n\n") && text.hasSuffix("\n\n</details>"), "\(text)")
        #expect(text.contains("<code>map</code>") && !text.contains("onerror"), "\(text)")
    }

    /// The kernel's magic for a cell the lab builds apart or not at all.
    @Test(arguments: [("swift", nil), ("swift skip", "%%skip"), ("swift compile_fail", "%%compile_fail"),
                      ("swift no_run", "%%no_run"), ("swift standalone", "%%standalone")] as [(String, String?)])
    func aCellBuiltApartStartsWithTheKernelsMagic(_ info: String, _ magic: String?) throws {
        let block = try #require(MarkdownParser.fencedBlocks(in: MarkdownSource(text: "```\(info)\nlet x = 1\n```\n")).first)
        #expect(JupyterNotebook.kernelMagic(block) == magic)
    }

    @Test func theSameRunGivesTheSameBytes() {
        #expect(Self.notebook(ReportFixture.mismatch()) == Self.notebook(ReportFixture.mismatch()))
    }

    /// A `standalone` cell's outputs are its own program's, not the lab's program's "not run".
    @Test func aStandaloneCellHasOnlyItsOwnOutputs() throws {
        let cell = try Self.cell(Self.notebook(try StandaloneFixture.outcome()), id: "L9")
        let outputs = try #require(cell["outputs"] as? [[String: Any]])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: outputs), as: UTF8.self)
        #expect(text.contains("alone"), "\(text)")
        #expect(!text.contains("not run") && !text.contains("ended before"), "\(text)")
        let facts = try #require((cell["metadata"] as? [String: Any])?["labrunner"] as? [String: Any])
        #expect(facts["scenarios"] as? [String: String] == ["mock": "pass", "empty": "pass", "failing": "pass"], "\(facts)")
    }

    @Test func aCompileErrorIsAnErrorOutputOfItsCell() throws {
        let json = Self.notebook(ReportFixture.compileFailure())
        let cell = try Self.cell(json, id: "L15")
        let outputs = try #require(cell["outputs"] as? [[String: Any]])
        #expect(outputs.count == 1)
        #expect(outputs.first?["output_type"] as? String == "error")
        #expect(outputs.first?["ename"] as? String == "CompileError")
        #expect(outputs.first?["evalue"] as? String == "cannot find 'second' in scope")
        let traceback = try #require(outputs.first?["traceback"] as? [String])
        #expect(traceback.first == "labs/greetings.md:16:7: error: cannot find 'second' in scope")
        // Nothing ran: no cell has an execution count.
        #expect(try Self.cells(json).allSatisfy { $0["execution_count"] == nil || $0["execution_count"] is NSNull })
    }

    @Test func aCrashAndATimeoutAreErrorOutputsNamingTheirScenario() throws {
        let cell = try Self.cell(Self.notebook(ReportFixture.crashAndTimeout()), id: "L15")
        let errors = try #require(cell["outputs"] as? [[String: Any]]).filter { $0["output_type"] as? String == "error" }
        #expect(errors.map { $0["ename"] as? String } == ["crash", "timeout"])
        #expect((errors.first?["evalue"] as? String)?.hasSuffix("in scenario mock") == true)
        #expect((errors.last?["evalue"] as? String)?.hasSuffix("in scenario failing") == true)
    }

    @Test func hostileOutputIsStreamTextExactlyAndTheJSONStaysValid() throws {
        let hostile = "</script><img src=x onerror=alert(1)>\"\\\u{0}\u{1B}[31mend\r\n"
        let json = Self.notebook(ReportFixture.mismatch(actual: hostile))
        let outputs = try #require(try Self.cell(json, id: "L15")["outputs"] as? [[String: Any]])
        let texts = outputs.compactMap { ($0["text"] as? [String])?.joined() }
        #expect(texts.contains("── failing ──\n" + hostile))
        // Only text outputs: nothing a frontend renders as HTML.
        #expect(!json.contains("text/html"))
    }

    /// A lab whose prose holds raw HTML and a `javascript:` link (issue 39): JupyterLab sanitises
    /// an untrusted notebook, but `jupyter nbconvert` and other viewers pass a Markdown cell's HTML
    /// through. Each block of prose holding them is carried as the page renders it, filtered; the
    /// other blocks stay Markdown as written.
    static let hostileProse = """
    # Hostile <b onclick="x">prose</b>

    <script>alert('pwned-script')</script>

    Plain *prose* with `Array<Int>`, a [link](lab02.md) and <https://example.com>.

    Text with <img src=x onerror=alert('pwned-img')> inline,
    on two lines.
    - an item with <a href="javascript:alert('pwned-a')">a link</a>
    - a plain item

    > [quoted](javascript:alert('pwned-md')) and <JAVASCRIPT:alert('pwned-auto')>

    <details><summary>More</summary>

    Inside *details*.

    </details>

    ```swift
    print(1)
    ```

    """

    @Test func proseHTMLIsCarriedFilteredAndPlainProseAsWritten() throws {
        let lab = try LabParser.parse(bytes: Array(Self.hostileProse.utf8), path: "labs/hostile.md")
        let json = Self.notebook(ReportFixture.file(lab, .ran([])))
        let markdown = try Self.cells(json).filter { $0["cell_type"] as? String == "markdown" }
            .map { try #require($0["source"] as? [String]).joined() }.joined(separator: "\n")
        for sign in ["<script", "<img src=x", "onclick", "](javascript:", "href=\"javascript:", "<JAVASCRIPT:"] {
            #expect(!markdown.contains(sign), "\(sign) in the notebook's prose:\n\(markdown)")
        }
        #expect(markdown.contains("Plain *prose* with `Array<Int>`, a [link](lab02.md) and <https://example.com>.\n"), "\(markdown)")
        #expect(markdown.contains("<h1>Hostile <b>prose</b></h1>\n\n&lt;script>alert('pwned-script')&lt;/script>\n\nPlain"), "\(markdown)")
        #expect(markdown.contains("<p>Text with &lt;img src=x onerror=alert('pwned-img')&gt; inline,\non two lines.</p>\n\n<ul>\n"), "\(markdown)")
        #expect(markdown.contains("<details><summary>More</summary>\n\nInside *details*.\n\n</details>"), "\(markdown)")
    }

    @Test func jsonIsWrittenAsPythonsEncoderWritesIt() {
        let value = NotebookJSON.object(["b": .array([]), "a": .object([:]), "é": .string("\u{1}\t\"\\é\u{7F}"), "n": .array([.int(1), .null])])
        #expect(value.text == "{\n \"a\": {},\n \"b\": [],\n \"n\": [\n  1,\n  null\n ],\n \"é\": \"\\u0001\\t\\\"\\\\é\u{7F}\"\n}\n")
        #expect(NotebookJSON.lines("a\nb\r\nc\rd\u{2028}e") == .array([.string("a\n"), .string("b\r\n"), .string("c\r"), .string("d\u{2028}"), .string("e")]))
    }

    @Test func onlyALabHasANotebook() {
        #expect(JupyterNotebook(file: FileReport(ReportFixture.unreadable(), appleAvailable: false)) == nil)
        #expect(JupyterNotebook(file: FileReport(ReportFixture.invalid(), appleAvailable: false)) == nil)
    }
}
