import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A page held open in headless Chromium, read through the DevTools protocol (a WebSocket on
/// loopback): enough to evaluate an expression in the page while it stays open, which
/// `--dump-dom` cannot do for a page holding an event stream. A tab of its own in the test
/// process's one browser (`Chromium.shared()`), closed by `stop()`.
final class DevToolsPage {
    private let browser: DevToolsBrowser
    private let tab: String
    private var socket: LoopbackClient?
    private var nextID = 1
    private var closed = false

    /// Opens `url` in a new tab (the tab starts on about:blank, then navigates: the caller waits
    /// for the page itself); nil where Chromium is not installed, or (after closing the tab)
    /// when the tab's DevTools connection did not open.
    init?(url: String) throws {
        guard let browser = try Chromium.shared() else { return nil }
        self.browser = browser
        let (tab, path) = try browser.newTab()
        self.tab = tab
        guard let client = LoopbackClient(port: browser.port) else {
            stop()
            return nil
        }
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(browser.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        guard client.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101") else {
            stop()
            return nil
        }
        socket = client
        let navigate = try JSONSerialization.data(withJSONObject: ["id": 0, "method": "Page.navigate", "params": ["url": url]])
        guard call(0, String(decoding: navigate, as: UTF8.self)).contains("\"frameId\"") else {
            stop()
            return nil
        }
    }

    /// The value of `expression` evaluated in the page, as JSON text of the protocol's reply.
    func evaluate(_ expression: String) -> String {
        let id = nextID
        nextID += 1
        let escaped = expression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return call(id, "{\"id\":\(id),\"method\":\"Runtime.evaluate\",\"params\":{\"expression\":\"\(escaped)\",\"returnByValue\":true}}")
    }

    /// Sends `command` (whose id is `id`) and returns the reply's text; "" if the connection ended.
    private func call(_ id: Int, _ command: String) -> String {
        guard let socket else { return "" }
        send(command, on: socket)
        while true {
            guard let message = readFrame(from: socket) else { return "" }
            if message.hasPrefix("{\"id\":\(id),") { return message }
        }
    }

    /// Closes the tab (and its connection). Safe to call more than once.
    func stop() {
        socket = nil
        if !closed { browser.closeTab(tab) }
        closed = true
    }

    deinit { stop() }

    private func send(_ text: String, on client: LoopbackClient) { WebSocketFrames.send(text, on: client) }

    private func readFrame(from client: LoopbackClient) -> String? { WebSocketFrames.read(from: client) }
}
