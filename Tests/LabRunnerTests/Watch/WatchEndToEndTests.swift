import Foundation
import Testing
@testable import LabRunner

/// `labrunner watch --serve 0` as a user runs it, on a temporary copy of a small lab: the lab is
/// saved with a cell printing something else, and the tool prints the change, the server sends
/// the event and serves the new verdict (and, where Chromium is installed, a page held open in it
/// shows the new verdict without a reload); then Ctrl-C, and no process of the tool is left.
@Suite(.serialized) struct WatchEndToEndTests {
    static let lab = """
    ---
    title: Watch fixture
    ---
    ```swift
    print("one")
    ```
    ```output
    one
    ```

    """

    /// The tool running in `folder`, its output collected in files the test reads as it goes.
    final class Watch {
        let process = Process()
        let folder: String
        var stdout: String { (try? String(contentsOfFile: folder + "/stdout.txt", encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: folder + "/stderr.txt", encoding: .utf8)) ?? "" }

        init(_ arguments: [String], in folder: String) throws {
            self.folder = folder
            _ = FileManager.default.createFile(atPath: folder + "/stdout.txt", contents: nil)
            _ = FileManager.default.createFile(atPath: folder + "/stderr.txt", contents: nil)
            process.executableURL = URL(fileURLWithPath: LabRunnerCLI.binary)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = LabRunnerCLI.environment()
            process.standardOutput = FileHandle(forWritingAtPath: folder + "/stdout.txt")
            process.standardError = FileHandle(forWritingAtPath: folder + "/stderr.txt")
            try process.run()
        }

        /// Waits (up to `guard` seconds, a hang guard) until stdout contains `text`.
        @discardableResult
        func waitFor(_ text: String, guard seconds: Double = 120) async -> Bool {
            _ = await pollUntil(timeout: seconds) { self.stdout.contains(text) || !self.process.isRunning }
            return stdout.contains(text)
        }

        /// Ctrl-C, as a terminal sends it; then which of the processes the tool had started
        /// (its supervisor, any compile or run) are still alive once it is gone.
        func interrupt() -> (status: Int32, leftBehind: [pid_t]) {
            let pid = process.processIdentifier
            let started = WatchEndToEndTests.descendants(of: pid)
            kill(pid, SIGINT)
            process.waitUntilExit()
            // The supervisor ends when the tool's pipe closes: give it a moment (a hang guard).
            _ = waitUntil(timeout: 10) { started.allSatisfy { !WatchEndToEndTests.isAlive($0) } }
            return (process.terminationStatus, started.filter(WatchEndToEndTests.isAlive))
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    @Test func printsTheChangeServesTheNewVerdictAndStopsCleanly() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.lab.write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        let watch = try Watch(["watch", "--serve", "0", "lab.md"], in: folder)
        #expect(await watch.waitFor("Ctrl-C stops"), "\(watch.stdout)\n\(watch.stderr)")
        let port = try #require(Self.port(in: watch.stdout), "\(watch.stdout)")
        #expect(watch.stdout.contains("3 passed, 0 failed"))
        #expect(watch.stdout.hasPrefix("serving http://127.0.0.1:\(port)/\n  http://127.0.0.1:\(port)/lab/1  lab.md\n"), "\(watch.stdout)")
        #expect(watch.stdout.contains("watching 1 file; pages on http://127.0.0.1:\(port)/; Ctrl-C stops"))

        let events = try #require(LoopbackClient(port: port))
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(events.readEvents(until: "data: 1 1\n\n").contains("event: run\ndata: 1 1\n\n"))

        try Self.save(folder + "/lab.md", Self.lab.replacingOccurrences(of: "print(\"one\")", with: "print(\"two\")"))
        #expect(await watch.waitFor("+two"), "\(watch.stdout)")
        #expect(watch.stdout.contains("lab.md  0 passed, 3 failed  "))
        #expect(watch.stdout.contains("s from save to verdict\n"))
        // The same diff in every scenario, printed once, naming them.
        #expect(watch.stdout.contains("  now fails   lab.md:4 in mock, empty, failing\n        lab.md:7: output differs in scenarios mock, empty, failing"))
        #expect(watch.stdout.components(separatedBy: "+two").count == 2, "\(watch.stdout)")
        // Told when the run started (the page shows it running), then when it finished.
        #expect(events.readEvents(until: "data: 1 2\n\n").contains("event: running\ndata: 1\n\nevent: run\ndata: 1 2\n\n"))
        let page = LoopbackClient.get("/lab/1", port: port)
        // The notebook page `labrunner html` writes, with the cell's one panel (every scenario printed the same) now failing.
        #expect(page.contains("data-scenarios=\"mock empty failing\" data-status=\"fail\""), "\(page)")
        #expect(page.contains("<span class=\"ln\""), "not the notebook page: \(page)")
        #expect(page.contains("two"), "\(page)")

        let started = Self.descendants(of: watch.process.processIdentifier)
        let (status, left) = watch.interrupt()
        #expect(status == 130, "\(watch.stderr)")
        #expect(left == [], "processes left behind")
        #expect(!started.isEmpty, "the tool's supervisor was not seen")
        #expect(LoopbackClient(port: port) == nil, "still listening")
    }

    @Test(.enabled(if: Chromium.isAvailable,
                   "headless Chromium (`chromium`) is not installed: the live page is not checked in a browser"))
    func anOpenPageShowsTheNewVerdictWithoutAReload() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.lab.write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        let watch = try Watch(["watch", "--serve", "0", "lab.md"], in: folder)
        defer { _ = watch.interrupt() }
        #expect(await watch.waitFor("Ctrl-C stops"), "\(watch.stdout)\n\(watch.stderr)")
        let port = try #require(Self.port(in: watch.stdout))
        let page = try #require(try DevToolsPage(url: "http://127.0.0.1:\(port)/lab/1"), "Chromium did not open the page")
        defer { page.stop() }
        let statusOfMock = "document.querySelector('[data-scenarios~=mock]').getAttribute('data-status')"
        // Saved only once the page listens, so it must be updated in place, not loaded anew.
        #expect(await pollUntil(timeout: 60) { LoopbackClient.get("/", port: port).contains("1 page listening") })
        #expect(page.evaluate(statusOfMock).contains("\"value\":\"pass\""))
        try Self.save(folder + "/lab.md", Self.lab.replacingOccurrences(of: "print(\"one\")", with: "print(\"two\")"))
        #expect(await watch.waitFor("+two"))
        #expect(await pollUntil(timeout: 30) { page.evaluate(statusOfMock).contains("\"value\":\"fail\"") }, "\(page.evaluate(statusOfMock))")
        // The page was swapped in place (the mark stays on <html>), not reloaded.
        #expect(page.evaluate("document.documentElement.getAttribute('data-labrunner-updates')").contains("\"value\":\"1\""))
        #expect(page.evaluate("document.querySelector('[data-scenarios~=mock]').textContent").contains("two"))
    }

    /// Saves as editors do: a new file renamed over the old one.
    static func save(_ path: String, _ text: String) throws {
        try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        guard rename(path + ".tmp", path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The port of `serving http://127.0.0.1:PORT/`.
    static func port(in output: String) -> UInt16? {
        guard let range = output.range(of: "serving http://127.0.0.1:") else { return nil }
        return UInt16(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// Every process below `pid` (from /proc; none where there is no /proc).
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let candidate = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { continue }
            let fields = stat[close.upperBound...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[candidate] = parent }
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next && $0.key != pid && !found.contains($0.key) }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Alive and not a zombie.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ")", options: .backwards) else { return true }
        return !stat[close.upperBound...].hasPrefix(" Z")
    }
}
