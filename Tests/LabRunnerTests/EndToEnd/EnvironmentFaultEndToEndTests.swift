import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Faults of the machine, not of the lab, are named as such: a corrupt clang module in the
/// cache's `modules/` is repaired (a fresh folder, swiftc run once more), and what cannot be
/// repaired (the module cache still broken, a full disk) is exit 2 with the cause, never
/// "did not compile". `labrunner cache` shows and cleans the cache.
@Suite struct EnvironmentFaultEndToEndTests {
    /// A swiftc that writes a shell script as the executable, unless `FAKE_FAULT` says otherwise:
    /// `corrupt-marker` fails the way swiftc 6.3 does on a damaged `.pcm` when the module cache
    /// holds `corrupt.pcm`, `corrupt` always does, `full` reports a full disk (messages copied
    /// from real runs).
    static let compiler = """
    #!/bin/sh
    if [ "$1" = "--version" ]; then echo "fake swiftc 1.0"; exit 0; fi
    while [ $# -gt 0 ]; do
      case "$1" in -module-cache-path) cache="$2"; shift;; -o) out="$2"; shift;; esac
      shift
    done
    corrupt() {
      echo "<unknown>:0: error: file '$cache/X/Dispatch-2W8ZMAMXK6WTJ.pcm' is not a valid module file: file doesn't start with precompiled file magic" >&2
      echo "<unknown>:0: error: cannot load underlying module for 'Dispatch'" >&2
      exit 1
    }
    case "$FAKE_FAULT" in
      corrupt-marker) [ -e "$cache/corrupt.pcm" ] && corrupt;;
      corrupt) corrupt;;
      full)
        echo "<unknown>:0: error: unable to open output file '$cache/X/_SwiftConcurrencyShims-2WTEZSG1WEKQP.pcm': 'No space left on device'" >&2
        echo "<unknown>:0: error: could not build C module '_SwiftConcurrencyShims'" >&2
        exit 1;;
    esac
    printf '#!/bin/sh\\n' > "$out"
    chmod +x "$out"

    """

    /// A folder with the fake swiftc, a guide (compiled only, never run) and a cache folder.
    struct Setup {
        let root: String
        var cache: String { root + "/cache" }
        var guide: String { root + "/guide.md" }

        init() throws {
            root = try LabRunnerCLI.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: root + "/cache/modules", withIntermediateDirectories: true)
            try Data(EnvironmentFaultEndToEndTests.compiler.utf8).write(to: URL(fileURLWithPath: root + "/swiftc"))
            chmod(root + "/swiftc", 0o755)
            try Data("# A guide\n\n```swift\nprint(1)\n```\n".utf8).write(to: URL(fileURLWithPath: guide))
        }

        func run(_ arguments: [String], fault: String) async throws -> LabRunnerCLI.Result {
            // The repair is of the tool's own module cache, not the tests' shared one.
            try await LabRunnerCLI.run(arguments, in: root, environment: LabRunnerCLI.withoutSharedModuleCache
                .merging(["SWIFTC": root + "/swiftc", "FAKE_FAULT": fault]) { $1 })
        }
    }

    @Test func aCorruptModuleCacheIsReplacedByAFreshOneAndTheLabBuilt() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: setup.cache + "/modules/corrupt.pcm"))

        let result = try await setup.run(["run", "--cache-dir", setup.cache, setup.guide], fault: "corrupt-marker")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("PASS  1 sample: 1 passed"), "\(result.stdout)")
        // Switched by rename, not deleted in place: a run still using the old folder keeps it.
        #expect(!FileManager.default.fileExists(atPath: setup.cache + "/modules/corrupt.pcm"))
        #expect(FileTreeSnapshot(setup.cache + "/tmp").paths.contains { $0.hasSuffix("/modules/corrupt.pcm") })
    }

    @Test func aModuleCacheStillBrokenAfterTheRepairIsAnEnvironmentError() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let result = try await setup.run(["run", "--cache-dir", setup.cache, setup.guide], fault: "corrupt")
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("swiftc's module cache \(setup.cache)/modules is damaged and rebuilding it did not help"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("did not compile"))
    }

    @Test func aFullDiskIsAnEnvironmentErrorNamingTheCause() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let result = try await setup.run(["run", "--no-cache", setup.guide], fault: "full")
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("could not write its files: No space left on device"), "\(result.stdout)")
        #expect(!result.stdout.contains("did not compile"))
    }

    @Test func theCacheCommandShowsWhereAndHowBigAndCleans() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let built = try await setup.run(["run", "--cache-dir", setup.cache, setup.guide], fault: "none")
        #expect(built.status == 0, "\(built.stdout)")
        try Data(repeating: 7, count: 3000).write(to: URL(fileURLWithPath: setup.cache + "/modules/Foundation.pcm"))

        let shown = try await setup.run(["cache", "--cache-dir", setup.cache], fault: "none")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("\(setup.cache)\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("  entries       1 "), "\(shown.stdout)")
        #expect(shown.stdout.contains("  module cache  3.0 kB"), "\(shown.stdout)")

        let cleaned = try await setup.run(["cache", "clean", "--cache-dir", setup.cache], fault: "none")
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        #expect(cleaned.stdout.hasPrefix("removed "), "\(cleaned.stdout)")
        #expect(FileTreeSnapshot(setup.cache).entries.isEmpty)

        let help = try await setup.run(["help", "cache"], fault: "none")
        #expect(help.status == 0 && help.stdout.contains("labrunner cache [clean]"), "\(help.stdout)")
    }
}
