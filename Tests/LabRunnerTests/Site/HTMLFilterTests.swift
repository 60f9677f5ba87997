import Testing
@testable import LabRunner

/// The raw-HTML filter on strings: what it writes for each kind of token a browser reads. The
/// browser's own verdict on hostile input is `ProseFilterBrowserTests`.
struct HTMLFilterTests {
    @Test(arguments: [
        // Comments, CDATA, processing instructions and declarations are dropped where a browser ends them.
        ("a<!-- x -->b", "ab"),
        ("<!-- --!><img src=x onerror=a> -->", "<img src=\"x\"> -->"),
        ("<!--><b>x</b>-->", "<b>x</b>-->"),
        ("<!---><b>x</b>", "<b>x</b>"),
        ("<!--!><b>x</b>", ""),
        ("<![CDATA[ ><img src=x onerror=a> ]]>", "<img src=\"x\"> ]]>"),
        ("<? ><img src=x> ?>", "<img src=\"x\"> ?>"),
        ("<!DOCTYPE html><p>x</p>", "<p>x</p>"),
        ("</ x><b>y</b></>", "<b>y</b>"),
        // Attributes as a browser separates them; only allowed ones written, quoted and escaped.
        ("<img\u{0C}src=x\u{0C}onerror=a>", "<img src=\"x\">"),
        ("<img src=a`b onerror=c @x>", "<img src=\"a`b\">"),
        ("<a href=\"x\" / onclick=\"y\">", "<a href=\"x\">"),
        ("<img src=\"x\"onerror=\"y\">", "<img src=\"x\">"),
        ("<IMG SRC=x ALT=\"a&quot;b&#39;\" TITLE=t title=u>", "<img src=\"x\" alt=\"a&quot;b&#39;\" title=\"t\">"),
        ("<div class=\"c\" id=\"L3\" name=\"n\" style=\"x\" data-panel=\"p\">", "<div>"),
        ("<br/><hr />", "<br /><hr />"),
        // Only relative, http(s) and mailto URLs.
        ("<a href=\"&#106;avascript:x\">", "<a>"),
        ("<a href=\"jav&#x09;ascript:x\">", "<a>"),
        ("<a href=\" \u{01}JAVASCRIPT:x\">", "<a>"),
        ("<img src=\"data:image/png;base64,AA\">", "<img>"),
        ("<a href=\"https://e.org/?a=1&amp;b=2\">", "<a href=\"https://e.org/?a=1&amp;b=2\">"),
        ("<a href=\"a/b:c.html\">", "<a href=\"a/b:c.html\">"),
        // Anything else is text: tags outside the allow-list, a tag the input ends inside, a lone `<`.
        ("<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"),
        ("<noscript><p title=\"</noscript><img src=x>\">", "&lt;noscript><p title=\"&lt;/noscript&gt;&lt;img src=x&gt;\">"),
        ("<title <img src=x onerror=a>", "&lt;title &lt;img src=x onerror=a>"),
        ("<img src=x onerror=a", "&lt;img src=x onerror=a"),
        ("a < b &amp; c\0", "a &lt; b &amp; c\u{FFFD}"),
    ])
    func writesOnlyWhatItAllows(_ raw: String, _ expected: String) {
        #expect(HTMLFilter.html(raw) == expected)
    }

    @Test(arguments: [
        ("page.html", true), ("a/b:c", true), ("#L3", true), ("//host/x.png", true), ("https://e.org", true),
        ("HTTP://e.org", true), ("mailto:a@b.org", true), ("javascript:x", false), (" java\tscript:x", false),
        ("\u{0}javascript:x", false), ("vbscript:x", false), ("data:text/html,x", false), ("file:///etc/passwd", false),
        ("javascript:alert(1);x.html", false),
    ])
    func urlsAreRelativeOrWebOrMail(_ url: String, _ safe: Bool) {
        #expect(HTMLFilter.isSafeURL(url) == safe)
    }
}
