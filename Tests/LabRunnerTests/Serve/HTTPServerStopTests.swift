import Foundation
import Testing
@testable import LabRunner
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `stop()` against the accept loop: the listening socket is closed by the loop once it has
/// left, never under it, so a stopped server touches no descriptor that another part of the
/// process may have been given since; and stopping twice, or a server never started, is safe.
@Suite struct HTTPServerStopTests {
    static func answering(_ body: String, accept: @escaping Acceptor = Accepted.system) throws -> HTTPServer {
        try HTTPServer(port: 0, accept: accept, handler: { _ in .respond(HTTPResponse(status: .ok, body: Array(body.utf8))) })
    }

    /// The loop had a client in hand when `stop()` came (here held inside `accept` by the test;
    /// in life, a thread that lost the processor between its check of `stopped` and its
    /// `accept`). Before, `stop()` closed the socket at once, the next server opened took its
    /// number, and the stopped server's loop went on accepting there: that server's clients were
    /// answered by the stopped one's handler.
    @Test func aStoppedServerAcceptsNothingOnADescriptorItGaveUp() throws {
        let inAccept = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let calls = LockedValue(0)
        let stopped = try Self.answering("stopped") { listener in
            if calls.withLock({ count in count += 1; return count }) == 1 {
                inAccept.signal()
                release.wait()
            }
            return Accepted.system(listener)
        }
        stopped.start()
        // Under the old loop `accept` is entered at once; under the new one only when a client waits.
        let early = LoopbackClient(port: stopped.port)
        #expect(inAccept.wait(timeout: .now() + 10) == .success)
        stopped.stop()
        let next = try Self.answering("next")
        next.start()
        defer { next.stop() }
        release.signal()
        for _ in 0..<4 {
            let answer = LoopbackClient.get("/", port: next.port)
            #expect(answer.hasSuffix("\r\n\r\nnext"), "\(answer)")
        }
        // The client that was waiting when the server stopped gets no answer from it.
        if let early { #expect(!early.readAll().contains("stopped")) }
        stopped.stop()
    }

    /// `stop()` ends the accept loop: the port no longer answers, and a second `stop()` closes
    /// nothing twice (before, it closed the same number again, whoever held it by then).
    @Test func stopEndsServingAndASecondStopClosesNothing() throws {
        let server = try Self.answering("one")
        server.start()
        #expect(LoopbackClient.get("/", port: server.port).hasSuffix("one"))
        server.stop()
        #expect(waitUntil(timeout: 10) { LoopbackClient(port: server.port) == nil })
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        server.stop()
        #expect(fcntl(fds[0], F_GETFD) != -1 && fcntl(fds[1], F_GETFD) != -1, "a second stop() closed another descriptor")
    }

    /// A server bound but never started lets go of its port when stopped.
    @Test func aServerNeverStartedReleasesItsPort() throws {
        let server = try Self.answering("never")
        let port = server.port
        server.stop()
        #expect(waitUntil(timeout: 10) { LoopbackClient(port: port) == nil })
    }
}
