/// The routes of `watch --serve`: `/` (every watched file and its verdict), `/lab/N` (the N-th
/// file's notebook page, 1-based) and `/events` (server-sent events, one `run` per finished run).
/// Only these paths exist, so no request can name a file; a page is rendered from the latest
/// report of its file by `render`, the live script injected.
package final class LiveSite: Sendable {
    /// Turns a file's report into a whole HTML page.
    package typealias Renderer = @Sendable (FileReport) -> String

    package let paths: [String]
    package let events: EventStream
    private let render: Renderer
    private struct State {
        /// The latest report of each file and the generation it was published in.
        var reports: [Int: (report: FileReport, generation: Int)] = [:]
        var generation = 0
        /// `Host` header values accepted; empty accepts any.
        var hosts: Set<String> = []
    }
    private let state = LockedValue(State())

    package init(paths: [String], render: @escaping Renderer = PlainNotebookPage.render, events: EventStream = EventStream()) {
        self.paths = paths
        self.render = render
        self.events = events
    }

    /// Refuses requests whose `Host` is not one of `hosts`: a page of another site that a DNS
    /// name rebound to 127.0.0.1 cannot read the labs.
    package func allowHosts(_ hosts: Set<String>) {
        state.withLock { $0.hosts = hosts }
    }

    /// Publishes a finished run of one of the files and tells the open pages.
    package func publish(_ report: FileReport) {
        guard let index = paths.firstIndex(of: report.path) else { return }
        let generation = state.withLock { state in
            state.generation += 1
            state.reports[index] = (report, state.generation)
            return state.generation
        }
        events.send(event: "run", data: "\(index + 1) \(generation)")
    }

    package func handle(_ request: HTTPRequest) -> HTTPReply {
        let hosts = state.withLock { $0.hosts }
        if !hosts.isEmpty, !hosts.contains(request.headers["host"] ?? "") { return .respond(.error(.misdirected)) }
        if request.path == "/" { return .respond(page(index())) }
        if request.path == "/events" {
            return .stream(EventStream.head, adopt: { [self] connection in
                let greeting = state.withLock { state in
                    state.reports.sorted { $0.key < $1.key }.map { (event: "run", data: "\($0.key + 1) \($0.value.generation)") }
                }
                if !events.add(connection, greeting: greeting) { connection.close() }
            })
        }
        let prefix = "/lab/"
        if request.path.hasPrefix(prefix), let number = Int(request.path.dropFirst(prefix.count)),
           String(number) == request.path.dropFirst(prefix.count), paths.indices.contains(number - 1) {
            return .respond(page(lab(number - 1)))
        }
        return .respond(.error(.notFound))
    }

    /// A page under the live policy, sent as a header unless the page brings (amended) its own.
    private func page(_ html: String) -> HTTPResponse {
        var headers = [("Content-Type", "text/html; charset=utf-8")]
        if !LivePage.hasOwnPolicy(html) { headers.append(("Content-Security-Policy", LivePage.contentSecurityPolicy)) }
        return HTTPResponse(status: .ok, headers: headers, body: Array(html.utf8))
    }

    private func lab(_ index: Int) -> String {
        guard let (report, generation) = state.withLock({ $0.reports[index] }) else {
            let waiting = PlainNotebookPage.document(title: paths[index], body: [
                "<h1>\(PlainNotebookPage.escape(paths[index]))</h1>", "<p>running…</p>"])
            return LivePage.inject(into: waiting, lab: String(index + 1), generation: 0)
        }
        return LivePage.inject(into: render(report), lab: String(index + 1), generation: generation)
    }

    private func index() -> String {
        let (reports, generation) = state.withLock { ($0.reports, $0.generation) }
        var items: [String] = []
        for (index, path) in paths.enumerated() {
            let verdict = reports[index].map { entry in
                entry.report.wasChecked ? "\(entry.report.counts.passed) passed, \(entry.report.counts.failed) failed" : "not checked"
            } ?? "running…"
            items.append("<li><a href=\"/lab/\(index + 1)\">\(PlainNotebookPage.escape(path))</a>: \(verdict)</li>")
        }
        let listening = "<p id=\"listening\">pages listening: \(events.count)</p>"
        let page = PlainNotebookPage.document(title: "labrunner watch",
                                              body: ["<h1>labrunner watch</h1>", "<ul>"] + items + ["</ul>", listening])
        return LivePage.inject(into: page, lab: "index", generation: generation)
    }
}
