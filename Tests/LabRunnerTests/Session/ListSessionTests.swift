import Foundation
import Testing
@testable import LabRunner

/// `labrunner list` in-process: a lab listed as a lab, a guide as a guide (or as `--as` says),
/// as text or JSON, and a file that cannot be read said as any load error is.
@Suite struct ListSessionTests {
    static let lab = "# Lab\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n"
    static let guide = "# Guide\n\n```swift\nlet x = 1\n```\n"

    static func list(_ folder: SessionFolder, _ name: String, _ change: (inout ListSession) -> Void = { _ in }) -> (SessionEnd, RecordingOutput) {
        let output = RecordingOutput()
        var session = ListSession(path: folder.path + "/" + name, output: output)
        change(&session)
        return (session.run(), output)
    }

    @Test func aLabIsListedAsALab() throws {
        let folder = try SessionFolder(["lab.md": Self.lab])
        defer { folder.remove() }
        let (end, output) = Self.list(folder, "lab.md")
        #expect(end == .passed)
        GoldenText.expect(output.stdout, equals: """
        \(folder.path)/lab.md
        scenarios: mock, empty, failing
        swift-version: 6, timeout: 10s
        sections: (none)
        cells:
          line 3 [-] swift
            output line 7: all scenarios
        blocks: 2 fenced code blocks

        """)
    }

    @Test func aGuideIsListedAsAGuideUnlessTold() throws {
        let folder = try SessionFolder(["guide.md": Self.guide])
        defer { folder.remove() }
        let (end, output) = Self.list(folder, "guide.md")
        #expect(end == .passed)
        #expect(output.stdout.contains("read as a guide: "), "\(output.stdout)")
        let (_, asLab) = Self.list(folder, "guide.md") { $0.documentKind = .lab }
        #expect(asLab.stdout.contains("cells:\n  line 3 [-] swift\n"), "\(asLab.stdout)")
    }

    /// JSON is one document on standard output, ended by a newline, and nothing else.
    @Test func jsonForEachKind() throws {
        let folder = try SessionFolder(["lab.md": Self.lab, "guide.md": Self.guide])
        defer { folder.remove() }
        for (name, kind) in [("lab.md", nil), ("guide.md", "guide")] {
            let (end, output) = Self.list(folder, name) { $0.json = true }
            #expect(end == .passed)
            #expect(output.stdout.hasSuffix("}\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect(object["kind"] as? String == kind)
            #expect(object["path"] as? String == folder.path + "/" + name)
        }
    }

    @Test func aFileThatCannotBeReadIsALoadError() throws {
        let folder = try SessionFolder()
        defer { folder.remove() }
        let (end, output) = Self.list(folder, "none.md")
        #expect(end == .notChecked)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "\(folder.path)/none.md: error: cannot read lab: no such file\n")
    }
}
