import Foundation

/// The server-sent-events side of `watch --serve`: the open pages, each a connection that stays
/// open, told `event: run` with `data: LAB GENERATION` when a lab's run finishes. A page that
/// closes leaves at once (its serving thread sees the end of its connection); one that stops
/// reading leaves when a write to it fails.
package final class EventStream: Sendable {
    /// Open pages at most; a stream past it is closed at once, and its browser retries later.
    package let limit: Int
    private let clients = LockedValue<[HTTPConnection]>([])

    package init(limit: Int = 32) { self.limit = limit }

    /// The response head of `GET /events`.
    static let head = HTTPResponse(status: .ok, headers: [("Content-Type", "text/event-stream; charset=utf-8"),
                                                           ("Connection", "keep-alive")])

    /// Serves `connection` as a stream until its page goes away (or, when the stream is full,
    /// not at all): sends it `greeting` (the current state, so a page that reconnects catches
    /// up), then waits on the calling thread for the page to close.
    package func serve(_ connection: HTTPConnection, greeting: [(event: String, data: String)]) {
        guard add(connection, greeting: greeting) else { return }
        connection.waitForPeerClose()
        remove(connection)
    }

    /// Takes over `connection` and sends it `greeting`; false when the stream is full.
    func add(_ connection: HTTPConnection, greeting: [(event: String, data: String)]) -> Bool {
        let admitted = clients.withLock { clients in
            guard clients.count < limit else { return false }
            clients.append(connection)
            return true
        }
        guard admitted else { return false }
        // A browser retries a dropped stream after this many milliseconds.
        var text = "retry: 500\n\n"
        for (event, data) in greeting { text += Self.frame(event: event, data: data) }
        if !connection.write(Array(text.utf8)) { remove(connection) }
        return true
    }

    /// Sends one event to every open page, dropping the ones that are gone.
    package func send(event: String, data: String) {
        broadcast(Array(Self.frame(event: event, data: data).utf8))
    }

    /// A comment line every page ignores: finds the connections of closed pages.
    package func ping() {
        broadcast(Array(": ping\n\n".utf8))
    }

    package var count: Int { clients.withLock { $0.count } }

    /// `event: NAME`, a `data:` line per line of `data`, a blank line.
    static func frame(event: String, data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    private func broadcast(_ bytes: [UInt8]) {
        let current = clients.withLock { $0 }
        for connection in current where !connection.write(bytes) { remove(connection) }
    }

    /// Shut down, not closed: the connection's own thread, waiting for its page, closes it.
    private func remove(_ connection: HTTPConnection) {
        connection.shutdown()
        clients.withLock { $0.removeAll { $0 === connection } }
    }
}
