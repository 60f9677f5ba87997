/// Everything the tool found out about one lab file: what the reports and `--update` work from.
package struct LabOutcome: Sendable {
    package enum Status: Sendable {
        /// The file is not a valid lab (exit status 2).
        case invalid(LabError)
        /// The lab has no Swift cell that compiles on this platform: nothing to build or run.
        case nothingToRun
        /// swiftc rejected the program.
        case compileFailed(errors: [Diagnostic], rawOutput: String)
        /// Something outside the lab failed (swiftc missing or crashing, no build folder).
        case toolFailed(String)
        /// It compiled; one verdict per scenario, in the lab's order.
        case ran([ScenarioVerdict])
        /// It compiled, and the lab has no transcripts to check: a guide whose code only has to compile.
        case compiledOnly
        /// It imports modules this machine does not have: skipped (a failure with `--strict`).
        case missingModules([MissingModule])
        /// A `compile_fail` or `no_run` cell, built after the program cells before it.
        case checked(CompileCheck)
    }

    /// Which of a lab's programs this outcome is about.
    enum Part: Sendable, Equatable {
        /// The lab's program (or the file, when it could not be read as a lab).
        case program
        /// A `standalone` cell's own program.
        case standalone(line: Int)
        /// A `compile_fail` or `no_run` cell's check.
        case check(line: Int, attribute: String)
    }

    package let path: String
    /// Nil only when the file could not be read as a lab.
    package let lab: Lab?
    package let status: Status
    var part: Part = .program
    /// Warnings (and their notes) from a successful or failed build.
    var warnings: [Diagnostic] = []
    package var buildDuration: Double = 0
    /// False when the executable came from the compile cache and swiftc did not run.
    package var compilerRan = true
    /// The bytes the lab was parsed from, so `--update` can tell whether the file changed since.
    package var originalBytes: [UInt8] = []

    /// How reports name this outcome: the path, and for a cell built apart `path:line`.
    package var name: String {
        switch part {
        case .program: path
        case .standalone(let line), .check(let line, _): "\(path):\(line)"
        }
    }

    /// Cells not compiled here: `skip` cells, and Apple-only cells where SwiftUI is missing.
    func skippedCells(appleAvailable: Bool) -> [Cell] {
        // A cell built apart is reported with its lab's program, not again with each part.
        guard part == .program else { return [] }
        return lab?.cells.filter { $0.isSkipped || (!appleAvailable && $0.needsApple) } ?? []
    }

    /// Scenario runs counted in the final `N passed, N failed` line.
    var counts: (passed: Int, failed: Int) {
        switch status {
        case .ran(let verdicts):
            let passed = verdicts.filter(\.passed).count
            return (passed, verdicts.count - passed)
        case .compileFailed, .toolFailed:
            // A check, or a file that only had to compile, is one test; a lab's build fails every scenario.
            if case .check = part { return (0, 1) }
            if let lab, !lab.hasTranscripts { return (0, 1) }
            return (0, lab?.scenarios.count ?? 1)
        case .compiledOnly:
            return (1, 0)
        case .checked(let check):
            return check.passed ? (1, 0) : (0, 1)
        case .missingModules:
            return (0, 0)
        case .nothingToRun:
            return (0, 0)
        case .invalid:
            return (0, 0)
        }
    }
}
