import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Nothing of a run stays in TMPDIR: not the scratch folder of a `swiftc --version` nobody waited
/// for, not the build folder of a run killed with SIGKILL (the next run removes it).
@Suite struct LeftBehindEndToEndTests {
    /// A fresh work folder with `tmp/` (the tool's TMPDIR), `cache/` (its XDG_CACHE_HOME, so no
    /// compiler record exists), `pids/` and a fake swiftc holding `script`.
    struct Work {
        let root: String
        var tmp: String { root + "/tmp" }
        var cache: String { root + "/cache" }
        var pids: String { root + "/pids" }
        var swiftc: String { root + "/swiftc" }
        var environment: [String: String] {
            ["TMPDIR": tmp, "XDG_CACHE_HOME": cache, "SWIFTC": swiftc, FaultFixtures.pidVariable: pids]
        }

        init(swiftc script: String) throws {
            root = try LabRunnerCLI.temporaryDirectory()
            for folder in ["tmp", "cache", "pids"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try write(script, to: swiftc)
            chmod(swiftc, 0o755)
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        var leftInTemporaryFolder: [String] { FileTreeSnapshot(tmp).paths.sorted() }
    }

    /// Answers `--version` slowly, and like the real driver leaves a `TemporaryDirectory.*` in
    /// its TMPDIR (the tool's scratch folder) when it gets to the end.
    static let slowVersion = """
    #!/bin/sh
    echo $$ > "$LABRUNNER_TEST_PIDS/version.pids"
    /bin/sleep 0.5
    mkdir "$TMPDIR/TemporaryDirectory.fake"
    echo "fake swiftc 1.0"

    """

    @Test func aRunOfOnlyInputErrorsLeavesNoScratchFolderOfTheVersionQuestion() throws {
        let work = try Work(swiftc: Self.slowVersion)
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let lab = work.root + "/bad.md"
        try work.write("---\ntitel: x\n---\n```swift\nprint(1)\n```\n", to: lab)

        let result = try LabRunnerCLI.run(["run", lab], environment: work.environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("unknown front matter key 'titel'"), "\(result.stdout)")
        // Whatever swiftc still does after the tool ended has to be over before looking.
        let asked = FaultFixtures.recordedPids(in: work.pids)["version"] ?? []
        #expect(ProcessProbe.survivors(asked).isEmpty)
        #expect(work.leftInTemporaryFolder.isEmpty, "left: \(work.leftInTemporaryFolder)")
    }
}
