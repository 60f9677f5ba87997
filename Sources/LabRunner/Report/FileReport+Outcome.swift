/// Building the report model from what the pipeline and `--update` found: the one place where
/// facts about a file are worked out.
extension FileReport {
    /// - Parameters:
    ///   - update: what `--update` did to the file, nil without `--update`.
    ///   - duration: wall-clock seconds the file took, when measured.
    ///   - updateRequested: `--update` was given (a guide says it has no output blocks to write).
    package init(_ outcome: FileOutcome, update: FileUpdate? = nil, duration: Double? = nil, appleAvailable: Bool,
                 updateRequested: Bool = false) {
        let content: Content
        switch outcome.content {
        case .unreadable(let error):
            content = .unreadable(error)
        case .invalid(let error, let bytes):
            content = .invalid(error, excerpt: Excerpt(error.location, in: MarkdownSource(bytes: bytes)))
        case .lab(let lab, let outcomes):
            var wroteSaid = false
            let parts = outcomes.enumerated().map { index, part in
                let planned = update?.parts.indices.contains(index) == true ? update?.parts[index] : nil
                var lines = planned.map { UpdateLines(summary: $0, write: update?.write ?? .unchanged) }
                // "wrote lab.md" once per file, with the first part that changed it.
                if case .wrote = update?.write, !wroteSaid, planned?.hasEdits == true {
                    lines?.wrote(outcome.path)
                    wroteSaid = true
                }
                return PartReport(part, update: lines, appleAvailable: appleAvailable)
            }
            content = .lab(title: lab.title, parts: parts, document: lab.source.bytes)
        case .guide(let guide):
            let summary = update?.parts.first ?? nil
            let wrote = update?.write == .wrote
            var report = GuideReport(guide, appleAvailable: appleAvailable, updated: wrote ? summary?.updatedSamples ?? [] : [])
            if let summary, summary.hasEdits || !summary.notes.isEmpty {
                var lines = UpdateLines(summary: summary, write: update?.write ?? .unchanged)
                if wrote { lines.wrote(outcome.path) }
                report.notes += lines.lines
            } else if updateRequested, !guide.plan.samples.contains(where: { !$0.prints.isEmpty }) {
                report.notes.append("not updated: read as a guide (\(guide.lab.kind.reason)), whose samples have no output blocks to write; "
                                    + "<!-- labrunner: lab --> before the first fence, or --as lab, makes it a lab")
            }
            content = .guide(report, document: guide.lab.source.bytes)
        }
        // The path as every report prints it: a file's name is the student's to choose.
        self.init(path: ControlPictures.escapedName(outcome.path), content: content, duration: duration, update: update?.write)
    }
}

