import Foundation

/// Renders outcomes as the human report: a heading per lab, PASS/FAIL per scenario, diffs,
/// diagnostics at their Markdown lines, and the closing `N passed, N failed` line.
package struct TerminalReport: Sendable {
    package let style: Style
    package var verbose = false
    var appleAvailable = Platform.hasSwiftUI
    /// Lines of stderr shown for a crash, and of output shown for a timeout.
    var tailLines = 10
    /// Compile errors shown per build unless verbose: a guide full of fragments can have hundreds.
    var maximumErrors = 20

    package init(style: Style) {
        self.style = style
    }

    package func render(_ outcome: LabOutcome, update: UpdateSummary? = nil) -> [String] {
        var out: [String] = []
        switch outcome.part {
        case .program:
            out.append(style.bold(outcome.path) + (outcome.lab?.title.map { "  " + style.dim($0) } ?? ""))
        case .standalone:
            out.append(style.bold(outcome.name) + "  " + style.dim("standalone cell"))
        case .check(_, let attribute):
            out.append(style.bold(outcome.name) + "  " + style.dim("\(attribute) cell"))
        }
        if let lab = outcome.lab {
            for warning in outcome.warnings { out += diagnostic(warning, lab: lab) }
        }
        switch outcome.status {
        case .invalid(let error):
            out += invalid(error, bytes: outcome.originalBytes)
        case .nothingToRun:
            out.append("  " + style.yellow("no Swift cells to compile") + (outcome.lab?.cells.isEmpty == false ? " on this platform" : ""))
        case .toolFailed(let message):
            // The first line says what failed; any others (what swiftc printed) are detail.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            out.append("  " + style.red("FAIL") + "  " + (lines.first.map(String.init) ?? ""))
            out += lines.dropFirst().map { "        " + style.dim(String($0)) }
        case .compileFailed(let errors, _):
            out += compileFailure(errors, lab: outcome.lab!, part: outcome.part)
        case .ran(let verdicts):
            for verdict in verdicts { out += scenario(verdict, lab: outcome.lab!, updated: update?.updatedScenarios.contains(verdict.scenario) ?? false) }
        case .compiledOnly:
            out.append("  " + style.green("PASS") + "  compiled, no transcripts")
        case .missingModules(let modules):
            out.append("  " + style.yellow("SKIP") + "  " + ReportFacts.missingModulesSummary(modules))
        case .checked(let check):
            out += self.check(check, lab: outcome.lab!, updated: update?.hasEdits ?? false)
        }
        if let skipped = skippedLine(outcome) { out.append(skipped) }
        if let update { out += update.lines.map { "  " + style.cyan($0) } }
        if verbose, let lab = outcome.lab, lab.compiledCells.contains(where: { appleAvailable || !$0.needsApple }) {
            switch outcome.status {
            case .ran, .compileFailed, .checked, .compiledOnly:
                out.append(style.dim(outcome.compilerRan
                    ? "  swiftc ran: \(Self.seconds(outcome.buildDuration))"
                    : "  cache hit: swiftc not run"))
            default:
                break
            }
        }
        return out
    }

    package static func summary(passed: Int, failed: Int) -> String {
        "\(passed) passed, \(failed) failed"
    }

    private func scenario(_ verdict: ScenarioVerdict, lab: Lab, updated: Bool) -> [String] {
        let name = verdict.scenario.padding(toLength: max(8, verdict.scenario.count), withPad: " ", startingAt: 0)
        let time = style.dim(Self.seconds(verdict.duration))
        if verdict.passed { return ["  " + style.green("PASS") + "  \(name)  \(time)"] }
        if updated && verdict.problem == nil {
            return ["  " + style.cyan("UPDATED") + "  \(name)  \(time)"]
        }
        var out = ["  " + style.red("FAIL") + "  \(name)  \(time)"]
        if let problem = verdict.problem { out += self.problem(problem, verdict: verdict, lab: lab) }
        for mismatch in verdict.mismatches { out += self.mismatch(mismatch, scenario: verdict.scenario, lab: lab) }
        if let flakiness = verdict.flakiness {
            out += ReportFacts.flakinessLines(flakiness, lab: lab).map { line in
                "        " + (line.hasPrefix("+") ? style.green(line) : line.hasPrefix("-") ? style.red(line)
                    : line.hasPrefix("flaky") ? style.red(line) : line)
            }
        }
        return out
    }

    /// The diagnostics (the first `maximumErrors` unless verbose), then one line per failed build
    /// with the cells the errors are in.
    private func compileFailure(_ errors: [Diagnostic], lab: Lab, part: LabOutcome.Part) -> [String] {
        var out: [String] = []
        var shown = 0
        let all = errors.filter { $0.severity == .error }.count
        for error in errors {
            if error.severity == .error { shown += 1 }
            if !verbose && shown > maximumErrors { break }
            out += diagnostic(error, lab: lab)
        }
        if !verbose && all > maximumErrors {
            out.append(style.dim("… \(all - maximumErrors) more errors (--verbose shows all; --json lists all)"))
        }
        let byCell = ReportFacts.errorsByCell(errors, lab: lab)
        let what = part == .program && lab.hasTranscripts ? lab.scenarios.joined(separator: ", ") : "build"
        var summary = "  " + style.red("FAIL") + "  \(what): did not compile (\(all) error\(all == 1 ? "" : "s")"
        if byCell.count > 1 || lab.compiledCells.count > 1 && byCell.count == 1 {
            summary += " in \(byCell.count) of \(lab.compiledCells.count) cells"
        }
        out.append(summary + ")")
        if byCell.count > 1 {
            out.append("        errors by cell: " + byCell.map { "line \($0.cell.line) (\($0.errors))" }.joined(separator: ", "))
        }
        return out
    }

    private func check(_ check: CompileCheck, lab: Lab, updated: Bool) -> [String] {
        let indent = "        "
        let time = style.dim(Self.seconds(check.duration))
        if check.passed { return ["  " + style.green("PASS") + "  " + ReportFacts.checkSummary(check) + "  " + time] }
        if updated && check.problem == nil { return ["  " + style.cyan("UPDATED") + "  compile_fail  " + time] }
        var out: [String] = []
        if case .rejected(let errors) = check.problem {
            for error in errors { out += diagnostic(error, lab: lab) }
        }
        let attribute = check.cell.role.attribute!.rawValue
        out.append("  " + style.red("FAIL") + "  " + attribute + "  " + time)
        if check.comparison?.isMatch != false {
            out.append(indent + style.bold("\(lab.path):\(check.cell.line): ") + style.red("error:") + " " + ReportFacts.checkSummary(check))
        }
        if let comparison = check.comparison, !comparison.isMatch {
            out.append(indent + ReportFacts.diagnosticsMismatchHeader(check, path: lab.path))
            for line in comparison.diff.renderedLines() {
                out.append(indent + (line.hasPrefix("+") ? style.green(line) : line.hasPrefix("-") ? style.red(line)
                    : line.hasPrefix("@@") ? style.cyan(line) : line))
            }
        }
        if case .earlierCellsFail(let errors) = check.problem, let first = errors.first {
            out += diagnostic(first, lab: lab).map { indent + $0 }
        }
        return out
    }

    private func problem(_ problem: ScenarioVerdict.Problem, verdict: ScenarioVerdict, lab: Lab) -> [String] {
        let indent = "        "
        let timedOut = problem.isTimeout
        var out = [indent + style.red(ReportFacts.summary(problem, lab: lab)) + ReportFacts.place(verdict, lab: lab)
                   + (timedOut ? "; output so far:" : "")]
        if timedOut { out += ReportFacts.outputSoFar(verdict).map { indent + "  " + $0 } }
        let stderr = ReportFacts.stderrTail(verdict, lab: lab)
        if !stderr.isEmpty { out += [indent + "stderr:"] + stderr.map { indent + "  " + style.dim($0) } }
        return out
    }

    private func mismatch(_ mismatch: ScenarioVerdict.Mismatch, scenario: String, lab: Lab) -> [String] {
        let indent = "        "
        var out = [indent + ReportFacts.mismatchHeader(mismatch, scenario: scenario, lab: lab)]
        for line in mismatch.comparison.diff.renderedLines() {
            let colored = line.hasPrefix("+") ? style.green(line) : line.hasPrefix("-") ? style.red(line)
                : line.hasPrefix("@@") ? style.cyan(line) : line
            out.append(indent + colored)
        }
        return out
    }

    private func diagnostic(_ diagnostic: Diagnostic, lab: Lab) -> [String] {
        let severity: String
        switch diagnostic.severity {
        case .error: severity = style.red("error:")
        case .warning: severity = style.yellow("warning:")
        case .note, .remark: severity = style.dim(diagnostic.severity.rawValue + ":")
        }
        let place = diagnostic.location.map { "\($0): " } ?? ""
        let origin = diagnostic.inPrelude ? " (in the labrunner prelude)" : ""
        var out = [style.bold(place) + severity + " " + diagnostic.message + origin]
        if let location = diagnostic.location, location.path == lab.path {
            out += SourceExcerpt.lines(for: location, in: lab.source, style: style)
        }
        return out
    }

    /// An input error as `path:line:col: error: message`, with the offending line shown.
    package func invalid(_ error: LabError, bytes: [UInt8]) -> [String] {
        guard let location = error.location else {
            return [style.bold("\(ReportFacts.path(of: error, fallback: "")): ") + style.red("error:") + " " + error.message]
        }
        return [style.bold("\(location): ") + style.red("error:") + " " + error.message]
            + SourceExcerpt.lines(for: location, in: MarkdownSource(bytes: bytes), style: style)
    }

    private func skippedLine(_ outcome: LabOutcome) -> String? {
        let skipped = outcome.skippedCells(appleAvailable: appleAvailable)
        guard !skipped.isEmpty else { return nil }
        var parts: [String] = []
        let apple = skipped.filter { !$0.isSkipped }
        if !apple.isEmpty {
            let reasons = apple.map { cell -> String in
                if case .apple(let reason) = cell.platform { return "line \(cell.line): \(reason)" }
                return "line \(cell.line)"
            }
            parts.append("\(apple.count) cell\(apple.count == 1 ? " needs" : "s need") SwiftUI, not available here (\(reasons.joined(separator: "; ")))")
        }
        let marked = skipped.filter(\.isSkipped)
        if !marked.isEmpty {
            parts.append("\(marked.count) marked skip (line\(marked.count == 1 ? "" : "s") \(marked.map { String($0.line) }.joined(separator: ", ")))")
        }
        return "  " + style.yellow("skipped: ") + parts.joined(separator: "; ")
    }

    /// Drops the runtime's stack frames (addresses mean nothing to a student) and the module
    /// prefix of `#fileID`, so a crash shows `lab.md:18: Fatal error: …` and what came before.
    static func withoutStackFrames(_ stderr: String, lab: Lab) -> String {
        var kept: [Substring] = []
        // `#fileID` is the module and the file name, escaped as swiftc keeps it; swiftc 6.3 drops
        // the folders of a `#sourceLocation` path, so both spellings are recognised.
        let reported = ProgramGenerator.reportedFileName(of: lab.path)
        let fileIDs = Set(["main/" + reported + ":", "main/" + (reported.split(separator: "/").last.map(String.init) ?? "") + ":"])
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Current stack trace:" { continue }
            let words = line.split(separator: " ", maxSplits: 3)
            if words.count >= 3, Int(words[0]) != nil, words[2].hasPrefix("0x") { continue }
            if let fileID = fileIDs.first(where: line.hasPrefix) {
                kept.append(Substring(lab.path + ":" + line.dropFirst(fileID.count)))
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        value >= 10 ? "\(Int(value.rounded()))s" : String(format: "%.2fs", value)
    }
}
