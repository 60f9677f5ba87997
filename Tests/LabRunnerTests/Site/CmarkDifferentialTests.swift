import Foundation
import Testing
@testable import LabRunner

/// The prose renderer held to cmark-gfm (`cmark-gfm --unsafe -e table -e tagfilter`, Debian's
/// `cmark-gfm`): the course's labs, the example guides, the docs and a case per construct render
/// to the same HTML once whitespace between tags is normalised. What is known to differ is listed
/// in docs/notebook.md and kept out of the inputs. Without cmark-gfm the tests are skipped.
@Suite(.enabled(if: Cmark.path != nil, "cmark-gfm is not installed (apt-get install cmark-gfm): see README"))
struct CmarkDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Markdown file of Labs/, examples/guides/ and docs/.
    static let files: [String] = ["Labs", "examples/guides", "docs"].flatMap { folder -> [String] in
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".txt") }.sorted().map { folder + "/" + $0 }
    }

    /// One input per construct the notebook supports (and a few corner cases of each). Known
    /// differences, kept out on purpose, are in docs/notebook.md: named entities beyond the common
    /// ones, reference definitions over several lines, unquoted attribute values in raw HTML.
    static let constructs = [
        "# h1\n## h2 ##\n###### h6\nSetext\n===\nTwo\n---\n",
        "*em* _em_ **strong** __strong__ ***both*** *a **b** c* snake_case_word 2*3*4 **unclosed\n",
        "`code` `` a ` b `` ` spaced ` \\`escaped\\` \\* \\_ \\\\\n",
        "[link](/url \"title\") [rel](a/b.md) <https://example.org> [ref][r] [r] [collapsed][]\n\n[r]: https://e.org/x?y=1&z=2 'T'\n[collapsed]: /c\n",
        "![alt *text*](img/a.png \"t\") ![remote](https://e.org/i.png)\n",
        "- one\n- two\n  - nested\n  - more\n- three\n\n1. a\n2. b\n\n3) c\n",
        "- loose\n\n- items\n\n* other\n+ bullets\n",
        "> quote\n> > nested\n> - list in quote\n\n> lazy\ncontinuation\n",
        "para\n***\n- - -\n___\n",
        "```swift\nlet a = 1 < 2\n```\n\n~~~\ntilde\n~~~\n\n    indented\n    code\n",
        "| a | b | c |\n|:--|:-:|--:|\n| 1 | **2** | `3` |\n| only one |\n\n|x|\n|-|\n|y|\n",
        "hard  \nbreak\\\nsoft\nbreak &amp; &copy; &#35; &#x41; &nosuch;\n",
        "<div title=\"note\">\n<p>raw <b>html</b></p>\n</div>\n\ntext with <span title=\"t\">inline</span> html <!-- comment -->\n",
        "<script>alert(1)</script>\n\n<style>p{}</style>\n",
        "-\tTab item\n\n\tcode after tab\n",
        "* a\n *  b\n   * c\n",
        "text\n| a | b |\n| - | - |\n| 1 | 2 |\n",
        "[a [nested] link](/u) [not a link] *[emph link](/x)*\n",
        "**foo*bar** *foo**bar* _foo_bar_\n",
        "> a\nlazy\n> b\n>\n> ```\n> code\nnot lazy\n\n- item\nlazy line\n- # heading\nnot lazy\n",
        "> - nested\nlazy\n>     indented\nnot code\n",
        "1. item\n\n   continued paragraph\n\n   ```\n   code in item\n   ```\n2. next\n",
        // Tabs inside code stay tabs (the notebook's own parser once expanded them).
        "```swift\n\tif x {\n\t\ty()\n\t}\n```\n\n\tindented\tcode\n",
        // An indented fence after a blank line inside an item makes the list loose (CHANGELOG.md).
        "- a change\n  described\n\n    ```\n    $ example\n    ```\n- next\n",
        // GitHub tables as cmark-gfm reads them: a header without pipes, an indented row is code.
        "foo\n:--\nbar\n\na|b\n-|-\n    c|d\n",
    ]

    /// The reference itself answers: an empty or failing cmark-gfm would make every comparison moot.
    @Test func cmarkGfmRendersTablesAndFiltersTags() throws {
        #expect(try Cmark.render("*x*\n") == "<p><em>x</em></p>\n")
        #expect(try Cmark.render("|a|\n|-|\n").contains("<th>a</th>"))
        #expect(try Cmark.render("<script>\n").contains("&lt;script>"))
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: files)
    func aRepositoryDocumentRendersAsCmarkGfm(_ file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        try Self.compare(Self.withoutFrontMatter(text), name: file)
    }

    @Test(arguments: constructs)
    func aConstructRendersAsCmarkGfm(_ markdown: String) throws {
        try Self.compare(markdown, name: markdown)
    }

    static func compare(_ markdown: String, name: String) throws {
        var renderer = MarkdownHTML()
        let ours = Cmark.normalized(renderer.render(markdown))
        // cmark-gfm writes comments, CDATA and processing instructions through, and any tag its
        // tag filter does not name; the filter drops the first and shows tags it does not allow as text.
        let theirs = Cmark.normalized(Cmark.withDisallowedTagsAsText(Cmark.withoutComments(try Cmark.render(markdown))))
        guard ours != theirs else { return }
        let common = zip(ours, theirs).prefix { $0 == $1 }.count
        let context = { (text: String) in String(text.dropFirst(max(0, common - 120)).prefix(240)) }
        Issue.record("\(name): differs from cmark-gfm at character \(common):\nours:   \(context(ours))\ncmark:  \(context(theirs))")
    }

    static func withoutFrontMatter(_ text: String) -> String {
        guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) else {
            return text
        }
        return String(text[end.upperBound...])
    }
}

/// Debian's `cmark-gfm`, run on a text.
enum Cmark {
    static let path: String? = ExecutableSearch.find("cmark-gfm", path: ProcessInfo.processInfo.environment["PATH"])

    static func render(_ markdown: String) throws -> String {
        guard let path else { return "" }
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try markdown.write(toFile: folder + "/in.md", atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(ProcessRequest(executable: path, arguments: ["--unsafe", "-e", "table", "-e", "tagfilter", folder + "/in.md"],
                                                         environment: [:], timeout: 30, outputLimit: 16 << 20))
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// The output without `<!--…-->`, `<![CDATA[…]]>` and `<?…?>`, which the notebook never writes.
    static func withoutComments(_ html: String) -> String {
        html.replacingOccurrences(of: #"<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>"#, with: "", options: .regularExpression)
    }

    /// Every tag whose element `HTMLFilter` does not allow written as text, as the filter writes it (`&lt;x>`).
    static func withDisallowedTagsAsText(_ html: String) -> String {
        guard let tag = try? NSRegularExpression(pattern: #"<(/?)([A-Za-z][A-Za-z0-9-]*)"#) else { return html }
        var result = html
        for match in tag.matches(in: html, range: NSRange(html.startIndex..., in: html)).reversed() {
            guard let whole = Range(match.range, in: result), let name = Range(match.range(at: 2), in: html) else { continue }
            if !HTMLFilter.allowedElements.contains(html[name].lowercased()) { result.replaceSubrange(whole.lowerBound..<result.index(after: whole.lowerBound), with: "&lt;") }
        }
        return result
    }

    /// Whitespace runs made one space, none between tags or at the ends.
    static func normalized(_ html: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in html {
            if character.isWhitespace { pendingSpace = true; continue }
            if pendingSpace && !result.isEmpty && !(result.last == ">" && character == "<") { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }
}
