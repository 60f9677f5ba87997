import Foundation
import Testing
@testable import LabRunner

/// docs/ci.md's GitHub Actions workflow and GitLab pipeline are valid YAML of the shape a
/// maintainer copies (PyYAML reads them through `.ci/ci-recipe.py list`), their commands are the
/// ones `.ci/run` runs on this repository (`.ci/ci-recipe.py run`), and the workflow's JUnit
/// merge, run here on two shards' reports, adds their suites and counts. Without PyYAML (which
/// `.ci/run` installs) the YAML tests report themselves skipped.
@Suite struct CIRecipeTests {
    static let root = DocumentedPathsTests.repository
    static let hasYAML = (try? JupyterTools.python(["-c", "import yaml"]).status) == 0

    /// What `ci-recipe.py list FILE` says, decoded.
    static func recipes(_ file: String) throws -> (status: Int32, recipes: [[String: Any]], output: String) {
        let (status, output) = try JupyterTools.python([root + "/.ci/ci-recipe.py", "list", file])
        let recipes = status == 0 ? (try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? [] : []
        return (status, recipes, output)
    }

    @Test(.enabled(if: hasYAML, "needs Python's PyYAML (pip install pyyaml; .ci/run installs it)"))
    func theWorkflowAndThePipelineParseWithTheirCommands() throws {
        let (status, recipes, output) = try Self.recipes(Self.root + "/docs/ci.md")
        #expect(status == 0, "\(output)")
        #expect(recipes.count == 2, "\(output)")
        let github = try #require(recipes.first { $0["kind"] as? String == "github" })
        #expect(github["samples_uses"] as? [String] == ["actions/checkout", "swift-actions/setup-swift", "actions/cache",
                                                         "actions/upload-artifact"])
        #expect(github["shards"] as? [Int] == [1, 2])
        #expect(github["samples"] as? [String: [String]] == [
            "1": ["swift package check-samples --shard 1/2 --junit samples-1.xml"],
            "2": ["swift package check-samples --shard 2/2 --junit samples-2.xml"],
        ])
        #expect(github["report_needs"] as? String == "samples")
        #expect(github["report_uses"] as? [String] == ["actions/download-artifact", "actions/upload-artifact"])
        let merge = try #require((github["report"] as? [String])?.first)
        #expect(merge.hasPrefix("python3 - samples-*.xml > samples.xml <<'EOF'\n"), "\(merge)")

        let gitlab = try #require(recipes.first { $0["kind"] as? String == "gitlab" })
        #expect(gitlab["script"] as? [String] == ["swift package check-samples --shard $CI_NODE_INDEX/$CI_NODE_TOTAL --junit samples.xml"])
        #expect(gitlab["parallel"] as? Int == 2)
        #expect(gitlab["junit"] as? String == "samples.xml")

        let ci = try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8)
        #expect(ci.contains(" python3 .ci/ci-recipe.py run docs/ci.md\n"), "the commands run by .ci/run")
    }

    @Test(.enabled(if: hasYAML, "needs Python's PyYAML (pip install pyyaml; .ci/run installs it)"))
    func yamlThatDoesNotParseIsAnError() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# CI\n\n```yaml\njobs: [unclosed\n```\n".write(toFile: folder + "/ci.md", atomically: true, encoding: .utf8)
        let (status, _, output) = try Self.recipes(folder + "/ci.md")
        #expect(status == 2, "\(output)")
        #expect(output.contains("ci.md: while parsing"), "\(output)")
    }

    /// The `report` job's merge, run as written on two reports of this tool's JUnit writer.
    @Test(.enabled(if: JupyterTools.python3 != nil, "needs python3"))
    func theMergeAddsTheShardsSuitesAndCounts() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ci.md", encoding: .utf8)
        let start = try #require(text.range(of: "        run: |\n          python3 - samples-*.xml"))
        let body = text[start.upperBound...].prefix { _ in true }
        let end = try #require(body.range(of: "\n          EOF\n"))
        let command = ("python3 - samples-*.xml" + body[..<end.lowerBound] + "\nEOF").replacingOccurrences(of: "\n          ", with: "\n")
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func shard(_ name: String, tests: Int, failures: Int) -> String {
            let cases = (0..<tests).map { index in
                index < failures ? "    <testcase name=\"line \(index)\" time=\"0.500\"><failure message=\"m\" type=\"compile-error\"/></testcase>"
                    : "    <testcase name=\"line \(index)\" time=\"0.500\"/>"
            }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="labrunner" tests="\(tests)" failures="\(failures)" errors="0" skipped="0" time="\(Double(tests) * 0.5)">
                  <testsuite name="\(name)" tests="\(tests)" failures="\(failures)" errors="0" skipped="0" time="\(Double(tests) * 0.5)">
                \(cases.joined(separator: "\n"))
                  </testsuite>
                </testsuites>

                """
        }
        try shard("README.md", tests: 2, failures: 1).write(toFile: folder + "/samples-1.xml", atomically: true, encoding: .utf8)
        try shard("Sources/Greeter/Greeter.swift", tests: 3, failures: 0).write(toFile: folder + "/samples-2.xml", atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(ProcessRequest(executable: "/bin/bash", arguments: ["-eo", "pipefail", "-c", command],
                                                         environment: ProcessInfo.processInfo.environment, workingDirectory: folder,
                                                         timeout: 60))
        #expect(result.termination == .exited(0), "\(String(decoding: result.stderr, as: UTF8.self))")
        let merged = try String(contentsOfFile: folder + "/samples.xml", encoding: .utf8)
        #expect(merged.hasPrefix("<?xml version='1.0' encoding='UTF-8'?>\n<testsuites name=\"labrunner\" tests=\"5\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"2.500\">"),
                "\(merged)")
        #expect(merged.contains("<testsuite name=\"README.md\" tests=\"2\"") && merged.contains("<testsuite name=\"Sources/Greeter/Greeter.swift\" tests=\"3\""),
                "\(merged)")
    }
}
