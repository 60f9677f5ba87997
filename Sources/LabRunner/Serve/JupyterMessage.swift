import Foundation

/// One message of the Jupyter messaging protocol (5.3): routing identities, the four JSON
/// dictionaries and any binary buffers.
package struct JupyterMessage: Sendable, Equatable {
    package static let protocolVersion = "5.3"
    static let delimiter = Array("<IDS|MSG>".utf8)

    package var identities: [[UInt8]] = []
    package var header: JupyterJSON
    package var parentHeader: JupyterJSON = .object([:])
    package var metadata: JupyterJSON = .object([:])
    package var content: JupyterJSON
    package var buffers: [[UInt8]] = []

    package var type: String { header["msg_type"]?.string ?? "" }

    package init(identities: [[UInt8]] = [], header: JupyterJSON, parentHeader: JupyterJSON = .object([:]),
                 metadata: JupyterJSON = .object([:]), content: JupyterJSON) {
        self.identities = identities
        self.header = header
        self.parentHeader = parentHeader
        self.metadata = metadata
        self.content = content
    }

    /// A header for a new message of `type` from the kernel's `session`.
    package static func header(type: String, session: String) -> JupyterJSON {
        .object([
            "msg_id": .string(UUID().uuidString.lowercased()), "msg_type": .string(type), "session": .string(session),
            "username": .string("labrunner"), "date": .string(timestamp()), "version": .string(protocolVersion),
        ])
    }

    /// ISO 8601 in UTC with microseconds, as Jupyter writes dates.
    static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time_t(time.tv_sec)
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let micro = String(time.tv_nsec / 1000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + String(repeating: "0", count: 6 - micro.count) + micro + "Z"
    }
}

/// Why a multipart message from a peer is not a message the kernel acts on.
package enum JupyterWireError: Error, Equatable, CustomStringConvertible {
    case noDelimiter
    case tooFewParts(Int)
    case badSignature
    case notJSON(String)

    package var description: String {
        switch self {
        case .noDelimiter: "no <IDS|MSG> delimiter"
        case .tooFewParts(let count): "\(count) parts after the delimiter (a message has 5: signature, header, parent header, metadata, content)"
        case .badSignature: "wrong signature"
        case .notJSON(let part): "the \(part) is not a JSON object"
        }
    }
}

/// The wire format: `identities… <IDS|MSG> signature header parent_header metadata content
/// buffers…`, the signature the HMAC-SHA256 of the four JSON parts with the connection's key.
package struct JupyterWire: Sendable {
    package let key: [UInt8]

    package init(key: [UInt8]) { self.key = key }

    /// The message in `parts`, its signature checked before any JSON is read.
    package func decode(_ parts: [[UInt8]]) -> Result<JupyterMessage, JupyterWireError> {
        guard let split = parts.firstIndex(of: JupyterMessage.delimiter) else { return .failure(.noDelimiter) }
        let rest = parts[(split + 1)...]
        guard rest.count >= 5 else { return .failure(.tooFewParts(rest.count)) }
        let signature = rest[rest.startIndex]
        let dictionaries = Array(rest.dropFirst().prefix(4))
        if !key.isEmpty {
            let expected = Array(HMACSHA256.hexSignature(key: key, parts: dictionaries).utf8)
            guard HMACSHA256.constantTimeEqual(signature, expected) else { return .failure(.badSignature) }
        }
        let names = ["header", "parent header", "metadata", "content"]
        var values: [JupyterJSON] = []
        for (part, name) in zip(dictionaries, names) {
            guard let value = JupyterJSONParser.parse(part), value.object != nil else { return .failure(.notJSON(name)) }
            values.append(value)
        }
        var message = JupyterMessage(identities: Array(parts[..<split]), header: values[0], parentHeader: values[1],
                                     metadata: values[2], content: values[3])
        message.buffers = Array(rest.dropFirst(5))
        return .success(message)
    }

    /// The parts of `message`, signed.
    package func encode(_ message: JupyterMessage) -> [[UInt8]] {
        let dictionaries = [message.header.bytes, message.parentHeader.bytes, message.metadata.bytes, message.content.bytes]
        let signature = key.isEmpty ? [] : Array(HMACSHA256.hexSignature(key: key, parts: dictionaries).utf8)
        return message.identities + [JupyterMessage.delimiter, signature] + dictionaries + message.buffers
    }
}
