import Foundation
import Testing
@testable import LabRunner
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The built tool at scale: cache, parallel runs, CI reports, shards.
@Suite struct ScaleEndToEndTests {
    /// A folder of `count` small passing labs, each a different program. The same labs in every
    /// test run (so the tests' shared cache has them from the second run on), unless `nonce` makes
    /// them programs of this run's own (swiftc runs, with the shared cache's clang modules warm).
    private func labFolder(_ count: Int, nonce: String = "") throws -> String {
        let folder = try LabRunnerCLI.temporaryDirectory()
        for i in 0..<count {
            let unique = nonce.isEmpty ? "" : "// \(nonce)\n"
            let text = "# Lab \(i)\n\n```swift\n\(unique)let number = \(i)\nprint(\"lab \\(number) in \\(Lab.scenario)\")\n```\n```output\nlab \(i) in [..]\n```\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/lab\(i).md"))
        }
        return folder
    }

    /// In the tests' shared cache: a lab of this run's own is compiled once, then served.
    @Test func aSecondRunIsServedFromTheCacheWithTheSameVerdicts() async throws {
        let folder = try labFolder(1, nonce: UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try await LabRunnerCLI.run(["run", "--verbose", "lab0.md"], in: folder)
        let second = try await LabRunnerCLI.run(["run", "--verbose", "--json", "report.json", "lab0.md"], in: folder)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout.contains("swiftc ran:"))
        #expect(second.stdout.contains("cache hit: swiftc not run"))
        func verdicts(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.contains("PASS") || $0.contains("FAIL") }.map { String($0.prefix(18)) } }
        #expect(verdicts(first.stdout) == verdicts(second.stdout))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))) as? [String: Any]
        let labs = try #require(json?["labs"] as? [[String: Any]])
        #expect(labs.first?["compilerRan"] as? Bool == false)
    }

    /// Both runs make the cache's layout and build clang's modules into it at once, and compile
    /// and store the same entry: one lab is enough for every race.
    @Test func twoRunsSharingAnEmptyCacheBothPass() async throws {
        let folder = try labFolder(1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/shared-cache"
        // Both start at once (one place in the gate for the pair), so they race for the cache.
        let both = await ThreadWait.run { () -> [LabRunnerCLI.Result] in
            let results = LockedValue<[LabRunnerCLI.Result]>([])
            Parallel.forEach(2, width: 2) { _ in
                if let result = try? LabRunnerCLI.runBlockingThisThread(["run", "--cache-dir", cache, "."], in: folder,
                                                                        environment: LabRunnerCLI.withoutSharedModuleCache) {
                    results.withLock { $0.append(result) }
                }
            }
            return results.withLock { $0 }
        }
        #expect(both.count == 2)
        for result in both {
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix("\n3 passed, 0 failed, 0 skipped\n"))
        }
        let third = try await LabRunnerCLI.run(["run", "--verbose", "--cache-dir", cache, "."], in: folder)
        #expect(third.stdout.components(separatedBy: "cache hit: swiftc not run").count - 1 == 1)
    }

    @Test func labsAreReportedInPathOrderWhateverFinishesFirst() async throws {
        let folder = try labFolder(6)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await LabRunnerCLI.run(["run", "--jobs", "3", "."], in: folder)
        let headings = result.stdout.split(separator: "\n").filter { $0.hasSuffix(".md") }.map(String.init)
        #expect(headings == (0..<6).map { "./lab\($0).md" })
    }

    @Test func junitHasATestcasePerScenarioAndTheFailuresDiff() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await LabRunnerCLI.run(["run", "--junit", folder + "/junit.xml", "mismatch.md", "passing.md"])
        #expect(result.status == 1)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/junit.xml"))
        let counter = ElementCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "JUnit report is not well-formed XML")
        #expect(counter.counts["testsuite"] == 2)
        #expect(counter.counts["testcase"] == 6)
        #expect(counter.counts["failure"] == 3)
        #expect(counter.text.contains("-line two"))
        #expect(counter.text.contains("+line 2"))
    }

    @Test func shardsTogetherRunEveryLabExactlyOnce() async throws {
        let folder = try labFolder(5)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var seen: [String] = []
        for k in 1...3 {
            let result = try await LabRunnerCLI.run(["run", "--shard", "\(k)/3", "--json", "shard\(k).json", "."], in: folder)
            #expect(result.status == 0)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/shard\(k).json"))) as? [String: Any]
            let labs = try #require(json?["labs"] as? [[String: Any]])
            seen += labs.compactMap { $0["path"] as? String }
        }
        #expect(seen.sorted() == (0..<5).map { "./lab\($0).md" })
    }
}

/// Counts elements and collects text, to check a report's structure after parsing it.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        counts[name, default: 0] += 1
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
