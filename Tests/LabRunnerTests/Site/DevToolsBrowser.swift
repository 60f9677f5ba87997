import Foundation

/// One headless Chromium for many pages, driven through the DevTools protocol (a WebSocket on
/// loopback): pages are opened in its tabs and their DOM read as `--dump-dom` reads it,
/// `document.documentElement.outerHTML` once the page has loaded (and, with a virtual time
/// budget, once that much virtual time has passed on top), or captured as a PNG. Why not `--dump-dom`: it takes one
/// page per launch, and starting Chromium (about half a second of CPU, more of waiting) once per
/// page was most of the browser tests' time.
///
/// Shared across threads, and so across suites (`Chromium.shared()`): each `doms(of:)`,
/// `screenshot(of:)` and `DevToolsPage` has its own tab and connection; the rest never changes.
final class DevToolsBrowser: @unchecked Sendable {
    private let browser: ChromiumProcess
    let port: UInt16

    init(chromium: String, profile: String) throws {
        let (browser, found) = try Chromium.launchWithDevTools(chromium, profile: profile, url: "about:blank")
        guard let found else {
            browser.stop()
            throw Failure.message("Chromium's DevTools endpoint did not appear")
        }
        self.browser = browser
        port = found
    }

    var isRunning: Bool { browser.isRunning }

    /// Ends the browser and waits for it.
    func stop() { browser.stop() }

    deinit { stop() }

    enum Failure: Error { case message(String) }

    /// The DOM of each page of `urls`, in order, read one after another in one new tab closed
    /// afterwards. One tab, not one per page: each new tab started a renderer of its own, about
    /// 0.2 s of CPU, most of what reading a small page cost. Each page is still a new document
    /// (`Page.navigate`): nothing of the one before runs on in it.
    func doms(of urls: [String], virtualTimeBudget: Int?) throws -> [String] {
        let (session, close) = try openTab()
        defer { close() }
        _ = try session.call("Page.enable")
        return try urls.map { try dom(of: $0, virtualTimeBudget: virtualTimeBudget, in: session) }
    }

    /// The DOM of the page at `url`, loaded in the tab of `session`.
    private func dom(of url: String, virtualTimeBudget: Int?, in session: Session) throws -> String {
        // The page before's budget paused virtual time when it ran out: this page's runs again.
        if virtualTimeBudget != nil { _ = try session.call("Emulation.setVirtualTimePolicy", ["policy": "advance"]) }
        // The page before's events were seen; this page's are waited for.
        session.events.subtract(["Page.loadEventFired", "Emulation.virtualTimeBudgetExpired"])
        _ = try session.call("Page.navigate", ["url": url])
        try session.wait(for: "Page.loadEventFired")
        if let virtualTimeBudget {
            // Timers and `<meta http-equiv="refresh">` get this much virtual time after the load,
            // paused while a fetch (a navigation) is pending, as `--virtual-time-budget` gives them.
            _ = try session.call("Emulation.setVirtualTimePolicy", ["policy": "pauseIfNetworkFetchesPending", "budget": virtualTimeBudget])
            try session.wait(for: "Emulation.virtualTimeBudgetExpired")
        }
        let reply = try session.call("Runtime.evaluate", ["expression": "document.documentElement.outerHTML", "returnByValue": true])
        guard let dom = ((reply["result"] as? [String: Any])?["result"] as? [String: Any])?["value"] as? String else {
            throw Failure.message("no DOM for \(url): \(reply)")
        }
        return dom
    }

