import Foundation
import Testing
@testable import LabRunner

/// `swift package check-samples` as a maintainer meets it: Fixtures/plugin-package depends on this
/// package by `path:` (no network) and has a README sample, a doc comment and a DocC article, the
/// article's sample wrong. The plugin fails naming the article's line, passes once it is fixed,
/// and a run after that builds nothing: no object file, module or executable in the package's
/// `.build` changes, and every verdict comes from the compile cache in the plugin's work folder.
///
/// SwiftPM builds labrunner itself into the fixture's `.build` (about 2 minutes on 2 cores), so
/// the test runs only with `LABRUNNER_PLUGIN_TEST=1`, as `.ci/run` sets it. The fixture is copied
/// to `.build/labrunner-tests-packages/plugin/Greeter` beside its earlier `.build`, so a second
/// `swift test` there rebuilds only what changed.
@Suite(.serialized) struct PluginEndToEndTests {
    static let enabled = ProcessInfo.processInfo.environment["LABRUNNER_PLUGIN_TEST"] == "1"
    static let repository = DocumentedPathsTests.repository
    static let article = "Sources/Greeter/Greeter.docc/GreetingEveryone.md"
    /// The arguments the test runs `check-samples` with: the first failing, then passing, the
    /// second building nothing, the third one target. The README's commands are among them
    /// (`ReadmeCommandsTests`).
    static let runs: [[String]] = [[], ["--junit", "samples.xml"], ["--target", "Greeter", "--verbose"]]

    /// What `swift package` said: the plugin's output on stdout, SwiftPM's on stderr.
    struct Said {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `swift package check-samples ARGUMENTS` in `folder`, with the `swift` beside the
    /// `swiftc` labrunner would use; plain output, under GitHub Actions only if `githubActions`.
    static func checkSamples(_ arguments: [String], in folder: String, githubActions: Bool = false) throws -> Said {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["GITHUB_ACTIONS"] = githubActions ? "true" : nil
        // The plugin's work folder holds swiftc's module cache, not the tests' shared one.
        environment[ModuleCacheFolder.variable] = nil
        let swiftc = try SwiftCompiler.locate(environment: environment).path
        let swift = (swiftc as NSString).deletingLastPathComponent + "/swift"
        let request = ProcessRequest(executable: swift, arguments: ["package", "check-samples"] + arguments,
                                     environment: environment, workingDirectory: folder, timeout: 1800, outputLimit: 8 << 20)
        let result = try ChildProcess.run(request)
        guard case .exited(let status) = result.termination else { throw LabRunnerCLI.CLIError.abnormal("\(result.termination)") }
        return Said(status: status, stdout: String(decoding: result.stdout, as: UTF8.self),
                    stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// The fixture at a stable path, its `Package.swift` naming this repository; its `.build` kept.
    static func fixture() throws -> String {
        let folder = LabRunnerCLI.sharedCache + "/../labrunner-tests-packages/plugin/Greeter"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: folder) where name != ".build" {
            try manager.removeItem(atPath: folder + "/" + name)
        }
        let source = LabRunnerCLI.fixtures + "/plugin-package"
        for name in try manager.contentsOfDirectory(atPath: source) {
            try manager.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        let manifest = try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        try manifest.replacingOccurrences(of: "LABRUNNER_PACKAGE", with: repository)
            .write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        return folder
    }

    /// Every file under `folder/.build` with its size and modification time, but the files SwiftPM
    /// writes again on every command (its lock, build database, plans and file maps).
    static func builtFiles(_ folder: String) -> [String: String] {
        let planning: Set = [".lock", "build.db", "debug.yaml", "plugin-tools.yaml", "description.json",
                             "plugin-tools-description.json", "output-file-map.json"]
        var files: [String: String] = [:]
        let root = folder + "/.build"
        guard let walk = FileManager.default.enumerator(atPath: root) else { return files }
        while let path = walk.nextObject() as? String {
            guard !planning.contains((path as NSString).lastPathComponent),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[path] = "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        return files
    }

    @Test(.enabled(if: enabled, "builds labrunner inside a fixture package: LABRUNNER_PLUGIN_TEST=1, as .ci/run sets it"))
    func aWrongSampleFailsAtItsLineThenPassesThenNothingIsBuiltAgain() throws {
        let folder = try Self.fixture()
        let wrong = try String(contentsOfFile: folder + "/" + Self.article, encoding: .utf8)
        let line = try #require(wrong.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("greting") }) + 1

        let failing = try Self.checkSamples(Self.runs[0], in: folder, githubActions: true)
        #expect(failing.status == 1, "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stderr.contains("error: Plugin ended with exit code 1"), "\(failing.stderr)")
        #expect(failing.stdout.hasPrefix("""
            check-samples: labrunner \(Version.current), package 'Greeter' checked against itself (--package .)
              README.md
              Sources/Greeter: target Greeter's doc comments, DocC Sources/Greeter/Greeter.docc

            """), "\(failing.stdout)")
        #expect(failing.stdout.contains("\(Self.article):\(line):11: error: cannot find 'greting' in scope\n"), "\(failing.stdout)")
        #expect(failing.stdout.contains("  FAIL  line 5: did not compile (1 error)\n"), "\(failing.stdout)")
        // GITHUB_ACTIONS reaches labrunner through SwiftPM and the plugin: the annotation names the
        // file as the repository does.
        #expect(failing.stdout.contains("\n::error file=\(Self.article),line=\(line),col=11,title=compile error in the sample at line 5::"
                                        + "cannot find 'greting' in scope"), "\(failing.stdout)")
        #expect(failing.stdout.hasSuffix("\n2 passed, 1 failed, 0 skipped\n"), "\(failing.stdout)")

        try wrong.replacingOccurrences(of: "greting", with: "greeting")
            .write(toFile: folder + "/" + Self.article, atomically: true, encoding: .utf8)
        let passing = try Self.checkSamples(Self.runs[0], in: folder)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.hasSuffix("\n3 passed, 0 failed, 0 skipped\n"), "\(passing.stdout)")
        // An article is no source of the package: fixing it builds nothing but its sample.
        #expect(!passing.stderr.contains("labrunner: building package"), "\(passing.stderr)")

        let built = Self.builtFiles(folder)
        let again = try Self.checkSamples(Self.runs[1], in: folder)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let changed = Self.builtFiles(folder).filter { built[$0.key] != $0.value }.keys.sorted()
        #expect(changed == [], "written again by a run with nothing to build")
        #expect(built.keys.count == Self.builtFiles(folder).keys.count)
        // A run option goes through, its path read from the folder swift package runs in.
        let junit = try String(contentsOfFile: folder + "/samples.xml", encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"labrunner\" tests=\"3\" failures=\"0\""), "\(junit)")

        let target = try Self.checkSamples(Self.runs[2], in: folder)
        #expect(target.status == 0, "\(target.stdout)\(target.stderr)")
        #expect(target.stdout.hasPrefix("""
            check-samples: labrunner \(Version.current), package 'Greeter' checked against itself (--package .)
              Sources/Greeter: target Greeter's doc comments, DocC Sources/Greeter/Greeter.docc

            """), "\(target.stdout)")
        #expect(target.stdout.contains("package: Greeter from the cache ("), "\(target.stdout)")
        #expect(target.stdout.components(separatedBy: "cache hit: swiftc not run").count - 1 == 2, "\(target.stdout)")
        #expect(!target.stdout.contains("swiftc ran"), "\(target.stdout)")
        #expect(!target.stdout.contains("README.md"), "\(target.stdout)")
    }
}
