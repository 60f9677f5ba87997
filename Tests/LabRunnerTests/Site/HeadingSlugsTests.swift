import Testing
@testable import LabRunner

/// Heading ids as GitHub makes them, so a link written against the `.md` on GitHub finds the
/// heading on the page too; and the page's contents built from them.
struct HeadingSlugsTests {
    @Test(arguments: [
        ("A complete example", "a-complete-example"),
        ("What's new in Swift 6?", "whats-new-in-swift-6"),
        ("`async`/`await` & actors", "asyncawait--actors"),
        ("Lab 01: One screen, one file", "lab-01-one-screen-one-file"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("Ünïcödé Straße", "ünïcödé-straße"),
        ("→ arrows © and 🚀 emoji", "-arrows--and--emoji"),
        ("  two  spaces ", "--two--spaces-"),
    ])
    func slugsFollowGitHub(_ text: String, _ expected: String) {
        #expect(HeadingSlugs.slug(text) == expected)
    }

    @Test func repeatsAreNumberedFromOneAndNeverClashWithATakenID() {
        var slugs = HeadingSlugs(reserved: ["exercise-a"])
        let ids = ["Setup", "Setup", "Setup-1", "Setup", "Exercise A", "!!!"].map { slugs.id(for: $0) }
        #expect(ids == ["setup", "setup-1", "setup-1-1", "setup-2", "exercise-a-1", "section"])
    }

    @Test func headingsGetTheirIDAndALinkToItselfFromTheirTextWithoutMarkup() {
        var renderer = MarkdownHTML()
        renderer.anchorsHeadings = true
        let html = renderer.render("# A *complete* example\n\n## A [link](x.md) &amp; `code`\n\n> ## Quoted\n\n## A complete example\n")
        #expect(html == """
        <h1 id="a-complete-example">A <em>complete</em> example<a class="anchor" href="#a-complete-example" aria-label="Link to this section"></a></h1>
        <h2 id="a-link--code">A <a href="x.md">link</a> &amp; <code>code</code><a class="anchor" href="#a-link--code" aria-label="Link to this section"></a></h2>
        <blockquote>
        <h2 id="quoted">Quoted<a class="anchor" href="#quoted" aria-label="Link to this section"></a></h2>
        </blockquote>
        <h2 id="a-complete-example-1">A complete example<a class="anchor" href="#a-complete-example-1" aria-label="Link to this section"></a></h2>

        """)
    }

    @Test func aHostileHeadingGivesAnIDOfLettersOnly() {
        var renderer = MarkdownHTML()
        renderer.anchorsHeadings = true
        let html = renderer.render("## \"><script>alert(1)</script> x\" onmouseover=\"y\n")
        #expect(renderer.headings.map(\.id) == ["scriptalert1script-x-onmouseovery"])
        #expect(!html.contains("<script"))
    }

    @Test func theContentsNestSubsectionsAndAppearOnlyWithThreeSectionsOrMore() {
        var renderer = MarkdownHTML()
        renderer.anchorsHeadings = true
        _ = renderer.render("# Title\n## One\n### One a\n### One b\n## Two <b>&amp;</b>\n#### Deep\n## Three\n")
        #expect(PageContents.html(renderer.headings) == """
        <nav class="contents" aria-label="Contents"><p class="contents-title">Contents</p>
        <ul>
        <li><a href="#one">One</a>
        <ul>
        <li><a href="#one-a">One a</a></li>
        <li><a href="#one-b">One b</a></li>
        </ul>
        </li>
        <li><a href="#two-">Two &amp;</a></li>
        <li><a href="#three">Three</a></li>
        </ul>
        </nav>

        """)
        _ = renderer.render("# Title\n## One\n## Two\n")
        #expect(PageContents.html(renderer.headings) == "")
    }

    @Test func theDifferentialRendererKeepsCmarksPlainHeadings() {
        var renderer = MarkdownHTML()
        #expect(renderer.render("## Plain\n") == "<h2>Plain</h2>\n")
    }
}
