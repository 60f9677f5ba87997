import Foundation
import Testing
@testable import LabRunner

/// `LiveSite` without sockets: what each request gets, how often a page is drawn, which `Host`
/// values pass, and the policy a served page carries.
@Suite struct LiveSiteTests {
    static let paths = ["labs/a.md", "labs/b.md"]

    static func get(_ path: String, host: String = "127.0.0.1:8000") -> HTTPRequest {
        HTTPRequest(method: "GET", path: path, headers: ["host": host])
    }

    static func status(_ reply: HTTPReply) -> HTTPResponse.Status? {
        guard case .respond(let response) = reply else { return nil }
        return response.status
    }

    static func site(render: @escaping LiveSite.Renderer = PlainNotebookPage.render, pageLimit: Int = LiveSite.defaultPageLimit) -> LiveSite {
        let site = LiveSite(paths: paths, render: render, pageLimit: pageLimit)
        site.allowHosts(AllowedHosts.names(boundTo: "127.0.0.1", port: 8000))
        return site
    }

    /// Every number a request names is read without arithmetic that can trap: before, the first
    /// one ended the process (`number - 1` overflowed), and any page in the browser could send it.
    @Test(arguments: [
        "/lab/-9223372036854775808", "/lab/9223372036854775807", "/lab/-9223372036854775809",
        "/lab/99999999999999999999999999", "/lab/-1", "/lab/-0", "/lab/+1", "/lab/0", "/lab/00", "/lab/01",
        "/lab/3", "/lab/1e0", "/lab/0x1", "/lab/ 1", "/lab/1 ", "/lab/\u{0661}", "/lab/", "/lab/1/", "/lab",
    ])
    func hostileNumbersAreNotFound(_ path: String) {
        #expect(Self.status(Self.site().handle(Self.get(path))) == .notFound)
    }

    @Test func theLabsThatExistAreFound() {
        let site = Self.site()
        #expect(Self.status(site.handle(Self.get("/lab/1"))) == .ok)
        #expect(Self.status(site.handle(Self.get("/lab/2"))) == .ok)
        #expect(LiveSite.labIndex("2", count: 2) == 1)
        #expect(LiveSite.labIndex("-9223372036854775808", count: 2) == nil)
    }

