/// One thing that changed between two runs of the same file, as `labrunner watch` prints it
/// after a save. Worked out by `ReportChange.between`, a pure function of two `FileReport`s.
package enum ReportChange: Sendable, Equatable {
    /// A cell's output (or a compile check, `scenario` nil) that failed, or was not known, now passes.
    case nowPasses(place: String, scenario: String?)
    /// A cell (or a check) that passed, or did not run, now fails: the header and diff say how.
    case nowFails(place: String, scenario: String?, header: String?, diff: [String])
    /// A cell that failed and still fails, with a different diff.
    case failsDifferently(place: String, scenario: String?, header: String?, diff: [String])
    /// A scenario's run went wrong in a new way (crashed, timed out…): `message` says how.
    case problem(scenario: String, message: String)
    /// A scenario whose run went wrong ran to its end this time.
    case problemGone(scenario: String)
    /// Compiler errors that were not there before (`path:line:col: error: …`), in a part named `part`.
    case errorsAppeared(part: String, errors: [String])
    /// Compiler errors fixed while others remain.
    case errorsGone(part: String, count: Int)
    /// A part that did not compile does now.
    case compiles(part: String)
    /// The file is not a lab any more (unreadable or invalid): the error.
    case notALab(String)
    /// The file is a valid lab again.
    case labAgain

    /// What changed from `old` to `new`; empty when every verdict, diff and error is the same.
    /// Parts are matched by kind and order (the program, the n-th standalone cell, the n-th check),
    /// cells by their index in the lab, scenarios by name; a part, scenario or cell without an
    /// earlier counterpart counts as unknown before, so only its failures are news.
    package static func between(_ old: FileReport?, _ new: FileReport) -> [ReportChange] {
        if let problem = inputProblem(new) {
            return old.flatMap(inputProblem) == problem ? [] : [.notALab(problem)]
        }
        if let guide = new.guide { return between(old?.guide, guide) }
        var changes: [ReportChange] = []
        let oldParts: [PartReport]
        if let old, inputProblem(old) != nil {
            changes.append(.labAgain)
            oldParts = []
        } else {
            oldParts = old?.parts ?? []
        }
        let oldByKey = Dictionary(keyed(oldParts), uniquingKeysWith: { a, _ in a })
        for (key, part) in keyed(new.parts) {
            changes += between(oldByKey[key], part)
        }
        return changes
    }

    /// A guide's samples, matched by their order among the file's samples (lines move as text is
    /// added above them): new errors, samples that now pass or now fail.
    static func between(_ old: GuideReport?, _ new: GuideReport) -> [ReportChange] {
        var changes: [ReportChange] = []
        for (index, sample) in new.samples.enumerated() {
            let before = old.flatMap { $0.samples.indices.contains(index) ? $0.samples[index] : nil }
            let errors = sample.errors.filter { $0.diagnostic.severity == .error }.map(\.line)
            let oldErrors = before?.errors.filter { $0.diagnostic.severity == .error }.map(\.line) ?? []
            switch sample.status {
            case .failed where !errors.isEmpty:
                let appeared = errors.filter { !oldErrors.contains($0) }
                if !appeared.isEmpty { changes.append(.errorsAppeared(part: sample.name, errors: appeared)) }
            case .failed:
                if before?.status != .failed {
                    let run = sample.run?.run
                    changes.append(.nowFails(place: sample.name, scenario: nil, header: run?.mismatches.first?.header ?? run?.problem?.message,
                                             diff: run?.mismatches.first?.diff ?? []))
                }
            case .passed:
                if before?.status == .failed { changes.append(.nowPasses(place: sample.name, scenario: nil)) }
            case .listing, .skipped, .compilerCrash:
                break
            }
        }
        return changes
    }

    /// The error that keeps a file from being a lab, nil for a lab.
    static func inputProblem(_ file: FileReport) -> String? {
        switch file.content {
        case .unreadable(let error): error.description
        case .invalid(let error, _): error.description
        case .lab, .guide: nil
        }
    }

    /// Each part with a key that survives edits elsewhere in the file: its kind and its ordinal among its kind.
    static func keyed(_ parts: [PartReport]) -> [(String, PartReport)] {
        var seen: [String: Int] = [:]
        return parts.map { part in
            let kind = switch part.kind {
            case .program: "program"
            case .standalone: "standalone"
            case .check: "check"
            }
            let ordinal = seen[kind, default: 0]
            seen[kind] = ordinal + 1
            return ("\(kind) \(ordinal)", part)
        }
    }

    static func between(_ old: PartReport?, _ new: PartReport) -> [ReportChange] {
        var changes: [ReportChange] = []
        let oldErrors = old.map(errors) ?? []
        let newErrors = errors(new)
        if case .compileFailed = new.result {
            let appeared = newErrors.filter { !oldErrors.contains($0) }
            let gone = oldErrors.filter { !newErrors.contains($0) }
            if !appeared.isEmpty { changes.append(.errorsAppeared(part: new.name, errors: appeared)) }
            if !gone.isEmpty { changes.append(.errorsGone(part: new.name, count: gone.count)) }
            return changes
        }
        if let old, case .compileFailed = old.result { changes.append(.compiles(part: new.name)) }
        if case .checked(let check) = new.result {
            var wasFailing: Bool?
            var oldDiff: [String] = []
            if let old, case .checked(let before) = old.result {
                wasFailing = before.status == .fail
                oldDiff = before.diagnosticsDiff
            }
            let place = new.name
            if check.status == .fail {
                let header: String? = if case .diagnosticsDiffer(let header, _) = check.failure { header } else { check.summary }
                if wasFailing != true {
                    changes.append(.nowFails(place: place, scenario: nil, header: header, diff: check.diagnosticsDiff))
                } else if oldDiff != check.diagnosticsDiff {
                    changes.append(.failsDifferently(place: place, scenario: nil, header: header, diff: check.diagnosticsDiff))
                }
            } else if wasFailing == true {
                changes.append(.nowPasses(place: place, scenario: nil))
            }
            return changes
        }
        for scenario in new.scenarios {
            let before = old?.scenarios.first { $0.name == scenario.name }
            changes += between(before, scenario, path: new.path)
        }
        return changes
    }

    static func between(_ old: ScenarioReport?, _ new: ScenarioReport, path: String) -> [ReportChange] {
        var changes: [ReportChange] = []
        let oldProblem = old?.run?.problem?.message
        if let problem = new.run?.problem?.message, problem != oldProblem {
            changes.append(.problem(scenario: new.name, message: problem))
        } else if oldProblem != nil, new.run != nil, new.run?.problem == nil {
            changes.append(.problemGone(scenario: new.name))
        }
        for cell in new.cells {
            let before = old?.cells.first { $0.index == cell.index }
            let place = "\(path):\(cell.line)"
            let header = new.run?.mismatches.first { $0.cellIndex == cell.index }?.header
            switch cell.status {
            case .fail:
                if before?.status != .fail {
                    changes.append(.nowFails(place: place, scenario: new.name, header: header, diff: cell.diff))
                } else if before?.diff != cell.diff {
                    changes.append(.failsDifferently(place: place, scenario: new.name, header: header, diff: cell.diff))
                }
            case .pass, .updated:
                if before?.status == .fail { changes.append(.nowPasses(place: place, scenario: new.name)) }
            case .skipped, .notRun:
                break
            }
        }
        return changes
    }

    /// The part's compiler errors as lines (`path:line:col: error: message`).
    static func errors(_ part: PartReport) -> [String] {
        guard case .compileFailed(let failure) = part.result else { return [] }
        return failure.diagnostics.filter { $0.severity == "error" }.map(\.line)
    }
}
