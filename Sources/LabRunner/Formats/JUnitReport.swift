import Foundation

/// The report model as JUnit XML, the test report CI servers (Jenkins, GitLab, GitHub actions that
/// publish test results) read.
///
/// - `<testsuites>` holds the totals; a `<testsuite>` per lab part (name = the part's name); a
///   `<testcase>` per declared scenario (classname = the suite's name, name = scenario, time = the
///   run's duration).
/// - A failing run has one `<failure message=… type=…>` (type: `mismatch`, `crash`, `timeout`,
///   `exit-status`, `output-limit`, `stopped-early`, `launch-failed`, `compile-error`,
///   `compile-check`) whose body is what the terminal report prints: the problem, stderr tail,
///   every diff or diagnostic.
/// - `<skipped>` for a scenario that was not run (not selected with `--scenario`, a missing
///   module); `<error type="tool-error">` when labrunner itself could not build or run the lab;
///   a file that is not a lab (unreadable or invalid) is one testcase named `parse` with
///   `<error type="input-error">`. A file with nothing to compile has no testcase at all, as the
///   terminal counts it neither passed nor failed.
/// - Suite `<properties>`: `title`, `compiler-ran`, `build-duration` and a `skipped-cell` per cell
///   not compiled here; its `<system-out>` lists compiler warnings and skipped cells.
///
/// Pure: the same report always gives the same bytes, always well-formed XML 1.0.
package enum JUnitReport {
    package static func xml(_ run: RunReport) -> String {
        var total = Tally()
        var suites: [XMLNode] = []
        for file in run.files {
            for (node, tally) in self.suites(file) {
                suites.append(node)
                total.add(tally)
            }
        }
        let root = XMLNode("testsuites", total.attributes(name: "labrunner"), children: suites)
        return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"] + root.rendered()).joined(separator: "\n") + "\n"
    }

    /// Counts of one suite, or of all of them.
    private struct Tally {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var time: Double = 0

        mutating func add(_ other: Tally) {
            tests += other.tests; failures += other.failures; errors += other.errors; skipped += other.skipped
            time += other.time
        }

        mutating func count(_ testcase: XMLNode) {
            tests += 1
            switch testcase.children.first?.name {
            case "failure": failures += 1
            case "error": errors += 1
            case "skipped": skipped += 1
            default: break
            }
        }

        func attributes(name: String) -> [(String, String)] {
            [("name", name), ("tests", "\(tests)"), ("failures", "\(failures)"), ("errors", "\(errors)"),
             ("skipped", "\(skipped)"), ("time", JUnitReport.seconds(time))]
        }
    }

    private static func suites(_ file: FileReport) -> [(XMLNode, Tally)] {
        switch file.content {
        case .unreadable(let error):
            return [inputError(file, message: error.message, body: TerminalReport(style: .plain).inputError(error))]
        case .invalid(let error, let excerpt):
            let body = TerminalReport(style: .plain).inputError(error, excerpt: excerpt).joined(separator: "\n")
            return [inputError(file, message: error.message, body: body)]
        case .lab(let title, let parts, _):
            return parts.map { suite($0, title: title, duration: file.duration) }
        case .guide(let guide, _):
            return [suite(guide, path: file.path, duration: file.duration)]
        }
    }

    /// A guide is a suite with a test case per sample, named `path:line`: a listing, a skipped
    /// sample and a compiler crash are `<skipped>` with the reason (not tests the text failed).
    private static func suite(_ guide: GuideReport, path: String, duration: Double?) -> (XMLNode, Tally) {
        var cases: [XMLNode] = []
        if let failure = guide.toolFailure {
            let error = XMLNode("error", [("message", failure.message), ("type", "tool-error")], text: failure.text)
            cases.append(XMLNode("testcase", [("classname", path), ("name", "guide"), ("time", seconds(0))], children: [error]))
        }
        for sample in guide.samples {
            var result: XMLNode? = nil
            var rung: XMLNode? = nil
            switch sample.status {
            case .passed:
                // How far it was checked, where a JUnit viewer shows a passing case's detail.
                if let checked = sample.rung {
                    let text = "checked: " + checked.description + (checked == .parsed ? " (" + (sample.reason ?? "") + ")" : "")
                    rung = XMLNode("system-out", text: text)
                }
            case .failed:
                var body = sample.errors.flatMap(lines)
                if let run = sample.run?.run {
                    result = failure(run, scenario: sample.run?.name ?? "", path: path)
                } else {
                    if sample.reason != nil { body.insert(sample.failureSummary, at: 0) }
                    let message = body.first ?? "did not compile"
                    result = XMLNode("failure", [("message", message), ("type", "compile-error")], text: body.joined(separator: "\n"))
                }
            case .listing:
                result = XMLNode("skipped", [("message", "listing: " + (sample.reason ?? ""))])
            case .skipped:
                result = XMLNode("skipped", [("message", sample.reason ?? "skipped")])
            case .compilerCrash:
                result = XMLNode("skipped", [("message", "compiler crash, not the sample's fault: " + (sample.reason ?? ""))])
            }
            cases.append(XMLNode("testcase", [("classname", path), ("name", sample.name), ("time", seconds(0))],
                                 children: [result, rung].compactMap { $0 }))
        }
        var tally = Tally()
        cases.forEach { tally.count($0) }
        tally.time = duration ?? 0
        var properties: [XMLNode] = []
        if let title = guide.title { properties.append(property("title", title)) }
        properties.append(property("kind", "guide"))
        properties.append(property("samples", guide.summary))
        if let ladder = TerminalReport.ladder(guide.tally.rungs) { properties.append(property("rungs", ladder)) }
        let children = [XMLNode("properties", children: properties)] + cases
        return (XMLNode("testsuite", tally.attributes(name: path), children: children), tally)
    }

    private static func inputError(_ file: FileReport, message: String, body: String) -> (XMLNode, Tally) {
        let error = XMLNode("error", [("message", message), ("type", "input-error")], text: body)
        let testcase = XMLNode("testcase", [("classname", file.path), ("name", "parse"), ("time", seconds(0))], children: [error])
        var tally = Tally()
        tally.count(testcase)
        tally.time = file.duration ?? 0
        return (XMLNode("testsuite", tally.attributes(name: file.path), children: [testcase]), tally)
    }

    private static func suite(_ part: PartReport, title: String?, duration: Double?) -> (XMLNode, Tally) {
        let name = part.name
        var cases: [XMLNode] = []
        var caseTime: Double = 0

        func testcase(_ test: String, time: Double = 0, _ result: XMLNode?, out: String? = nil, err: String? = nil) -> XMLNode {
            caseTime += time
            var children = result.map { [$0] } ?? []
            if let out, !out.isEmpty { children.append(XMLNode("system-out", text: out)) }
            if let err, !err.isEmpty { children.append(XMLNode("system-err", text: err)) }
            return XMLNode("testcase", [("classname", name), ("name", test), ("time", seconds(time))], children: children)
        }

        var systemOut: [String] = []
        switch part.result {
        case .nothingToCompile(let onThisPlatform):
            // Not a test: the terminal counts it neither passed nor failed.
            systemOut.append(PartReport.nothingToCompileMessage(onThisPlatform: onThisPlatform))
        case .toolFailed(let failure):
            let error = XMLNode("error", [("message", failure.message), ("type", "tool-error")], text: failure.text)
            cases += (part.scenarios.isEmpty ? ["lab"] : part.scenarios.map(\.name)).map { testcase($0, error) }
        case .compileFailed(let failure):
            let body = failure.diagnostics.flatMap(lines).joined(separator: "\n")
            let result = XMLNode("failure", [("message", failure.summary), ("type", "compile-error")], text: body)
            // A file that only has to compile is one test, as the terminal report counts it.
            cases += (failure.isOneTest ? ["compile"] : part.scenarios.map(\.name)).map { testcase($0, result) }
        case .compiledOnly:
            cases.append(testcase("compile", time: part.buildDuration, nil, out: "compiled, no transcripts"))
        case .missingModules(let missing):
            cases += part.scenarios.map { testcase($0.name, XMLNode("skipped", [("message", missing.message)])) }
        case .checked(let check):
            switch check.status {
            case .pass:
                cases.append(testcase(check.role.attribute, time: check.duration, nil))
            case .updated:
                cases.append(testcase(check.role.attribute, time: check.duration, nil, out: "updated: the diagnostics block was written back to the lab"))
            case .fail:
                let body = (check.errors.flatMap(lines) + check.diagnosticsDiff).joined(separator: "\n")
                let failure = XMLNode("failure", [("message", check.summary), ("type", "compile-check")], text: body)
                cases.append(testcase(check.role.attribute, time: check.duration, failure))
            }
        case .ran:
            for scenario in part.scenarios {
                switch (scenario.outcome, scenario.status) {
                case (.notRun(let reason), _):
                    cases.append(testcase(scenario.name, XMLNode("skipped", [("message", reason.message)])))
                case (.ran(let run), .pass), (.ran(let run), .skipped):
                    cases.append(testcase(scenario.name, time: run.duration, nil, err: run.stderr))
                case (.ran(let run), .updated):
                    let note = "updated: the cells' actual output was written back to the lab"
                    cases.append(testcase(scenario.name, time: run.duration, nil, out: note, err: run.stderr))
                case (.ran(let run), .fail):
                    cases.append(testcase(scenario.name, time: run.duration, failure(run, scenario: scenario.name, path: part.path), err: run.stderr))
                }
            }
        }

        // Each exercise checked both ways is a test, as the terminal counts it.
        for exercise in part.exercises where exercise.status == .stubFails || exercise.isFailure {
            let text = "\(part.path):\(exercise.line): error: exercise '\(exercise.id)': \(exercise.message)"
            let failure = exercise.isFailure ? XMLNode("failure", [("message", exercise.message), ("type", "exercise")], text: text) : nil
            cases.append(testcase("exercise \(exercise.id)", failure))
        }

        var tally = Tally()
        cases.forEach { tally.count($0) }
        tally.time = duration ?? (part.buildDuration + caseTime)

        var properties: [XMLNode] = []
        if let title { properties.append(property("title", title)) }
        properties.append(property("compiler-ran", part.compilerRan ? "true" : "false"))
        properties.append(property("build-duration", seconds(part.buildDuration)))
        for cell in part.skippedCells {
            properties.append(property("skipped-cell", "line \(cell.line): \(cell.message)"))
        }
        systemOut = part.warnings.flatMap(lines) + systemOut
            + part.skippedCells.map { "skipped: \(part.path):\($0.line): \($0.message)" }
        var children = [XMLNode("properties", children: properties)] + cases
        if !systemOut.isEmpty { children.append(XMLNode("system-out", text: systemOut.joined(separator: "\n"))) }
        return (XMLNode("testsuite", tally.attributes(name: name), children: children), tally)
    }

    /// The one `<failure>` of a failed run: the problem if there is one, else the mismatches.
    private static func failure(_ run: ScenarioRunReport, scenario: String, path: String) -> XMLNode {
        let message: String
        let type: String
        if let problem = run.problem {
            message = problem.message
            type = problem.kind
        } else if run.mismatches.count == 1 {
            message = run.mismatches[0].header
            type = "mismatch"
        } else {
            let lines = run.mismatches.map { String($0.expectedLine ?? $0.cellLine) }.joined(separator: ", ")
            message = "output differs in \(run.mismatches.count) cells in scenario \(scenario) (\(path) lines \(lines))"
            type = "mismatch"
        }
        var body: [String] = []
        if let problem = run.problem {
            body.append(problem.message + problem.outputSoFarHeading)
            body += (problem.outputSoFar ?? []).map { "  " + $0 }
            if !run.stderrTail.isEmpty { body += ["stderr:"] + run.stderrTail.map { "  " + $0 } }
        }
        for mismatch in run.mismatches { body += [mismatch.header] + mismatch.diff }
        body += run.flakiness ?? []
        return XMLNode("failure", [("message", message), ("type", type)], text: body.joined(separator: "\n"))
    }

    /// A diagnostic and the Markdown line it points at, as the terminal prints them without colour.
    private static func lines(_ diagnostic: DiagnosticReport) -> [String] {
        [diagnostic.line] + (diagnostic.excerpt?.lines(style: .plain) ?? [])
    }

    private static func property(_ name: String, _ value: String) -> XMLNode {
        XMLNode("property", [("name", name), ("value", value)])
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`0.120`).
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }
}
