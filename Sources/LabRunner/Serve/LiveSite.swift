/// The routes of `watch --serve`: `/` (the site's index: every watched file and its verdict, in
/// course order), `/lab/N` (the N-th file's notebook page, 1-based) and `/events` (server-sent
/// events: `running` when a run of a lab starts, `run` when it finished). Only these paths exist,
/// so no request can name a file. A lab's page is drawn by `render` once per published report,
/// and those bytes answer every request for it.
package final class LiveSite: Sendable {
    /// Turns a file's report into a whole HTML page.
    package typealias Renderer = @Sendable (FileReport) -> String

    /// The largest page served whole (bytes): a browser struggles with pages far smaller.
    package static let defaultPageLimit = 16_000_000

    package let paths: [String]
    package let events: EventStream
    private let render: Renderer
    private let pageLimit: Int
    /// Each lab's page as the site's links know it (`links(_:)`).
    private let links: SiteLinks
    /// A lab's latest page, ready to send.
    private struct Drawn {
        let generation: Int
        /// Its report, for the index's row.
        let report: FileReport
        let response: HTTPResponse
    }
    private struct State {
        var labs: [Int: Drawn] = [:]
        /// Labs whose new run is under way.
        var running: Set<Int> = []
        /// The files each README links, for the course order (`CourseOrder`).
        var readmeLinks: [String: [String]] = [:]
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
        links = Self.links(paths)
    }

    /// Where each lab's page is (`lab/N`), for links between them: a page's `.md` link to
    /// another watched file leads to its `/lab/N` (`lab01.md#setup` → `2#setup` from `/lab/1`).
    package static func links(_ paths: [String]) -> SiteLinks {
        SiteLinks(pages: Dictionary(paths.enumerated().map { ($0.element, "lab/\($0.offset + 1)") }, uniquingKeysWith: { first, _ in first }))
    }

    /// The addresses to print when serving starts at `base` (`http://127.0.0.1:8000/`): the
    /// index, then each lab's page with its file, at most `limit` of them, the rest counted.
    package func addresses(base: String, limit: Int = 12, style: Style = .plain) -> [String] {
        let pages = paths.prefix(limit).enumerated().map { "  \(base)lab/\($0.offset + 1)  \($0.element)" }
        let more = paths.count > limit ? [style.dim("  and \(paths.count - limit) more, listed on \(base)")] : []
        return ["serving \(base)"] + pages + more
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
            page = ServedPage.tooLarge(path: report.path, size: html.utf8.count, limit: pageLimit, verdict: report.verdictLine)
        } else {
            page = html
        }
        let drawn = Drawn(generation: generation, report: report,
                          response: ServedPage.response(LivePage.inject(into: page, lab: String(index + 1), generation: generation)))
        let linked = CourseOrder.isReadme(report.path) ? CourseOrder.links(of: report, site: links) : nil
        // Runs of one lab may be published from two threads: the later generation stays.
        state.withLock { state in
            guard (state.labs[index]?.generation ?? 0) < generation else { return }
            state.labs[index] = drawn
            state.running.remove(index)
            if let linked { state.readmeLinks[report.path] = linked }
        }
        events.send(event: "run", data: "\(index + 1) \(generation)")
    }

    /// A new run of the files at `started` is under way: their open pages show a running
    /// indicator (`event: running`, `data: LAB`) and the index says so, until the run is published.
    package func running(_ started: [String]) {
        let labs = started.compactMap { paths.firstIndex(of: $0) }
        guard !labs.isEmpty else { return }
        state.withLock { $0.running.formUnion(labs) }
        for lab in labs { events.send(event: "running", data: "\(lab + 1)") }
    }

    package func handle(_ request: HTTPRequest) -> HTTPReply {
        let hosts = state.withLock { $0.hosts }
        guard let host = request.headers["host"], hosts.contains(host.lowercased()) else { return .respond(.error(.misdirected)) }
        if request.path == "/" { return .respond(ServedPage.response(index())) }
        if request.path == "/events" {
            return .stream(EventStream.head, adopt: { [self] connection in
                // The latest run of each lab, then the runs under way (after, so they are not cleared).
                let greeting = state.withLock { state in
                    state.labs.sorted { $0.key < $1.key }.map { (event: "run", data: "\($0.key + 1) \($0.value.generation)") }
                        + state.running.sorted().map { (event: "running", data: "\($0 + 1)") }
                }
                events.serve(connection, greeting: greeting)
            })
        }
        let prefix = "/lab/"
        if request.path.hasPrefix(prefix), let index = Self.labIndex(request.path.dropFirst(prefix.count), count: paths.count) {
            if let drawn = state.withLock({ $0.labs[index] }) { return .respond(drawn.response) }
            let waiting = NotebookStyle.page(title: paths[index], body: "<nav><a href=\"/\">All files</a></nav>\n"
                + "<header class=\"file\"><p><code>\(HTMLEscaping.text(paths[index]))</code> "
                + "<span class=\"verdict skipped running\">running…</span></p></header>\n")
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

    /// The index: the site's (`NotebookIndex`), in course order, each row's latest verdict and
    /// whether a run of it is under way.
    private func index() -> String {
        let (labs, running, readmeLinks, generation) = state.withLock { ($0.labs, $0.running, $0.readmeLinks, $0.generation) }
        let number = Dictionary(paths.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let order = CourseOrder.arrange(paths) { readmeLinks[$0] ?? [] }
        let rows = order.compactMap { path in
            number[path].map { NotebookIndex.Row(path: path, link: "/lab/\($0 + 1)", file: labs[$0]?.report, running: running.contains($0)) }
        }
        let underWay = paths.indices.filter { labs[$0] == nil || running.contains($0) }.count
        let note = "labrunner watch: \(underWay == 0 ? "no run" : "\(underWay) run\(underWay == 1 ? "" : "s")") under way, "
            + "\(events.count) page\(events.count == 1 ? "" : "s") listening"
        let page = NotebookIndex.page(rows: rows, totals: RunReport.Totals(labs.values.map(\.report)), note: note)
        return LivePage.inject(into: page, lab: "index", generation: generation)
    }
}
