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
}
