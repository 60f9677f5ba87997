import Testing
@testable import LabRunner

/// What `watch` says changed between two runs of a guide: samples matched by order.
struct GuideChangeTests {
    static func sample(_ line: Int, _ status: SampleReport.Status, errors: [String] = []) -> SampleReport {
        let diagnostics = errors.map { message in
            DiagnosticReport(diagnostic: Diagnostic(severity: .error, location: SourceLocation(path: "g.md", line: line + 1, column: 1), message: message),
                             excerpt: nil)
        }
        return SampleReport(name: "g.md:\(line)", line: line, status: status, ran: false, reason: nil, reasonLine: nil,
                            errors: diagnostics, run: nil, compilerRan: true)
    }

    static func guide(_ samples: [SampleReport]) -> GuideReport {
        GuideReport(title: nil, kindReason: "", samples: samples, toolFailure: nil)
    }

    @Test func aNewErrorIsNamedAndAFixedSampleNowPasses() {
        let old = Self.guide([Self.sample(3, .passed), Self.sample(9, .failed, errors: ["cannot find 'x' in scope"])])
        // A line added above: the samples moved down, matched by order.
        let new = Self.guide([Self.sample(4, .failed, errors: ["cannot find 'y' in scope"]), Self.sample(10, .passed)])
        #expect(ReportChange.between(old, new) == [
            .errorsAppeared(part: "g.md:4", errors: ["g.md:5:1: error: cannot find 'y' in scope"]),
            .nowPasses(place: "g.md:10", scenario: nil),
        ])
    }

    @Test func theSameVerdictsAreNoChange() {
        let report = Self.guide([Self.sample(3, .passed), Self.sample(9, .failed, errors: ["e"]), Self.sample(12, .listing)])
        #expect(ReportChange.between(report, report).isEmpty)
    }
}
