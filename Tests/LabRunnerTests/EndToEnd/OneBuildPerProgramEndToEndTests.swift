import Foundation
import Testing
@testable import LabRunner

/// Two labrunners on one compile cache build a program once: the second waits for the first's
/// build lock and runs the executable the first one stored (`BuildLock`). Before, both missed the
/// cache and both ran swiftc, which the test suite's own parallel runs did a dozen times a run.
struct OneBuildPerProgramEndToEndTests {
    @Test func twoRunsOfOneLabAtOnceCompileItOnce() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = try #require(ExecutableSearch.find("swiftc", path: ProcessInfo.processInfo.environment["PATH"]))
        // swiftc, counting its builds (not its `--version`).
        let log = folder + "/builds.log"
        let swiftc = folder + "/swiftc"
        try Data("#!/bin/sh\ncase \"$*\" in *main.swift*) echo build >> '\(log)';; esac\nexec '\(real)' \"$@\"\n".utf8)
            .write(to: URL(fileURLWithPath: swiftc))
        chmod(swiftc, 0o755)
        let nonce = UUID().uuidString
        for name in ["first", "both"] {
            let lab = "# \(name)\n\n```swift\n// \(nonce)\nprint(\"\(name) in \\(Lab.scenario)\")\n```\n```output\n\(name) in [..]\n```\n"
            try Data(lab.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).md"))
        }
        let arguments = ["run", "--cache-dir", folder + "/cache"]
        // The cache learns swiftc's version from a first run: without it, no key, and no lock.
        let first = try await LabRunnerCLI.run(arguments + ["first.md"], in: folder, environment: ["SWIFTC": swiftc])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")

        let both = await ThreadWait.run { () -> [LabRunnerCLI.Result] in
            let results = LockedValue<[LabRunnerCLI.Result]>([])
            Parallel.forEach(2, width: 2) { _ in
                if let result = try? LabRunnerCLI.runBlockingThisThread(arguments + ["both.md"], in: folder,
                                                                        environment: ["SWIFTC": swiftc]) {
                    results.withLock { $0.append(result) }
                }
            }
            return results.withLock { $0 }
        }
        #expect(both.count == 2)
        for result in both {
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix("\n3 passed, 0 failed, 0 skipped\n"), "\(result.stdout)")
        }
        let builds = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        #expect(builds == 2, "first.md once, both.md once; swiftc built \(builds) times")
        #expect(CacheFiles.names(in: folder + "/cache/locks").isEmpty, "a lock file was left behind")
    }
}
