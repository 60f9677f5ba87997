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
        // The folder named roots the site: `handout/key.md` is `pages/key.html`.
        let page = try String(contentsOfFile: folder + "/pages/key.html", encoding: .utf8)
        #expect(page.contains("YOUR CODE HERE"))
        #expect(page.contains("describe"))
        for secret in ["SOLUTION", "guard let names else", "joined(separator: \", \")", "Edsger", "hidden check"] {
            #expect(!page.contains(secret), "the students' page shows '\(secret)'")
        }
    }

    /// Issue 35: `html` of a key published its solutions and hidden checks unlabelled. Now it
    /// refuses (exit 2, before anything runs) until told whom the pages are for: `--student`
    /// pages and notebooks are the handout's (no solution, no hidden check), `--key` ones label them.
    @Test func htmlOfAKeyRefusesUntilToldWhomThePagesAreFor() async throws {
        let folder = try LabRunnerCLI.stableFolder(name: "key-pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/exercises/points/key.md", toPath: folder + "/key.md")
        let refused = try await LabRunnerCLI.run(["html", "--ipynb", "key.md", "-o", "pages"], in: folder)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr == "key.md:10: error: this lab holds solutions (#if SOLUTION) and hidden checks, which its page and notebook "
                + "would publish; choose --student (the handout's page: stubs, no hidden checks) or --key (the instructor's page, "
                + "every solution and hidden check labelled)\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/pages"))

        let student = try await LabRunnerCLI.run(["html", "--student", "--ipynb", "key.md", "-o", "student"], in: folder)
        // The handout's exercises are not done yet: exit 1, pages written.
        #expect(student.status == 1, "\(student.stdout)\(student.stderr)")
        for file in ["student/key.html", "student/key.ipynb"] {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(text.contains("YOUR CODE HERE"), "\(file)")
            for secret in ["SOLUTION", "guard let names else", "joined(separator:", "Edsger", "hidden check", "hidden-check", "instructor only"] {
                #expect(!text.contains(secret), "\(file) shows '\(secret)'")
            }
        }

        let key = try await LabRunnerCLI.run(["html", "--key", "--ipynb", "key.md", "-o", "key"], in: folder)
        #expect(key.status == 0, "\(key.stdout)\(key.stderr)")
        let page = try String(contentsOfFile: folder + "/key/key.html", encoding: .utf8)
        // Issue 35: no page linked its notebook.
        #expect(page.contains("<a class=\"notebook\" href=\"key.ipynb\">Jupyter notebook (key.ipynb)</a>"), "\(page)")
        #expect(page.contains("<p class=\"note key\">Solution (instructor only): the students' copy keeps only the stub of lines 12–17</p>"), "\(page)")
        #expect(page.contains("<p class=\"note key\">Hidden check (instructor only): grading runs it; the students' copy leaves it out</p>"))
        let notebook = try String(contentsOfFile: folder + "/key/key.ipynb", encoding: .utf8)
        #expect(notebook.contains("\"// Solution (instructor only): the students' copy keeps only the stub of lines 12–17\\n\""), "\(notebook)")
        #expect(notebook.contains("\"// Hidden check (instructor only): grading runs it; the students' copy leaves it out\\n\""))
        #expect(notebook.contains("\"hidden-check\""))
    }
}
