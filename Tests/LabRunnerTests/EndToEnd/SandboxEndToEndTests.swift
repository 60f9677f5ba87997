#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import LabRunner

/// A lab trying what a graded submission must not manage (Fixtures/sandbox/attacks.md): read a
/// file it was not given, find the tool's command line, reach the network, fork without end,
/// write a huge file, leave a process behind in a session of its own that ignores SIGTERM. One
/// build, one run, sandbox on (the default); with `--no-sandbox` every scenario but the fork bomb
/// (not tried unsealed) fails. The sleeper is looked for after that run and after one with
/// `--no-sandbox`, where only the tool's subreaping stops it.
@Suite struct SandboxEndToEndTests {
    /// The marker command line of the process the `survivor` scenario leaves behind.
    static let survivor = "/bin/sleep\u{0}61.4375"

    static let shared = Task { () async throws -> (LabRunnerCLI.Result, survivors: [String]) in
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/sandbox/attacks.md", toPath: folder + "/attacks.md")
        let secret = folder + "/key.md"
        try "the instructor's answers".write(toFile: secret, atomically: true, encoding: .utf8)
        let listener = try Listener()
        defer { close(listener.socket) }
        let result = try await LabRunnerCLI.run(["run", "attacks.md"], in: folder, environment: [
            "SANDBOX_TEST_SECRET": secret, "SANDBOX_TEST_HOME": NSHomeDirectory(), "SANDBOX_TEST_PORT": String(listener.port),
        ])
        let survivors = survivorsAfterASecond()
        // Unsealed, only the sleeper's scenario (the program comes from the cache): the tool, a
        // child subreaper, adopts the orphan and kills it as it ends.
        _ = try await LabRunnerCLI.run(["run", "--no-sandbox", "--scenario", "survivor", "attacks.md"], in: folder)
        return (result, survivors + survivorsAfterASecond())
    }

    /// The tool has exited: within a second, nothing the lab started may be left (any left is
    /// killed, so a failure leaves nothing behind either).
    static func survivorsAfterASecond() -> [String] {
        var survivors = processes(named: survivor)
        let deadline = Date().addingTimeInterval(1)
        while !survivors.isEmpty && Date() < deadline {
            usleep(20_000)
            survivors = processes(named: survivor)
        }
        for pid in survivors { kill(pid_t(pid) ?? 0, SIGKILL) }
        return survivors
    }

    @Test func everyAttemptFailsInsideTheSandbox() async throws {
        let (result, _) = try await Self.shared.value
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        for scenario in ["files", "nonce", "network", "forkbomb", "bigfile", "survivor"] {
            #expect(result.stdout.contains("  PASS  \(scenario) "), "\(result.stdout)")
        }
    }

    /// A cell that prints what would pass and marks the next cell itself: the real marker then
    /// comes twice, and the run fails as tampered, whatever was printed.
    @Test func aForgedCellMarkerFailsTheRunAsTampering() async throws {
        let (result, _) = try await Self.shared.value
        let expected = "  FAIL  forge", reason = "stopped: the program wrote cell markers out of order (cell 1 marked after cell 1)"
        #expect(result.stdout.contains(expected) && result.stdout.contains(reason), "\(result.stdout)")
    }

    /// Graded: a submission whose `double` passes the visible check and, for the hidden one, prints
    /// the right answer and marks the next cell itself, so its wrong value lands there. It had 2 of
    /// 2 points for `double` (the forged output taken as the hidden check's); the run is now
    /// tampered and earns nothing.
    @Test func aSubmissionForgingAHiddenChecksOutputEarnsNoPoints() async throws {
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", LabRunnerCLI.fixtures + "/exercises/key.md",
                                                 LabRunnerCLI.fixtures + "/sandbox/mallory.md"])
        #expect(result.stdout.contains("mallory  0 of 3 points  (double 0/2, greet 0/1)"), "\(result.stdout)\n\(result.stderr)")
    }

    @Test func aSetsidGrandchildIgnoringTermIsGoneWithinASecondOfTheToolsExit() async throws {
        let (_, survivors) = try await Self.shared.value
        #expect(survivors == [])
    }

    /// Pids (as text) of the running processes whose command line is `commandLine` (NUL-separated).
    static func processes(named commandLine: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).hasPrefix(commandLine) && !isZombie(pid)
        }
    }

    static func isZombie(_ pid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }

    /// A TCP listener on 127.0.0.1 that the lab tries to connect to.
    struct Listener {
        let socket: Int32
        let port: UInt16

        init() throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let socket = socket
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(socket, pointer, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, pointer, &length) == 0
                }
            }
            guard bound else { throw LabRunnerCLI.CLIError.abnormal("cannot listen on 127.0.0.1") }
            port = UInt16(bigEndian: address.sin_port)
        }
    }
}
#endif
