import Foundation
@testable import LabRunner

/// Runs the built `labrunner` executable, as a user would, for end-to-end tests.
enum LabRunnerCLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// `LABRUNNER_BIN`, else the `labrunner` SwiftPM built next to this test bundle.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LABRUNNER_BIN"] { return explicit }
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("labrunner"))
        // On macOS the tests run inside an .xctest bundle: Contents/MacOS/…
        candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("labrunner"))
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("labrunner"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
            ?? "labrunner-not-built"
    }()

    /// What the tool runs with in tests: no colours, not GitHub Actions, the tests' own cache.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["GITHUB_ACTIONS"] = nil
        // Keep the tests' compile cache out of the user's own.
        environment["XDG_CACHE_HOME"] = sharedCache
        environment[ModuleCacheFolder.variable] = sharedModuleCache
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs the tool and waits for it on a thread of its own (`ThreadWait`), so other tests run
    /// on this test's thread meanwhile.
    static func run(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
                    outputLimit: Int = 8 << 20) async throws -> Result {
        let request = request(arguments, in: directory, environment: extra, outputLimit: outputLimit)
        return try await ThreadWait.run { () throws -> Result in try result(of: request) }
    }

    /// `run` blocking the caller's thread, for a caller that cannot be async.
    static func runBlockingThisThread(_ arguments: [String], in directory: String? = nil,
                                      environment extra: [String: String] = [:], outputLimit: Int = 8 << 20) throws -> Result {
        try result(of: request(arguments, in: directory, environment: extra, outputLimit: outputLimit))
    }

    private static func result(of request: ProcessRequest) throws -> Result {
        let result = try ChildProcess.run(request)
        guard case .exited(let status) = result.termination else {
            throw CLIError.abnormal("\(result.termination)")
        }
        return Result(status: status, stdout: String(decoding: result.stdout, as: UTF8.self),
                      stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// How `run` starts the tool; 300 s is only a hang guard.
    static func request(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
                        outputLimit: Int = 8 << 20) -> ProcessRequest {
        ProcessRequest(executable: binary, arguments: arguments, environment: environment(extra),
                       workingDirectory: directory ?? fixtures, timeout: 300, outputLimit: outputLimit)
    }

    enum CLIError: Error { case abnormal(String) }

    /// One cache for the tests that do not check the cold path, kept across test runs in `.build`
    /// (as the browser tests' cache is), so a fixture built once is not built again, in this run or
    /// the next; it never touches ~/.cache. The tool prunes it to its size limit like any cache, and
    /// its keys hold swiftc's version and the program's bytes, so a changed fixture or compiler
    /// builds again. Tests of the cold path (a first build, `swiftc ran`) use caches of their own.
    /// `LABRUNNER_TEST_CACHE=DIR` puts it elsewhere (an empty folder measures a cold run).
    static let sharedCache: String = {
        let path = ProcessInfo.processInfo.environment["LABRUNNER_TEST_CACHE"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/labrunner-tests-cache").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// One clang module cache for every test's swiftc and `swift build`, named by
    /// `CLANG_MODULE_CACHE_PATH`, which labrunner follows as swiftc does: Foundation's modules are
    /// built once per `swift test` (about 1.5 s of CPU), not again by each test that has a compile
    /// cache or a `--no-cache` run of its own. A test of where the tool puts its own module cache,
    /// or of its repair, passes `withoutSharedModuleCache` (an empty variable is an unset one).
    static let sharedModuleCache = sharedCache + "/clang-modules"
    static let withoutSharedModuleCache = [ModuleCacheFolder.variable: ""]

    /// A fresh copy of the fixture folder `fixture` at `.build/labrunner-tests-packages/<name>/<as>`
    /// (beside the shared cache), returning `.build/labrunner-tests-packages/<name>`. A package's
    /// build is cached by its path and sources: at a path that stays the same from one `swift test`
    /// to the next, a test that does not check the cold path finds the package built in
    /// `sharedCache` and starts no `swift build` (a temporary copy would build it on every run).
    /// Each caller passes a `name` of its own; the copy is replaced on each call.
    static func stableCopy(of fixture: String, name: String, as folder: String) throws -> String {
        let parent = (sharedCache as NSString).deletingLastPathComponent + "/labrunner-tests-packages/" + name
        try? FileManager.default.removeItem(atPath: parent)
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/" + fixture, toPath: parent + "/" + folder)
        return parent
    }

    /// An empty folder at `.build/labrunner-tests-folders/<name>` (beside the shared cache), at the
    /// same path in every `swift test`: a lab given by its absolute path there is the same program
    /// from one run to the next (its path is in the program), so a test that does not check the
    /// cold path finds it built in `sharedCache`, where a temporary folder would build it on every
    /// run. Each caller passes a `name` of its own; the folder is emptied on each call.
    static func stableFolder(name: String) throws -> String {
        let path = (sharedCache as NSString).deletingLastPathComponent + "/labrunner-tests-folders/" + name
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh folder for a test's files, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh folder that several tests read (a `static let` task's), so no one test can remove
    /// it: removed when the test process exits.
    static func temporaryDirectoryRemovedAtExit() throws -> String {
        let path = try temporaryDirectory()
        FoldersRemovedAtExit.add(path)
        return path
    }
}

/// Folders removed when the test process exits; a list, because `atexit` takes no context.
enum FoldersRemovedAtExit {
    private static let folders = LockedValue<[String]>([])
    private static let registered: Void = {
        atexit { for folder in FoldersRemovedAtExit.folders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) } }
    }()

    static func add(_ folder: String) {
        _ = registered
        folders.withLock { $0.append(folder) }
    }
}
