/// One exercise of a lab as a run found it: for an instructor's lab, whether its stub checks
/// something; for a student's copy, done or not yet (with the hint).
package struct ExerciseReport: Sendable, Equatable {
    package enum Status: Sendable, Equatable {
        /// Instructor's lab: the stub fails every check, as it should.
        case stubFails
        /// Instructor's lab: the stub already passes; the exercise checks nothing (a failure).
        case stubPasses
        /// Instructor's lab: the stub fails the exercise but passes these checks (`the cell at
        /// line 12 in scenario empty`): a blank answer would earn their points (a failure).
        case stubEarns([String])
        /// Instructor's lab: the stub does not compile (a failure: the students' copy would not).
        case stubDoesNotCompile(errors: Int)
        /// Instructor's lab: the stub could not be checked (the key failed, or a tool failure).
        case notChecked(String)
        /// Instructor's lab: the visible cell at this line prints but has no output block, so
        /// nothing checks it (it would be scratch): a failure, at the cell's line.
        case uncheckedCell(line: Int)
        /// Student's copy: every output of the exercise is met.
        case done
        /// Student's copy: not yet; `stoppedAt` is the cell line where its code stopped the program.
        /// Graded: `inHiddenCheck` when that cell is past the submission's own lines (a hidden
        /// check of the key's), whose line is never cited.
        case notYet(stoppedAt: Int?, inHiddenCheck: Bool = false)
        /// Student's copy: its cells never ran because an earlier exercise stopped the program.
        case followsFrom(String)
        /// Student's copy: with `--repeat`, these checks (`the cell at line 12 in scenario mock`)
        /// printed differently between runs, so it is not done whatever one run printed.
        case flaky([String])
        /// Graded submission: the exercise's markers are gone from the file, so it was not graded.
        case missing(String)
        /// Graded submission: its code did not compile, so it was built as the key's stub (and
        /// scores 0) for the other exercises to be graded.
        case didNotCompile
        /// A written exercise: graded by the instructor, not by the run.
        case awaitingInstructor
    }

    package let id: String
    package let title: String?
    package let points: Int
    package let line: Int
    /// Shown while the exercise is not done (empty when the lab gives none).
    package let hint: String
    package let status: Status
    /// Student's copy: lines of cells outside exercises, after this one, whose output is wrong:
    /// reported as following from this exercise not being done, not as failures of their own.
    package var followingFailures: [Int] = []
    /// Student's copy: its visible checks (cells with output blocks, per scenario run) and how
    /// many passed; the hidden checks the key holds, which only grading runs (`hidden=N`, per scenario).
    package var visibleChecks = 0, visibleChecksPassed = 0, hiddenChecksNotRun = 0

    /// `2 of 2 visible checks pass; 2 hidden checks run when graded`: what a student's run can
    /// and cannot say about the exercise's points; nil without hidden checks left out.
    package var checksLine: String? {
        guard hiddenChecksNotRun > 0 else { return nil }
        return "\(visibleChecksPassed) of \(visibleChecks) visible check\(visibleChecks == 1 ? "" : "s") pass; "
            + "\(hiddenChecksNotRun) hidden check\(hiddenChecksNotRun == 1 ? "" : "s") run\(hiddenChecksNotRun == 1 ? "s" : "") when graded"
    }

    package var isFailure: Bool {
        switch status {
        case .stubPasses, .stubEarns, .stubDoesNotCompile, .uncheckedCell: true
        default: false
        }
    }

    /// The words reports use: `done`, `not yet`, `the stub already passes its outputs; it checks nothing`.
    package var message: String {
        switch status {
        case .stubFails: "checked: the solution passes and the stub fails every check"
        case .stubPasses: "the stub already passes its outputs; it checks nothing"
        case .stubEarns(let checks):
            "the stub already passes \(checks.count) of its checks (\(checks.joined(separator: "; "))): "
                + "a blank answer would earn their points; make the stub fail every check"
        case .stubDoesNotCompile(let errors): "the stub does not compile (\(errors) error\(errors == 1 ? "" : "s")), so the students' copy would not"
        case .notChecked(let why): "stub not checked: \(why)"
        case .uncheckedCell(let line): "the cell at line \(line) prints but has no output block, so nothing checks it: "
            + "write its output block (`run --update` writes it) or mark it ```swift scratch"
        case .done: "done"
        case .notYet(_, inHiddenCheck: true): "not yet (stopped the program in a hidden check)"
        case .notYet(let line, _): "not yet" + (line.map { " (stopped the program in the cell at line \($0))" } ?? "")
        case .followsFrom(let id): "not yet (did not run: follows from exercise '\(id)', which stopped the program)"
        case .flaky(let checks): "not yet (flaky: printed differently between runs: \(checks.joined(separator: "; ")))"
        case .missing(let why): "not yet (not graded: \(why))"
        case .didNotCompile: "not yet (did not compile: built as the handout's stub, so the other exercises could be graded)"
        case .awaitingInstructor: "written: graded by the instructor"
        }
    }

    /// A stable word for machine-readable reports.
    package var statusName: String {
        switch status {
        case .stubFails: "checked"
        case .stubPasses: "stub-passes"
        case .stubEarns: "stub-earns"
        case .stubDoesNotCompile: "stub-does-not-compile"
        case .notChecked: "not-checked"
        case .uncheckedCell: "unchecked-cell"
        case .done: "done"
        case .notYet: "not-yet"
        case .followsFrom: "follows-from"
        case .flaky: "flaky"
        case .missing: "missing"
        case .didNotCompile: "did-not-compile"
        case .awaitingInstructor: "manual"
        }
    }
}

