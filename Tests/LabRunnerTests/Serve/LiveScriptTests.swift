import Foundation
import Testing
@testable import LabRunner

/// The live script run in Node against a fake page (`Fixtures/live-script-harness.js`), where
/// Node is installed: the page says so while it cannot get updates, and stops saying so once it
/// can; a run under way shows an indicator until its result is in. (The browser test, `anOpenPageShowsTheNewVerdictWithoutAReload`, runs it in Chromium.)
struct LiveScriptTests {
    static let node: String? = ["node", "nodejs"].lazy.compactMap {
        ExecutableSearch.find($0, path: ProcessInfo.processInfo.environment["PATH"])
    }.first

    @Test(.enabled(if: node != nil, "needs Node.js on PATH"))
    func thePageShowsWhenItCannotGetAnUpdate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-live-script-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("live-script-harness.js").path, toPath: folder + "/harness.js")
        try Data(LivePage.script.utf8).write(to: URL(fileURLWithPath: folder + "/live.js"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = [folder + "/harness.js"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let steps = try JSONDecoder().decode([String?].self, from: data)
        let offline = "Not connected to labrunner watch: this page may be out of date. Reconnecting…"
        let stale = "Could not get this lab's latest run: this page may be out of date. Trying again…"
        let running = "Running…"
        // Loaded; the stream errs; it opens again; a run's page cannot be fetched; it answers
        // 503; it is fetched (and swapped in, once). Then the running indicator: another lab's
        // run; this lab's; its result announced (still running until the page is in); swapped
        // in; running again; a run the page already shows.
        #expect(steps == [nil, offline, nil, stale, stale, nil, "1", nil, running, running, nil, running, nil])
    }
}
