/// A guide in a report: one verdict per sample, each at its own line.
package struct GuideReport: Sendable {
    package let title: String?
    /// Why the file was read as a guide (`DocumentKind`).
    package let kindReason: String
    package let samples: [SampleReport]
    /// swiftc missing or broken: nothing was checked.
    package let toolFailure: ToolFailureReport?
    /// What the run could not do for the file, in words (`--update` on a guide).
    package var notes: [String] = []

    /// The samples counted by verdict.
    package var tally: SampleTally { SampleTally(samples) }

    /// Tests: a guide's passed and failed samples (crashes, listings and skips are not tests);
    /// skipped: the samples that could not be checked here (skipped, or the compiler crashed).
    package var counts: Counts {
        let tally = tally
        return Counts(passed: tally.passed, failed: tally.failed, skipped: tally.skipped + tally.compilerCrashes)
    }

    /// Why nothing in the file was checked: no sample passed or failed (each was skipped, a
    /// listing or a compiler crash), so the file must not read as passing. Nil when a sample was
    /// checked, when there is no sample, or when the tool could not check the file.
    package var nothingChecked: String? {
        let tally = tally
        guard toolFailure == nil, tally.total > 0, tally.passed + tally.failed == 0 else { return nil }
        if tally.listings == tally.total { return "every sample is a listing" }
        var reasons: [String] = []
        for sample in samples {
            let reason = switch sample.status {
            case .listing: "listings"
            case .compilerCrash: "the compiler crashed"
            case .skipped, .passed, .failed: sample.reason ?? "skipped"
            }
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons.joined(separator: "; ")
    }

    /// The file's line in every report: `12 samples: 9 passed, 2 listings, 1 failed`, or
    /// `nothing checked: needs module Book, not available here (60 samples: 0 passed, 60 skipped)`.
    package var summary: String {
        nothingChecked.map { "nothing checked: \($0) (\(tally.summary))" } ?? tally.summary
    }
}

/// A guide's samples counted by verdict.
package struct SampleTally: Sendable, Equatable {
    package var passed = 0
    package var failed = 0
    package var listings = 0
    package var skipped = 0
    package var compilerCrashes = 0
    /// Samples on each rung of the ladder (listings included), whatever else they count as.
    package var rungs: [CheckRung: Int] = [:]

    /// Of the passed samples, those only parsed (excerpts).
    package var parsed: Int { rungs[.parsed] ?? 0 }

    package var total: Int { passed + failed + listings + skipped + compilerCrashes }

    init(_ samples: [SampleReport]) {
        for sample in samples {
            if let rung = sample.rung, sample.requiredRung == nil { rungs[rung, default: 0] += 1 }
            switch sample.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .listing: listings += 1
            case .skipped: skipped += 1
            case .compilerCrash: compilerCrashes += 1
            }
        }
    }

    /// `12 samples: 9 passed (1 parsed only), 2 listings, 1 failed`: counts that are 0 left out,
    /// passed always said.
    package var summary: String {
        var parts = ["\(passed) passed" + (parsed > 0 ? " (\(parsed) parsed only)" : "")]
        if listings > 0 { parts.append("\(listings) listing\(listings == 1 ? "" : "s")") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if compilerCrashes > 0 { parts.append("\(compilerCrashes) compiler crash\(compilerCrashes == 1 ? "" : "es")") }
        if failed > 0 { parts.append("\(failed) failed") }
        return "\(total) sample\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    }
}

/// One sample of a guide in a report.
package struct SampleReport: Sendable {
    package enum Status: String, Sendable, Equatable {
        case passed, failed, listing, skipped
        /// swiftc crashed: nobody's fault in the text.
        case compilerCrash = "compiler-crash"
    }

    /// `path:line`, the name every report gives the sample.
    package let name: String
    /// The line of its opening fence.
    package let line: Int
    package let status: Status
    /// It ran (an output block was checked), rather than only compiled.
    package let ran: Bool
    /// For a listing, a skip or a crash: why, in words (`declarations without bodies`).
    package let reason: String?
    /// A listing's reason at its own Markdown line.
    package let reasonLine: Int?
    /// swiftc's errors (a failed build, or a listing that does not parse).
    package let errors: [DiagnosticReport]
    /// A sample that ran and printed something else: the run, as a lab's scenario shows it.
    package let run: ScenarioReport?
    /// False when every build it took part in came from the compile cache.
    package let compilerRan: Bool
    /// A failure only because `--strict` fails a sample that could not be checked (`reason` says why).
    package var isNotChecked = false
    /// How far it was checked (`CheckRung`): set for a sample that passed or was parsed, a
    /// listing, and one `--min-rung` failed for its rung; nil for one that failed or was skipped.
    package var rung: CheckRung? = nil
    /// The rung `--min-rung` required, for a sample it failed (`rung` is below it).
    package var requiredRung: CheckRung? = nil

    /// Why it failed, in one line: `did not compile (2 errors)`, `printed something else`…
    package var failureSummary: String {
        if isNotChecked { return "not checked (--strict): " + (reason ?? "") }
        if let requiredRung, let rung {
            return "only \(rung.description) (--min-rung \(requiredRung.rawValue)): " + (reason ?? "")
        }
        if let reason { return "a listing (\(reason)) that does not parse" }
        if run != nil { return "printed something else" }
        let count = errors.filter { $0.diagnostic.severity == .error }.count
        return "did not compile (\(count) error\(count == 1 ? "" : "s"))"
    }
}
