/// The page's own CSS and script, inline, and the Content-Security-Policy that allows exactly
/// them (by hash) and nothing else: no other script, style, frame, form or fetch; images only
/// from the page's folder and the web (a lab's remote images, as its author wrote them).
enum NotebookStyle {
    static let css = """
    :root{--fg:#1d1d1f;--bg:#fff;--muted:#6e6e73;--line:#d2d2d7;--code:#f5f5f7;--pass:#1a7f37;--fail:#cf222e;--skip:#8a6d00;
    --k:#ad3da4;--t:#3900a0;--s:#c41a16;--n:#1c00cf;--c:#5d6c79;--d:#643820;--a:#815f03}
    @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--bg:#1d1d1f;--muted:#a1a1a6;--line:#424245;--code:#2c2c2e;
    --pass:#3fb950;--fail:#ff7b72;--skip:#d29922;--k:#ff7ab2;--t:#dabaff;--s:#ff8170;--n:#d9c97c;--c:#7f8c98;--d:#fd8f3f;--a:#d9a05b}}
    *{box-sizing:border-box}
    body{margin:0 auto;max-width:60rem;padding:1rem 1.25rem 4rem;font:1.05rem/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;
    color:var(--fg);background:var(--bg)}
    a{color:inherit}
    h1,h2,h3{line-height:1.25}
    :is(h1,h2,h3,h4,h5,h6)[id]{scroll-margin-top:1rem}
    .anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;opacity:0}.anchor::before{content:"#"}
    :is(h1,h2,h3,h4,h5,h6):hover>.anchor,.anchor:focus{opacity:1}
    .contents{border-left:3px solid var(--line);padding-left:.75rem;margin:1rem 0;font-size:.92rem}
    .contents-title{margin:0;font-weight:600;color:var(--muted)}.contents ul{margin:0;padding-left:1.1rem}
    img{max-width:100%}
    pre{overflow-x:auto;padding:.75rem 1rem;background:var(--code);border-radius:6px;font:.92rem/1.45 ui-monospace,Menlo,Consolas,monospace}
    code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
    table{border-collapse:collapse;display:block;overflow-x:auto}
    th,td{border:1px solid var(--line);padding:.3rem .6rem}
    blockquote{margin:0;padding-left:1rem;border-left:4px solid var(--line);color:var(--muted)}
    .verdict{display:inline-block;padding:.1rem .5rem;border-radius:4px;font-weight:600}
    .pass{--v:var(--pass)}.fail{--v:var(--fail)}.skipped,.none{--v:var(--skip)}
    .badge,.verdict,.mark{color:var(--v)}
    .badge{font-weight:600;font-size:.9rem}
    .cell{border:1px solid var(--line);border-left:5px solid var(--v);border-radius:8px;margin:1.25rem 0;padding:.5rem .75rem}
    .cell-head{display:flex;justify-content:space-between;gap:1rem;font-size:.85rem;color:var(--muted)}
    .cell pre.code{margin:.4rem 0}
    .ln,.diff span{display:block;min-height:1.45em}
    .ln.error,.ln.crash{background:color-mix(in srgb,var(--fail) 18%,transparent)}
    .out mark.differs{background:color-mix(in srgb,var(--skip) 28%,transparent);color:inherit}
    .first-failure{margin-left:.5rem;font-size:.9rem;color:var(--fail)}
    .k{color:var(--k);font-weight:600}.t{color:var(--t)}.s{color:var(--s)}.n{color:var(--n)}.c{color:var(--c);font-style:italic}.d{color:var(--d)}.a{color:var(--a)}
    .diagnostics{margin:.25rem 0;padding-left:1.2rem;font:.88rem/1.4 ui-monospace,Menlo,monospace}
    .diagnostics .error{color:var(--fail)}.diagnostics .warning{color:var(--skip)}
    .tabs{display:flex;flex-wrap:wrap;gap:.25rem;margin-top:.5rem}
    .tab{font:inherit;font-size:.9rem;padding:.2rem .7rem;border:1px solid var(--line);border-bottom:3px solid var(--v);
    border-radius:6px 6px 0 0;background:var(--bg);color:var(--fg);cursor:pointer}
    .tab[aria-selected=true]{background:var(--code);font-weight:600}
    .panel{border-top:1px solid var(--line);padding:.25rem 0}
    .tabbed .panel.hidden{display:none}
    .panel-title{margin:.25rem 0;font-size:.85rem;color:var(--v);font-weight:600}
    .note,.diff-head,.summary,.problem{margin:.25rem 0;font-size:.9rem;color:var(--muted)}
    .note.key{color:var(--fail);font-weight:600}
    pre.feedback{white-space:pre-wrap;overflow-wrap:anywhere}
    .problem{color:var(--fail)}
    .diff .del{color:var(--fail)}.diff .ins{color:var(--pass)}.diff .hunk{color:var(--muted)}
        .notes p{margin:.25rem 0;white-space:pre-wrap}
    .exercises ul{list-style:none;padding:0}.exercise{border-left:.3rem solid var(--v);padding:.2rem .6rem;margin:.3rem 0}
    .hint{margin:.2rem 0 0;font-style:italic}
    details.hint summary{cursor:pointer;font-style:normal}
    .files td.path{font-family:ui-monospace,Menlo,monospace}.files td>span{white-space:nowrap}
    .pager{display:flex;gap:1rem;margin:2rem 0 1rem;padding-top:1rem;border-top:1px solid var(--line)}.pager a[rel=next]{margin-left:auto}
    .course{margin-top:2rem;font-size:.92rem}.course-title{margin:0 0 .3rem;font-weight:600}.course ol{margin:0;padding-left:1.4rem}
    .course [aria-current=page]{font-weight:600;text-decoration:none}
    pre.code{position:relative}
    .copy{position:absolute;top:.3rem;right:.3rem;font:.75rem/1.4 system-ui,sans-serif;padding:.1rem .5rem;border:1px solid var(--line);
    border-radius:4px;background:var(--bg);color:var(--muted);cursor:pointer;opacity:.5}pre.code:hover .copy,.copy:focus{opacity:1}
    @media (min-width:80rem){body:has(>nav.course){margin-left:max(18rem,calc(50vw - 30rem))}
    .course{position:fixed;top:0;left:0;bottom:0;width:16rem;margin:0;padding:1rem;overflow-y:auto;border-right:1px solid var(--line)}}
    @media (max-width:40rem){body{font-size:1rem;padding:.5rem .6rem 3rem}pre{font-size:.8rem;padding:.5rem}
    .cell{padding:.4rem .45rem}.cell-head{flex-direction:column;gap:0}}
    @media (min-width:90rem){body{max-width:75rem;font-size:1.25rem}}
    @media print{body{max-width:none;font-size:10.5pt;color:#000;background:#fff}.tabs{display:none}
    .tabbed .panel.hidden,.panel{display:block}.panel-title{display:block}.cell{break-inside:avoid}
    pre{white-space:pre-wrap;background:none;border:1px solid #ccc}a.where{text-decoration:none}
    nav,.copy,.anchor{display:none}body:has(>nav.course){margin-left:0}}
    """

