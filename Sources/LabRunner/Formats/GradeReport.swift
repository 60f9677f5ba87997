import Foundation

/// Grades as people and spreadsheets read them: a line per student, a CSV with one row per student
/// and exercise, and a feedback text per student with the run's report and the hints of what is not done.
package struct GradeReport: Sendable {
    package struct Entry: Sendable {
        /// The student's name as printed (`ControlPictures.escapedName`): it is a file's name.
        package let student: String
        /// The name as the submission is named: the gradebook's row.
        package var key: String = ""
        package let file: FileReport
        package let points: [ExerciseGrade]
        /// Per exercise, in order: the checks that printed differently between runs
        /// (`hidden check 1 of exercise 'sort' in scenario mock`).
        package let flaky: [[String]]
        /// Exercise markers of the submission that could not be read, at their lines.
        package let damage: [LabError]
        /// Per exercise, in order: each check named as feedback may name it (a hidden check by
        /// its number and scenario only), with whether it passed.
        package let checks: [[(name: String, passed: Bool)]]
        /// What the submission changed outside its exercises, against the handout.
        package var locked: LockedContent? = nil
        /// Per exercise, in order: the compiler's errors in its code when it did not compile (it
        /// was built as the key's stub, so the others could be graded), as feedback may show them.
        package var compileErrors: [[DiagnosticReport]] = []
        /// Per exercise, in order, each check's gradebook column (`mock cell 1`, `mock hidden 1`);
        /// nil for a check of the key's whose cell the submission deleted.
        package var checkLabels: [[String?]] = []
        /// For the instructor: `locked content changed: 3 lines`, or "".
        package var warning: String {
            guard let locked, locked.count > 0 else { return "" }
            return "locked content changed: \(locked.count) line\(locked.count == 1 ? "" : "s")"
        }
        package var earned: Double { points.reduce(0) { $0 + $1.earned } }

        /// The first error of a submission that did not compile at all (`alice.md:8:7: error: …`); nil when it did.
        var wholeBuild: String? {
            guard case .lab(_, let parts, _) = file.content, case .compileFailed(let failure) = parts.first?.result else { return nil }
            return failure.diagnostics.first { $0.severity == "error" }?.line ?? failure.summary
        }
        package var outOf: Int { points.reduce(0) { $0 + $1.outOf } }

        /// Per exercise, in order: why it scored 0 apart from its outputs, for the instructor
        /// (`flaky: …`, `not graded: …`); "" when nothing.
        package var notes: [String] {
            points.indices.map { index in
                let exercise = points[index], checks = flaky[index]
                if exercise.manual { return "written: awaiting the instructor" }
                if let missing = exercise.missing { return "not graded: \(missing)" }
                if index < compileErrors.count, let first = compileErrors[index].first { return "did not compile: \(first.line)" }
                // An error outside the exercises: nothing ran, and every exercise's row says why.
                if let wholeBuild { return "did not compile: \(wholeBuild)" }
                return checks.isEmpty ? "" : "flaky: " + checks.joined(separator: "; ")
            }
        }
    }

    package let entries: [Entry]

    package init(_ outcomes: [GradeOutcome], appleAvailable: Bool) {
        entries = outcomes.map { outcome in
            var graded: Lab? = nil
            if case .lab(let lab, _) = outcome.file.content { graded = lab }
            let flaky = outcome.points.map { exercise in graded.map { exercise.flaky.map($0.checkName) } ?? [] }
            let checks = outcome.points.map { exercise in
                graded.map { lab in
                    exercise.checks.map { check in
                        // A check of the key's whose cell the submission deleted (`ExerciseCheck.cellIndex` -1).
                        (name: check.cellIndex < 0 ? "a cell of the exercise your file lacks, in scenario \(check.scenario)"
                            : lab.checkName(check.place), passed: check.passed)
                    }
                } ?? []
            }
            var entry = Entry(student: ControlPictures.escapedName(outcome.student), file: FileReport(outcome.file, appleAvailable: appleAvailable),
                              points: outcome.points, flaky: flaky, damage: outcome.damage, checks: checks, locked: outcome.locked)
            entry.key = outcome.student
            entry.compileErrors = outcome.points.map { exercise in graded.map { lab in exercise.compileErrors.map { DiagnosticReport($0, lab: lab) } } ?? [] }
            entry.checkLabels = outcome.points.indices.map { index in
                outcome.points[index].checks.map { check in graded.flatMap { Gradebook.checkLabel(check, exercise: index, in: $0, appleAvailable: appleAvailable) } }
            }
            return entry
        }
    }

    /// `student,exercise,points,out of,note,warning` (points `?` for a written exercise, which the
    /// instructor grades in the gradebook), RFC 4180 quoting where needed, a name read as a
    /// formula neutralised; the note says why an exercise scored 0 apart from its outputs (a flaky
    /// check, its markers gone), the warning what the student changed outside the exercises.
    package var csv: String {
        var lines = ["student,exercise,points,out of,note,warning"]
        for entry in entries {
            for (exercise, note) in zip(entry.points, entry.notes) {
                lines.append([entry.student, exercise.id].map(CSVField.encode).joined(separator: ",")
                             // A written exercise's points are the instructor's: `?` as on the terminal.
                             + ",\(exercise.manual ? "?" : PointsText.format(exercise.earned)),\(exercise.outOf)," + CSVField.encode(note) + ","
                             + CSVField.encode(entry.warning))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `{students: [{student, path, points, outOf, compiled, exercises: [{id, points, outOf, flaky, note, checks: [{check, passed}]}]}]}`,
    /// keys sorted; `flaky` lists the checks that printed differently between runs.
    package func json() throws(JSONText.Failure) -> String {
        struct Check: Encodable { let check: String; let passed: Bool }
        struct Exercise: Encodable {
            let id: String; let points: Double; let outOf: Int; let flaky: [String]; let note: String; let checks: [Check]
            let manual: Bool
        }
        struct Student: Encodable {
            let student: String, path: String, points: Double, outOf: Int, compiled: Bool
            let exercises: [Exercise]
        }
        struct Document: Encodable { let students: [Student] }
        let students = entries.map { entry in
            var compiled = false
            if case .lab(_, let parts, _) = entry.file.content, case .ran = parts.first?.result { compiled = true }
            return Student(student: entry.student, path: entry.file.path, points: entry.earned, outOf: entry.outOf,
                           compiled: compiled,
                           exercises: entry.points.indices.map { index in
                               let exercise = entry.points[index]
                               return Exercise(id: exercise.id, points: exercise.earned, outOf: exercise.outOf,
                                               flaky: entry.flaky[index], note: entry.notes[index],
                                               checks: entry.checks[index].map { Check(check: $0.name, passed: $0.passed) },
                                               manual: exercise.manual)
                           })
        }
        return try JSONText.encode(Document(students: students), what: "the grades") + "\n"
    }

    /// Why a submission's file was not read, in a word: a link (never followed), or unreadable.
    static func unreadable(_ error: FileError) -> String {
        if case .symbolicLink = error { return "not graded: a symbolic link" }
        return "unreadable"
    }

    /// `alice  3 of 3 points  (double 2/2, greet 1/1)`.
    package func summary(_ entry: Entry) -> String {
        let parts = entry.points.map { "\($0.id) \($0.manual ? "?" : PointsText.format($0.earned))/\($0.outOf)" }.joined(separator: ", ")
        var line = "\(entry.student)  \(PointsText.format(entry.earned)) of \(entry.outOf) point\(entry.outOf == 1 ? "" : "s")  (\(parts))"
        let written = entry.points.filter(\.manual).reduce(0) { $0 + $1.outOf }
        if written > 0 { line += "  \(written) point\(written == 1 ? "" : "s") of written exercises await the instructor" }
        if case .lab(_, let parts, _) = entry.file.content, case .compileFailed = parts.first?.result { line += "  did not compile" }
        if case .invalid = entry.file.content { line += "  not a valid lab" }
        if case .unreadable(let error) = entry.file.content { line += "  " + Self.unreadable(error) }
        // A written exercise's note is the line's own last words.
        // A whole build's error is said once, by `did not compile` and the errors below the line.
        let whole = entry.wholeBuild.map { "did not compile: " + $0 }
        for (exercise, note) in zip(entry.points, entry.notes) where !note.isEmpty && !exercise.manual && note != whole {
            line += "\n  \(exercise.id): \(note)"
        }
        if !entry.warning.isEmpty { line += "\n  warning: \(entry.warning)" }
        return line
    }

    /// Each exercise's checks, passed or not: `double  1.33 of 2 points, 2 of 3 checks`, then
    /// `  pass  the cell at line 12 in scenario mock`; a hidden check by number and scenario only.
    package func checkLines(_ entry: Entry) -> [String] {
        zip(entry.points, entry.checks).flatMap { exercise, checks in
            if exercise.manual { return ["\(exercise.id)  written: awaiting the instructor (\(exercise.outOf) points)"] }
            let passed = checks.filter(\.passed).count
            return ["\(exercise.id)  \(PointsText.format(exercise.earned)) of \(exercise.outOf) point\(exercise.outOf == 1 ? "" : "s"), "
                    + "\(passed) of \(checks.count) check\(checks.count == 1 ? "" : "s") passed"]
                + checks.map { "  \($0.passed ? "pass" : "fail")  \($0.name)" }
        }
    }

    /// Each exercise that did not compile: what the grader did about it, then the compiler's errors.
    func compileErrorLines(_ entry: Entry) -> [String] {
        zip(entry.points, entry.compileErrors).flatMap { exercise, errors -> [String] in
            guard !errors.isEmpty else { return [] }
            return ["Exercise '\(exercise.id)' did not compile, so it scores 0: it was built as the handout's stub, and the rest "
                    + "of your lab was graded with it (what the run below says of it is the stub's):"]
                + errors.flatMap { TerminalReport(style: .plain).diagnostic($0) } + [""]
        }
    }

    /// The feedback file's text: the summary, the run as the terminal shows it, and the hints.
    package func feedback(_ entry: Entry) -> String {
        ([summary(entry), ""] + checkLines(entry) + [""] + runLines(entry)).joined(separator: "\n") + "\n"
    }

    /// The feedback after its checks: what changed outside the exercises, the run as the
    /// terminal shows it (diffs, hints; hidden checks named, never shown), and a last word.
    package func runLines(_ entry: Entry) -> [String] {
        var lines: [String] = []
        if let locked = entry.locked, locked.count > 0 {
            // The handout's lines: no solution, no hidden check in them.
            lines += ["Outside the exercises, your file differs from the handout (- handout, + yours); your instructor sees "
                      + "these changes (expected outputs are always the instructor's):"]
            lines += locked.changes.map { "  " + $0 } + [""]
        }
        switch entry.file.content {
        case .unreadable(let error):
            lines.append(error.description)
        case .invalid(let error, let excerpt):
            lines += TerminalReport(style: .plain).inputError(error, excerpt: excerpt)
        case .lab(_, _, let document):
            // Where the file broke: the exercises those markers delimited were not graded.
            for error in entry.damage { lines += TerminalReport(style: .plain).inputError(error, excerpt: Excerpt(error.location, bytes: document)) }
            lines += compileErrorLines(entry)
            lines += TerminalReport(style: .plain).render(entry.file)
        case .guide:
            lines += TerminalReport(style: .plain).render(entry.file)
        }
        lines.append("")
        lines.append("Expected outputs, hidden checks and hints are the instructor's: a diff at one of your output blocks compares "
                     + "with the instructor's text; a hidden check is named, never shown.")
        return lines
    }
}
