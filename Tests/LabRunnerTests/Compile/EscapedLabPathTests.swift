import Testing
@testable import LabRunner

/// swiftc keeps the `#sourceLocation` file literal as written, escapes and all, so a lab whose
/// path holds `"` or `\` comes back escaped in diagnostics and crash messages; both are mapped
/// back to the lab's real path.
struct EscapedLabPathTests {
    static let paths = [#"dir "q"/lab.md"#, #"back\slash.md"#, "日本 é/it's.md", "plain.md"]

    @Test(arguments: paths)
    func diagnosticsMapBackToTheLab(path: String) throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nlet a: Int = \"s\"\n```\n".utf8), path: path)
        let reported = ProgramGenerator.reportedFileName(of: path)
        let output = "\(reported):2:14: error: cannot convert value of type 'String' to specified type 'Int'\n"
        let diagnostics = DiagnosticParser.parse(output, lab: lab, generatedFile: "/tmp/b/main.swift")
        #expect(diagnostics.map(\.location) == [SourceLocation(path: path, line: 2, column: 14)])
    }

    @Test(arguments: paths)
    func crashLinesNameTheLab(path: String) throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nfatalError()\n```\n".utf8), path: path)
        // swiftc 6.3 keeps only the file name in `#fileID`; the whole path is recognised too.
        let reported = ProgramGenerator.reportedFileName(of: path)
        for name in [String(reported.split(separator: "/").last!), reported] {
            let stderr = "main/\(name):2: Fatal error: boom\nCurrent stack trace:\n0    libswiftCore.so    0x00007f 1 + 2\n"
            #expect(ReportText.withoutStackFrames(stderr, lab: lab) == "\(path):2: Fatal error: boom\n")
        }
    }

    @Test func theReportedNameIsTheLiteralAsWritten() {
        #expect(ProgramGenerator.reportedFileName(of: #"a "b"\c.md"#) == #"a \"b\"\\c.md"#)
    }
}
