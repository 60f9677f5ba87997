/// Building a guide's report from its outcome: the one place its facts are worked out.
extension GuideReport {
    /// - Parameter updated: lines of samples whose `// Prints` comments `--update` rewrote: they pass.
    init(_ outcome: GuideOutcome, appleAvailable: Bool, updated: Set<Int> = []) {
        let lab = outcome.lab
        let samples = outcome.samples.map { sample in
            updated.contains(sample.line) ? SampleReport(updated: sample, path: lab.path)
                : SampleReport(sample, plan: outcome.plan, appleAvailable: appleAvailable)
        }
        self.init(title: lab.title, kindReason: lab.kind.reason, samples: samples,
                  toolFailure: outcome.toolFailure.map(ToolFailureReport.init))
    }
}

extension SampleReport {
    init(_ outcome: SampleOutcome, plan: GuidePlan, appleAvailable: Bool) {
        let lab = plan.lab
        var reason: String? = nil
        var reasonLine: Int? = nil
        var errors: [DiagnosticReport] = []
        var run: ScenarioReport? = nil
        var ran = false
        var notChecked = false
        var required: CheckRung? = nil
        let status: Status
        switch outcome.verdict {
        case .passed(let didRun):
            status = .passed
            ran = didRun
        case .parsed:
            status = .passed
            reason = outcome.verdict.rungReason
        case .listing(let listing):
            status = .listing
            reason = listing.description
            reasonLine = plan.markdownLine(sample: outcome.index, codeLine: listing.line)
        case .skipped(let skip):
            status = .skipped
            reason = skip.description
        case .compilerCrashed(let message):
            status = .compilerCrash
            reason = message
        case .failed(.compile(let diagnostics)):
            status = .failed
            errors = diagnostics.map { DiagnosticReport($0, lab: lab) }
        case .failed(.listingSyntax(let diagnostics, let listing)):
            status = .failed
            reason = listing.description
            reasonLine = plan.markdownLine(sample: outcome.index, codeLine: listing.line)
            errors = diagnostics.map { DiagnosticReport($0, lab: lab) }
        case .failed(.output(let verdict)):
            status = .failed
            ran = true
            let sampleLab = lab.restricted(to: [plan.samples[outcome.index].cell])
            run = ScenarioReport(verdict, lab: sampleLab, updated: false, appleAvailable: appleAvailable)
        case .failed(.notChecked(let why)):
            status = .failed
            reason = why
            notChecked = true
        case .failed(.belowRung(_, let minimum, let why)):
            status = .failed
            reason = why
            required = minimum
        case .failed(.prints(let mismatch)):
            status = .failed
            ran = true
            run = ScenarioReport(mismatch, sample: plan.samples[outcome.index].cell, scenario: lab.scenarios.first ?? "", lab: lab)
        }
        self.init(name: "\(lab.path):\(outcome.line)", line: outcome.line, status: status, ran: ran, reason: reason,
                  reasonLine: reasonLine, errors: errors, run: run, compilerRan: outcome.compilerRan, isNotChecked: notChecked,
                  rung: outcome.verdict.rung ?? outcome.verdict.belowRung, requiredRung: required)
    }

    /// A sample whose `// Prints` comments `--update` rewrote to what it printed: it passes, as an updated lab's scenario does.
    init(updated outcome: SampleOutcome, path: String) {
        self.init(name: "\(path):\(outcome.line)", line: outcome.line, status: .passed, ran: true, reason: "// Prints comments updated",
                  reasonLine: nil, errors: [], run: nil, compilerRan: outcome.compilerRan, rung: .outputChecked)
    }
}
