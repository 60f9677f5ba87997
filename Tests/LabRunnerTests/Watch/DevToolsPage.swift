import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A page held open in headless Chromium, read through the DevTools protocol (a WebSocket on
/// loopback): enough to evaluate an expression in the page while it stays open, which
/// `--dump-dom` cannot do for a page holding an event stream.
final class DevToolsPage {
    let browser: Process
    private var socket: LoopbackClient?
    private var nextID = 1

    /// Opens `url` in a browser with a profile in `folder`; nil (after stopping it) when its
    /// DevTools endpoint or the page did not appear.
    init?(url: String, folder: String) throws {
        guard let chromium = Chromium.path else { return nil }
        let profile = folder + "/profile"
        let (browser, port) = try Chromium.launchWithDevTools(chromium, profile: profile, url: url)
        self.browser = browser
        var target: String?
        if let port {
            _ = waitUntil(timeout: 30) {
                let list = (try? DevToolsBrowser.request("GET", "/json/list", port: port)) ?? ""
                target = list.components(separatedBy: "\"webSocketDebuggerUrl\": \"ws://127.0.0.1:\(port)").dropFirst().first?
                    .split(separator: "\"").first.map(String.init)
                return target != nil
            }
        }
        guard let port, let target, let client = LoopbackClient(port: port) else {
            stop()
            return nil
        }
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        guard client.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101") else {
            stop()
            return nil
        }
        socket = client
    }

    /// The value of `expression` evaluated in the page, as JSON text of the protocol's reply.
    func evaluate(_ expression: String) -> String {
        guard let socket else { return "" }
        let id = nextID
        nextID += 1
        let escaped = expression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        send("{\"id\":\(id),\"method\":\"Runtime.evaluate\",\"params\":{\"expression\":\"\(escaped)\",\"returnByValue\":true}}", on: socket)
        while true {
            guard let message = readFrame(from: socket) else { return "" }
            if message.hasPrefix("{\"id\":\(id),") { return message }
        }
    }

    func stop() {
        if browser.isRunning {
            browser.terminate()
            browser.waitUntilExit()
        }
    }

    deinit { stop() }

    private func send(_ text: String, on client: LoopbackClient) { WebSocketFrames.send(text, on: client) }

    private func readFrame(from client: LoopbackClient) -> String? { WebSocketFrames.read(from: client) }
}
