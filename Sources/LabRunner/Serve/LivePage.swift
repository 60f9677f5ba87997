import Foundation

/// What makes a served page live: a small script, injected into every page, that listens to
/// `/events` and, when its lab's run finished, fetches the page again and swaps the body in
/// place (no reload: scroll position and the open tab stay); while a new run of its lab is under
/// way it shows a small "Running…" indicator, gone once the new result is in. The script is
/// allowed by its hash in the Content-Security-Policy; nothing else runs, and it talks only to
/// this server.
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
      var lab = meta("lab"), busy = false, again = false, streamDown = false, fetchFailed = false, notice = null;
      var running = false, indicator = null;
      // While a new run of this lab is under way: a small badge in a corner, until its result is
      // swapped in (a swap replaces the body's children, so it is put back while still running).
      function showRunning() {
        if (!running) { if (indicator) indicator.remove(); return; }
        if (!indicator) {
          indicator = document.createElement("div");
          indicator.id = "labrunner-running";
          indicator.setAttribute("role", "status");
          indicator.textContent = "Running…";
          var style = indicator.style;
          style.position = "fixed"; style.bottom = "1em"; style.right = "1em"; style.zIndex = "2147483647";
          style.padding = "0.3em 0.8em"; style.borderRadius = "1em"; style.background = "#0a66c2"; style.color = "#fff";
          style.font = "14px system-ui, sans-serif"; style.boxShadow = "0 1px 4px rgba(0,0,0,.3)";
        }
        if (indicator.parentNode !== document.body) document.body.appendChild(indicator);
      }
      // A notice at the top of the page while it may be out of date: the stream to the watch
      // is lost, or the page could not be fetched after a run. Styled through the CSSOM, which
      // the page's policy does not restrict.
      function showState() {
        if (!streamDown && !fetchFailed) { if (notice) notice.remove(); return; }
        if (!notice) {
          notice = document.createElement("div");
          notice.id = "labrunner-offline";
          notice.setAttribute("role", "status");
          var style = notice.style;
          style.position = "fixed"; style.top = "0"; style.left = "0"; style.right = "0"; style.zIndex = "2147483647";
          style.padding = "0.4em 1em"; style.background = "#b3261e"; style.color = "#fff"; style.font = "14px system-ui, sans-serif";
        }
        notice.textContent = streamDown
          ? "Not connected to labrunner watch: this page may be out of date. Reconnecting…"
          : "Could not get this lab's latest run: this page may be out of date. Trying again…";
        if (notice.parentNode !== document.body) document.body.appendChild(notice);
      }
      function refresh() {
        if (busy) { again = true; return; }
        busy = true;
        fetch(location.pathname, { cache: "no-store" })
          .then(function (response) {
            if (!response.ok) throw new Error(String(response.status));
            return response.text();
          })
          .then(function (text) {
            var page = new DOMParser().parseFromString(text, "text/html");
            document.title = page.title;
            document.body.replaceChildren.apply(document.body, Array.from(page.body.childNodes));
            // On <html>, which a swap keeps: how many times this page was updated in place.
            var root = document.documentElement;
            root.setAttribute("data-labrunner-updates", String(Number(root.getAttribute("data-labrunner-updates") || "0") + 1));
            fetchFailed = false;
            document.dispatchEvent(new Event("labrunner:updated"));
          })
          .catch(function () {
            fetchFailed = true;
            setTimeout(refresh, 2000);
          })
          .finally(function () { busy = false; showState(); showRunning(); if (again) { again = false; refresh(); } });
      }
      var events = new EventSource("/events");
      events.addEventListener("open", function () { streamDown = false; showState(); });
      events.addEventListener("error", function () { streamDown = true; showState(); });
      events.addEventListener("running", function (event) {
        var words = event.data.split(" ");
        if (lab === "index") { refresh(); return; }
        if (words[0] !== lab) return;
        running = true;
        showRunning();
      });
      events.addEventListener("run", function (event) {
        var words = event.data.split(" ");
        if (lab !== "index" && words[0] !== lab) return;
        running = false;
        // The indicator goes when the new page is in (refresh), or now if the page has this run.
        if (Number(words[1]) > Number(meta("generation") || "0")) refresh(); else if (!busy) showRunning();
      });
    })();
    """

    /// `'sha256-…'`, as a CSP source.
    package static let scriptSource = "'sha256-" + Data(SHA256.hash(Array(script.utf8))).base64EncodedString() + "'"

    /// The policy of every page: only the live script runs, it may connect only to this server,
    /// styles may be inline (a self-contained page's CSS), images only from here or data URLs.
    package static let contentSecurityPolicy = "default-src 'none'; script-src \(scriptSource); style-src 'unsafe-inline'; "
        + serverDirectives.map { "\($0.name) \($0.sources)" }.joined(separator: "; ") + "; frame-ancestors 'none'"

    /// What the server decides for every page, whatever a page's own policy says.
    static let serverDirectives = [
        (name: "connect-src", sources: "'self'"), (name: "img-src", sources: "'self' data:"),
        (name: "base-uri", sources: "'none'"), (name: "form-action", sources: "'none'"),
    ]

    /// The header beside a page that brings its own policy: the server's directives, and no
    /// fetch of objects or frames, but nothing about scripts or styles (the page's policy allows
    /// its own by hash, which the server does not know; a header naming scripts would block them).
    package static let policyBesidePagesOwn = serverDirectives.map { "\($0.name) \($0.sources)" }.joined(separator: "; ")
        + "; object-src 'none'; frame-src 'none'; frame-ancestors 'none'"

    /// `policy` (a page's own) as served: the live script's hash added to `script-src` (added
    /// when missing, as `default-src` would otherwise decide it), and the server's directives
    /// (connections, images, `<base>`, forms) put in place of whatever the page said.
    package static func servedPolicy(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func find(_ name: String) -> Int? { directives.firstIndex { $0 == name || $0.hasPrefix(name + " ") } }
        if let index = find("script-src") {
            // 'none' cannot stand beside a source.
            let sources = directives[index].split(separator: " ").dropFirst().filter { $0 != "'none'" }
            directives[index] = (["script-src"] + sources.map(String.init) + [scriptSource]).joined(separator: " ")
        } else {
            directives.append("script-src \(scriptSource)")
        }
        for (name, sources) in serverDirectives {
            if let index = find(name) { directives[index] = "\(name) \(sources)" } else { directives.append("\(name) \(sources)") }
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

    /// Whether the page carries a policy of its own (then the server's header leaves scripts and
    /// styles to it: two policies would each have to allow both the page's script and the live one).
    package static func hasOwnPolicy(_ page: String) -> Bool { metaPolicy(in: page) != nil }

    /// `page` with the meta tags and the script before its last `</body>` (at its end if it has none),
    /// and its own Content-Security-Policy, if it has one, made the served one (`servedPolicy`).
    /// - Parameters:
    ///   - lab: the lab's number in the site, or `index`.
    ///   - generation: the run the page shows; a `run` event with a higher one makes it refresh.
    package static func inject(into page: String, lab: String, generation: Int) -> String {
        let tags = "<meta name=\"labrunner-lab\" content=\"\(lab)\">"
            + "<meta name=\"labrunner-generation\" content=\"\(generation)\">"
            + "<script>\(script)</script>\n"
        var page = page
        if let policy = metaPolicy(in: page) {
            page.replaceSubrange(policy, with: servedPolicy(String(page[policy])))
        }
        guard let close = page.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return page + tags }
        return page.replacingCharacters(in: close.lowerBound..<close.lowerBound, with: tags)
    }
}
