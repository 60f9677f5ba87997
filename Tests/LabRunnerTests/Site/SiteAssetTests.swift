import Foundation
import Testing
@testable import LabRunner

/// Issue 38: `html` copies an image only when it is fit to publish: a regular file whose real
/// path is inside the site's input tree, readable by others. Before, images were read through
/// any link (`logo.png -> /proc/self/environ` published the environment, `assets -> ~/.ssh`
/// private keys) and a 0600 file came out 0644.
@Suite struct SiteAssetTests {
    static let prose = """
    # Notes

    ![logo](logo.png)
    ![key](assets/id_rsa)

    ![secret](secret.png)
    ![pipe](pipe.png)
    ![shared](shared.png) ![plain](plain.png)

    """

    @Test func onlyPublicRegularFilesInsideTheTreeAreCopied() throws {
        let folder = try SessionFolder(["course/notes.md": Self.prose, "course/plain.png": "plain", "course/secret.png": "secret",
                                        "course/real/shared.png": "shared", "ssh/id_rsa": "PRIVATE KEY"])
        defer { folder.remove() }
        let course = folder.path + "/course"
        let files = FileManager.default
        try files.createSymbolicLink(atPath: course + "/logo.png", withDestinationPath: "/proc/self/environ")
        try files.createSymbolicLink(atPath: course + "/assets", withDestinationPath: folder.path + "/ssh")
        try files.createSymbolicLink(atPath: course + "/shared.png", withDestinationPath: "real/shared.png")
        #expect(chmod(folder.path + "/ssh/id_rsa", 0o644) == 0)
        #expect(chmod(course + "/secret.png", 0o600) == 0)
        #expect(chmod(course + "/plain.png", 0o644) == 0)
        #expect(mkfifo(course + "/pipe.png", 0o644) == 0)
        var (session, output) = folder.session(["course/notes.md"])
        session.siteDirectory = folder.path + "/site"
        #expect(session.run() == .passed)
        let page = folder.path + "/site/notes.html"
        let pageFolder = (page as NSString).deletingLastPathComponent
        // Copied: a public file, and a link that stays inside the tree.
        #expect(try String(contentsOfFile: pageFolder + "/plain.png", encoding: .utf8) == "plain")
        #expect(try String(contentsOfFile: pageFolder + "/shared.png", encoding: .utf8) == "shared")
        for name in ["logo.png", "assets/id_rsa", "secret.png", "pipe.png"] {
            #expect(!files.fileExists(atPath: pageFolder + "/" + name), "\(name) was copied")
        }
        // The page keeps each link; each image left out is a warning at its line.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("src=\"logo.png\"") && html.contains("src=\"secret.png\""))
        let notes = course + "/notes.md"
        let expected = [
            "labrunner: warning: \(notes):3: image logo.png not copied: it resolves to /proc/",
            "labrunner: warning: \(notes):4: image assets/id_rsa not copied: it resolves to \(folder.path)/ssh/id_rsa, outside \(course), the folder of the site's files (through a symbolic link)",
            "labrunner: warning: \(notes):6: image secret.png not copied: its mode is 600: others may not read it, so it is not published; make it readable by others (chmod o+r) to copy it",
            "labrunner: warning: \(notes):7: image pipe.png not copied: it is not a regular file",
        ]
        for line in expected { #expect(output.stderr.contains(line), "\(output.stderr)") }
        #expect(!output.stderr.contains("shared.png") && !output.stderr.contains("plain.png"), "\(output.stderr)")
    }
}
