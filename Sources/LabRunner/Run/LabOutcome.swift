/// Everything the tool found out about one lab file: what the reports and `--update` work from.
struct LabOutcome: Sendable {
    enum Status: Sendable {
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
    }

    let path: String
    /// Nil only when the file could not be read as a lab.
    let lab: Lab?
    let status: Status
    /// Warnings (and their notes) from a successful or failed build.
    var warnings: [Diagnostic] = []
    var buildDuration: Double = 0
    /// False when the executable came from the compile cache and swiftc did not run.
    var compilerRan = true
    /// The bytes the lab was parsed from, so `--update` can tell whether the file changed since.
    var originalBytes: [UInt8] = []

    /// Cells not compiled here: `skip` cells, and Apple-only cells where SwiftUI is missing.
    func skippedCells(appleAvailable: Bool) -> [Cell] {
        lab?.cells.filter { $0.isSkipped || (!appleAvailable && $0.needsApple) } ?? []
    }

    /// Scenario runs counted in the final `N passed, N failed` line.
    var counts: (passed: Int, failed: Int) {
        switch status {
        case .ran(let verdicts):
            let passed = verdicts.filter(\.passed).count
            return (passed, verdicts.count - passed)
        case .compileFailed, .toolFailed:
            return (0, lab?.scenarios.count ?? 1)
        case .nothingToRun:
            return (0, 0)
        case .invalid:
            return (0, 0)
        }
    }
}