    /// Tabs: each `.outputs` with tabs shows one panel at a time, the first failing one first; a copy
    /// button on each code block (made here, so the page holds no inline handler, and copying the
    /// code's lines, not the button). Set up again when `watch --serve` swaps the page's body in
    /// place (`labrunner:updated`). Clipboard access needs a secure context, which `file:` and
    /// localhost pages are; elsewhere the selection is copied the old way.
    static let script = """
    const setUpTabs = () => {
    document.body.classList.add('tabbed');
    for (const box of document.querySelectorAll('.outputs')) {
      const tabs = [...box.querySelectorAll('.tab')];
      if (!tabs.length) continue;
      const show = (tab) => {
        for (const t of tabs) {
          const on = t === tab;
          t.setAttribute('aria-selected', on ? 'true' : 'false');
          document.getElementById(t.dataset.panel).classList.toggle('hidden', !on);
        }
      };
      for (const t of tabs) t.addEventListener('click', () => show(t));
      show(tabs.find((t) => t.classList.contains('fail')) || tabs[0]);
    }
    };
    const copyText = (text, done) => {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      if (document.execCommand('copy')) done();
      area.remove();
    };
    const setUpCopy = () => {
    for (const pre of document.querySelectorAll('pre.code')) {
      const code = pre.querySelector('code');
      if (!code || pre.querySelector('.copy')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy';
      button.textContent = 'Copy';
      button.addEventListener('click', () => {
        const lines = [...code.querySelectorAll('.ln')];
        const text = lines.length ? lines.map((l) => l.textContent).join('\\n') : code.textContent;
        const done = () => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => copyText(text, done));
        else copyText(text, done);
      });
      pre.appendChild(button);
    }
    };
    setUpTabs();
    setUpCopy();
    document.addEventListener('labrunner:updated', () => { setUpTabs(); setUpCopy(); });
    """

    /// The policy: the inline style and script by their SHA-256, nothing else.
    static let contentSecurityPolicy = "default-src 'none'; style-src '\(hash(css))'; script-src '\(hash(script))'; "
        + "img-src 'self' file: https: http:; base-uri 'none'; form-action 'none'"

    static func hash(_ text: String) -> String {
        "sha256-" + base64(SHA256.hash(Array(text.utf8)))
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var result = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                result.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return result
    }

    /// A whole page around `body`: the policy first, the style, the body, the script last.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="labrunner">
        <title>\(HTMLEscaping.text(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        \(body)<script>\(script)</script>
        </body>
        </html>

        """
    }
}
