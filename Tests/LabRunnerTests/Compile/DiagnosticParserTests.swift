import Testing
@testable import LabRunner

struct DiagnosticParserTests {
    @Test(arguments: [
        ("lab.md:12:17: error: cannot find 'x' in scope", "lab.md", 12, 17, Diagnostic.Severity.error, "cannot find 'x' in scope"),
        ("/tmp/a b/main.swift:3:1: warning: unused: value", "/tmp/a b/main.swift", 3, 1, .warning, "unused: value"),
        ("C:/x.md:4: note: here", "C:/x.md", 4, nil, .note, "here"),
    ] as [(String, String, Int, Int?, Diagnostic.Severity, String)])
    func headers(line: String, file: String, number: Int, column: Int?, severity: Diagnostic.Severity, message: String) throws {
        let parsed = try #require(DiagnosticParser.header(line))
        #expect(parsed.0 == file)
        #expect(parsed.1 == number)
        #expect(parsed.2 == column)
        #expect(parsed.3 == severity)
        #expect(parsed.4 == message)
    }

    @Test(arguments: ["    let a = 1", "           ^", "error", "12 | let x", ""])
    func nonHeaderLinesAreIgnored(line: String) {
        #expect(DiagnosticParser.header(line) == nil)
    }

    @Test func locationlessErrors() throws {
        let parsed = try #require(DiagnosticParser.header("error: link command failed with exit code 1"))
        #expect(parsed.0 == nil)
        #expect(parsed.4 == "link command failed with exit code 1")
        let unknown = try #require(DiagnosticParser.header("<unknown>:0: error: unable to load standard library"))
        #expect(unknown.0 == nil)
        #expect(unknown.3 == .error)
    }

    /// The linker's own errors are kept, named by the linker (its path left out): the driver's
    /// "link command failed" alone tells a reader nothing to act on. clang's line about the
    /// linker and lld's "referenced by" lines (the generated program's objects) say nothing more.
    @Test func theLinkersOwnErrorsAreKept() throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n".utf8), path: "l.md")
        let output = """
        ld.lld: error: undefined symbol: labrunner_missing
        >>> referenced by main-1.o
        >>>               /tmp/b/TemporaryDirectory.x/main-1.o:(main)
        /usr/bin/ld.gold: error: cannot find -lnothere
        clang: error: linker command failed with exit code 1 (use -v to see invocation)
        error: link command failed with exit code 1 (use -v to see invocation)
        """
        let diagnostics = DiagnosticParser.parse(output, lab: lab, generatedFile: "/tmp/b/main.swift")
        #expect(diagnostics.map(\.message) == ["ld.lld: undefined symbol: labrunner_missing", "ld.gold: cannot find -lnothere",
                                               "link command failed with exit code 1 (use -v to see invocation)"])
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.location == nil })
        // A file whose name starts like a linker's is still a file with a line.
        #expect(DiagnosticParser.linkerLine("ld.md:3:4: error: cannot find 'x' in scope") == nil)
        #expect(DiagnosticParser.linkerLine("/tmp/ld.lld/main.swift:3: warning: unused") == nil)
    }

    @Test func cellDiagnosticsGetMarkdownColumnsAndPreludeOnesAreMarked() throws {
        let text = "Intro\n\n> ```swift\n> let a: Int = \"s\"\n> ```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "q.md")
        let output = """
        q.md:4:14: error: cannot convert value of type 'String' to specified type 'Int'
        let a: Int = "s"
                     ^
        /tmp/labrunner-x/main.swift:20:6: note: 'Lab' declared here
        /usr/include/stdio.h:144:14: note: var declared here
        error: fatal error encountered during compilation
        """
        let diagnostics = DiagnosticParser.parse(output, lab: lab, generatedFile: "/tmp/labrunner-x/main.swift")
        #expect(diagnostics.count == 4)
        #expect(diagnostics[0].location == SourceLocation(path: "q.md", line: 4, column: 16))
        #expect(diagnostics[0].severity == .error)
        #expect(diagnostics[1].inPrelude)
        #expect(diagnostics[1].location == nil)
        #expect(diagnostics[2].location == SourceLocation(path: "/usr/include/stdio.h", line: 144, column: 14))
        #expect(diagnostics[3].location == nil)
    }
}
