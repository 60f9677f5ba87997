import Foundation
import Testing
@testable import LabRunner

/// `html`, `watch`, `student`, `grade` and `extract` in-process: their sessions on files that
/// need no compiler, said to a recording output.
@Suite struct SessionCommandsTests {
    static let prose = "# Notes\n\n![a picture](pic.png)\n\n```text\nhello\n```\n"

    @Test func theSiteIsWrittenWithItsImages() throws {
        let folder = try SessionFolder(["notes.md": Self.prose, "pic.png": "not really a png"])
        defer { folder.remove() }
        var (session, output) = folder.session(["notes.md"])
        session.siteDirectory = folder.path + "/site"
        #expect(session.run() == .passed)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(output.stdout.hasSuffix("wrote 1 page and index.html to \(folder.path)/site\n\n0 passed, 0 failed, 0 skipped\n"))
        #expect(try folder.read("site/index.html").contains("notes.md"))
        // The site is rooted at the file's folder (issue 35), however the path is written.
        #expect(FileManager.default.fileExists(atPath: folder.path + "/site/notes.html"))
        #expect(try folder.read("site/pic.png") == "not really a png")
    }

    /// A page that would replace a file that is not one of labrunner's pages is refused before anything runs.
    @Test func theSiteNeverReplacesAFileItDidNotWrite() throws {
        let folder = try SessionFolder(["notes.md": Self.prose, "site/index.html": "mine"])
        defer { folder.remove() }
        var (session, output) = folder.session(["notes.md"])
        session.siteDirectory = folder.path + "/site"
        #expect(session.run() == .notChecked)
        #expect(output.stderr.hasPrefix("labrunner: error: -o \(folder.path)/site: \(folder.path)/site/index.html is not a page labrunner wrote"))
        #expect(output.progressEvents.isEmpty)
        #expect(try folder.read("site/index.html") == "mine")
    }

    /// The first run says each file and the totals; a save is run again and said as what changed.
    @Test func aWatchRunsOnceThenAgainOnASave() throws {
        let folder = try SessionFolder(["notes.md": Self.prose])
        defer { folder.remove() }
        let output = RecordingOutput()
        let session = WatchSession(configuration: RunConfiguration(paths: [folder.path + "/notes.md"]),
                                   environment: LabRunnerCLI.environment(), output: output)
        var loop = try #require(session.start())
        #expect(output.stdout.contains("\(folder.path)/notes.md\n  no Swift cells to compile\n"))
        #expect(output.stdout.hasSuffix("0 passed, 0 failed, 0 skipped\nwatching 1 file; Ctrl-C stops\n"))
        try folder.write("notes.md", Self.prose + "\nMore prose, a longer file.\n")
        loop.next()
        #expect(output.stdout.components(separatedBy: "notes.md").count == 3, "\(output.stdout)")
    }

