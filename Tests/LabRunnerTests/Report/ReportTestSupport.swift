import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import LabRunner

/// Outcomes for the report tests, built from a real parsed lab and hand-made verdicts.
enum ReportFixture {
    /// Cells: 0 at line 7 (section Run, output line 11), 1 at line 15 (outputs: mock line 18,
    /// failing line 21), 2 at line 25 (`skip`), 3 at line 29 (apple: imports SwiftUI).
    static let text = """
    ---
    title: Greetings & <friends>
    scenarios: mock, failing
    ---
    # Greetings

    ```swift
    // MARK: - Run
    print("hello")
    ```
    ```output
    hello
    ```

    ```swift
    print(second)
    ```
    ```output mock
    second
    ```
    ```output failing
    error: [..]
    ```

    ```swift skip
    let x =
    ```

    ```swift
    import SwiftUI
    struct V: View { var body: some View { Text("x") } }
    ```

    """

    static func lab(path: String = "labs/greetings.md") -> Lab {
        // The fixture is a valid lab; a parse error here is a broken test.
        try! LabParser.parse(bytes: Array(text.utf8), path: path)
    }

    /// A verdict as `ScenarioVerdict.init(lab:run:…)` makes it: every cell with output is compared
    /// with its block, except the one running when the program stopped.
    static func verdict(_ lab: Lab, _ scenario: String, outputs: [Int: String], problem: ScenarioVerdict.Problem? = nil,
                        lastCell: Int? = nil, stderr: String = "", duration: Double = 0.25) -> ScenarioVerdict {
        var mismatches: [ScenarioVerdict.Mismatch] = []
        for cell in lab.cells where outputs[cell.index] != nil {
            if problem != nil && cell.index == lastCell { continue }
            let expected = cell.expectedOutput(for: scenario)
            let comparison = TranscriptComparison(expected: expected?.block.code ?? "", actual: outputs[cell.index]!)
            if !comparison.isMatch { mismatches.append(.init(cell: cell, expected: expected, comparison: comparison)) }
        }
        return ScenarioVerdict(scenario: scenario, mismatches: mismatches, problem: problem,
                               lastCell: lastCell.map { lab.cells[$0] }, stderr: stderr, duration: duration,
                               actualOutputs: outputs)
    }

    /// A file whose lab has one part, the program, with `status`.
    static func file(_ lab: Lab, _ status: LabOutcome.Status, change: (inout LabOutcome) -> Void = { _ in }) -> FileOutcome {
        var outcome = LabOutcome(path: lab.path, lab: lab, status: status)
        change(&outcome)
        return FileOutcome(path: lab.path, content: .lab(lab, parts: [outcome]))
    }

    static func ran(_ lab: Lab, _ verdicts: [ScenarioVerdict], compilerRan: Bool = true) -> FileOutcome {
        file(lab, .ran(verdicts)) { outcome in
            outcome.buildDuration = 1.5
            outcome.compilerRan = compilerRan
        }
    }

    /// The report of a run of `files`, as `labrunner run` builds it; `updates` by path.
    static func run(_ files: [FileOutcome], appleAvailable: Bool = false, updates: [String: FileUpdate] = [:],
                    durations: [String: Double] = [:]) -> RunReport {
        RunReport(files: files.map { FileReport($0, update: updates[$0.path], duration: durations[$0.path], appleAvailable: appleAvailable) },
                  appleAvailable: appleAvailable)
    }

    /// What `--update` did when it wrote the outputs of `scenarios` back into a one-part file.
    static func updated(_ scenarios: Set<String>) -> FileUpdate {
        FileUpdate(write: .wrote, parts: [UpdateSummary(rewritten: 1, updatedScenarios: scenarios)])
    }

    static func allPass(path: String = "labs/greetings.md") -> FileOutcome {
        let lab = lab(path: path)
        return ran(lab, [
            verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"], duration: 0.125),
            verdict(lab, "failing", outputs: [0: "hello\n", 1: "error: offline\n"], duration: 0.25),
        ], compilerRan: false)
    }

    /// Scenario failing prints `actual` in cell 1, whose block (line 21) says `error: [..]`.
    static func mismatch(actual: String = "complete(3)\n", stderr: String = "", path: String = "labs/greetings.md") -> FileOutcome {
        let lab = lab(path: path)
        return ran(lab, [
            verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"], duration: 0.125),
            verdict(lab, "failing", outputs: [0: "hello\n", 1: actual], stderr: stderr, duration: 0.25),
        ])
    }

    /// mock crashes (SIGILL) in cell 1; failing times out after 5s in cell 1 having printed "waiting".
    static func crashAndTimeout() -> FileOutcome {
        let lab = lab()
        let stderr = "main/labs/greetings.md:16: Fatal error: boom\nCurrent stack trace:\n0    greetings    0x000055d0 main + 12\n"
        return ran(lab, [
            verdict(lab, "mock", outputs: [0: "hello\n", 1: ""], problem: .signal(SIGILL), lastCell: 1, stderr: stderr, duration: 0.5),
            verdict(lab, "failing", outputs: [0: "hello\n", 1: "waiting\n"], problem: .timedOut(seconds: 5), lastCell: 1, duration: 5),
        ])
    }

    /// Two errors (the second with a note) and a warning.
    static func compileFailure() -> FileOutcome {
        let lab = lab()
        let errors = [
            Diagnostic(severity: .error, location: lab.location(line: 16, column: 7), message: "cannot find 'second' in scope"),
            Diagnostic(severity: .error, location: lab.location(line: 9, column: 1), message: "ambiguous use of 'print'"),
            Diagnostic(severity: .note, location: lab.location(line: 9, column: 1), message: "found this candidate"),
        ]
        return file(lab, .compileFailed(errors: errors, rawOutput: "")) { outcome in
            outcome.warnings = [Diagnostic(severity: .warning, location: lab.location(line: 9, column: 1), message: "result unused, x, y: z")]
            outcome.buildDuration = 2
        }
    }

    /// `timout` at line 2, column 1: an unknown front matter key.
    static let invalidText = "---\ntimout: 5\n---\n"

    static func invalid() -> FileOutcome {
        let bytes = Array(invalidText.utf8)
        do {
            _ = try LabParser.parse(bytes: bytes, path: "labs/bad.md")
            fatalError("the invalid fixture parsed")
        } catch {
            return FileOutcome(path: "labs/bad.md", content: .invalid(error, bytes: bytes))
        }
    }

    static func unreadable(_ path: String = "gone.md") -> FileOutcome {
        FileOutcome(path: path, content: .unreadable(.unreadable(path: path, reason: "no such file")))
    }

    /// swiftc crashed after printing `output`.
    static func toolFailure(_ lab: Lab, output: String = "signal 11\n") -> FileOutcome {
        file(lab, .toolFailed(.build(.swiftcFailed("/usr/bin/swiftc", reason: "crashed: killed by SIGSEGV", output: output))))
    }
}

/// Reads XML with Foundation's parser and keeps every element with its attributes and text.
final class XMLCollector: NSObject, XMLParserDelegate {
    struct Element {
        let index: Int
        let name: String
        let attributes: [String: String]
        let parent: Int?
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var stack: [Int] = []

    /// Nil when the document is not well-formed.
    static func parse(_ xml: String) -> XMLCollector? {
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Elements whose parent is `element`.
    func children(of element: Element) -> [Element] {
        elements.filter { $0.parent == element.index }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(Element(index: elements.count, name: elementName, attributes: attributeDict, parent: stack.last))
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = stack.last { elements[index].text += string }
    }
}
