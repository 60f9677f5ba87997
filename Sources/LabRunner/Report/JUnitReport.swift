import Foundation

/// The outcomes as JUnit XML, the test report CI servers (Jenkins, GitLab, GitHub actions that
/// publish test results) read.
///
/// - `<testsuites>` holds the totals; a `<testsuite>` per lab (name = lab path); a `<testcase>` per
///   declared scenario (classname = lab path, name = scenario, time = the run's duration).
/// - A failing run has one `<failure message=… type=…>` (type: `mismatch`, `crash`, `timeout`,
///   `exit-status`, `output-limit`, `stopped-early`, `launch-failed`, `compile-error`) whose body
///   is what the terminal report prints: the problem, stderr tail, every diff or diagnostic.
/// - `<skipped>` for a scenario that was not run (not selected with `--scenario`, or nothing to
///   compile on this platform); `<error type="tool-error">` when labrunner itself could not build
///   or run the lab; an invalid lab is one testcase named `parse` with `<error type="input-error">`.
/// - Suite `<properties>`: `title`, `compiler-ran`, `build-duration` and a `skipped-cell` per cell
///   not compiled here; its `<system-out>` lists compiler warnings and skipped cells.
///
/// Pure: the same outcomes always give the same bytes, always well-formed XML 1.0.
package enum JUnitReport {
    /// - Parameter durations: wall-clock seconds per lab path, used for a suite's `time` instead of
    ///   its build duration plus the scenarios' durations.
    static func xml(_ outcomes: [LabOutcome], appleAvailable: Bool, durations: [String: Double]? = nil) -> String {
        xml(outcomes, appleAvailable: appleAvailable, durations: durations, updates: [:])
    }

    /// As `xml(_:appleAvailable:durations:)`, with what `--update` did per lab path: scenarios whose
    /// outputs were written back pass, with a note in their `<system-out>`.
    package static func xml(_ outcomes: [LabOutcome], appleAvailable: Bool, durations: [String: Double]?,
                    updates: [String: UpdateSummary]) -> String {
        var total = Tally()
        var suites: [XMLNode] = []
        for outcome in outcomes {
            let (node, tally) = suite(outcome, appleAvailable: appleAvailable, duration: durations?[outcome.name],
                                      updated: updates[outcome.name]?.updatedScenarios ?? [])
            suites.append(node)
            total.add(tally)
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

    private static func suite(_ outcome: LabOutcome, appleAvailable: Bool, duration: Double?,
                              updated: Set<String>) -> (XMLNode, Tally) {
        let path = outcome.name
        let lab = outcome.lab
        let scenarios = lab?.scenarios ?? []
        var cases: [XMLNode] = []
        var caseTime: Double = 0

        func testcase(_ name: String, time: Double = 0, _ result: XMLNode?, out: String? = nil, err: String? = nil) -> XMLNode {
            caseTime += time
            var children = result.map { [$0] } ?? []
            if let out, !out.isEmpty { children.append(XMLNode("system-out", text: out)) }
            if let err, !err.isEmpty { children.append(XMLNode("system-err", text: err)) }
            return XMLNode("testcase", [("classname", path), ("name", name), ("time", seconds(time))], children: children)
        }

        switch outcome.status {
        case .invalid(let error):
            let body = TerminalReport(style: .plain).invalid(error, bytes: outcome.originalBytes).joined(separator: "\n")
            cases.append(testcase("parse", XMLNode("error", [("message", error.message), ("type", "input-error")], text: body)))
        case .nothingToRun:
            let message = "no Swift cells to compile" + (lab?.cells.isEmpty == false ? " on this platform" : "")
            cases += scenarios.map { testcase($0, XMLNode("skipped", [("message", message)])) }
        case .toolFailed(let message):
            let first = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let error = XMLNode("error", [("message", first), ("type", "tool-error")], text: message)
            cases += (scenarios.isEmpty ? ["lab"] : scenarios).map { testcase($0, error) }
        case .compileFailed(let errors, _):
            let body = errors.flatMap { ReportFacts.lines($0, lab: lab) }.joined(separator: "\n")
            let failure = XMLNode("failure", [("message", ReportFacts.compileFailure(errors)), ("type", "compile-error")], text: body)
            // A file that only has to compile is one test, as the terminal report counts it.
            var isCheck: Bool { if case .check = outcome.part { true } else { false } }
            let names = lab?.hasTranscripts == false || isCheck ? ["compile"] : scenarios
            cases += names.map { testcase($0, failure) }
        case .compiledOnly:
            cases.append(testcase("compile", time: outcome.buildDuration, nil, out: "compiled, no transcripts"))
        case .missingModules(let modules):
            let message = ReportFacts.missingModulesSummary(modules)
            cases += scenarios.map { testcase($0, XMLNode("skipped", [("message", message)])) }
        case .checked(let check):
            let name = check.cell.role.attribute!.rawValue
            if check.passed {
                cases.append(testcase(name, time: check.duration, nil))
            } else {
                let body = (check.errors.flatMap { ReportFacts.lines($0, lab: lab) }
                            + (check.comparison?.diff.renderedLines() ?? [])).joined(separator: "\n")
                let failure = XMLNode("failure", [("message", ReportFacts.checkSummary(check)), ("type", "compile-check")], text: body)
                cases.append(testcase(name, time: check.duration, failure))
            }
        case .ran(let verdicts):
            guard let lab else { break }
            let names = scenarios + verdicts.map(\.scenario).filter { !scenarios.contains($0) }
            for name in names {
                guard let verdict = verdicts.first(where: { $0.scenario == name }) else {
                    cases.append(testcase(name, XMLNode("skipped", [("message", "not run: scenario not selected")])))
                    continue
                }
                let stderr = TerminalReport.withoutStackFrames(verdict.stderr, lab: lab)
                switch ReportFacts.scenarioStatus(verdict, updated: updated) {
                case .pass, .skipped:
                    cases.append(testcase(name, time: verdict.duration, nil, err: stderr))
                case .updated:
                    let note = "updated: the cells' actual output was written back to the lab"
                    cases.append(testcase(name, time: verdict.duration, nil, out: note, err: stderr))
                case .fail:
                    cases.append(testcase(name, time: verdict.duration, failure(verdict, lab: lab), err: stderr))
                }
            }
        }

        var tally = Tally()
        cases.forEach { tally.count($0) }
        tally.time = duration ?? (outcome.buildDuration + caseTime)

        var children: [XMLNode] = []
        var systemOut: [String] = []
        if let lab, !isInvalid(outcome) {
            var properties: [XMLNode] = []
            if let title = lab.title { properties.append(property("title", title)) }
            properties.append(property("compiler-ran", ReportFacts.compilerRan(outcome) ? "true" : "false"))
            properties.append(property("build-duration", seconds(outcome.buildDuration)))
            for cell in lab.cells {
                guard let reason = ReportFacts.skipReason(cell, appleAvailable: appleAvailable) else { continue }
                properties.append(property("skipped-cell", "line \(cell.line): \(reason)"))
                systemOut.append("skipped: \(lab.location(line: cell.line)): \(reason)")
            }
            children.append(XMLNode("properties", children: properties))
            systemOut = outcome.warnings.flatMap { ReportFacts.lines($0, lab: lab) } + systemOut
        }
        children += cases
        if !systemOut.isEmpty { children.append(XMLNode("system-out", text: systemOut.joined(separator: "\n"))) }
        return (XMLNode("testsuite", tally.attributes(name: path), children: children), tally)
    }

    /// The one `<failure>` of a failed run: the problem if there is one, else the mismatches.
    private static func failure(_ verdict: ScenarioVerdict, lab: Lab) -> XMLNode {
        let message: String
        let type: String
        if let problem = verdict.problem {
            message = ReportFacts.summary(problem, lab: lab) + ReportFacts.place(verdict, lab: lab)
            type = ReportFacts.kind(problem)
        } else if verdict.mismatches.count == 1 {
            message = ReportFacts.mismatchHeader(verdict.mismatches[0], scenario: verdict.scenario, lab: lab)
            type = "mismatch"
        } else {
            let lines = verdict.mismatches.map { String($0.expected?.line ?? $0.cell.line) }.joined(separator: ", ")
            message = "output differs in \(verdict.mismatches.count) cells in scenario \(verdict.scenario) (\(lab.path) lines \(lines))"
            type = "mismatch"
        }
        let body = ReportFacts.failureLines(verdict, lab: lab).joined(separator: "\n")
        return XMLNode("failure", [("message", message), ("type", type)], text: body)
    }

    private static func isInvalid(_ outcome: LabOutcome) -> Bool {
        if case .invalid = outcome.status { true } else { false }
    }

    private static func property(_ name: String, _ value: String) -> XMLNode {
        XMLNode("property", [("name", name), ("value", value)])
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`0.120`).
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }
}

/// A minimal XML element tree, rendered with two-space indentation and everything escaped.
struct XMLNode: Sendable {
    let name: String
    var attributes: [(String, String)]
    var children: [XMLNode]
    /// Character content; an element has either text or children.
    var text: String?

    init(_ name: String, _ attributes: [(String, String)] = [], children: [XMLNode] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    func rendered(indent: String = "") -> [String] {
        let open = "<" + name + attributes.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
        if let text {
            return [indent + open + ">" + XMLEscaping.text(text) + "</\(name)>"]
        }
        if children.isEmpty { return [indent + open + "/>"] }
        return [indent + open + ">"] + children.flatMap { $0.rendered(indent: indent + "  ") } + [indent + "</\(name)>"]
    }
}
