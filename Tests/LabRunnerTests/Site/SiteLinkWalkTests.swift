import Foundation
import Testing
@testable import LabRunner

/// Every internal link of the project's own site resolves: the pages of `Labs/`, `docs/` and
/// `README.md`, written by the site writer from their prose (a run adds cells, not links), each
/// relative `href` walked to a file in the site and its fragment to an `id` on that page. The
/// only links allowed to lead nowhere are those the writer reported (Markdown outside the site).
struct SiteLinkWalkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    @Test func everyInternalLinkOfTheProjectsSiteLeadsToAPageAndItsHeading() throws {
        let paths = try Self.markdownFiles()
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try paths.map { path in
            FileReport(path: path, content: .lab(title: nil, parts: [], document: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + path)))),
                       duration: nil, update: nil)
        }
        let writer = SiteWriter(directory: folder, labs: paths, workingDirectory: Self.root)
        let written = writer.write(RunReport(files: files, appleAvailable: false))
        #expect(written.failure == nil)
        let reported = Set(written.warnings.compactMap { $0.components(separatedBy: "the link to ").last?.components(separatedBy: " is left").first })
        var broken: [String] = []
        var rewritten = 0
        for path in paths {
            let page = NotebookSite.pagePath(for: path)
            let html = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
            for link in NotebookSite.links(in: html) where !link.contains(":") || link.hasPrefix("./") {
                if let problem = Self.problem(with: link, on: page, in: folder), !reported.contains(link) { broken.append("\(page): \(link): \(problem)") }
                if link.contains(".html") { rewritten += 1 }
            }
        }
        #expect(broken == [])
        // The walk saw the course's links (README → labs, docs ↔ docs), not an empty site.
        #expect(rewritten > 20)
    }

    /// Why `link` on `page` leads nowhere: no file there, or no element with its fragment as id.
    static func problem(with link: String, on page: String, in siteFolder: String) -> String? {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let pathPart = parts[0].split(separator: "?").first.map(String.init) ?? ""
        let folder = (page as NSString).deletingLastPathComponent
        let relative = pathPart.removingPercentEncoding ?? pathPart
        let target = pathPart.isEmpty ? page : SiteLinks.normalized(folder.isEmpty ? relative : folder + "/" + relative)
        guard let html = try? String(contentsOfFile: siteFolder + "/" + target, encoding: .utf8) else { return "no file \(target)" }
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        let id = parts[1].removingPercentEncoding ?? parts[1]
        return html.contains("id=\"\(HTMLEscaping.attribute(id))\"") ? nil : "no id \(id) on \(target)"
    }

    static func markdownFiles() throws -> [String] {
        let files = try ["Labs", "docs"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
        return (files + ["README.md"]).sorted()
    }
}