extension ExerciseReport {
    /// The exercises of a lab's program part; empty for labs without exercises.
    static func reports(_ outcome: LabOutcome, appleAvailable: Bool) -> [ExerciseReport] {
        let lab = outcome.lab
        guard !lab.exercises.isEmpty else { return [] }
        let statuses: [Status]
        if lab.hasSolutions {
            var keyVerdicts: [ExerciseVerdict] = []
            var printed: Set<Int> = []
            if case .ran(let verdicts) = outcome.status {
                keyVerdicts = ExerciseVerdict.judge(lab, verdicts: verdicts, appleAvailable: appleAvailable)
                printed = Set(verdicts.flatMap { $0.actualOutputs.filter { !$0.value.isEmpty }.map(\.key) })
            }
            statuses = lab.exercises.enumerated().map { index, exercise in
                if exercise.isManual { return .awaitingInstructor }
                // A cell that prints and that nothing compares would silently stop being a check.
                if let unchecked = lab.cells(of: exercise).first(where: { lab.isUncheckedCheck($0) && printed.contains($0.index) }) {
                    return .uncheckedCell(line: unchecked.line)
                }
                // "Checked" says the solution passes: only when it passed every check in this run.
                if index < keyVerdicts.count, !keyVerdicts[index].isDone, case .ran = outcome.status {
                    return .notChecked("the solution does not pass its own checks in this run (see the scenarios above)")
                }
                guard let check = outcome.exerciseChecks.first(where: { $0.exerciseID == exercise.id }) else {
                    return .notChecked("the key (built with -D SOLUTION) did not run")
                }
                switch check.result {
                case .stubFails: return .stubFails
                case .stubPasses: return .stubPasses
                case .stubEarns(let checks): return .stubEarns(checks.map { lab.checkName($0.place) })
                case .stubDoesNotCompile(let errors): return .stubDoesNotCompile(errors: errors.filter { $0.severity == .error }.count)
                case .notChecked(let why): return .notChecked(why)
                }
            }
        } else if case .ran(let verdicts) = outcome.status {
            statuses = ExerciseVerdict.judge(lab, verdicts: verdicts, appleAvailable: appleAvailable).map { verdict in
                switch verdict {
                case .done: .done
                case .notYet(let line):
                    // A submission's feedback cites its own lines only: past them is the key.
                    if let line, let bounds = lab.submission, !bounds.isOwn(line) { .notYet(stoppedAt: nil, inHiddenCheck: true) }
                    else { .notYet(stoppedAt: line) }
                case .followsFrom(let id): .followsFrom(id)
                case .flaky(let checks): .flaky(checks.map { lab.checkName($0) })
                case .manual: .awaitingInstructor
                }
            }
        } else {
            statuses = lab.exercises.map { $0.isManual ? .awaitingInstructor : .notYet(stoppedAt: nil) }
        }
        var reports = zip(lab.exercises, statuses).map { exercise, status in
            ExerciseReport(id: exercise.id, title: exercise.title, points: exercise.points, line: exercise.line,
                           hint: exercise.hintText,
                           status: lab.submission?.missingExercises[exercise.id].map { .missing($0) }
                               ?? (lab.submission?.brokenExercises.contains(exercise.id) == true ? .didNotCompile : status))
        }
        guard !lab.hasSolutions, case .ran(let verdicts) = outcome.status else { return reports }
        if lab.submission == nil {
            let checks = ExerciseVerdict.checks(lab, verdicts: verdicts, appleAvailable: appleAvailable)
            let hidden = Set(lab.cells.filter(\.isHidden).map(\.index))
            for index in reports.indices where !lab.exercises[index].isManual {
                let visible = checks[index].filter { !hidden.contains($0.cellIndex) }
                reports[index].visibleChecks = visible.count
                reports[index].visibleChecksPassed = visible.filter(\.passed).count
                reports[index].hiddenChecksNotRun = lab.exercises[index].announcedHiddenCells * verdicts.count
            }
        }
        // Each wrong cell outside exercises goes to the last exercise before it that is not done.
        let failing = Set(verdicts.flatMap { $0.mismatches.map(\.cell.index) })
        let inExercises = Set(lab.exercises.flatMap(\.cellIndices))
        for cell in lab.cells where failing.contains(cell.index) && !inExercises.contains(cell.index) {
            if let owner = reports.indices.last(where: {
                reports[$0].line < cell.line && reports[$0].status != .done && reports[$0].status != .awaitingInstructor
            }) {
                reports[owner].followingFailures.append(cell.line)
            }
        }
        return reports
    }
}

