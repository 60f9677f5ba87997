import Testing
@testable import LabRunner

/// `HTTPRequest.parse`: a GET of a path is accepted, everything else refused with its status.
struct HTTPRequestTests {
    static func parse(_ text: String) -> Result<HTTPRequest, HTTPRequest.Refusal> {
        Result { () throws(HTTPRequest.Refusal) -> HTTPRequest in try HTTPRequest.parse(Array(text.utf8)) }
    }

    @Test func aGetHasItsPathWithoutTheQueryAndItsHeaders() throws {
        let request = try Self.parse("GET /lab/1?x=1 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nAccept:  text/html\r\n\r\n").get()
        #expect(request.path == "/lab/1")
        #expect(request.headers["host"] == "127.0.0.1:80")
        #expect(request.headers["accept"] == "text/html")
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\n\r\n", HTTPResponse.Status.methodNotAllowed),
        ("HEAD / HTTP/1.1\r\n\r\n", .methodNotAllowed),
        ("GET / HTTP/2\r\n\r\n", .badRequest),
        ("GET http://evil/ HTTP/1.1\r\n\r\n", .badRequest),
        ("GET  / HTTP/1.1\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nno colon\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nX: \u{1}\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000) + "\r\n\r\n", .headersTooLarge),
        // A header given twice: which one counts would be a guess (RFC 9110 says 400 for Host).
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:80\r\nHost: evil.example\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nAccept: a\nACCEPT: b\n\n", .badRequest),
        // A bare CR is not a line end (RFC 9112 allows only a bare LF).
        ("GET / HTTP/1.1\rHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", .badRequest),
    ])
    func refused(_ text: String, status: HTTPResponse.Status) {
        guard case .failure(let refusal) = Self.parse(text) else {
            Issue.record("accepted: \(text.prefix(40))")
            return
        }
        #expect(refusal.status == status)
    }

    @Test func theHeadEndsAtItsBlankLine() {
        #expect(HTTPRequest.headEnd(in: Array("GET / HTTP/1.1\r\n".utf8)) == nil)
        #expect(HTTPRequest.headEnd(in: Array("GET / HTTP/1.1\r\n\r\nbody".utf8)) == 18)
    }

    /// Lines may end with a bare LF (RFC 9112 lets a server accept it, and some clients send it):
    /// the head ends at the first empty line however its lines end, and parses the same.
    @Test(arguments: [
        ("GET /lab/1 HTTP/1.1\nHost: h\n\nbody", 29),
        ("GET /lab/1 HTTP/1.1\r\nHost: h\n\n", 30),
        ("GET /lab/1 HTTP/1.1\nHost: h\n\r\n", 30),
        ("GET /lab/1 HTTP/1.1\r\nHost: h\r\n\r\n", 32),
    ])
    func bareLineFeedsEndLinesToo(_ text: String, end: Int) throws {
        let bytes = Array(text.utf8)
        #expect(HTTPRequest.headEnd(in: bytes) == end)
        let request = try Self.parse(String(decoding: bytes[..<end], as: UTF8.self)).get()
        #expect(request.path == "/lab/1")
        #expect(request.headers == ["host": "h"])
    }
}
