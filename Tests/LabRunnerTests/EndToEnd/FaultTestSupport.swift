import Foundation
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Fixture labs under Fixtures/faults record the pids of every process they start in the folder
/// named by `LABRUNNER_TEST_PIDS` (`<scenario>.pids`, space-separated), so a test can prove that
/// none of them outlives the tool.
enum FaultFixtures {
    static let folder = LabRunnerCLI.fixtures + "/faults"
    static let pidVariable = "LABRUNNER_TEST_PIDS"

    /// `arguments` with `--no-sandbox` after the command: these labs act on the host (they write
    /// their pids into a folder of it, edit their own file, signal the tool), which a sealed lab
    /// cannot; what they check is how the tool stops and updates without a PID namespace.
    static func unsealed(_ arguments: [String]) -> [String] {
        ["run", "watch", "html", "grade", "student"].contains(arguments.first ?? "")
            ? [arguments[0], "--no-sandbox"] + arguments.dropFirst() : arguments
    }

    /// Every pid recorded in `folder`, by file name without `.pids`.
    static func recordedPids(in folder: String) -> [String: [pid_t]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var pids: [String: [pid_t]] = [:]
        for name in names where name.hasSuffix(".pids") {
            let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
            pids[String(name.dropLast(".pids".count))] = text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        }
        return pids
    }
}

/// One run of the tool on a fault fixture, with the pids its labs recorded; the pid folder is
/// gone by the time it returns. Labs run unsealed (`--no-sandbox`): they write their pids into a
/// folder of the host, and what they check is how the tool stops processes without a PID
/// namespace (SandboxEndToEndTests checks the sandbox).
struct FaultRun: Sendable {
    let result: LabRunnerCLI.Result
    let pids: [String: [pid_t]]

    static func run(_ arguments: [String], in directory: String = FaultFixtures.folder,
                    environment: [String: String] = [:]) async throws -> FaultRun {
        let pidFolder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: pidFolder) }
        var environment = environment
        environment[FaultFixtures.pidVariable] = pidFolder
        let result = try await LabRunnerCLI.run(FaultFixtures.unsealed(arguments), in: directory, environment: environment)
        return FaultRun(result: result, pids: FaultFixtures.recordedPids(in: pidFolder))
    }

    /// The report about one scenario: its PASS/FAIL line and the indented lines under it.
    func report(of scenario: String) -> String {
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { line in
            let words = line.split(separator: " ")
            return words.count >= 2 && (words[0] == "PASS" || words[0] == "FAIL") && words[1] == scenario
        }) else { return "" }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix("        ") }
        return ([lines[start]] + rest).joined(separator: "\n")
    }
}

/// Whether processes still run, as seen from outside.
enum ProcessProbe {
    /// Gone: no such process, or a zombie (it has exited and only waits for init, which
    /// adopted it, to reap it; it runs nothing).
    static func isGone(_ pid: pid_t) -> Bool {
        if kill(pid, 0) == -1 && errno == ESRCH { return true }
        return state(of: pid) == "Z"
    }

    /// The pids among `pids` still running after up to `timeout` seconds: a SIGKILL takes a
    /// moment to land, so this polls; a process that survives makes the test fail after the
    /// timeout instead of hanging it.
    static func survivors(_ pids: [pid_t], timeout: Double = 10) -> [pid_t] {
        let deadline = Date().addingTimeInterval(timeout)
        var alive = pids.filter { !isGone($0) }
        while !alive.isEmpty && Date() < deadline {
            usleep(20_000)
            alive = alive.filter { !isGone($0) }
        }
        return alive
    }

    /// The state letter of /proc/PID/stat (Linux); nil where there is none.
    private static func state(of pid: pid_t) -> Character? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].first { $0 != " " }
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass (a guard, not a
/// timing assumption). Returns whether it held.
func waitUntil(timeout: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(20_000)
    }
    return true
}

/// `waitUntil` for async tests: sleeps between polls without holding a thread.
func pollUntil(timeout: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return true
}

import Testing

/// Fails the test when a recorded process is still running (after a generous grace period for
/// SIGKILL to land), or when nothing was recorded, which would make the check vacuous.
func expectNoneSurvive(_ pids: [pid_t]?, _ what: String,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let pids, !pids.isEmpty else {
        Issue.record("\(what): the lab recorded no pids", sourceLocation: sourceLocation)
        return
    }
    let alive = ProcessProbe.survivors(pids)
    #expect(alive.isEmpty, "\(what): still running: \(alive)", sourceLocation: sourceLocation)
}

/// The tool run in the background until a fixture says it is ready (a `ready` file in the pid
/// folder holding the tool's pid), then `act` on that pid, then waited for: what the interrupt
/// and tool-death tests share. A tool that does not end within a minute is killed, so a broken
/// tool fails its test instead of hanging the suite.
enum BackgroundTool {
    struct Ended {
        let result: ProcessResult
        /// 0 when the tool ended before it was ready.
        let toolPid: pid_t
    }

    /// The tool runs on a thread of its own, outside `ThreadWait`'s gate (the waits below are
    /// timed from its start); this task polls without holding a thread.
    static func run(_ request: ProcessRequest, pidFolder: String, act: (pid_t) -> Void) async throws -> Ended {
        let outcome = LockedValue<Result<ProcessResult, ProcessError>?>(nil)
        Thread { [request] in
            // Run outside the lock: the test polls `outcome` while the tool runs.
            let result = Result { () throws(ProcessError) -> ProcessResult in try ChildProcess.run(request) }
            outcome.withLock { $0 = result }
        }.start()

        let readyFile = pidFolder + "/ready"
        let ready = await pollUntil(timeout: 90) {
            FileManager.default.fileExists(atPath: readyFile) || outcome.withLock { $0 != nil }
        }
        let text = (try? String(contentsOfFile: readyFile, encoding: .utf8)) ?? ""
        let toolPid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        if ready, toolPid > 0 { act(toolPid) }
        let finished = { outcome.withLock { $0 != nil } }
        if await !pollUntil(timeout: 60, finished), toolPid > 0 {
            kill(toolPid, SIGKILL)  // the tool ignored what `act` did: fail, but leave nothing behind
            _ = await pollUntil(timeout: .infinity, finished)
        }
        let result = try #require(try outcome.withLock { $0 }?.get())
        try #require(toolPid > 0, "never ready: \(String(decoding: result.stdout + result.stderr, as: UTF8.self))")
        return Ended(result: result, toolPid: toolPid)
    }
}
