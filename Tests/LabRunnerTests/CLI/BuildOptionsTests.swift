import Foundation
import Testing
import LabRunner
@testable import LabRunnerCLI

/// Issue 35: `student` and `grade` refused `--cache-dir` (`unknown option`), which `run` and
/// `html` accept. Every command that builds labs accepts the same build options, from one
/// declaration (`BuildOptions`), and reads them alike.
struct BuildOptionsTests {
    static let building = ["run", "watch", "html", "student", "grade"]

    @Test(arguments: building)
    func everyCommandThatBuildsAcceptsEveryBuildOption(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        let names = Set(entry.options.map(\.name))
        #expect(Set(BuildOptions.declarations.map(\.name)).subtracting(names).sorted() == [], "`\(name)` lacks build options")
    }

    @Test func gradeAndStudentReadTheBuildOptionsAsRunDoes() throws {
        let words = ["--cache-dir", "/tmp/c", "--no-cache", "--jobs", "3", "--timeout", "7", "--compile-timeout", "90",
                     "--swiftc-flags", "-D EXTRA -warnings-as-errors"]
        let grade = try GradeCommand(arguments: ["--key", "key.md", "alice.md"] + words)
        let student = try StudentCommand(arguments: ["key.md", "-o", "out"] + words)
        let run = try RunOptions.configuration(["key.md"] + words)
        for build in [grade.build, student.build] {
            #expect(build.cacheDirectory == run.cacheDirectory && build.useCache == run.useCache && build.jobs == run.jobs)
            #expect(build.timeout == run.timeout && build.compileTimeout == run.compileTimeout && build.swiftcFlags == run.swiftcFlags)
        }
        #expect(run.cacheDirectory == "/tmp/c" && !run.useCache && run.jobs == 3 && run.timeout == 7 && run.compileTimeout == 90)
        #expect(run.swiftcFlags == ["-D", "EXTRA", "-warnings-as-errors"])
        // Only the flags a lab's `swiftc-flags` may hold: never where swiftc writes.
        #expect(throws: UsageError.self) { try RunOptions.configuration(["key.md", "--swiftc-flags", "-o /tmp/x"]) }
    }

    /// `--swiftc-flags` reaches swiftc: the lab prints what only `-D EXTRA` compiles.
    @Test func swiftcFlagsAreAddedToEveryLabsOwn() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "```swift\n#if EXTRA\nprint(\"extra\")\n#else\nprint(\"plain\")\n#endif\n```\n```output\nextra\n```\n"
            .write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        let result = try await LabRunnerCLI.run(["run", "--swiftc-flags", "-D EXTRA", "lab.md"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
