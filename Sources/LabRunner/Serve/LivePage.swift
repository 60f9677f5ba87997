import Foundation

/// What makes a served page live: a small script, injected into every page, that listens to
/// `/events` and, when its lab's run finished, fetches the page again and swaps the body in
/// place (no reload: scroll position and the open tab stay). The script is allowed by its hash
/// in the Content-Security-Policy; nothing else runs, and it talks only to this server.
package enum LivePage {
    /// Reads its lab and generation from meta tags injected beside it, so the script text (and
    /// its hash) is the same on every page. Scripts inside a fetched page never run (DOMParser
    /// documents have scripting disabled), so a swap does not start a second listener.
    package static let script = """
    (function () {
      "use strict";
      function meta(name) {
        var element = document.querySelector('meta[name="labrunner-' + name + '"]');
        return element ? element.getAttribute("content") : "";
      }
      var lab = meta("lab"), busy = false, again = false;
      function refresh() {
        if (busy) { again = true; return; }
        busy = true;
        fetch(location.pathname, { cache: "no-store" })
          .then(function (response) { return response.text(); })
          .then(function (text) {
            var page = new DOMParser().parseFromString(text, "text/html");
            document.title = page.title;
            document.body.replaceChildren.apply(document.body, Array.from(page.body.childNodes));
            // On <html>, which a swap keeps: how many times this page was updated in place.
            var root = document.documentElement;
            root.setAttribute("data-labrunner-updates", String(Number(root.getAttribute("data-labrunner-updates") || "0") + 1));
            document.dispatchEvent(new Event("labrunner:updated"));
          })
          .catch(function () {})
          .finally(function () { busy = false; if (again) { again = false; refresh(); } });
      }
      new EventSource("/events").addEventListener("run", function (event) {
        var words = event.data.split(" ");
        if (lab !== "index" && words[0] !== lab) return;
        if (Number(words[1]) > Number(meta("generation") || "0")) refresh();
      });
    })();
    """

    /// `'sha256-…'`, as a CSP source.
    package static let scriptSource = "'sha256-" + Data(SHA256.hash(Array(script.utf8))).base64EncodedString() + "'"

    /// The policy of every page: only the live script runs, it may connect only to this server,
    /// styles may be inline (a self-contained page's CSS), images only from here or data URLs.
    package static let contentSecurityPolicy = "default-src 'none'; script-src \(scriptSource); connect-src 'self'; "
        + "style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `policy` (a page's own) amended to let the live script run and reach this server: its hash
    /// added to `script-src`, `'self'` to `connect-src` (both added when missing, as `default-src`
    /// would otherwise decide them).
    package static func allowingLiveScript(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for (name, source) in [("script-src", scriptSource), ("connect-src", "'self'")] {
            if let index = directives.firstIndex(where: { $0 == name || $0.hasPrefix(name + " ") }) {
                // 'none' cannot stand beside a source.
                let sources = directives[index].split(separator: " ").dropFirst().filter { $0 != "'none'" }
                directives[index] = ([name] + sources.map(String.init) + [source]).joined(separator: " ")
            } else {
                directives.append("\(name) \(source)")
            }
        }
        return directives.joined(separator: "; ")
    }

    /// The page's own `<meta http-equiv="Content-Security-Policy" content="…">`: the range of its content, if it has one.
    static func metaPolicy(in page: String) -> Range<String.Index>? {
        guard let meta = page.range(of: "http-equiv=\"Content-Security-Policy\"", options: .caseInsensitive),
              let open = page.range(of: "content=\"", range: meta.upperBound..<page.endIndex),
              let close = page[open.upperBound...].firstIndex(of: "\"") else { return nil }
        return open.upperBound..<close
    }

    /// Whether the page carries a policy of its own (then the server sends no other: two policies
    /// would each have to allow both the page's script and the live one).
    package static func hasOwnPolicy(_ page: String) -> Bool { metaPolicy(in: page) != nil }

    /// `page` with the meta tags and the script before its last `</body>` (at its end if it has none),
    /// and its own Content-Security-Policy, if it has one, amended to allow the script.
    /// - Parameters:
    ///   - lab: the lab's number in the site, or `index`.
    ///   - generation: the run the page shows; a `run` event with a higher one makes it refresh.
    package static func inject(into page: String, lab: String, generation: Int) -> String {
        let tags = "<meta name=\"labrunner-lab\" content=\"\(lab)\">"
            + "<meta name=\"labrunner-generation\" content=\"\(generation)\">"
            + "<script>\(script)</script>\n"
        var page = page
        if let policy = metaPolicy(in: page) {
            page.replaceSubrange(policy, with: allowingLiveScript(String(page[policy])))
        }
        guard let close = page.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return page + tags }
        return page.replacingCharacters(in: close.lowerBound..<close.lowerBound, with: tags)
    }
}
