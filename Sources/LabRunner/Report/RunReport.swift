/// Everything a run found, worked out once from the outcomes: what the terminal, JUnit, JSON
/// and GitHub-annotation writers format, and what any other view (a notebook page) needs. Plain
/// values only; no writer derives a fact of its own.
package struct RunReport: Sendable {
    /// The files of the run, in path order.
    package let files: [FileReport]
    /// Whether cells needing SwiftUI were compiled.
    package let appleAvailable: Bool
    package let totals: Totals

    package init(files: [FileReport], appleAvailable: Bool) {
        self.files = files
        self.appleAvailable = appleAvailable
        totals = Totals(files)
    }

    /// The counts of a run, as the closing lines and every report's totals say them.
    package struct Totals: Sendable, Equatable {
        /// Tests passed and failed (a lab's scenario runs, files that only had to compile, compile
        /// checks, a guide's samples), as the closing `N passed, N failed` line.
        package var passed = 0
        package var failed = 0
        /// Files that could not be checked at all: unreadable, not a valid lab, or the tool failed
        /// (swiftc missing or broken, an unknown `--scenario`).
        package var notChecked = 0
        /// Of those, files that are not valid labs (unreadable ones included).
        package var invalid = 0
        /// What could not be checked here, as the closing `, N skipped` says: a guide's samples
        /// skipped or crashing the compiler, a lab's cells not compiled here (SwiftUI, `skip`, or
        /// every cell of a program skipped for a missing module). Listings are not counted.
        package var skipped = 0
        /// A guide's samples on which swiftc crashed (counted in `skipped` too).
        package var compilerCrashes = 0
        /// Guide samples on each rung of the ladder (`CheckRung`), listings included.
        package var rungs: [CheckRung: Int] = [:]

        init(_ files: [FileReport]) {
            for file in files {
                let counts = file.counts
                passed += counts.passed
                failed += counts.failed
                skipped += counts.skipped
                compilerCrashes += file.guide?.tally.compilerCrashes ?? 0
                rungs.merge(file.guide?.tally.rungs ?? [:], uniquingKeysWith: +)
                if !file.wasChecked { notChecked += 1 }
                if file.isInputError { invalid += 1 }
            }
        }

        /// swiftc crashed and nothing else came of it: no test passed or failed. A compiler that
        /// crashes on everything is broken, and a run that checked nothing that way is not green.
        package var onlyCrashes: Bool { compilerCrashes > 0 && passed + failed == 0 }
    }

    /// How the run ended, which the exit status says: a failing lab is the lab's fault, a file that
    /// could not be checked the input's or the setup's.
    package enum Verdict: Sendable, Equatable {
        case passed
        case failed
        case notChecked
    }

    package var verdict: Verdict {
        if totals.notChecked > 0 || totals.onlyCrashes { return .notChecked }
        return totals.failed > 0 ? .failed : .passed
    }
}

/// Tests passed and failed, and what was not checked (see `RunReport.Totals.skipped`).
package struct Counts: Sendable, Equatable {
    package var passed = 0
    package var failed = 0
    package var skipped = 0

    static func + (a: Counts, b: Counts) -> Counts {
        Counts(passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped)
    }
}

/// One file of a run.
package struct FileReport: Sendable {
    package enum Content: Sendable {
        /// The file could not be read.
        case unreadable(FileError)
        /// Not a valid lab: the error and the line it points at.
        case invalid(LabError, excerpt: Excerpt?)
        /// A lab: its program, then each cell built apart, in document order; and the file's bytes,
        /// for a view that shows its prose and code around the results (a notebook page).
        case lab(title: String?, parts: [PartReport], document: [UInt8])
        /// A guide: a verdict per sample; and the file's bytes.
        case guide(GuideReport, document: [UInt8])
    }

    package let path: String
    package let content: Content
    /// Wall-clock seconds from the file's start to its end (build, runs, update), when measured.
    package let duration: Double?
    /// What `--update` did to the file; nil without `--update`.
    package let update: FileUpdate.Write?

    package init(path: String, content: Content, duration: Double?, update: FileUpdate.Write?) {
        self.path = path
        self.content = content
        self.duration = duration
        self.update = update
    }

    package var parts: [PartReport] {
        if case .lab(_, let parts, _) = content { return parts }
        return []
    }

    package var counts: Counts {
        if case .guide(let guide, _) = content { return guide.counts }
        return parts.reduce(Counts()) { $0 + $1.counts }
    }

    /// The guide's report, nil for anything else.
    package var guide: GuideReport? {
        if case .guide(let guide, _) = content { return guide }
        return nil
    }

    /// False when the file is not a valid lab, or a part could not be checked (the tool failed).
    package var wasChecked: Bool {
        if let guide { return guide.toolFailure == nil }
        return !isInputError && !parts.contains { if case .toolFailed = $0.result { true } else { false } }
    }

    /// The file's verdict in one line, as watch and the served pages print it beside its path:
    /// a guide's summary (`nothing checked: …` when no sample was), a lab's `N passed, N failed`
    /// with `, N skipped` when cells were not checked, or `not checked`.
    package var verdictLine: String {
        guard wasChecked else { return "not checked" }
        if let guide { return guide.summary }
        let counts = counts
        return "\(counts.passed) passed, \(counts.failed) failed" + (counts.skipped > 0 ? ", \(counts.skipped) skipped" : "")
    }

    var isInputError: Bool {
        switch content {
        case .lab, .guide: false
        case .unreadable, .invalid: true
        }
    }
}
