import Foundation

/// A Jupyter connection file: where the kernel's five sockets listen and the key that signs
/// messages (jupyter-client.readthedocs.io, "Connection files").
package struct JupyterConnectionInfo: Sendable, Equatable {
    package let transport: String
    package let ip: String
    package let shellPort: UInt16
    package let iopubPort: UInt16
    package let stdinPort: UInt16
    package let controlPort: UInt16
    package let heartbeatPort: UInt16
    /// Empty: messages are not signed (Jupyter allows it; nothing the tool writes does that).
    package let key: [UInt8]

    /// Reads the file's JSON; a message in swiftc's style says what is wrong.
    package init(json bytes: [UInt8], path: String) throws(ServeError) {
        guard let object = JupyterJSONParser.parse(bytes), object.object != nil else {
            throw ServeError(description: "\(path): error: not a JSON object")
        }
        func port(_ name: String) throws(ServeError) -> UInt16 {
            guard let number = object[name]?.int, let port = UInt16(exactly: number) else {
                throw ServeError(description: "\(path): error: '\(name)' is missing or not a port number")
            }
            return port
        }
        transport = object["transport"]?.string ?? "tcp"
        guard transport == "tcp" || transport == "ipc" else {
            throw ServeError(description: "\(path): error: transport '\(transport)' is not supported (tcp or ipc)")
        }
        ip = object["ip"]?.string ?? "127.0.0.1"
        shellPort = try port("shell_port")
        iopubPort = try port("iopub_port")
        stdinPort = try port("stdin_port")
        controlPort = try port("control_port")
        heartbeatPort = try port("hb_port")
        key = Array((object["key"]?.string ?? "").utf8)
        let scheme = object["signature_scheme"]?.string ?? "hmac-sha256"
        guard scheme == "hmac-sha256" else {
            throw ServeError(description: "\(path): error: signature scheme '\(scheme)' is not supported (hmac-sha256)")
        }
    }

    /// Where the socket of `port` listens: `ip:port` over TCP, the file `ip-port` over IPC (as
    /// jupyter_client names them).
    package func endpoint(_ port: UInt16) -> ZMQEndpoint {
        transport == "ipc" ? .ipc(path: "\(ip)-\(port)") : .tcp(host: ip, port: port)
    }
}