extension PartReport {
    init(_ outcome: LabOutcome, update: UpdateLines?, appleAvailable: Bool) {
        let lab = outcome.lab
        let kind: Kind = switch outcome.part {
        case .program: .program
        case .standalone(let line): .standalone(line: line)
        case .check(let line, let role): .check(line: line, role: role)
        }
        let isCheck = if case .check = kind { true } else { false }
        let updated = update?.updatedScenarios ?? []
        var scenarios: [ScenarioReport] = []
        let result: Outcome
        var counts = Counts()
        var compilerRan = outcome.compilerRan

        /// Every declared scenario, none of them run, for one reason.
        func notRun(_ status: ScenarioReport.Status, _ reason: ScenarioReport.NotRun) -> [ScenarioReport] {
            lab.scenarios.map { ScenarioReport(notRun: $0, status: status, reason: reason, lab: lab, appleAvailable: appleAvailable) }
        }
        /// A check, or a file that only had to compile, is one test; a lab's failed build fails every scenario.
        let failsAsOneTest = isCheck || !lab.hasTranscripts

        switch outcome.status {
        case .nothingToRun:
            let onThisPlatform = !lab.cells.isEmpty
            // Not a test, in any report: no scenario, counted neither passed nor failed.
            result = .nothingToCompile(onThisPlatform: onThisPlatform)
            compilerRan = false
        case .toolFailed(let failure):
            let report = ToolFailureReport(failure)
            result = .toolFailed(report)
            scenarios = notRun(.fail, .toolError(report.text))
            counts.failed = failsAsOneTest ? 1 : lab.scenarios.count
        case .compileFailed(let errors, _):
            let report = CompileFailureReport(errors, lab: lab, isOneTest: failsAsOneTest)
            result = .compileFailed(report)
            scenarios = notRun(.fail, .compileError(report.summary))
            counts.failed = failsAsOneTest ? 1 : lab.scenarios.count
        case .ran(let verdicts):
            result = .ran
            let names = lab.scenarios + verdicts.map(\.scenario).filter { !lab.scenarios.contains($0) }
            scenarios = names.map { name in
                guard let verdict = verdicts.first(where: { $0.scenario == name }) else {
                    return ScenarioReport(notRun: name, status: .skipped, reason: .notSelected, lab: lab, appleAvailable: appleAvailable)
                }
                return ScenarioReport(verdict, lab: lab, updated: updated.contains(name), appleAvailable: appleAvailable)
            }
            for scenario in scenarios where scenario.run != nil {
                if scenario.status == .fail { counts.failed += 1 } else { counts.passed += 1 }
            }
        case .compiledOnly:
            result = .compiledOnly
            counts.passed = 1
        case .missingModules(let modules):
            let report = MissingModulesReport(modules: modules)
            result = .missingModules(report)
            scenarios = notRun(.skipped, .missingModule(report.message))
            // Every cell it would have compiled here is not checked (a cell built apart: that one).
            counts.skipped = kind == .program ? lab.compiledCells.filter { appleAvailable || !$0.needsApple }.count : 1
        case .checked(let check):
            let report = CheckReport(check, lab: lab, updated: update?.diagnosticsRewritten ?? false)
            result = .checked(report)
            if report.status == .fail { counts.failed = 1 } else { counts.passed = 1 }
        }

        let skipped = kind == .program
            ? lab.cells.compactMap { cell in SkippedCell(cell, appleAvailable: appleAvailable) }
            : []
        counts.skipped += skipped.count
        let lines = update?.lines ?? []
        var exercises = kind == .program ? ExerciseReport.reports(outcome, appleAvailable: appleAvailable) : []
        // `--update` writes the missing block of a check (`OutputUpdater`): the next run checks it.
        if update != nil {
            exercises = exercises.map { exercise in
                guard case .uncheckedCell(let line) = exercise.status else { return exercise }
                return ExerciseReport(id: exercise.id, title: exercise.title, points: exercise.points, line: exercise.line, hint: exercise.hint,
                                      status: .notChecked("the cell at line \(line) had no output block; --update writes it, so run again"))
            }
        }
        // An exercise that checks nothing is a failed test of the instructor's lab.
        counts.failed += exercises.filter(\.isFailure).count
        counts.passed += exercises.filter { $0.status == .stubFails }.count
        // A stub that could not be checked (the key did not run) is not a test, but it is not
        // checked: counted with the skipped, as the terminal's `SKIP  exercise …` says.
        counts.skipped += exercises.filter { if case .notChecked = $0.status { true } else { false } }.count
        self.init(path: ControlPictures.escapedName(outcome.path), kind: kind, result: result, scenarios: scenarios,
                  warnings: outcome.warnings.map { DiagnosticReport($0, lab: lab) },
                  compilerRan: compilerRan, buildDuration: outcome.buildDuration, skippedCells: skipped,
                  update: lines.isEmpty ? nil : UpdateReport(lines: lines), counts: counts, exercises: exercises)
    }
}

extension SkippedCell {
    /// The cell as skipped here, nil when it is compiled.
    init?(_ cell: Cell, appleAvailable: Bool) {
        if cell.isSkipped {
            reason = .marked
        } else if !appleAvailable, case .apple(let why) = cell.platform {
            reason = .needsApple(why)
        } else {
            return nil
        }
        index = cell.index
        line = cell.line
        section = cell.section
    }
}

extension ToolFailureReport {
    init(_ failure: ToolFailure) {
        switch failure {
        case .build(let error):
            // The error's one line, then the last lines swiftc printed (at most 5, long lines cut),
            // so a broken compiler is named without pages of its stack dump.
            self.init(message: error.description, compilerOutput: ReportText.tail(of: error.output, count: 5))
        }
    }
}

extension CompileFailureReport {
    init(_ errors: [Diagnostic], lab: Lab, isOneTest: Bool) {
        var counts: [Int: Int] = [:]
        for error in errors where error.severity == .error {
            guard let line = error.location?.line, error.location?.path == lab.path,
                  let cell = lab.compiledCells.first(where: { $0.codeLines?.contains(line) == true }) else { continue }
            counts[cell.index, default: 0] += 1
        }
        self.init(diagnostics: errors.map { DiagnosticReport($0, lab: lab) },
                  errorCount: errors.filter { $0.severity == .error }.count,
                  errorsByCell: lab.compiledCells.compactMap { cell in counts[cell.index].map { (cell.line, $0) } },
                  cellCount: lab.compiledCells.count, isOneTest: isOneTest)
    }
}

extension DiagnosticReport {
    init(_ diagnostic: Diagnostic, lab: Lab) {
        // In a hidden check: the key's code, which a student's feedback names but does not show;
        // nor what the compiler said there, which quotes it (`integer literal '98765' overflows …`).
        if let location = diagnostic.location, location.path == lab.path, lab.conceals(line: location.line) {
            let cell = lab.cells.first { $0.codeLines?.contains(location.line) == true }
            let place = cell.map { lab.checkName(cellIndex: $0.index) } ?? "the instructor's code"
            let what = diagnostic.severity == .error ? "did not compile with your code" : "has a \(diagnostic.severity.rawValue) with your code"
            self.init(diagnostic: Diagnostic(severity: diagnostic.severity, location: nil,
                                             message: "\(place), which calls your code, \(what) (what the compiler said there is not shown)"),
                      excerpt: nil)
            return
        }
        let excerpt = diagnostic.location.flatMap { $0.path == lab.path ? Excerpt($0, in: lab.source) : nil }
        self.init(diagnostic: diagnostic, excerpt: excerpt)
    }
}
