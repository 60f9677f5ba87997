import Foundation
import Testing
@testable import LabRunner

/// Where `labrunner html` writes, through the built binary: every input its own page, linked by
/// a relative path no browser reads as a scheme; never a page over an input or over a file it did
/// not write; an image already in place (the lab's own, with `-o .`) left alone.
struct HTMLSiteEndToEndTests {
    /// Each `<a href>` of the index and the text it links.
    static func links(_ index: String) -> [(href: String, text: String)] {
        let pattern = try? NSRegularExpression(pattern: #"<td class="path"><a href="([^"]*)">([^<]*)</a>"#)
        return (pattern?.matches(in: index, range: NSRange(index.startIndex..., in: index)) ?? []).compactMap { match in
            guard let href = Range(match.range(at: 1), in: index), let text = Range(match.range(at: 2), in: index) else { return nil }
            return (unescape(String(index[href])), unescape(String(index[text])))
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// What a browser would read as the scheme of `href` (nil for a relative path).
    static func scheme(_ href: String) -> String? {
        href.range(of: #"^[ \x00-\x1f]*[A-Za-z][A-Za-z0-9+.\-\t\n\r]*:"#, options: .regularExpression).map { String(href[$0]) }
    }

    @Test func aFileNamedLikeAURLIsLinkedByARelativePath() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["javascript:alert(1);x.md", "a b#c?d%e.md", "sub/mailto:x.md"]
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in names { try "# \(name)\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let result = try await LabRunnerCLI.run(["html"] + names + ["-o", "site"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let links = Self.links(try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8))
        #expect(links.map(\.text).sorted() == names.sorted())
        for (href, text) in links {
            #expect(Self.scheme(href) == nil, "\(text) is linked as \(href)")
            // Resolved as a browser resolves a relative path, the link reaches the page of its file.
            let page = try #require(URL(string: href, relativeTo: URL(fileURLWithPath: folder + "/site/index.html"))).standardizedFileURL.path
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<title>\(HTMLEscaping.text(text))</title>"), "\(href) is not the page of \(text)")
        }
    }

    @Test func everyInputGetsItsOwnPageAndTheIndexLinksEachToItsOwn() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["a.md", "a.markdown", "A.md", "index.md", "index_.md", "index_.md.md"]
        for name in names { try "# title of \(name)\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let result = try await LabRunnerCLI.run(["html"] + names + ["-o", "site"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("wrote 6 pages and index.html to site"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder + "/site").filter { $0.hasSuffix(".html") && $0 != "index.html" }
        #expect(Set(pages.map { $0.lowercased() }).count == names.count, "pages: \(pages.sorted())")
        let links = Self.links(try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8))
        #expect(links.map(\.text).sorted() == names.sorted())
        #expect(Set(links.map { $0.href.lowercased() }).count == names.count, "links: \(links.map(\.href))")
        for (href, text) in links {
            let page = try String(contentsOfFile: folder + "/site/" + (href.removingPercentEncoding ?? href), encoding: .utf8)
            #expect(page.contains("<title>\(text)</title>") && page.contains(">title of \(text)<"), "\(href) is not the page of \(text)")
        }
    }

    @Test func writingBesideTheLabsKeepsTheirImages() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# Pictures\n\n![p](pic.png) ![q](img/q.png)\n".write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/img", withIntermediateDirectories: true)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        try png.write(to: URL(fileURLWithPath: folder + "/pic.png"))
        try png.write(to: URL(fileURLWithPath: folder + "/img/q.png"))
        for _ in 1...2 {
            let result = try await LabRunnerCLI.run(["html", "lab.md", "-o", "."], in: folder)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(FileManager.default.contents(atPath: folder + "/pic.png") == png)
            #expect(FileManager.default.contents(atPath: folder + "/img/q.png") == png)
            #expect(FileManager.default.fileExists(atPath: folder + "/lab.html"))
        }
    }

    @Test func aPageOverAnInputOrOverAFileItDidNotWriteIsRefusedBeforeAnythingRuns() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = "# Notes\n\nMarkdown in a file named .html\n"
        try notes.write(toFile: folder + "/notes.html", atomically: true, encoding: .utf8)
        try notes.write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        try "# Lab\n".write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/site", withIntermediateDirectories: true)
        try "mine".write(toFile: folder + "/site/lab.html", atomically: true, encoding: .utf8)
        for (arguments, said) in [(["notes.html", "-o", "."], "the page of notes.html would overwrite the input notes.html"),
                                  (["lab.md", "index.html", "-o", "."], "index.html would overwrite the input index.html"),
                                  (["lab.md", "-o", "site"], "site/lab.html is not a page labrunner wrote")] {
            let result = try await LabRunnerCLI.run(["html"] + arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(said), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("no Swift cells"), "\(arguments): it ran before refusing")
        }
        #expect(try String(contentsOfFile: folder + "/notes.html", encoding: .utf8) == notes)
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == notes)
        #expect(try String(contentsOfFile: folder + "/site/lab.html", encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: folder + "/lab.html"))
    }
}
