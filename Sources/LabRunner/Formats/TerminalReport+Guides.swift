/// A guide in the terminal: each failing sample in full, then one line with the counts.
extension TerminalReport {
    /// A guide: each failure in full, then one line with the counts (`verbose`: every sample's verdict).
    func render(_ guide: GuideReport, path: String) -> [String] {
        var out = [style.bold(path) + (guide.title.map { "  " + style.dim($0) } ?? "")]
        if let failure = guide.toolFailure {
            out.append("  " + style.red("FAIL") + "  " + failure.message)
            out += failure.compilerOutput.map { indent + style.dim($0) }
            return out
        }
        var shown = 0
        for sample in guide.samples {
            switch sample.status {
            case .failed:
                for error in sample.errors {
                    if error.diagnostic.severity == .error { shown += 1 }
                    if verbose || shown <= maximumErrors { out += diagnostic(error) }
                }
                out.append("  " + style.red("FAIL") + "  line \(sample.line): " + sample.failureSummary)
                if let run = sample.run?.run {
                    if let problem = run.problem {
                        out.append(indent + style.red(problem.summary) + problem.place + problem.outputSoFarHeading)
                        out += (problem.outputSoFar ?? []).map { indent + "  " + $0 }
                    }
                    for mismatch in run.mismatches { out += [indent + mismatch.header] + diff(mismatch.diff) }
                }
            case .compilerCrash:
                out.append("  " + style.yellow("CRASH") + "  line \(sample.line): the compiler crashed, not the sample's fault: " + (sample.reason ?? ""))
            case .passed, .listing, .skipped:
                if verbose { out.append("  " + verdictLine(sample)) }
            }
        }
        if !verbose && shown > maximumErrors {
            out.append(style.dim("… \(shown - maximumErrors) more errors (--verbose shows all; --json lists all)"))
        }
        let skipped = guide.samples.filter { $0.status == .skipped }
        if !verbose, !skipped.isEmpty {
            var reasons: [(String, [Int])] = []
            for sample in skipped {
                let reason = sample.reason ?? "skipped"
                if let index = reasons.firstIndex(where: { $0.0 == reason }) { reasons[index].1.append(sample.line) } else { reasons.append((reason, [sample.line])) }
            }
            out.append("  " + style.yellow("skipped: ") + reasons.map { reason, lines in
                "\(reason) (line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")))"
            }.joined(separator: "; "))
        }
        // A file where nothing was checked never reads as passing.
        let verdict = guide.tally.failed > 0 ? style.red("FAIL") : guide.nothingChecked != nil ? style.yellow("SKIP") : style.green("PASS")
        out.append("  " + verdict + "  " + guide.summary)
        if verbose {
            let compiled = guide.samples.filter(\.compilerRan).count
            out.append(style.dim(compiled == 0 ? "  cache hit: swiftc not run" : "  swiftc ran for \(compiled) of \(guide.samples.count) samples"))
        }
        out += guide.notes.map { "  " + style.cyan($0) }
        return out
    }

    /// `line 12: passed (ran)`, `line 40: listing: declarations without bodies (line 41)`.
    private func verdictLine(_ sample: SampleReport) -> String {
        switch sample.status {
        case .passed where sample.rung == .parsed:
            return style.green("PASS") + "  line \(sample.line): parsed only, " + (sample.reason ?? "")
        case .passed: return style.green("PASS") + "  line \(sample.line)" + (sample.ran ? ": ran, output as expected" : ": compiled")
        case .listing: return style.dim("LIST") + "  line \(sample.line): listing, \(sample.reason ?? "")" + (sample.reasonLine.map { " (line \($0))" } ?? "")
        case .skipped: return style.yellow("SKIP") + "  line \(sample.line): \(sample.reason ?? "")"
        case .failed, .compilerCrash: return ""
        }
    }
}