    /// With `--serve`: the addresses said once, before the first run (the index, then each
    /// page with its file); the closing line names the index again; the index is the site's; a
    /// save's run is told to the open pages when it starts (`running`) and when it finishes.
    /// Before, only `serving http://…/`, a bare index, and nothing while a run was under way.
    @Test func aServedWatchSaysWhereItsPagesAreAndWhenARunStarts() throws {
        let folder = try SessionFolder(["notes.md": Self.prose, "more.md": "# More\n\n[the notes](notes.md#notes)\n"])
        defer { folder.remove() }
        let output = RecordingOutput()
        var session = WatchSession(configuration: RunConfiguration(paths: [folder.path]), environment: LabRunnerCLI.environment(), output: output)
        session.port = 0
        var loop = try #require(session.start())
        defer { loop.stopServing() }
        let port = try #require(WatchEndToEndTests.port(in: output.stdout), "\(output.stdout)")
        let base = "http://127.0.0.1:\(port)/"
        #expect(output.stdout.hasPrefix("serving \(base)\n  \(base)lab/1  \(folder.path)/more.md\n  \(base)lab/2  \(folder.path)/notes.md\n"
                                        + "\(folder.path)/"), "\(output.stdout)")
        #expect(output.stdout.components(separatedBy: base).count == 5, "said once, and in the closing line: \(output.stdout)")
        #expect(output.stdout.hasSuffix("watching 2 files; pages on \(base); Ctrl-C stops\n"))
        #expect(LoopbackClient.get("/", port: port).contains("<table class=\"files\">"))
        // A link between two watched files leads to the other's page.
        #expect(LoopbackClient.get("/lab/1", port: port).contains("<a href=\"2#notes\">the notes</a>"))

        let events = try #require(LoopbackClient(port: port))
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        // The first run's two results, in either order.
        #expect(events.read(until: "event: run\ndata: 2 ").contains("event: run\ndata: 1 "))
        try folder.write("notes.md", Self.prose + "\nMore prose, a longer file.\n")
        loop.next()
        #expect(events.read(until: "data: 2 3\n\n").contains("event: running\ndata: 2\n\nevent: run\ndata: 2 3\n\n"))
    }

    @Test func aWatchOfNothingIsAnError() throws {
        let folder = try SessionFolder(["notes.txt": "x"])
        defer { folder.remove() }
        let output = RecordingOutput()
        let session = WatchSession(configuration: RunConfiguration(paths: [folder.path]),
                                   environment: LabRunnerCLI.environment(), output: output)
        #expect(session.start() == nil)
        #expect(output.stderr.contains("error: no labs found in this folder"), "\(output.stderr)")
    }

    /// A lab without exercises is copied as it is; with none to check, nothing is compiled.
    @Test func studentCopiesAreWrittenBelowTheFolder() throws {
        let folder = try SessionFolder(["labs/a/notes.md": Self.prose])
        defer { folder.remove() }
        let output = RecordingOutput()
        let session = StudentSession(paths: [folder.path + "/labs"], outputFolder: folder.path + "/out",
                                     environment: LabRunnerCLI.environment(), output: output)
        #expect(session.run() == .passed)
        #expect(output.stdout == "wrote 1 file to \(folder.path)/out\n")
        #expect(try folder.read("out/a/notes.md") == Self.prose)
    }

    @Test func aKeyWithoutExercisesCannotGrade() throws {
        let folder = try SessionFolder(["key.md": Self.prose, "ann.md": Self.prose])
        defer { folder.remove() }
        let output = RecordingOutput()
        let session = GradeSession(key: folder.path + "/key.md", submissions: [folder.path + "/ann.md"],
                                   environment: LabRunnerCLI.environment(), output: output)
        #expect(session.run() == .notChecked)
        #expect(output.stderr == "labrunner: error: \(folder.path)/key.md: the key has no exercises to grade\n")
    }

    @Test func aSubmissionIsAFileOrAFolderHoldingOne() throws {
        let folder = try SessionFolder(["key.md": Self.prose, "ann/key.md": Self.prose, "bob/lab.md": Self.prose, "eve/x.txt": ""])
        defer { folder.remove() }
        #expect(GradeSession.resolve(folder.path + "/ann/", key: "key.md")?.student == "ann")
        #expect(GradeSession.resolve(folder.path + "/bob", key: "key.md")?.file.path == folder.path + "/bob/lab.md")
        #expect(GradeSession.resolve(folder.path + "/bob/lab.md", key: "key.md")?.student == "lab")
        #expect(GradeSession.resolve(folder.path + "/eve", key: "key.md") == nil)
    }

    /// Links in a submission are found, never followed (issue 39): a folder that is a link is not
    /// searched, a lab that is a link is found and refused when read.
    @Test func aSubmissionsLinksAreFoundNotFollowed() throws {
        let folder = try SessionFolder(["labs/lab.md": Self.prose, "ivy/notes.txt": "", "jo/notes.txt": ""])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/ivy/work", withDestinationPath: "../labs")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/jo/lab.md", withDestinationPath: "../labs/lab.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/kim", withDestinationPath: "labs")
        #expect(GradeSession.resolve(folder.path + "/ivy", key: "key.md") == nil, "a linked folder in a submission is not searched")
        let jo = try #require(GradeSession.resolve(folder.path + "/jo", key: "key.md"))
        #expect(jo.student == "jo" && jo.file.path == folder.path + "/jo/lab.md")
        #expect(throws: FileError.symbolicLink(path: folder.path + "/jo/lab.md")) { try jo.file.read() }
        let kim = try #require(GradeSession.resolve(folder.path + "/kim/", key: "key.md"))
        #expect(kim.student == "kim" && kim.file == SubmissionFile(root: folder.path + "/kim"))
        let course = try #require(GradeSession.resolveFolder(folder.path + "/kim", keys: ["keys/lab.md", "keys/two.md"]))
        #expect(course.student == "kim" && course.paths.allSatisfy { $0 != nil }, "a linked folder is the student's, not 'not submitted'")
        #expect(throws: FileError.symbolicLink(path: folder.path + "/kim")) { try course.paths[0]?.read() }
    }

    @Test func extractWritesTheProgramOrSaysWhyNot() throws {
        let folder = try SessionFolder(["lab.md": "```swift\nprint(1)\n```\n```output\n1\n```\n", "bad.md": "---\ntitle: T\n"])
        defer { folder.remove() }
        let output = RecordingOutput()
        var session = ExtractSession(path: folder.path + "/lab.md", output: output)
        session.plain = true
        #expect(session.run() == .passed, "\(output.stderr)")
        #expect(output.stdout.contains("print(1)"))
        #expect(!output.stdout.contains("#sourceLocation"))
        session.outputFile = folder.path + "/lab.md"
        #expect(session.run() == .notChecked)
        #expect(output.stderr.contains("would overwrite the lab"))

        let failing = RecordingOutput()
        #expect(ExtractSession(path: folder.path + "/bad.md", output: failing).run() == .notChecked)
        #expect(failing.stderr.split(separator: "\n").count == 3, "\(failing.stderr)")
        #expect(failing.stdout.isEmpty)
    }
}
