import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// No lab outlives the tool, whatever kills it: SIGKILL (which nothing can catch: the tool's
/// supervisor kills the labs), SIGHUP (a closed terminal, handled like Ctrl-C), and SIGPIPE
/// (`labrunner run … | head -1`: the write fails with EPIPE, handled like Ctrl-C).
///
/// interrupt.md's `stuck` scenario loops with a `Process` child of its own and writes `ready`
/// (holding the tool's pid) once both scenarios recorded their pids.
@Suite struct ToolDeathEndToEndTests {
    struct Death {
        let termination: ProcessTermination
        let stderr: String
        let pids: [String: [pid_t]]
        /// The tool's own children just before the blow (its labs and whatever else it started).
        let children: [pid_t]
        /// What the shell wrote to `status` (the tool's exit status, when run through `shell`).
        let shellStatus: String
    }

    /// Runs `labrunner arguments` on the fault fixtures (through `/bin/sh -c shell "$0" "$@"`
    /// when `shell` is given), waits for `ready`, notes the tool's children, calls `blow` with
    /// the tool's pid and the pid folder, then waits for the end (a hang guard only).
    private func run(shell: String? = nil, _ arguments: [String], blow: (pid_t, String) -> Void) async throws -> Death {
        let work = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let pidFolder = work + "/pids", temporary = work + "/tmp"
        for folder in [pidFolder, temporary] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var request = LabRunnerCLI.request(FaultFixtures.unsealed(arguments), in: FaultFixtures.folder,
                                           environment: [FaultFixtures.pidVariable: pidFolder, "TMPDIR": temporary])
        if let shell {
            request.arguments = ["-c", shell, request.executable] + FaultFixtures.unsealed(arguments)
            request.executable = "/bin/sh"
        }
        request.timeout = 120
        var children: [pid_t] = []
        let ended = try await BackgroundTool.run(request, pidFolder: pidFolder) { toolPid in
            children = ProcessProbe.children(of: toolPid)
            blow(toolPid, pidFolder)
        }
        let result = ended.result
        let leftovers = FileTreeSnapshot(temporary).paths.filter { !$0.contains("/") }
        // A killed run's build folder is the next run's to remove; this test owns its TMPDIR.
        #expect(leftovers.allSatisfy { $0.hasPrefix("labrunner-") }, "\(leftovers)")
        return Death(termination: result.termination, stderr: String(decoding: result.stderr, as: UTF8.self),
                     pids: FaultFixtures.recordedPids(in: pidFolder), children: children,
                     shellStatus: (try? String(contentsOfFile: pidFolder + "/status", encoding: .utf8)) ?? "")
    }

    /// Every recorded process and child of the tool is gone; survivors are killed so a failing
    /// test leaves nothing running on the machine.
    private func expectNothingLeft(_ death: Death, scenarios: [String],
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for scenario in scenarios { expectNoneSurvive(death.pids[scenario], scenario, sourceLocation: sourceLocation) }
        #expect(!death.children.isEmpty, "the tool had no children", sourceLocation: sourceLocation)
        let children = ProcessProbe.survivors(death.children)
        #expect(children.isEmpty, "children of the tool still running: \(children)", sourceLocation: sourceLocation)
        let all = scenarios.flatMap { death.pids[$0] ?? [] } + death.children
        for pid in ProcessProbe.survivors(all, timeout: 0) { kill(pid, SIGKILL) }
    }

    @Test func sigkillOfTheToolKillsTheLabAndItsChild() async throws {
        let death = try await run(["run", "--jobs", "4", "interrupt.md"]) { tool, _ in kill(tool, SIGKILL) }
        #expect(death.termination == .signaled(SIGKILL))
        expectNothingLeft(death, scenarios: ["done", "stuck"])
    }

    @Test func sighupIsHandledLikeCtrlC() async throws {
        let death = try await run(["run", "--jobs", "4", "interrupt.md"]) { tool, _ in kill(tool, SIGHUP) }
        #expect(death.termination == .exited(128 + SIGHUP), "\(death.stderr)")
        #expect(death.stderr.hasSuffix("labrunner: interrupted\n"), "\(death.stderr)")
        expectNothingLeft(death, scenarios: ["done", "stuck"])
    }

    @Test func aClosedStandardOutputIsHandledLikeCtrlC() async throws {
        // `| true` closes the reading end at once; the tool's first write is printer.md's report,
        // once the test writes `go`. The status the tool ended with goes to a file.
        let script = "{ \"$0\" \"$@\"; echo $? > \"$LABRUNNER_TEST_PIDS/status\"; } | true"
        let death = try await run(shell: script, ["run", "--jobs", "4", "printer.md", "interrupt.md"]) { _, folder in
            _ = FileManager.default.createFile(atPath: folder + "/go", contents: Data())
        }
        #expect(death.shellStatus == "\(128 + SIGPIPE)\n", "\(death.stderr)")
        #expect(death.stderr.hasSuffix("labrunner: interrupted\n"), "\(death.stderr)")
        expectNothingLeft(death, scenarios: ["done", "stuck", "printer"])
    }
}

extension ProcessProbe {
    /// The pids whose parent is `parent` (Linux, from /proc; empty elsewhere).
    static func children(of parent: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(pid_t.init).filter { pid in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return false }
            // After ")": state, ppid.
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent
        }
    }
}
