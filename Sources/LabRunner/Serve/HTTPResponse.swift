/// A response the notebook server writes whole, then closes the connection.
package struct HTTPResponse: Sendable {
    package enum Status: Int, Sendable {
        case ok = 200
        case badRequest = 400
        case forbidden = 403
        case notFound = 404
        case methodNotAllowed = 405
        case requestTimeout = 408
        case misdirected = 421
        case headersTooLarge = 431
        case unavailable = 503

        package var reason: String {
            switch self {
            case .ok: "OK"
            case .badRequest: "Bad Request"
            case .forbidden: "Forbidden"
            case .notFound: "Not Found"
            case .methodNotAllowed: "Method Not Allowed"
            case .requestTimeout: "Request Timeout"
            case .misdirected: "Misdirected Request"
            case .headersTooLarge: "Request Header Fields Too Large"
            case .unavailable: "Service Unavailable"
            }
        }
    }

    package var status: Status
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Status, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text error page.
    package static func error(_ status: Status) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                    body: Array("\(status.rawValue) \(status.reason)\n".utf8))
        if status == .methodNotAllowed { response.headers.append(("Allow", "GET")) }
        return response
    }

    /// Headers every response carries: nothing cached, nothing sniffed, no framing, no referrer.
    static let common: [(String, String)] = [
        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]

    /// The status line and headers; with `length`, a Content-Length and `Connection: close`.
    func head(streaming: Bool) -> [UInt8] {
        var lines = ["HTTP/1.1 \(status.rawValue) \(status.reason)"]
        for (name, value) in Self.common + headers { lines.append("\(name): \(value)") }
        if !streaming {
            lines.append("Content-Length: \(body.count)")
            lines.append("Connection: close")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The whole response, ready to write.
    package var bytes: [UInt8] { head(streaming: false) + body }
}
