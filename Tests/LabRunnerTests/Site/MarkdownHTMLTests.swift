import Testing
@testable import LabRunner

/// The prose renderer on each construct it supports, and the raw-HTML filter.
struct MarkdownHTMLTests {
    static func html(_ markdown: String) -> String {
        var renderer = MarkdownHTML()
        return renderer.render(markdown)
    }

    @Test(arguments: [
        ("# One\n## Two ##\nThree\n=====\n", "<h1>One</h1>\n<h2>Two</h2>\n<h1>Three</h1>\n"),
        ("a *b* __c__ `d<e>` \\*f\\*\n", "<p>a <em>b</em> <strong>c</strong> <code>d&lt;e&gt;</code> *f*</p>\n"),
        ("***both*** and snake_case_name\n", "<p><em><strong>both</strong></em> and snake_case_name</p>\n"),
        ("[x](https://e.org/a?b=1&c=2 \"T\") ![i](<img/a b.png>)\n",
         "<p><a href=\"https://e.org/a?b=1&amp;c=2\" title=\"T\">x</a> <img src=\"img/a%20b.png\" alt=\"i\" /></p>\n"),
        // An image's alt text is escaped once: `"` and `&` were escaped twice (`&amp;quot;`).
        ("![a \"q\" & *b*](i.png)\n", "<p><img src=\"i.png\" alt=\"a &quot;q&quot; &amp; b\" /></p>\n"),
        ("![<a title=\">\" onerror=x>](i.png)\n", "<p><img src=\"i.png\" alt=\"\" /></p>\n"),
        ("[ref] and [t][ref]\n\n[ref]: /u \"t\"\n", "<p><a href=\"/u\" title=\"t\">ref</a> and <a href=\"/u\" title=\"t\">t</a></p>\n"),
        ("- a\n- b\n\n1. x\n2. y\n", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>x</li>\n<li>y</li>\n</ol>\n"),
        ("- a\n\n- b\n", "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n"),
        ("> quote\nlazy\n\n---\n", "<blockquote>\n<p>quote\nlazy</p>\n</blockquote>\n<hr />\n"),
        ("```swift\nlet a = 1\n```\n\n    indented\n", "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n<pre><code>indented\n</code></pre>\n"),
        ("| a | b |\n| :- | -: |\n| 1 | `\\|` 2 |\n",
         "<table>\n<thead>\n<tr>\n<th align=\"left\">a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align=\"left\">1</td>\n<td align=\"right\"><code>|</code> 2</td>\n</tr>\n</tbody>\n</table>\n"),
        // A tab inside code is the code's own: shown as written, as swiftc reads it.
        ("```swift\n\tlet a = \"\t\"\n```\n", "<pre><code class=\"language-swift\">\tlet a = &quot;\t&quot;\n</code></pre>\n"),
        ("line  \nbreak &amp; &copy; <https://x.org>\n", "<p>line<br />\nbreak &amp; © <a href=\"https://x.org\">https://x.org</a></p>\n"),
    ])
    func rendersLikeCommonMark(_ markdown: String, _ expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test func rawHTMLIsFilteredAsGitHubDoes() {
        let html = Self.html("""
        <div onclick="steal()"><img src="a.png" onerror="alert(1)"></div>

        <script>alert(1)</script>

        Text <a href="javascript:alert(1)">x</a> <a href=" JaVaScRiPt:alert(1)">y</a> <b>bold</b>

        [md](javascript:alert(1))
        """)
        #expect(html.contains("<div><img src=\"a.png\"></div>"))
        #expect(html.contains("&lt;script>alert(1)&lt;/script>"))
        #expect(html.contains("<a>x</a> <a>y</a> <b>bold</b>"))
        #expect(html.contains("<a>md</a>"))
        for forbidden in ["onclick", "onerror", "<script", "javascript:"] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden) survived")
        }
    }
}
