import Foundation
import Testing
@testable import LabRunner

/// The server of `watch --serve`, in process, over loopback: where it listens, what it refuses,
/// and a page that hears about a run and then shows its verdict.
@Suite struct LiveServerTests {
    static let path = "labs/greetings.md"

    /// A site for one lab (`labs/greetings.md`) and its server on a free port of 127.0.0.1.
    static func serve(timeout: Double = 5) throws -> (LiveSite, HTTPServer) {
        let site = LiveSite(paths: [path])
        let server = try HTTPServer(port: 0, timeout: timeout, handler: { site.handle($0) })
        site.allowHosts(AllowedHosts.names(boundTo: "127.0.0.1", port: server.port))
        server.start()
        return (site, server)
    }

    @Test func listensOnLoopbackOnlyByDefault() throws {
        let (_, server) = try Self.serve()
        defer { server.stop() }
        #expect(server.host == "127.0.0.1")
        #expect(server.port != 0)
        #expect(LoopbackClient(address: "127.0.0.1", port: server.port) != nil)
        // Another address of this machine: 127.0.0.2 is loopback too on Linux (and absent on
        // macOS), so a socket bound to every interface would answer there; ours must not.
        #expect(LoopbackClient(address: "127.0.0.2", port: server.port) == nil)
        for address in Self.otherAddresses() {
            #expect(LoopbackClient(address: address, port: server.port) == nil, "answered on \(address)")
        }
    }

    #if os(Linux)
    /// What the loopback test would see of a server bound to every interface: an answer on 127.0.0.2.
    @Test func aServerOnEveryInterfaceAnswersOnAnotherAddress() throws {
        let server = try HTTPServer(host: "0.0.0.0", port: 0, handler: { _ in .respond(.error(.notFound)) })
        server.start()
        defer { server.stop() }
        #expect(LoopbackClient(address: "127.0.0.2", port: server.port) != nil)
    }
    #endif

    @Test func servesOnlyKnownRoutesAndOnlyGet() throws {
        let (_, server) = try Self.serve()
        defer { server.stop() }
        let port = server.port
        let index = LoopbackClient.get("/", port: port)
        #expect(index.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // The site's index, with its own policy (the live script's hash added) and the server's beside it.
        #expect(index.contains("\r\nContent-Security-Policy: \(LivePage.policyBesidePagesOwn)\r\n"))
        #expect(index.contains("script-src 'sha256-") && index.contains(LivePage.scriptSource))
        #expect(index.contains("<a href=\"/lab/1\">labs/greetings.md</a></td><td></td><td><span class=\"verdict skipped running\">running…</span>"))
        #expect(LoopbackClient.get("/lab/1", port: port).hasPrefix("HTTP/1.1 200 OK\r\n"))
        for path in ["/lab/2", "/lab/0", "/lab/01", "/lab/1/", "/../etc/passwd", "/labs/greetings.md", "/%2e%2e/etc/passwd", "/favicon.ico"] {
            #expect(LoopbackClient.get(path, port: port).hasPrefix("HTTP/1.1 404 "), "\(path)")
        }
        #expect(LoopbackClient.get("/", port: port, method: "POST").hasPrefix("HTTP/1.1 405 "))
        #expect(LoopbackClient.get("/", port: port, method: "DELETE").contains("Allow: GET"))
        // A page of another site whose name was rebound to 127.0.0.1.
        #expect(LoopbackClient.get("/", port: port, host: "evil.example:\(port)").hasPrefix("HTTP/1.1 421 "))
        let huge = try #require(LoopbackClient(port: port))
        huge.send("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000))
        #expect(huge.readAll().hasPrefix("HTTP/1.1 431 "))
    }

    @Test func dropsAClientThatSaysNothing() throws {
        let (_, server) = try Self.serve(timeout: 0.2)
        defer { server.stop() }
        let idle = try #require(LoopbackClient(port: server.port))
        #expect(idle.readAll() == "")
        // End of file from the server, not the client's own 20-second guard.
        #expect(idle.closedByServer)
    }

    @Test func aPageHearsOfARunAfterItsFileIsSavedAndThenShowsTheNewVerdict() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/greetings.md"
        try Data("passing\n".utf8).write(to: URL(fileURLWithPath: file))
        let watcher = FileWatcher(paths: [file], interval: 0.005, quiet: 0.005)

        let (site, server) = try Self.serve()
        defer { server.stop() }
        site.publish(FileReport(ReportFixture.allPass(path: Self.path), appleAvailable: false))
        let events = try #require(LoopbackClient(port: server.port))
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let greeting = events.readEvents(until: "data: 1 1\n\n")
        #expect(greeting.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(greeting.contains("Content-Type: text/event-stream"))
        #expect(greeting.contains("event: run\ndata: 1 1\n\n"))
        #expect(LoopbackClient.get("/lab/1", port: server.port).contains("data-status=\"pass\">labs/greetings.md:15: <b>pass</b>"))

        // The save, as an editor makes it; the run it causes is the fixture's failing one.
        try Data("failing\n".utf8).write(to: URL(fileURLWithPath: folder + "/.greetings.md.tmp"))
        rename(folder + "/.greetings.md.tmp", file)
        #expect(watcher.next() == [file])
        site.publish(FileReport(ReportFixture.mismatch(path: Self.path), appleAvailable: false))
        #expect(events.readEvents(until: "data: 1 2\n\n").contains("event: run\ndata: 1 2\n\n"))
        let page = LoopbackClient.get("/lab/1", port: server.port)
        #expect(page.contains("id=\"failing-L15\" data-status=\"fail\">labs/greetings.md:15: <b>fail</b>"))
        #expect(page.contains("<meta name=\"labrunner-generation\" content=\"2\">"))
        #expect(LoopbackClient.get("/", port: server.port).contains("<span class=\"verdict\">1 passed, 1 failed</span>"))
    }

