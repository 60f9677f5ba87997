import Foundation

/// What a kernel does with the requests its sockets receive: the session, apart from the wire.
package protocol JupyterKernelHandler: Sendable {
    /// A request of the shell channel; they come one at a time, in order.
    func handleShell(_ request: JupyterMessage, _ replier: JupyterReplier)
    /// A request of the control channel, handled while a shell request may still be running.
    func handleControl(_ request: JupyterMessage, _ replier: JupyterReplier)
}

/// Answers one request: replies on the socket it came from, publishes on iopub with it as the
/// parent.
package struct JupyterReplier: Sendable {
    let server: JupyterKernelServer
    let request: JupyterMessage
    let connection: ZMTPConnection
    /// The order the request arrived in among the kernel's shell and control requests.
    package let sequence: Int

    /// The sequence number of the last request received so far (queued ones included).
    package var latestSequence: Int { server.received.withLock { $0 } }

    package func reply(_ type: String, _ content: JupyterJSON, metadata: JupyterJSON = .object([:])) {
        var message = JupyterMessage(identities: request.identities, header: JupyterMessage.header(type: type, session: server.session),
                                     parentHeader: request.header, metadata: metadata, content: content)
        message.identities = request.identities
        connection.send(server.wire.encode(message))
    }

    package func publish(_ type: String, _ content: JupyterJSON) {
        server.publish(type, content, parent: request.header)
    }
}

/// The kernel's five sockets (jupyter-client.readthedocs.io, "Messaging in Jupyter"): shell,
/// control and stdin as ROUTER sockets, iopub as PUB, the heartbeat echoing as REP. Every
/// request's signature is checked before its JSON is read; one that fails is logged and dropped.
/// Each request is framed by `status` busy and idle on iopub.
package final class JupyterKernelServer: Sendable {
    package let session = UUID().uuidString.lowercased()
    let wire: JupyterWire
    private let listeners: [(channel: String, listener: ZMQListener)]
    private let subscribers = LockedValue<[ObjectIdentifier: ZMTPConnection]>([:])
    private let shellQueue = DispatchQueue(label: "labrunner.kernel.shell")
    private let controlQueue = DispatchQueue(label: "labrunner.kernel.control")
    private let log: @Sendable (String) -> Void
    /// Requests received, counted as they arrive (before they wait for their queue).
    let received = LockedValue(0)

    /// Binds every socket the connection file names.
    package init(_ info: JupyterConnectionInfo, log: @escaping @Sendable (String) -> Void) throws(ServeError) {
        wire = JupyterWire(key: info.key)
        self.log = log
        listeners = [
            ("shell", try ZMQListener(info.endpoint(info.shellPort), socketType: "ROUTER")),
            ("control", try ZMQListener(info.endpoint(info.controlPort), socketType: "ROUTER")),
            ("stdin", try ZMQListener(info.endpoint(info.stdinPort), socketType: "ROUTER")),
            ("iopub", try ZMQListener(info.endpoint(info.iopubPort), socketType: "PUB")),
            ("hb", try ZMQListener(info.endpoint(info.heartbeatPort), socketType: "REP")),
        ]
    }

    /// Where each channel listens, by name (a test's connection file asks for port 0).
    package var endpoints: [String: ZMQEndpoint] {
        Dictionary(uniqueKeysWithValues: listeners.map { ($0.channel, $0.listener.endpoint) })
    }

    /// Starts serving; returns at once.
    package func start(_ handler: any JupyterKernelHandler) {
        for (channel, listener) in listeners {
            listener.start({ [self] connection in
                switch channel {
                case "hb": echo(connection)
                case "iopub": subscribe(connection)
                case "shell": requests(from: connection, channel: channel, queue: shellQueue, handle: handler.handleShell)
                case "control": requests(from: connection, channel: channel, queue: controlQueue, handle: handler.handleControl)
                default: requests(from: connection, channel: channel, queue: nil, handle: { _, _ in })
                }
            }, log: log)
        }
    }

    /// Sends a message to every iopub subscriber; its topic is the message type.
    package func publish(_ type: String, _ content: JupyterJSON, parent: JupyterJSON) {
        var message = JupyterMessage(header: JupyterMessage.header(type: type, session: session), parentHeader: parent, content: content)
        message.identities = [Array("kernel.\(session).\(type)".utf8)]
        let parts = wire.encode(message)
        for connection in subscribers.withLock({ Array($0.values) }) { connection.send(parts) }
    }

    private func echo(_ connection: ZMTPConnection) {
        while case .message(let parts) = connection.readMessage() { connection.send(parts) }
    }

    /// Keeps a subscriber until it leaves; what it sends (subscriptions) does not change what it
    /// gets: Jupyter's clients subscribe to everything.
    private func subscribe(_ connection: ZMTPConnection) {
        let id = ObjectIdentifier(connection)
        subscribers.withLock { $0[id] = connection }
        while true {
            if case .closed = connection.readMessage() { break }
        }
        subscribers.withLock { $0[id] = nil }
    }

    private func requests(from connection: ZMTPConnection, channel: String, queue: DispatchQueue?,
                          handle: @escaping @Sendable (JupyterMessage, JupyterReplier) -> Void) {
        while true {
            switch connection.readMessage() {
            case .closed(let reason):
                if reason != "the peer left" { log("\(channel): connection closed: \(reason)") }
                return
            case .dropped(let reason):
                log("\(channel): message dropped: \(reason)")
            case .message(let parts):
                switch wire.decode(parts) {
                case .failure(let error):
                    log("\(channel): message dropped: \(error)")
                case .success(let request):
                    guard let queue else { continue }
                    let sequence = received.withLock { count -> Int in count += 1; return count }
                    let replier = JupyterReplier(server: self, request: request, connection: connection, sequence: sequence)
                    queue.async { [self] in
                        publish("status", .object(["execution_state": .string("busy")]), parent: request.header)
                        handle(request, replier)
                        publish("status", .object(["execution_state": .string("idle")]), parent: request.header)
                    }
                }
            }
        }
    }
}
