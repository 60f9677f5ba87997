import Foundation
import Testing

/// Issue 35: `html /abs/path/Labs -o site` mirrored the whole absolute path under `site/`, and
/// the course README's links to `../docs/*.md` pointed at files the site does not have, without a
/// word. Now the folder named roots the site, relative or absolute; a link to a file outside the
/// inputs is a warning at its line; a local file a page links is copied beside it.
struct SiteRootEndToEndTests {
    @Test func theFolderNamedRootsTheSiteAndALinkOutsideItIsAWarningAtItsLine() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for sub in ["Labs", "docs"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        try "# Course\n\nRead [teaching](../docs/teaching.md) first.\n\n- [Lab 1](lab01.md)\n- [the data](data.csv)\n- [notes](../notes.txt)\n"
            .write(toFile: folder + "/Labs/README.md", atomically: true, encoding: .utf8)
        try "# Lab 1\n\nHello.\n".write(toFile: folder + "/Labs/lab01.md", atomically: true, encoding: .utf8)
        try "a,b\n".write(toFile: folder + "/Labs/data.csv", atomically: true, encoding: .utf8)
        try "notes\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try "# Teaching\n".write(toFile: folder + "/docs/teaching.md", atomically: true, encoding: .utf8)
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path + "/Labs"
        for (argument, site) in [("Labs", "site"), (absolute, "site2")] {
            let result = try await LabRunnerCLI.run(["html", argument, "-o", site], in: folder)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder + "/" + site).sorted()
            #expect(files == ["README.html", "data.csv", "index.html", "lab01.html"], "\(argument): \(files)")
            #expect(result.stderr.contains("labrunner: warning: \(argument)/README.md:3: the link to ../docs/teaching.md is left as written: "),
                    "\(result.stderr)")
            #expect(result.stderr.contains("labrunner: warning: \(argument)/README.md:7: file ../notes.txt not copied: it resolves to "),
                    "\(result.stderr)")
        }
    }
}
