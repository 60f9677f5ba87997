import Foundation
@testable import LabRunner

/// Headless Chromium for the browser tests: Debian's `chromium` (or `$CHROMIUM`), found on PATH.
/// As root it needs `--no-sandbox`. `--dump-dom` prints the DOM after the page's scripts ran.
enum Chromium {
    static let path: String? = {
        if let explicit = ProcessInfo.processInfo.environment["CHROMIUM"], ExecutableSearch.isExecutableFile(explicit) { return explicit }
        let search = ProcessInfo.processInfo.environment["PATH"]
        return ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { ExecutableSearch.find($0, path: search) }.first
    }()

    static var isAvailable: Bool { path != nil }

    static func arguments(_ extra: [String]) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"] + extra
    }

    /// A profile of the test run's own, so nothing reads or writes the user's.
    static let profile: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-chromium-\(getpid())").path
        atexit {
            let parent = FileManager.default.temporaryDirectory.path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
            where name.hasPrefix("labrunner-chromium-\(getpid())") {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
        return folder
    }()

    /// The DOM of each page after its scripts ran, from one browser, in two tabs that each load
    /// every other page in turn. With `virtualTimeBudget` (milliseconds), timers and `<meta
    /// http-equiv="refresh">` get that much virtual time first, so a page that navigates away is
    /// dumped after it did.
    static func dumpDOM(_ files: [String], virtualTimeBudget: Int? = nil) throws -> [String: String] {
        try withBrowser { try dumpDOM(files, virtualTimeBudget: virtualTimeBudget, in: $0) } ?? [:]
    }

    /// `body` given the test process's one browser (`shared()`); nil where Chromium is not installed.
    static func withBrowser<T>(_ body: (DevToolsBrowser) throws -> T) throws -> T? {
        guard let browser = try shared() else { return nil }
        return try body(browser)
    }

    /// The one Chromium of the test process, started on first use and shared by every browser
    /// test, each page in a tab of its own (a launch costs about half a second of CPU, and the
    /// suites launched one each). Started again if it ended. Nil where Chromium is not installed.
    /// It ends when the test process does: the exit hook stops it and waits for it (before the
    /// profile is removed), and `ChromiumProcess`'s watchdog ends it when the process is killed.
    static func shared() throws -> DevToolsBrowser? {
        guard let path else { return nil }
        return try sharedBrowser.withLock { browser in
            if let running = browser, running.isRunning { return running }
            browser?.stop()
            // Registered after the profile's hook, so it runs before it (atexit runs in reverse).
            _ = profile
            _ = stopSharedAtExit
            let started = try DevToolsBrowser(chromium: path, profile: "\(profile)-\(UUID().uuidString)")
            browser = started
            return started
        }
    }

    private static let sharedBrowser = LockedValue<DevToolsBrowser?>(nil)

    private static let stopSharedAtExit: Void = {
        atexit { Chromium.sharedBrowser.withLock { $0?.stop() } }
    }()

    /// `dumpDOM(_:virtualTimeBudget:)` in a browser already started.
    static func dumpDOM(_ files: [String], virtualTimeBudget: Int? = nil, in browser: DevToolsBrowser) throws -> [String: String] {
        let results = LockedValue([String: String]())
        let failures = LockedValue([String]())
        let tabs = (0..<2).map { tab in stride(from: tab, to: files.count, by: 2).map { files[$0] } }.filter { !$0.isEmpty }
        Parallel.forEach(tabs.count, width: 2) { index in
            let pages = tabs[index]
            do {
                let doms = try browser.doms(of: pages.map { URL(fileURLWithPath: $0).absoluteString }, virtualTimeBudget: virtualTimeBudget)
                results.withLock { for (file, dom) in zip(pages, doms) { $0[file] = dom } }
            } catch {
                failures.withLock { $0.append("\(pages.joined(separator: ", ")): \(error)") }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw ChromiumError.failed(failure) }
        return results.withLock { $0 }
    }

    /// Starts Chromium (under `ChromiumProcess`'s watchdog) on `url` with `profile` as its
    /// profile folder and its DevTools endpoint on a port of its choosing; the running browser,
    /// and the port once Chromium has written it (nil if it did not within 60 s, or the browser
    /// ended: the caller stops it).
    static func launchWithDevTools(_ chromium: String, profile: String, url: String) throws -> (ChromiumProcess, UInt16?) {
        let browser = try ChromiumProcess(chromium, arguments: arguments(["--user-data-dir=\(profile)", "--remote-debugging-port=0", url]),
                                          folder: profile)
        var port: UInt16?
        _ = waitUntil(timeout: 60) {
            let text = (try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8)) ?? ""
            port = text.split(separator: "\n").first.flatMap { UInt16($0) }
            return port != nil || !browser.isRunning
        }
        return (browser, port)
    }

    enum ChromiumError: Error { case failed(String) }
}

extension StringProtocol {
    /// Whether the regular expression `pattern` matches somewhere in the text.
    func containsPattern(_ pattern: String) -> Bool {
        let text = String(self)
        return (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
