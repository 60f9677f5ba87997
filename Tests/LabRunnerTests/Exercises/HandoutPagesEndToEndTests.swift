import Foundation
import Testing
@testable import LabRunner

/// Students' pages: the handout (`student`) published with `html` holds no solution and no
/// hidden check, shows the stub's marker, and its hints collapsed.
struct HandoutPagesEndToEndTests {
    @Test func handoutPagesHoldNoSolutionAndNoHiddenCheck() throws {
        // At a stable path, so the handout `student` checks (named by its path) and the pages'
        // run of it come from the tests' shared cache from the second `swift test` on.
        let folder = try LabRunnerCLI.stableFolder(name: "handout-pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = LabRunnerCLI.fixtures + "/exercises/points"
        let handout = try LabRunnerCLI.run(["student", "key.md", "-o", folder + "/handout"], in: fixtures)
        #expect(handout.status == 0, "\(handout.stdout)\(handout.stderr)")
        let pages = try LabRunnerCLI.run(["html", "handout", "-o", "pages"], in: folder)
        // The handout fails its exercises (not done yet), so `html` exits 1; the pages are written.
        #expect(pages.status == 1, "\(pages.stdout)\(pages.stderr)")
        let page = try String(contentsOfFile: folder + "/pages/handout/key.html", encoding: .utf8)
        #expect(page.contains("YOUR CODE HERE"))
        #expect(page.contains("describe"))
        for secret in ["SOLUTION", "guard let names else", "joined(separator: \", \")", "Edsger", "hidden check"] {
            #expect(!page.contains(secret), "the students' page shows '\(secret)'")
        }
    }
}
