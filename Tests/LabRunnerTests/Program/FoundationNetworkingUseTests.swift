import Foundation
import Testing
@testable import LabRunner

/// A program imports FoundationNetworking when its code names something of it, and only then:
/// on Linux the library and the dozens it loads (curl, OpenSSL…) cost every run of a lab about
/// 10 ms to start, and a Mac reader's `URLSession` needs it to compile here.
@Suite struct FoundationNetworkingUseTests {
    @Test(arguments: [
        ("let session = URLSession.shared", true),
        ("var request = URLRequest(url: url)", true),
        ("guard let http = response as? HTTPURLResponse else { return }", true),
        ("NotificationCenter.default.post(name: .NSHTTPCookieManagerCookiesChanged, object: nil)", true),
        ("let u = URL(string: \"https://a.b\")!; var c = URLComponents(); _ = URLQueryItem(name: \"q\", value: nil)", false),
        ("throw URLError(.badURL)", false),
        ("// URLSession in a comment\nlet text = \"URLSession\"", false),
        ("let urlSession = 1; struct MyURLSession {}", false),
        ("print(\"\\(URLSession.self)\")", true),
        ("", false),
    ])
    func aNameOfTheModuleInTheCodeImportsIt(code: String, needed: Bool) {
        #expect(FoundationNetworkingUse.isNamed(in: code) == needed)
    }

    @Test func aLabsProgramImportsItOnlyWhenACellNamesIt() throws {
        func program(_ code: String) throws -> String {
            ProgramGenerator.generate(try LabParser.parse(bytes: Array("```swift\n\(code)\n```\n".utf8), path: "lab.md"))
        }
        #expect(!(try program("print(1)")).contains("FoundationNetworking"))
        #expect(try program("let s = URLSession.shared").contains("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"))
    }

    /// A guide's sample that is only compiled gets it too: on a Mac, Foundation has `URLRequest`.
    @Test func aGuidesCompiledSampleNamingItImportsIt() throws {
        let plan = try SampleProgramTests.plan("```swift\nlet request = URLRequest(url: URL(string: \"https://example.com\")!)\n```\n")
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(source.hasPrefix("import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\ndo {\n#sourceLocation"), "\(source)")
        let plain = try SampleProgramTests.plan("```swift\nlet u = URL(string: \"https://example.com\")!\n```\n")
        let (plainCandidates, _) = plain.batches(programs: [0])
        #expect(!SampleProgram.source([0], plan: plain, candidates: plainCandidates).contains("FoundationNetworking"))
    }

    /// The list is the module's public names in this toolchain (Linux; macOS has no such module):
    /// its top-level declarations and the members it adds to Foundation's types.
    @Test func theNamesAreTheModulesInThisToolchain() async throws {
        guard let swiftc = try? SwiftCompiler.locate(environment: ProcessInfo.processInfo.environment) else { return }
        let extract = URL(fileURLWithPath: swiftc.path).deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract").path
        let module = URL(fileURLWithPath: swiftc.path).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/linux/FoundationNetworking.swiftmodule").path
        guard FileManager.default.isExecutableFile(atPath: extract), FileManager.default.fileExists(atPath: module) else { return }
        let folder = try BuildDirectory.makePrivate()
        defer { folder.remove() }
        let result = try await ChildProcess.runOnOwnThread(ProcessRequest(
            executable: extract, arguments: ["-module-name", "FoundationNetworking", "-target", "x86_64-unknown-linux-gnu",
                                             "-minimum-access-level", "public", "-output-dir", folder.path,
                                             "-module-cache-path", LabRunnerCLI.sharedModuleCache],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder.path, timeout: 120))
        try #require(result.termination == .exited(0), "\(String(decoding: result.stderr, as: UTF8.self))")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let path = symbol["pathComponents"] as? [String] ?? []
                // Top-level names; a member of a Foundation type (`Notification.Name.X`) by its own name.
                if let name = file == "FoundationNetworking.symbols.json" ? (path.count == 1 ? path.first : nil) : path.last { names.insert(name) }
            }
        }
        #expect(names == FoundationNetworkingUse.names, "missing: \(names.subtracting(FoundationNetworkingUse.names).sorted()), extra: \(FoundationNetworkingUse.names.subtracting(names).sorted())")
    }
}
