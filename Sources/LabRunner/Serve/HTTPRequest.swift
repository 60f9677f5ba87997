import Foundation

/// The head of an HTTP/1.1 request, as far as the notebook server needs it: a GET of a path.
package struct HTTPRequest: Sendable, Equatable {
    package let method: String
    /// The path, without the query string.
    package let path: String
    /// Header names lowercased.
    package let headers: [String: String]

    /// Why a request is refused before any route sees it, with the status it gets.
    package enum Refusal: Error, Equatable {
        /// Not an HTTP/1.x request line, or a malformed header.
        case malformed
        /// The head is larger than the server reads.
        case tooLarge
        /// Anything but GET.
        case methodNotAllowed(String)

        package var status: HTTPResponse.Status {
            switch self {
            case .malformed: .badRequest
            case .tooLarge: .headersTooLarge
            case .methodNotAllowed: .methodNotAllowed
            }
        }
    }

    /// The most a request head may take; the server never reads more.
    package static let headLimit = 8 * 1024

    /// Where the head ends in `bytes` (the index after its empty line), nil while it has not
    /// arrived. Lines may end with CRLF or a bare LF (RFC 9112 lets a server accept it).
    package static func headEnd(in bytes: [UInt8]) -> Int? {
        let lineFeed: UInt8 = 10, carriageReturn: UInt8 = 13
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: lineFeed) {
            var next = found + 1
            if next < bytes.endIndex, bytes[next] == carriageReturn { next += 1 }
            if next < bytes.endIndex, bytes[next] == lineFeed { return next + 1 }
            index = found + 1
        }
        return nil
    }

    /// Parses a complete head (through its blank line).
    package static func parse(_ head: [UInt8]) throws(Refusal) -> HTTPRequest {
        guard head.count <= headLimit else { throw .tooLarge }
        // Only printable ASCII, tabs and line ends belong in a head.
        guard head.allSatisfy({ (32...126).contains($0) || $0 == 9 || $0 == 13 || $0 == 10 }) else { throw .malformed }
        // A line ends with LF, or CRLF; a CR anywhere else is refused (RFC 9112, 2.2). Split as
        // bytes: to a String, CRLF is one character.
        let byteLines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        guard !byteLines.contains(where: { $0.contains(13) }) else { throw .malformed }
        var lines = byteLines.map { String(decoding: $0, as: UTF8.self) }
        while lines.last == "" { lines.removeLast() }
        guard let requestLine = lines.first else { throw .malformed }
        let words = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, words[2] == "HTTP/1.1" || words[2] == "HTTP/1.0" else { throw .malformed }
        let method = String(words[0])
        let target = String(words[1])
        guard target.hasPrefix("/") else { throw .malformed }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(" ") else { throw .malformed }
            let name = line[..<colon].lowercased()
            // Twice the same header: which one counts would be a guess (two Hosts: RFC 9110 says 400).
            guard headers[name] == nil else { throw .malformed }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard method == "GET" else { throw .methodNotAllowed(method) }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        return HTTPRequest(method: method, path: path, headers: headers)
    }

    package init(method: String, path: String, headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.headers = headers
    }
}
