import Foundation
import Testing
@testable import LabRunner

/// The library's stages depend only on earlier stages (docs/design.md), and the `labrunner`
/// executable holds only the command line. Read from the sources with `SwiftLexer`.
struct LayeringTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every `.swift` file under `folder` (relative to the package root), by path, with its text.
    static func swiftFiles(under folder: String) throws -> [(path: String, source: String)] {
        let root = packageRoot + "/" + folder
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (folder + "/" + path, try String(contentsOfFile: root + "/" + path, encoding: .utf8))
        }
    }

    /// Uses that break the order until a change on another branch lands; each says why. An entry
    /// nothing needs any more fails the test, so it is removed as soon as it can be.
    static let allowed: Set<[String]> = [
        // Pipeline → Report: `LabPipeline.toolFailure` cuts swiftc's output with `ReportFacts.tail`.
        // Branch report-model moves that; remove this entry when merging it.
        ["Sources/LabRunner/Pipeline/LabPipeline.swift", "ReportFacts"],
    ]

    @Test func everyStageUsesOnlyItselfAndEarlierStages() throws {
        let files = try Self.swiftFiles(under: "Sources/LabRunner").map { path, source in
            LayeringChecker.File(stage: String(path.split(separator: "/")[2]), path: path, source: source)
        }
        #expect(files.count > 50)
        let unknown = Set(files.map(\.stage)).subtracting(LayeringChecker.stages)
        #expect(unknown.isEmpty, "folders of Sources/LabRunner that are no stage (add them to LayeringChecker.stages and docs/design.md): \(unknown.sorted())")
        let violations = LayeringChecker(allowed: Self.allowed).violations(in: files)
        #expect(violations.isEmpty, "\n\(violations.map(\.description).joined(separator: "\n"))")
        let needed = Set(LayeringChecker().violations(in: files).map { [$0.path, $0.name] })
        #expect(Self.allowed.subtracting(needed).isEmpty, "allowed but no longer used: \(Self.allowed.subtracting(needed))")
    }

    @Test func theCheckerFindsAUseOfALaterStage() {
        let files = [
            LayeringChecker.File(stage: "Support", path: "Support/Early.swift", source: """
                struct Early {
                    let report: TerminalSummary          // a later stage's type
                    func f(_ text: String) -> String {
                        let count = 1
                        return text.shouted + "\\(helper(count))"   // its extension member and global function
                    }
                }
                """),
            LayeringChecker.File(stage: "Report", path: "Report/Late.swift", source: """
                struct TerminalSummary { struct Nested {} }
                extension String { var shouted: String { uppercased() } }
                func helper(_ value: Int) -> String { "\\(value)" }
                let early = Early(report: TerminalSummary())   // an earlier stage's type: fine
                """),
        ]
        let found = LayeringChecker().violations(in: files).map(\.description)
        #expect(found == [
            "Support/Early.swift:2:17: uses 'TerminalSummary' of the later stage Report",
            "Support/Early.swift:5:21: uses 'shouted' of the later stage Report",
            "Support/Early.swift:5:34: uses 'helper' of the later stage Report",
        ])
        let allowed = LayeringChecker(allowed: [["Support/Early.swift", "TerminalSummary"]]).violations(in: files)
        #expect(allowed.map(\.name) == ["shouted", "helper"])
    }

    @Test func aNameTheStageDeclaresItselfIsNotALaterStages() {
        let files = [
            LayeringChecker.File(stage: "Lab", path: "Lab/A.swift", source: """
                struct Lab { var status: Status; enum Status { case ok } }
                func run() { let shouted = 1; print(shouted, "Outcome") /* Outcome */ }
                """),
            LayeringChecker.File(stage: "Pipeline", path: "Pipeline/B.swift", source: """
                struct Outcome { enum Status {} }
                extension Lab { var shouted: Int { 1 } }
                func run() {}
                """),
        ]
        #expect(LayeringChecker().violations(in: files) == [])
    }

    /// Processes are the Process stage's: the executable parses arguments, writes to the console,
    /// handles signals and detects terminals, and asks the library for everything else.
    @Test func theExecutableSpawnsNoProcess() throws {
        let processAPIs: Set<String> = ["posix_spawn", "posix_spawnp", "fork", "vfork", "execv", "execve", "execvp",
                                        "waitpid", "wait4", "kill", "killpg", "Process", "pipe", "poll", "dup2"]
        let files = try Self.swiftFiles(under: "Sources/LabRunnerCLI")
        #expect(files.count > 5)
        for (path, source) in files {
            let bytes = Array(source.utf8)
            for token in SwiftLexer.tokens(in: bytes) where token.kind == .identifier && processAPIs.contains(token.text(in: bytes)) {
                Issue.record("\(path):\(token.line):\(token.column): the executable uses '\(token.text(in: bytes))'; process work belongs in the library's Process stage")
            }
        }
    }
}