    /// A page that connects while a run is under way is told so after the latest results (so
    /// it shows the running badge), and the index marks the run until it is published.
    @Test func aPageConnectingDuringARunIsToldItIsRunning() throws {
        let (site, server) = try Self.serve()
        defer { server.stop() }
        site.publish(FileReport(ReportFixture.allPass(path: Self.path), appleAvailable: false))
        site.running([Self.path, "not/watched.md"])
        let events = try #require(LoopbackClient(port: server.port))
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(events.readEvents(until: "event: running\ndata: 1\n\n").contains("event: run\ndata: 1 1\n\nevent: running\ndata: 1\n\n"))
        #expect(LoopbackClient.get("/", port: server.port).contains("</span> <span class=\"verdict skipped running\">running…</span>"))
        site.publish(FileReport(ReportFixture.mismatch(path: Self.path), appleAvailable: false))
        #expect(events.readEvents(until: "data: 1 2\n\n").contains("event: run\ndata: 1 2\n\n"))
        #expect(!LoopbackClient.get("/", port: server.port).contains("running…"))
    }

    @Test func theLiveScriptIsTheOneTheHashAllows() {
        let page = LivePage.inject(into: "<html><body><p>x</p></BODY></html>", lab: "3", generation: 7)
        #expect(page.hasPrefix("<html><body><p>x</p><meta name=\"labrunner-lab\" content=\"3\">"))
        #expect(page.hasSuffix("</script>\n</BODY></html>"))
        let digest = Data(SHA256.hash(Array(LivePage.script.utf8))).base64EncodedString()
        #expect(LivePage.contentSecurityPolicy.contains("script-src 'sha256-\(digest)';"))
        #expect(page.contains("<script>" + LivePage.script + "</script>"))
    }

    /// A renderer whose page brings its own policy (as the HTML notebook's does): the live script
    /// is added to it and the server's directives replace the page's, and the header the server
    /// sends beside it names no scripts, which would block the page's own.
    @Test func aPagesOwnPolicyIsAmendedForTheLiveScript() throws {
        let own = "default-src 'none'; style-src 'sha256-abc'; script-src 'sha256-def'; img-src 'self'"
        #expect(LivePage.servedPolicy(own)
                == "default-src 'none'; style-src 'sha256-abc'; script-src 'sha256-def' \(LivePage.scriptSource); img-src 'self' data:; "
                + "connect-src 'self'; base-uri 'none'; form-action 'none'")
        #expect(LivePage.servedPolicy("default-src 'self'; connect-src 'none'")
                == "default-src 'self'; connect-src 'self'; script-src \(LivePage.scriptSource); img-src 'self' data:; base-uri 'none'; "
                + "form-action 'none'")
        let html = "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"\(own)\"></head><body>x</body></html>"
        let site = LiveSite(paths: [Self.path], render: { _ in html })
        let server = try HTTPServer(port: 0, handler: { site.handle($0) })
        site.allowHosts(AllowedHosts.names(boundTo: "127.0.0.1", port: server.port))
        server.start()
        defer { server.stop() }
        site.publish(FileReport(ReportFixture.allPass(path: Self.path), appleAvailable: false))
        let page = LoopbackClient.get("/lab/1", port: server.port)
        #expect(page.contains("\r\nContent-Security-Policy: \(LivePage.policyBesidePagesOwn)\r\n"))
        #expect(!LivePage.policyBesidePagesOwn.contains("script-src"))
        #expect(page.contains("content=\"\(LivePage.servedPolicy(own))\""))
        #expect(page.contains("<script>" + LivePage.script + "</script>"))
        #expect(LoopbackClient.get("/", port: server.port).contains("\r\nContent-Security-Policy: \(LivePage.policyBesidePagesOwn)\r\n"))
    }

    @Test func theBuiltInPageEscapesWhatALabPrints() {
        let hostile = "</script><img src=x onerror=alert(1)>"
        let page = PlainNotebookPage.render(FileReport(ReportFixture.mismatch(actual: hostile + "\n"), appleAvailable: false))
        #expect(!page.contains("<img"))
        #expect(page.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    /// This machine's IPv4 addresses other than 127.0.0.1.
    static func otherAddresses() -> [String] {
        AllowedHosts.interfaceAddresses().filter { $0 != "127.0.0.1" }
    }
}
