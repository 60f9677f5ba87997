/// The routes of `watch --serve`: `/` (every watched file and its verdict), `/lab/N` (the N-th
/// file's notebook page, 1-based) and `/events` (server-sent events, one `run` per finished run).
/// Only these paths exist, so no request can name a file. A lab's page is drawn by `render` once
/// per published report, and those bytes answer every request for it.
package final class LiveSite: Sendable {
    /// Turns a file's report into a whole HTML page.
    package typealias Renderer = @Sendable (FileReport) -> String

    /// The largest page served whole (bytes): a browser struggles with pages far smaller.
    package static let defaultPageLimit = 16_000_000

    package let paths: [String]
    package let events: EventStream
    private let render: Renderer
    private let pageLimit: Int
    /// A lab's latest page, ready to send.
    private struct Drawn {
        let generation: Int
        /// `N passed, M failed`, for the index.
        let verdict: String
        let response: HTTPResponse
    }
    private struct State {
        var labs: [Int: Drawn] = [:]
        var generation = 0
        /// `Host` header values accepted (lowercased); until told, none.
        var hosts: Set<String> = []
    }
    private let state = LockedValue(State())

    package init(paths: [String], render: @escaping Renderer = PlainNotebookPage.render, events: EventStream = EventStream(),
                 pageLimit: Int = defaultPageLimit) {
        self.paths = paths
        self.render = render
        self.events = events
        self.pageLimit = pageLimit
    }

    /// Accepts only requests whose `Host` is one of `hosts` (`AllowedHosts.names`): a page of
    /// another site that a DNS name rebound to this machine cannot read the labs. A site never
    /// told refuses every request, so a forgotten call fails closed.
    package func allowHosts(_ hosts: Set<String>) {
        state.withLock { $0.hosts = Set(hosts.map { $0.lowercased() }) }
    }

    /// Publishes a finished run of one of the files: draws its page once, then tells the open pages.
    package func publish(_ report: FileReport) {
        guard let index = paths.firstIndex(of: report.path) else { return }
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        let html = render(report)
        let page: String
        if html.utf8.count > pageLimit {
            page = ServedPage.tooLarge(path: report.path, size: html.utf8.count, limit: pageLimit, verdict: Self.verdict(report))
        } else {
            page = html
        }
        let drawn = Drawn(generation: generation, verdict: Self.verdict(report),
                          response: ServedPage.response(LivePage.inject(into: page, lab: String(index + 1), generation: generation)))
        // Runs of one lab may be published from two threads: the later generation stays.
        state.withLock { state in
            if (state.labs[index]?.generation ?? 0) < generation { state.labs[index] = drawn }
        }
        events.send(event: "run", data: "\(index + 1) \(generation)")
    }

    package func handle(_ request: HTTPRequest) -> HTTPReply {
        let hosts = state.withLock { $0.hosts }
        guard let host = request.headers["host"], hosts.contains(host.lowercased()) else { return .respond(.error(.misdirected)) }
        if request.path == "/" { return .respond(ServedPage.response(index())) }
        if request.path == "/events" {
            return .stream(EventStream.head, adopt: { [self] connection in
                let greeting = state.withLock { state in
                    state.labs.sorted { $0.key < $1.key }.map { (event: "run", data: "\($0.key + 1) \($0.value.generation)") }
                }
                events.serve(connection, greeting: greeting)
            })
        }
        let prefix = "/lab/"
        if request.path.hasPrefix(prefix), let index = Self.labIndex(request.path.dropFirst(prefix.count), count: paths.count) {
            if let drawn = state.withLock({ $0.labs[index] }) { return .respond(drawn.response) }
            let waiting = PlainNotebookPage.document(title: paths[index], body: [
                "<h1>\(PlainNotebookPage.escape(paths[index]))</h1>", "<p>running…</p>"])
            return .respond(ServedPage.response(LivePage.inject(into: waiting, lab: String(index + 1), generation: 0)))
        }
        return .respond(.error(.notFound))
    }

    /// The index (0-based) of lab `text` (1-based, as in `/lab/N`) among `count`, nil unless it is
    /// decimal digits without a sign or a leading zero naming one of them. Never traps: the
    /// digits are counted before they are read, and nothing is subtracted from a number below 1.
    package static func labIndex(_ text: Substring, count: Int) -> Int? {
        let digits = text.utf8
        guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 18,
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = Int(text), number >= 1, number <= count else { return nil }
        return number - 1
    }

    private static func verdict(_ report: FileReport) -> String {
        report.verdictLine
    }

    private func index() -> String {
        let (labs, generation) = state.withLock { ($0.labs, $0.generation) }
        var items: [String] = []
        for (index, path) in paths.enumerated() {
            let verdict = labs[index]?.verdict ?? "running…"
            items.append("<li><a href=\"/lab/\(index + 1)\">\(PlainNotebookPage.escape(path))</a>: \(verdict)</li>")
        }
        let listening = "<p id=\"listening\">pages listening: \(events.count)</p>"
        let page = PlainNotebookPage.document(title: "labrunner watch",
                                              body: ["<h1>labrunner watch</h1>", "<ul>"] + items + ["</ul>", listening])
        return LivePage.inject(into: page, lab: "index", generation: generation)
    }
}
