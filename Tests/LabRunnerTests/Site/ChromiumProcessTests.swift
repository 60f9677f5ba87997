import Foundation
import Testing

/// The browser tests' watchdog (`ChromiumProcess`) with a stand-in for Chromium (`sh` sleeping):
/// `stop()` ends the stand-in and the watchdog, also from a test's thread, whose blocked
/// signals a `Process`-spawned watchdog inherited (its `wait` never woke, and the browser
/// outlived `stop()`); and a browser that ends by itself ends its watchdog. No Chromium needed.
struct ChromiumProcessTests {
    /// Whether a process whose command line holds `marker` is running (not a zombie).
    static func running(_ marker: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).contains { entry in
            guard Int32(entry) != nil, let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  String(decoding: command, as: UTF8.self).contains(marker),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { return false }
            return !stat[close.upperBound...].hasPrefix(" Z")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "needs /proc to see the stand-in"))
    func stopEndsTheBrowserAndItsWatchdog() throws {
        let marker = "labrunner-watchdog-test-\(UUID().uuidString)"
        let browser = try ChromiumProcess("/bin/sh", arguments: ["-c", "sleep 600", marker])
        #expect(waitUntil(timeout: 30) { Self.running(marker) }, "the stand-in did not start")
        #expect(browser.isRunning)
        browser.stop()
        #expect(!browser.isRunning, "the watchdog outlived stop()")
        #expect(waitUntil(timeout: 30) { !Self.running(marker) }, "the stand-in outlived stop()")
        browser.stop()  // a second stop is harmless
    }

    @Test func aBrowserThatEndsEndsItsWatchdog() throws {
        let browser = try ChromiumProcess("/bin/sh", arguments: ["-c", "exit 0"])
        #expect(waitUntil(timeout: 30) { !browser.isRunning }, "the watchdog outlived its browser")
    }
}
