/// Everything the tool found out about one file named by a run: it could not be read, it is
/// not a valid lab, or it is a lab and each of its programs has an outcome.
package struct FileOutcome: Sendable {
    package enum Content: Sendable {
        /// The file could not be read (exit status 2).
        case unreadable(FileError)
        /// The file was read but is not a valid lab (exit status 2); its bytes show the line at fault.
        case invalid(LabError, bytes: [UInt8])
        /// The lab's program first, then one outcome per `standalone`, `compile_fail` and `no_run`
        /// cell, in document order. The lab's source keeps the bytes it was parsed from, so
        /// `--update` can tell whether the file changed since.
        case lab(Lab, parts: [LabOutcome])
        /// A guide: a verdict per sample (see `DocumentKind`).
        case guide(GuideOutcome)
    }

    package let path: String
    package let content: Content

    package init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    /// A file that could not be loaded.
    package init(path: String, failure: LoadError) {
        switch failure {
        case .unreadable(let error): self.init(path: path, content: .unreadable(error))
        case .invalid(let error, let bytes): self.init(path: path, content: .invalid(error, bytes: bytes))
        }
    }

    /// Whether swiftc built anything for this file (a cache miss): the compile cache is pruned after such runs.
    package var compiledAnything: Bool {
        if case .guide(let guide) = content { return guide.samples.contains(where: \.compilerRan) }
        guard case .lab(_, let parts) = content else { return false }
        return parts.contains { $0.compilerRan && $0.buildDuration > 0 }
            || parts.contains { $0.exerciseChecks.contains { $0.compilerRan && $0.buildDuration > 0 } }
    }
}

/// What a guide's samples came to.
package struct GuideOutcome: Sendable {
    package let plan: GuidePlan
    /// In document order: every sample, or the one a run named by line (`guide.md:42`).
    package let samples: [SampleOutcome]
    /// swiftc is missing or broke: the guide was not checked (exit status 2).
    package let toolFailure: ToolFailure?

    package var lab: Lab { plan.lab }
}

/// What one program of a lab came to: the lab's own, or a cell built apart from it.
package struct LabOutcome: Sendable {
    package enum Status: Sendable {
        /// The lab has no Swift cell that compiles on this platform: nothing to build or run.
        case nothingToRun
        /// swiftc rejected the program.
        case compileFailed(errors: [Diagnostic], rawOutput: String)
        /// Something outside the lab failed (swiftc missing or crashing, no build folder): the lab
        /// was not checked.
        case toolFailed(ToolFailure)
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
    package enum Part: Sendable, Equatable {
        /// The lab's program.
        case program
        /// A `standalone` cell's own program.
        case standalone(line: Int)
        /// A `compile_fail` or `no_run` cell's check.
        case check(line: Int, role: CheckRole)
    }

    package let path: String
    /// The program this outcome is about: the whole lab for its program, else the cells a
    /// standalone cell or a check is built from.
    package let lab: Lab
    package let status: Status
    package var part: Part = .program
    /// Warnings (and their notes) from a successful or failed build.
    package var warnings: [Diagnostic] = []
    package var buildDuration: Double = 0
    /// False when the executable came from the compile cache and swiftc did not run.
    package var compilerRan = true
    /// For an instructor's lab (exercises with solutions): each exercise's stub, checked.
    package var exerciseChecks: [ExerciseStubCheck] = []

    init(path: String, lab: Lab, status: Status, part: Part = .program) {
        self.path = path
        self.lab = lab
        self.status = status
        self.part = part
    }

    /// How reports name this outcome: the path, and for a cell built apart `path:line`.
    package var name: String {
        switch part {
        case .program: path
        case .standalone(let line), .check(let line, _): "\(path):\(line)"
        }
    }
}

/// The role of a cell checked by compiling only: typed, so a check can never be a program.
package enum CheckRole: Sendable, Equatable {
    /// swiftc must reject the cell (with the errors of its `diagnostics` block, if any).
    case compileFail
    /// swiftc must accept the cell; it never runs.
    case noRun

    /// The role of a cell that is checked, nil for cells that run.
    init?(_ role: CellRole) {
        switch role {
        case .compileFail: self = .compileFail
        case .noRun: self = .noRun
        case .program, .standalone: return nil
        }
    }

    /// The attribute as written in the lab: `compile_fail`, `no_run`.
    package var attribute: String {
        switch self {
        case .compileFail: CellAttribute.compileFail.rawValue
        case .noRun: CellAttribute.noRun.rawValue
        }
    }
}

/// Why a lab was not checked for reasons outside its code: the run's setup, not the lab (exit status 2).
package enum ToolFailure: Sendable {
    /// swiftc is missing or broke, or no build folder could be made.
    case build(BuildError)
}
