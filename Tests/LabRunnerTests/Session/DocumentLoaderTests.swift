import Foundation
import Testing
@testable import LabRunner

/// Reading, parsing and reporting a document exists once: `DocumentLoader`, which the pipeline
/// and every command use; an error in a file's `.labrunner` shows that file's line.
struct DocumentLoaderTests {
    @Test func anUnreadableFileIsAFileError() throws {
        let loader = DocumentLoader(configs: nil)
        #expect {
            _ = try loader.load("/nonexistent/lab.md")
        } throws: { error in
            guard case .unreadable(let fileError) = error as? LoadError else { return false }
            return fileError.path == "/nonexistent/lab.md"
        }
    }

    @Test func anErrorInTheConfigShowsTheConfigsLine() throws {
        let folder = try SessionFolder([".labrunner": "title: Docs\n", "a.md": "# A\n"])
        defer { folder.remove() }
        let output = RecordingOutput()
        let loader = DocumentLoader.reporting(to: output)
        #expect(loader.load(folder.path + "/a.md", reportingTo: output) == nil)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(folder.path)/.labrunner:1:1: error: unknown key 'title' in .labrunner") == true)
        #expect(Array(lines.dropFirst()) == ["    title: Docs", "    ^"])
    }

    @Test func anErrorInTheDocumentShowsItsLine() throws {
        let folder = try SessionFolder(["a.md": "---\ntitle: T\n"])
        defer { folder.remove() }
        let outcome = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:]).run(path: folder.path + "/a.md")
        guard case .invalid(let error, let bytes) = outcome.content else {
            Issue.record("not invalid: \(outcome.content)")
            return
        }
        #expect(error.location.line == 1)
        #expect(bytes == Array("---\ntitle: T\n".utf8))
    }
}
