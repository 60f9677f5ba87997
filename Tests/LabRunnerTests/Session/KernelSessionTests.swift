import Testing
@testable import LabRunner

/// The kernel's decisions that need no compiler: magics, the lab document a notebook becomes,
/// where an error is, whether code is complete, a running program's output cut per cell.
struct KernelSessionTests {
    @Test(arguments: [
        ("print(1)", KernelMagics(code: "print(1)")),
        ("%scenario empty\nprint(1)", KernelMagics(scenario: "empty", code: "\nprint(1)")),
        ("%lab", KernelMagics(showProgram: true, code: "")),
        ("%%compile_fail\nlet x: Int = \"\"", KernelMagics(role: .compileFail, code: "\nlet x: Int = \"\"")),
        ("  %scenario\n\n%%skip\nx", KernelMagics(showScenario: true, role: .skip, code: "\n\n\nx")),
        ("let a = 5 % 2\n%lab", KernelMagics(code: "let a = 5 % 2\n%lab")),
    ])
    func magicsAreReadBeforeTheCode(_ cell: String, _ expected: KernelMagics) throws {
        #expect(try KernelMagics.parse(cell).get() == expected)
    }

    @Test func anUnknownMagicNamesItsLine() {
        #expect(KernelMagics.parse("%lab\n%time x").map(\.code) == .failure(KernelMagicError(
            line: 2, message: "unknown magic '%time x' (the kernel has %scenario NAME, %lab, %%compile_fail, %%standalone, %%no_run and %%skip)")))
    }

    /// Cells become fences (longer than any backtick run in them) after front matter; an error's
    /// line names the cell by its execution count and the line within it.
    @Test func theNotebookIsALabDocument() throws {
        var notebook = KernelNotebook()
        notebook.keep(.init(id: "a", code: "let x = 1", role: nil, count: 1))
        notebook.keep(.init(id: "b", code: "let s = \"```\"\nprint(s)\n", role: .compileFail, count: 2))
        notebook.keep(.init(id: "a", code: "let x = 2", role: nil, count: 3))
        notebook.select(scenario: "flaky")
        let (bytes, lines) = notebook.document(of: notebook.cells)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            ---
            scenarios: mock, empty, failing, flaky
            ---

            ```swift
            let x = 2
            ```

            ````swift compile_fail
            let s = "```"
            print(s)
            ````

            """)
        #expect(lines == [5, 9])
        let lab = try LabParser.parse(bytes: bytes, path: KernelNotebook.path, kind: .lab)
        #expect(lab.cells.map(\.line) == lines && lab.cells.map(\.role) == [.program, .compileFail])
        let names = KernelCellNames(cells: notebook.cells, lines: lines)
        #expect(names.place(ofLine: 11)?.cell.count == 2 && names.place(ofLine: 11)?.line == 2)
    }

    /// A cell using a type a later cell declares (lab 08's presenter) waits outside the program
    /// until a cell declares it, then is part of it.
    @Test func aCellWaitingForALaterDeclarationJoinsOnceItIsDeclared() {
        var notebook = KernelNotebook()
        notebook.keep(.init(id: "a", code: "let x = 1", role: nil, count: 1))
        var waiting = KernelNotebook.Cell(id: "b", code: "struct P { let d: Delegate }", role: nil, count: 2)
        waiting.waitingFor = ["Delegate"]
        notebook.keep(waiting)
        let unrelated = KernelNotebook.Cell(id: "c", code: "print(x)", role: nil, count: 3)
        #expect(notebook.cells(with: unrelated).map(\.id) == ["a", "c"])
        let declaring = KernelNotebook.Cell(id: "d", code: "struct Delegate {}", role: nil, count: 4)
        #expect(notebook.cells(with: declaring).map(\.id) == ["a", "b", "d"])
        notebook.keep(declaring)
        #expect(notebook.cells.map(\.waitingFor) == [[], [], []])
    }

    @Test(arguments: [
        ("print(1)", "complete"), ("", "complete"), ("let s = \"{\"", "complete"), ("// {", "complete"),
        ("func f() {", "incomplete"), ("let s = \"\"\"\nabc", "incomplete"), ("/* a", "incomplete"), ("let x = (1,", "incomplete"),
        ("let y =", "incomplete"), ("a +", "incomplete"), ("let y = x!", "complete"), ("let z = w?.count", "complete"),
        ("}", "invalid"), ("let x = (1]", "invalid"), ("%nosuch", "invalid"),
    ])
    func isCompleteReadsBracketsStringsAndComments(_ code: String, _ status: String) {
        #expect(KernelCompletion.isComplete(code)["status"] == .string(status))
    }

    @Test func completionOffersDeclaredNamesAndTheLabAPI() {
        let cells = [KernelNotebook.Cell(id: "a", code: "struct Zebra {}\nfunc zigzag() {}", role: nil, count: 1)]
        #expect(KernelCompletion.complete("Z", cursor: 1, cells: cells)["matches"] == .array([.string("Zebra")]))
        #expect(KernelCompletion.complete("let a = zig", cursor: 11, cells: cells)["matches"] == .array([.string("zigzag")]))
        #expect(KernelCompletion.complete("Lab.sc", cursor: 6, cells: [])["matches"] == .array([.string("scenario"), .string("scenarios")]))
        #expect(KernelCompletion.complete("Lab.sc", cursor: 6, cells: [])["cursor_start"] == .int(4))
        #expect(KernelCompletion.inspect("zigzag()", cursor: 2, cells: cells)["found"] == .bool(true))
        #expect(KernelCompletion.inspect("unknownName", cursor: 2, cells: cells)["found"] == .bool(false))
    }

    /// A marker cut between two reads is never passed on as text; only the cell's own text is.
    @Test func aRunningProgramsOutputIsCutPerCellAsItComes() {
        let marker: (String) -> [UInt8] = { [0x1E] + Array("n0nce:\($0)".utf8) + [0x1E] }
        let stream = Array("before".utf8) + marker("0") + Array("zero\n".utf8) + marker("1") + Array("one\n".utf8)
            + marker("2") + Array("two".utf8) + marker("end")
        for cut in 0...stream.count {
            var output = LiveCellOutput(nonce: "n0nce", cell: 1)
            let text = output.feed(stream[..<cut]) + output.feed(stream[cut...]) + output.finish()
            #expect(String(decoding: text, as: UTF8.self) == "one\n", "cut at \(cut)")
        }
    }

    static let boundaries: [([UInt8], Int)] = [
        ([], 0), ([0x61, 0x62], 2), ([0xC3, 0xA9], 2), ([0xC3], 0), ([0x61, 0xF0, 0x9F, 0x98], 1), ([0x61, 0xF0, 0x9F, 0x98, 0x80], 5),
    ]

    @Test(arguments: boundaries)
    func textIsCutOnCharacterBoundaries(_ bytes: [UInt8], _ prefix: Int) {
        #expect(UTF8Boundary.completePrefix(bytes) == prefix)
    }

    @Test(arguments: [("print*", "print(1)", true), ("*(1)", "print(1)", true), ("p?int(1)", "print(1)", true),
                      ("print", "print(1)", false), ("*", "", true)])
    func historySearchIsAGlob(_ pattern: String, _ code: String, _ matches: Bool) {
        #expect(KernelSession.glob(pattern, matches: code) == matches)
    }
}
