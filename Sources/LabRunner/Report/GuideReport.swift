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

    /// Tests: a guide's passed and failed samples (crashes, listings and skips are not tests).
    package var counts: Counts { Counts(passed: tally.passed, failed: tally.failed) }
}

/// A guide's samples counted by verdict.
package struct SampleTally: Sendable, Equatable {
    package var passed = 0
    package var failed = 0
    package var listings = 0
    package var skipped = 0
    package var compilerCrashes = 0

    package var total: Int { passed + failed + listings + skipped + compilerCrashes }

    init(_ samples: [SampleReport]) {
        for sample in samples {
            switch sample.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .listing: listings += 1
            case .skipped: skipped += 1
            case .compilerCrash: compilerCrashes += 1
            }
        }
    }

    /// `12 samples: 9 passed, 2 listings, 1 failed`: counts that are 0 left out, passed always said.
    package var summary: String {
        var parts = ["\(passed) passed"]
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
}
