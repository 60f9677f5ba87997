import Foundation
import Testing

/// The browser tests' watchdog (`ChromiumProcess`) with a stand-in for Chromium (`sh` sleeping):
/// `stop()` ends the stand-in and the watchdog, also from a test's thread, whose blocked
/// signals a `Process`-spawned watchdog inherited (its `wait` never woke, and the browser
/// outlived `stop()`); a browser that ends by itself ends its watchdog; and what the browser left
/// in its folder and its `TMPDIR` goes with the folder. No Chromium needed.
struct ChromiumProcessTests {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-watchdog-\(UUID().uuidString)").path
    }

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
        let browser = try ChromiumProcess("/bin/sh", arguments: ["-c", "sleep 600", marker], folder: Self.folder())
        #expect(waitUntil(timeout: 30) { Self.running(marker) }, "the stand-in did not start")
        #expect(browser.isRunning)
        browser.stop()
        #expect(!browser.isRunning, "the watchdog outlived stop()")
        #expect(waitUntil(timeout: 30) { !Self.running(marker) }, "the stand-in outlived stop()")
        browser.stop()  // a second stop is harmless
    }

    @Test func aBrowserThatEndsEndsItsWatchdog() throws {
        let browser = try ChromiumProcess("/bin/sh", arguments: ["-c", "exit 0"], folder: Self.folder())
        #expect(waitUntil(timeout: 30) { !browser.isRunning }, "the watchdog outlived its browser")
    }

    /// Chromium ended by SIGTERM leaves `org.chromium.Chromium.*` in its `TMPDIR`: a run used to
    /// leave a dozen in /tmp.
    @Test func theBrowsersFolderAndWhatItLeftInTMPDIRGoWithIt() throws {
        let folder = Self.folder(), record = Self.folder()
        let marker = "labrunner-watchdog-test-\(UUID().uuidString)"
        let script = "mkdir \"$TMPDIR/left\" \"$1\" && echo \"$TMPDIR\" > \"$1/tmpdir\" && exec sleep 600"
        let browser = try ChromiumProcess("/bin/sh", arguments: ["-c", script, marker, record], folder: folder)
        defer { try? FileManager.default.removeItem(atPath: record) }
        #expect(waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: record + "/tmpdir") }, "the stand-in did not start")
        let temporary = try String(contentsOfFile: record + "/tmpdir", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(temporary != NSTemporaryDirectory() && FileManager.default.fileExists(atPath: temporary + "/left"))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        browser.stop()
        #expect(!FileManager.default.fileExists(atPath: folder), "the browser's folder outlived it")
        #expect(!FileManager.default.fileExists(atPath: temporary), "its TMPDIR outlived it")
    }
}
