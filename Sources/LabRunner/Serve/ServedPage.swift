/// A page as the server sends it: its Content-Security-Policy set, and a page too large to serve
/// replaced by a short one that says so.
enum ServedPage {
    /// `html` (the live script already injected) with its headers. A page without a policy of
    /// its own gets the whole live policy as a header; a page with one (amended by
    /// `LivePage.inject`) gets beside it a header of what the server decides whatever the page
    /// says (images, connections, forms, framing): both are enforced, so the stricter wins.
    static func response(_ html: String) -> HTTPResponse {
        let policy = LivePage.hasOwnPolicy(html) ? LivePage.policyBesidePagesOwn : LivePage.contentSecurityPolicy
        return HTTPResponse(status: .ok, headers: [("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", policy)],
                            body: Array(html.utf8))
    }

    /// The page served instead of a lab's page of `size` bytes, over `limit`: its verdict, its
    /// size, and how to get the whole page.
    static func tooLarge(path: String, size: Int, limit: Int, verdict: String) -> String {
        let escaped = PlainNotebookPage.escape(path)
        return PlainNotebookPage.document(title: path, body: [
            "<h1>\(escaped)</h1>",
            "<p>\(PlainNotebookPage.escape(verdict))</p>",
            "<p>The page of this lab is \(bytes(size)), more than the \(bytes(limit)) a served page may be "
                + "(a browser would struggle with it; the lab's output is probably far longer than meant). "
                + "<code>labrunner html \(escaped) -o DIR</code> writes it whole.</p>",
        ])
    }

    /// `7.0 KB`, `21.3 MB`: decimal units, one decimal.
    static func bytes(_ count: Int) -> String {
        let (value, unit) = count >= 1_000_000 ? (Double(count) / 1_000_000, "MB") : (Double(count) / 1_000, "KB")
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