    /// A page is drawn once per verdict and its bytes are served to every request: before, each
    /// request drew it again (16 requests for a 21 MB page took the process to 1.9 GB).
    @Test func aPageIsDrawnOncePerVerdictHoweverOftenItIsAsked() {
        let renders = LockedValue(0)
        let site = Self.site(render: { report in
            renders.withLock { $0 += 1 }
            return PlainNotebookPage.render(report)
        })
        site.publish(FileReport(ReportFixture.allPass(path: Self.paths[0]), appleAvailable: false))
        #expect(renders.withLock { $0 } == 1)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            #expect(Self.status(site.handle(Self.get("/lab/1"))) == .ok)
        }
        #expect(renders.withLock { $0 } == 1)
        site.publish(FileReport(ReportFixture.mismatch(path: Self.paths[0]), appleAvailable: false))
        _ = site.handle(Self.get("/lab/1"))
        #expect(renders.withLock { $0 } == 2)
    }

    /// A page larger than the limit is not served whole: a short page says how large it is and
    /// where to read it, and still updates itself live.
    @Test func aPageOverTheLimitIsReplacedByOneThatSaysSo() throws {
        let site = Self.site(render: { _ in "<html><body>" + String(repeating: "x", count: 7000) + "</body></html>" }, pageLimit: 6000)
        site.publish(FileReport(ReportFixture.allPass(path: Self.paths[0]), appleAvailable: false))
        guard case .respond(let response) = site.handle(Self.get("/lab/1")) else { throw ServeTestFailure("not a page") }
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == .ok)
        #expect(response.body.count < 6000)
        #expect(!text.contains("xxxx"))
        #expect(text.contains("is 7.0 KB, more than the 6.0 KB a served page may be"))
        #expect(text.contains("labrunner html labs/a.md"))
        #expect(text.contains("<script>" + LivePage.script + "</script>"))
    }

    static func page(_ reply: HTTPReply) throws -> String {
        guard case .respond(let response) = reply else { throw ServeTestFailure("not a page") }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The index is the site's index, styled as `labrunner html` writes it: the files in course
    /// order (a README first, then the files it links, in the order of its links), each with its
    /// verdict, its scenarios and a link to its page; a file whose first run has not finished
    /// says it is running. Before, a bare list in path order.
    @Test func theIndexIsTheSitesIndexInCourseOrder() throws {
        let paths = ["labs/README.md", "labs/a.md", "labs/b.md"]
        let site = LiveSite(paths: paths)
        site.allowHosts(AllowedHosts.names(boundTo: "127.0.0.1", port: 8000))
        let course = "# The course\n\n1. [Second](b.md)\n2. [First](a.md)\n"
        site.publish(FileReport(path: paths[0], content: .lab(title: nil, parts: [], document: Array(course.utf8)), duration: nil, update: nil))
        site.publish(FileReport(ReportFixture.mismatch(path: paths[2]), appleAvailable: false))
        let index = try Self.page(site.handle(Self.get("/")))
        #expect(index.contains("<style>\(NotebookStyle.css)</style>"))
        #expect(index.contains("<table class=\"files\">"))
        let rows = index.components(separatedBy: "<tr class=").dropFirst().map { String($0.prefix { $0 != "\n" }) }
        #expect(rows.count == 3, "\(index)")
        guard rows.count == 3 else { return }
        #expect(rows[0].contains("<a href=\"/lab/1\">labs/README.md</a>"))
        #expect(rows[1].hasPrefix("\"fail\">") && rows[1].contains("<a href=\"/lab/3\">labs/b.md</a>"), "\(rows[1])")
        #expect(rows[1].contains("<span class=\"fail\"><span class=\"mark\">✗</span> failing</span>"), "\(rows[1])")
        #expect(rows[2].contains("<a href=\"/lab/2\">labs/a.md</a>") && rows[2].contains("running…"), "\(rows[2])")
    }

    /// A site not told which `Host` values are its own refuses every request (it fails closed):
    /// before, it accepted any, so `--host 127.0.0.2` (still loopback) turned the check off.
    @Test func aSiteNotToldItsHostsRefusesEveryRequest() {
        let site = LiveSite(paths: Self.paths)
        #expect(Self.status(site.handle(Self.get("/"))) == .misdirected)
        #expect(Self.status(site.handle(Self.get("/lab/1"))) == .misdirected)
    }

    @Test(arguments: [
        ("127.0.0.1", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000"], ["evil.example:8000", "127.0.0.1:8001", "127.0.0.2:8000", "", "127.0.0.1"]),
        ("127.0.0.2", ["127.0.0.2:8000", "localhost:8000"], ["evil.example:8000", "127.0.0.1:8000", ""]),
        ("127.1.2.3", ["127.1.2.3:8000", "localhost:8000"], ["evil.example:8000"]),
        ("192.0.2.7", ["192.0.2.7:8000"], ["evil.example:8000", "localhost:8000"]),
    ])
    func onlyTheBoundAddressAndLocalhostPass(bound: String, accepted: [String], refused: [String]) {
        let site = LiveSite(paths: Self.paths)
        site.allowHosts(AllowedHosts.names(boundTo: bound, port: 8000))
        for host in accepted { #expect(Self.status(site.handle(Self.get("/", host: host))) == .ok, "\(host)") }
        for host in refused { #expect(Self.status(site.handle(Self.get("/", host: host))) == .misdirected, "\(host)") }
    }

    /// Every interface: the machine's own addresses and `localhost` pass, a rebound name does not.
    @Test func onEveryInterfaceTheMachinesAddressesPass() {
        let hosts = AllowedHosts.names(boundTo: "0.0.0.0", port: 8000)
        #expect(hosts.contains("127.0.0.1:8000"))
        #expect(hosts.contains("localhost:8000"))
        #expect(!hosts.contains("evil.example:8000"))
        #expect(!hosts.contains("0.0.0.0:8000"))
    }

    /// The notebook page's own policy lets images come from anywhere on the web (it is written
    /// for a file on disk too); served, images come only from this server or `data:`, as
    /// watch.md promises, whatever the page says: in its amended policy and in a header.
    @Test func aServedPageLoadsImagesOnlyFromTheServerOrData() throws {
        let own = "default-src 'none'; style-src 'sha256-abc'; script-src 'sha256-def'; img-src 'self' file: https: http:; connect-src *"
        let html = "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"\(own)\"></head><body>x</body></html>"
        let site = Self.site(render: { _ in html })
        site.publish(FileReport(ReportFixture.allPass(path: Self.paths[0]), appleAvailable: false))
        guard case .respond(let response) = site.handle(Self.get("/lab/1")) else { throw ServeTestFailure("not a page") }
        let header = try #require(response.headers.first { $0.0 == "Content-Security-Policy" }?.1)
        #expect(header.contains("img-src 'self' data:"))
        #expect(header.contains("connect-src 'self'"))
        #expect(!header.contains("script-src"))
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.contains("img-src 'self' data:"))
        #expect(!page.contains("https:"))
        #expect(!page.contains("connect-src *"))
    }
}

/// A test's own error, with what went wrong.
struct ServeTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
