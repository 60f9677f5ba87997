import Foundation
import Testing
@testable import LabRunner

/// Issue 21: `Sources/LabRunnerCLI` holds only argument parsing, printing and exit codes, so it
/// stays small: under 950 lines in all, and every command's `execute` a short adapter (parse,
/// call the library, print, exit status) of at most 40 lines. Work that would grow past either
/// belongs in the library, at its stage. It writes no file and handles no descriptor or signal
/// itself: the library's `Console`, `AtomicFile` and `InterruptHandler` do.
struct CLIBoundaryTests {
    // 900 until issue 36 added the `kernel` command and issue 35 the build option table (919 lines).
    static let lineBudget = 950
    static let executeBudget = 40

    @Test func theCommandLineStaysWithinItsBudget() throws {
        let files = try LayeringTests.swiftFiles(under: "Sources/LabRunnerCLI")
        let lines = files.map { $0.source.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }.reduce(0, +)
        #expect(files.count > 10)
        #expect(lines <= Self.lineBudget, "Sources/LabRunnerCLI has \(lines) lines; move what is not parsing, printing or exit codes into the library")
    }

    @Test func everyExecuteIsAShortAdapter() throws {
        var executes = 0
        for (path, source) in try LayeringTests.swiftFiles(under: "Sources/LabRunnerCLI") {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            for (start, line) in lines.enumerated() where line.contains("func execute(") && line.hasSuffix("{") {
                executes += 1
                let indent = line.prefix { $0 == " " }
                let end = try #require(lines[start...].firstIndex { $0 == indent + "}" }, "\(path):\(start + 1): no end of execute")
                #expect(end - start - 1 <= Self.executeBudget, "\(path):\(start + 1): execute has \(end - start - 1) lines")
            }
        }
        #expect(executes >= 9, "every command of CommandTable has an execute")
    }

    @Test func theExecutableWritesAndCatchesNothingItself() throws {
        let lowLevel: Set<String> = ["write", "fwrite", "fopen", "open", "createFile", "FileHandle", "Data", "AtomicFile",
                                     "signal", "sigaction", "DispatchSource", "isatty", "_exit"]
        for (path, source) in try LayeringTests.swiftFiles(under: "Sources/LabRunnerCLI") {
            let bytes = Array(source.utf8)
            for token in SwiftLexer.tokens(in: bytes) where token.kind == .identifier && lowLevel.contains(token.text(in: bytes)) {
                Issue.record("\(path):\(token.line):\(token.column): the executable uses '\(token.text(in: bytes))'; writing, descriptors and signals belong in the library")
            }
        }
    }
}
