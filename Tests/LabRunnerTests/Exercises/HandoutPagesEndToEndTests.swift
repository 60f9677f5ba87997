import Foundation
import Testing
@testable import LabRunner

/// Students' pages: the handout (`student`) published with `html` holds no solution and no
/// hidden check, shows the stub's marker, and its hints collapsed.
struct HandoutPagesEndToEndTests {
    @Test func handoutPagesHoldNoSolutionAndNoHiddenCheck() async throws {
        // Written as `handout/key.md` from the folder `html` runs in: the handout `student` checks
        // (a lab's path is in its program) is the one the pages' run builds, so it is built once,
        // and from the second `swift test` on it comes from the tests' shared cache.
        let folder = try LabRunnerCLI.stableFolder(name: "handout-pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = LabRunnerCLI.fixtures + "/exercises/points/key.md"
        let handout = try await LabRunnerCLI.run(["student", key, "-o", "handout"], in: folder)
        #expect(handout.status == 0, "\(handout.stdout)\(handout.stderr)")
        let pages = try await LabRunnerCLI.run(["html", "handout", "-o", "pages"], in: folder)
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
