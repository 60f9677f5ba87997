import Testing
@testable import LabRunner

/// The pipeline hands a broken compiler over as a typed error and the report words it: the
/// pipeline used to format the failure itself with a report helper (a stage reaching a later one).
struct ToolFailureReportTests {
    @Test func theOutcomeKeepsTheCompilersTypedError() throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n".utf8), path: "lab.md")
        let outcome = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:]).run(lab)
        guard case .toolFailed(.build(.swiftcFailed(let path, let reason, _))) = outcome.status else {
            Issue.record("expected a typed build failure, got \(outcome.status)")
            return
        }
        #expect(path == "/nonexistent/swiftc")
        #expect(reason.hasPrefix("could not be started"))
    }

    @Test func theReportQuotesTheLastFiveLinesTheCompilerPrinted() {
        let output = (1...20).map { "line \($0)\n" }.joined()
        let report = ToolFailureReport(.build(.swiftcFailed("/usr/bin/swiftc", reason: "crashed: killed by SIGSEGV", output: output)))
        #expect(report.message == "swiftc /usr/bin/swiftc crashed: killed by SIGSEGV; the file was not checked")
        #expect(report.compilerOutput == ["line 16", "line 17", "line 18", "line 19", "line 20"])
        #expect(report.text == report.message + "\nswiftc printed:\n  line 16\n  line 17\n  line 18\n  line 19\n  line 20")
    }
}
