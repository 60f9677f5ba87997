/// One program of a lab file: the lab's own, a `standalone` cell's, or a compile check.
package struct PartReport: Sendable {
    /// Which program: typed, so a check always has its role.
    package enum Kind: Sendable, Equatable {
        case program
        case standalone(line: Int)
        case check(line: Int, role: CheckRole)
    }

    /// What became of the program.
    package enum Outcome: Sendable {
        /// No Swift cell compiles here; `onThisPlatform` when the file has cells that need SwiftUI
        /// or are marked skip. Not a test: counted neither passed nor failed, in every report.
        case nothingToCompile(onThisPlatform: Bool)
        /// The lab was not checked (swiftc missing or broken, no build folder).
        case toolFailed(ToolFailureReport)
        case compileFailed(CompileFailureReport)
        /// It ran: `scenarios` say how.
        case ran
        /// It compiled and has no transcripts to check: one passed test.
        case compiledOnly
        /// Skipped: it imports modules this machine lacks (a failure with `--strict`).
        case missingModules(MissingModulesReport)
        case checked(CheckReport)
    }

    /// The lab file's path.
    package let path: String
    package let kind: Kind
    package let result: Outcome
    /// Every scenario the program declares (and any that ran without being declared), each with
    /// every cell: for a lab's or a standalone cell's program; empty for checks, files that only
    /// compile and files with nothing to compile.
    package let scenarios: [ScenarioReport]
    package let warnings: [DiagnosticReport]
    /// False when the executable came from the compile cache, or swiftc was never reached.
    package let compilerRan: Bool
    /// Seconds swiftc took (0 when nothing was built).
    package let buildDuration: Double
    /// Cells not compiled here (marked `skip`, or needing SwiftUI): on the lab's program only.
    package let skippedCells: [SkippedCell]
    /// What `--update` did to this part, as it will say it; nil without `--update` or with nothing to say.
    package let update: UpdateReport?
    package let counts: Counts
    /// The lab's exercises (program part only): stubs checked, or a student's progress.
    package var exercises: [ExerciseReport] = []

    /// How reports name the part: the path, and for a cell built apart `path:line`.
    package var name: String {
        switch kind {
        case .program: path
        case .standalone(let line), .check(let line, _): "\(path):\(line)"
        }
    }

    /// `no Swift cells to compile`, with ` on this platform` when the file has cells this machine skips.
    package static func nothingToCompileMessage(onThisPlatform: Bool) -> String {
        "no Swift cells to compile" + (onThisPlatform ? " on this platform" : "")
    }

    /// The cell's line for a part other than the program.
    package var line: Int? {
        switch kind {
        case .program: nil
        case .standalone(let line), .check(let line, _): line
        }
    }
}

/// A cell that was not compiled on this machine, and why.
package struct SkippedCell: Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        /// Marked `skip` by the lab.
        case marked
        /// Needs SwiftUI (`why`: "imports SwiftUI", "marked apple"…), not available here.
        case needsApple(String)
    }

    package let index: Int
    package let line: Int
    package let section: String?
    package let reason: Reason

    /// `marked skip`, `needs SwiftUI, not available here (imports SwiftUI)`.
    package var message: String {
        switch reason {
        case .marked: "marked skip"
        case .needsApple(let why): "needs SwiftUI, not available here (\(why))"
        }
    }
}

/// What `--update` did to one part, in the words every report uses.
package struct UpdateReport: Sendable, Equatable {
    /// Lines such as `updated: 1 output block rewritten, 0 inserted`, `wrote labs/a.md`, and why
    /// parts were left alone.
    package let lines: [String]
}

/// Why a lab was not checked.
package struct ToolFailureReport: Sendable {
    /// One line naming what failed.
    package let message: String
    /// The last lines swiftc printed before it failed (at most 5, long lines cut).
    package let compilerOutput: [String]
    /// `message`, then `swiftc printed:` and the lines, for reports that take one text.
    package var text: String {
        ([message] + (compilerOutput.isEmpty ? [] : ["swiftc printed:"] + compilerOutput.map { "  " + $0 }))
            .joined(separator: "\n")
    }
}

/// A program swiftc rejected.
package struct CompileFailureReport: Sendable {
    /// Errors with their notes, in the lab's order.
    package let diagnostics: [DiagnosticReport]
    /// Errors only (not their notes).
    package let errorCount: Int
    /// How many errors each cell has, in document order (cells without errors left out).
    package let errorsByCell: [(line: Int, errors: Int)]
    /// The cells of the program.
    package let cellCount: Int
    /// True when the failure is one test (a check, or a file without transcripts), false when it
    /// fails every scenario of the lab.
    package let isOneTest: Bool

    /// `did not compile (2 errors)`.
    package var summary: String { "did not compile (\(errorCount) error\(errorCount == 1 ? "" : "s"))" }
}

/// A lab skipped for modules this machine lacks.
package struct MissingModulesReport: Sendable {
    package let modules: [MissingModule]
    /// The first line importing one of them.
    package var line: Int? { modules.first?.cellLines.first }

    /// `needs module X (cells at lines 172, 232), not available here (--strict makes this a failure)`.
    package var message: String {
        let parts = modules.map { module in
            let lines = module.cellLines.map(String.init).joined(separator: ", ")
            let plural = module.cellLines.count == 1 ? "" : "s"
            return module.name + (module.cellLines.isEmpty ? "" : " (cell\(plural) at line\(plural) \(lines))")
        }
        return "needs module\(modules.count == 1 ? "" : "s") \(parts.joined(separator: "; ")), not available here (--strict makes this a failure)"
    }
}