    /// A PNG of the page at `url` as a window of `width` × `height` CSS pixels shows it (one
    /// device pixel each), in a new tab closed afterwards; `prepare` (JavaScript) runs first,
    /// once the page has loaded and its fonts are ready: to scroll, say.
    func screenshot(of url: String, width: Int, height: Int, prepare: String = "") throws -> [UInt8] {
        let (session, close) = try openTab()
        defer { close() }
        _ = try session.call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        _ = try session.call("Page.enable")
        _ = try session.call("Page.navigate", ["url": url])
        try session.wait(for: "Page.loadEventFired")
        _ = try session.call("Runtime.evaluate", ["expression": "document.fonts.ready.then(() => { \(prepare) })", "awaitPromise": true])
        let reply = try session.call("Page.captureScreenshot", ["format": "png"])
        guard let encoded = (reply["result"] as? [String: Any])?["data"] as? String, let png = Data(base64Encoded: encoded) else {
            throw Failure.message("no screenshot of \(url): \(reply)")
        }
        return [UInt8](png)
    }

    /// A new tab's DevTools session, and what closes the tab.
    private func openTab() throws -> (Session, () -> Void) {
        let (id, path) = try newTab()
        let close = { [self] in closeTab(id) }
        do {
            return (try Session(port: port, path: path), close)
        } catch {
            close()
            throw error
        }
    }

    /// A new blank tab: its id, and the path of its DevTools WebSocket (`/devtools/page/…`).
    func newTab() throws -> (id: String, path: String) {
        let tab = try JSONSerialization.jsonObject(with: Data(request("PUT", "/json/new?about:blank").utf8)) as? [String: Any]
        guard let id = tab?["id"] as? String, let socketURL = tab?["webSocketDebuggerUrl"] as? String,
              let path = socketURL.range(of: "/devtools/").map({ String(socketURL[$0.lowerBound...]) }) else {
            throw Failure.message("no tab: \(String(describing: tab))")
        }
        return (id, path)
    }

    func closeTab(_ id: String) { _ = try? request("GET", "/json/close/\(id)") }

    private func request(_ method: String, _ path: String) throws -> String { try Self.request(method, path, port: port) }

    /// The body of an HTTP request to the DevTools endpoint at `port`, read by its length:
    /// Chromium keeps the connection open (even when asked to close it), so reading to the end
    /// would wait for the socket's hang guard.
    static func request(_ method: String, _ path: String, port: UInt16) throws -> String {
        guard let client = LoopbackClient(port: port) else { throw Failure.message("DevTools endpoint refused") }
        client.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let head = client.read(until: "\r\n\r\n")
        guard let end = head.range(of: "\r\n\r\n") else { throw Failure.message("no response to \(path)") }
        let headers = head[..<end.lowerBound].lowercased()
        let already = Array(head[end.upperBound...].utf8)
        guard let lengthLine = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
            return String(decoding: already, as: UTF8.self) + client.readAll()
        }
        let rest = length > already.count ? client.read(count: length - already.count) ?? [] : []
        return String(decoding: already + rest, as: UTF8.self)
    }

    /// One tab's WebSocket: commands answered by id; events noted by name as they pass.
    private final class Session {
        let socket: LoopbackClient
        var nextID = 1
        var events: Set<String> = []

        init(port: UInt16, path: String) throws {
            guard let socket = LoopbackClient(port: port) else { throw Failure.message("DevTools endpoint refused") }
            socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            guard socket.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101") else { throw Failure.message("no WebSocket at \(path)") }
            self.socket = socket
        }

        func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            let command = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": parameters])
            WebSocketFrames.send(String(decoding: command, as: UTF8.self), on: socket)
            while true {
                let message = try next()
                if message["id"] as? Int == id {
                    if let error = message["error"] { throw Failure.message("\(method): \(error)") }
                    return message
                }
            }
        }

        /// Returns once the event `method` has arrived (before now included).
        func wait(for method: String) throws {
            while !events.contains(method) { _ = try next() }
        }

        /// The next message; an event's name is noted. Each read has the socket's hang guard.
        private func next() throws -> [String: Any] {
            guard let text = WebSocketFrames.read(from: socket) else { throw Failure.message("the DevTools connection ended") }
            let message = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            if let event = message["method"] as? String { events.insert(event) }
            return message
        }
    }
}
