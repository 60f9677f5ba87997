import Foundation
import Testing
@testable import LabRunner

/// A guide and a compiler that cannot compile: a missing swiftc, or one failing without a word,
/// is the machine's fault, said once for the file with exit status 2, as for a lab; a crash is a
/// sample's verdict only on the compiler's own crash evidence, and a run whose every compile
/// crashed is never green.
@Suite struct GuideCompilerFaultEndToEndTests {
    static let guide = """
    A guide.

    ```swift
    let fine = 1
    ```

    ```swift
    struct Point { var x = 0 }
    ```

    ```swift
    let crashHere = Point()
    ```

    """

    /// A folder with the guide (`guide.md`) and a fake swiftc running `body` (`$src` is the
    /// program's source file), removed by the caller.
    private func setUp(_ body: String) throws -> (folder: String, swiftc: String) {
        let folder = try LabRunnerCLI.temporaryDirectory()
        try Data(Self.guide.utf8).write(to: URL(fileURLWithPath: folder + "/guide.md"))
        let swiftc = folder + "/swiftc"
        // `$src`: the program's source, the one `.swift` argument.
        let script = "#!/bin/sh\nfor arg; do case \"$arg\" in *.swift) src=\"$arg\";; esac; done\n" + body + "\n"
        try Data(script.utf8).write(to: URL(fileURLWithPath: swiftc))
        chmod(swiftc, 0o755)
        return (folder, swiftc)
    }

    @Test func aCompilerFailingWithoutAWordIsAnEnvironmentErrorNotACrash() async throws {
        let fake = try setUp("exit 127")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try await LabRunnerCLI.run(["run", "--no-cache", "guide.md"], in: fake.folder, environment: ["SWIFTC": fake.swiftc])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(!result.stdout.contains("CRASH"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "exited with status 127").count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("  FAIL  swiftc \(fake.swiftc) exited with status 127 without an error message; the file was not checked\n"),
                "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n\n1 file could not be checked\n0 passed, 0 failed, 0 skipped\n"), "\(result.stdout)")
    }

    @Test func aMissingCompilerIsOneLineAndStatus2ForAGuide() async throws {
        let fake = try setUp("exit 0")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try await LabRunnerCLI.run(["run", "guide.md"], in: fake.folder, environment: ["SWIFTC": fake.folder + "/nowhere/swiftc"])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: SWIFTC=\(fake.folder)/nowhere/swiftc: no such file; point SWIFTC at a swiftc binary or unset it to search PATH\n")
        #expect(result.stdout.isEmpty)
    }

    /// swiftc's crash banner and stack dump on the program holding one sample: that sample's crash,
    /// the others checked.
    @Test func aRealCrashOnOneSampleIsThatSamplesCrash() async throws {
        let fake = try setUp("""
        if grep -q crashHere "$src"; then
          echo 'Please submit a bug report (https://swift.org/contributing/#reporting-bugs) and include the crash backtrace.' >&2
          echo 'Stack dump:' >&2
          echo '0.	Program arguments: swift-frontend -frontend' >&2
          exit 1
        fi
        exit 0
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try await LabRunnerCLI.run(["run", "--no-cache", "guide.md"], in: fake.folder, environment: ["SWIFTC": fake.swiftc])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  CRASH  line 11: the compiler crashed, not the sample's fault: swiftc exited with status 1 without an error message\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("  PASS  3 samples: 2 passed, 1 compiler crash\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n\nguide samples: 2 compiled\n2 passed, 0 failed, 1 skipped\n"), "\(result.stdout)")
    }

    /// Killed by a signal on every program: each is a crash, and a run where nothing but crashes
    /// came of the compiler is not a passing run.
    @Test func aRunWhereEveryCompileCrashedIsNeverGreen() async throws {
        let fake = try setUp("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try await LabRunnerCLI.run(["run", "--no-cache", "guide.md"], in: fake.folder, environment: ["SWIFTC": fake.swiftc])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("  CRASH  line 3: "), "\(result.stdout)")
        #expect(!result.stdout.contains("  PASS  "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\nswiftc crashed on every sample it compiled (3): nothing was checked\n0 passed, 0 failed, 3 skipped\n"),
                "\(result.stdout)")
    }
}
