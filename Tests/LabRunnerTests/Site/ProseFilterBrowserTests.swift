import Foundation
import Testing
@testable import LabRunner

/// The prose filter judged by a real browser: each hostile Markdown input below is rendered
/// into a page (with the page's own policy, style and script), loaded in headless Chromium with
/// virtual time to spare, and its DOM must hold no event attribute, no element that runs, loads,
/// submits or navigates that the page itself did not write, no `javascript:` URL, and the page
/// must still be itself (a `<meta http-equiv="refresh">` would have loaded `moved.html`).
@Suite(.enabled(if: Chromium.isAvailable, "headless Chromium (`chromium`) is not installed: see README"))
struct ProseFilterBrowserTests {
    /// Every attempt sets the title or navigates, so a test can tell it ran even if the DOM looks tidy.
    static let run = #"document.title='pwned'"#

    static let cases: [HostileProse] = [
        // The issue's inputs: what CommonMark reads as a comment, CDATA or a processing
        // instruction, but a browser ends earlier.
        HostileProse("comment closed by --!> (inline)", "text <!-- --!><img src=x onerror=\"\(run)\"> -->\n"),
        HostileProse("comment closed by --!> (block)", "<!-- --!><img src=x onerror=\"\(run)\"> -->\n"),
        HostileProse("CDATA outside foreign content (inline)", "text <![CDATA[ ><img src=x onerror=\"\(run)\"> ]]>\n"),
        HostileProse("CDATA outside foreign content (block)", "<![CDATA[ ><img src=x onerror=\"\(run)\"> ]]>\n"),
        HostileProse("processing instruction (inline)", "text <? ><img src=x onerror=\"\(run)\"> ?>\n"),
        HostileProse("processing instruction (block)", "<? ><img src=x onerror=\"\(run)\"> ?>\n"),
        HostileProse("declaration", "<!X ><img src=x onerror=\"\(run)\"> >\n"),
        HostileProse("meta refresh through a comment", "<!-- --!><meta http-equiv=\"refresh\" content=\"0;url=moved.html\"> -->\n"),
        HostileProse("base through a comment", "<!-- --!><base href=\"https://example.invalid/\"> -->\n\n[x](y.html)\n"),
        // Tag-like text CommonMark does not read as a tag, left inside an HTML block.
        HostileProse("an attribute name CommonMark refuses", "<div>\n<img src=x onerror=\"\(run)\" @x>\n</div>\n"),
        HostileProse("form feeds between attributes", "<div>\n<img\u{0C}src=x\u{0C}onerror=\"\(run)\">\n</div>\n"),
        HostileProse("a backtick in an unquoted value", "<div>\n<img src=a`b onerror=\"\(run)\">\n</div>\n"),
        HostileProse("a slash between attributes", "<div>\n<a href=\"x\" / onclick=\"\(run)\">x</a>\n</div>\n"),
        HostileProse("no space between attributes", "<div>\n<img src=\"x\"onerror=\"\(run)\">\n</div>\n"),
        HostileProse("svg with a slash after its name", "<div>\n<svg/onload=\"\(run)\">\n</div>\n"),
        HostileProse("upper case", "<DIV>\n<IMG SRC=x ONERROR=\"\(run)\">\n</DIV>\n"),
        HostileProse("a tag left open before the next block", "<div>\n<img src=x onerror=\"\(run)\"\n\nafter>\n"),
        HostileProse("a tag left open in a paragraph", "text <img src=x onerror=\"\(run)\"\n\n<p>after</p>\n"),
        // Elements whose content a browser reads as raw text, and URLs a browser would run.
        HostileProse("noscript around a comment", "<noscript><!-- </noscript><img src=x onerror=\"\(run)\"> -->\n"),
        HostileProse("noscript around an attribute", "<noscript><p title=\"</noscript><img src=x onerror='\(run)'>\">\n"),
        HostileProse("title", "<title><img src=x onerror=\"\(run)\"></title>\n"),
        HostileProse("iframe after an abrupt comment", "<!--><iframe srcdoc=\"<script>\(run)</script>\"></iframe>\n"),
        HostileProse("form and style", "<form action=\"javascript:\(run)\"><button>go</button></form><style>*{}</style>\n"),
        HostileProse("javascript URLs in raw HTML", """
        <div>
        <a href="jav&#x09;ascript:\(run)">a</a> <a href="&#106;avascript:\(run)">b</a>
        <a href=" JAVASCRIPT:\(run)">c</a> <img src="javascript:\(run)"> <a href="vbscript:x">d</a>
        </div>

        """),
        HostileProse("javascript URLs in Markdown", "[a](javascript:\(run)) [b](<java\tscript:x>) ![c](javascript:x) <javascript:x>\n"),
        HostileProse("math and template", "<div>\n<math><mtext><table><mglyph><style><img src=x onerror=\"\(run)\">\n</div>\n"),
    ]

    /// The DOM of each case's page and of a page with no prose (what the page itself writes).
    /// Read once, on a thread of its own (`ThreadWait`): the pages' virtual time would hold one of
    /// Swift Testing's threads.
    static let doms = Task<(cases: [String], baseline: String), Error> { try await ThreadWait.run { try readDOMs() } }

    static func readDOMs() throws -> (cases: [String], baseline: String) {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "<!DOCTYPE html><title>moved</title><p>NAVIGATED</p>\n".write(toFile: folder + "/moved.html", atomically: true, encoding: .utf8)
        var files: [String] = []
        for (index, hostile) in ([HostileProse("baseline", "")] + cases).enumerated() {
            var renderer = MarkdownHTML()
            let page = NotebookStyle.page(title: "case \(index)", body: renderer.render(hostile.markdown))
            let file = folder + "/case\(index).html"
            try page.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let dom = try Chromium.dumpDOM(files, virtualTimeBudget: 2000)
        return (files.dropFirst().map { dom[$0] ?? "" }, dom[files[0]] ?? "")
    }

    @Test(arguments: cases.indices)
    func aHostileInputLeavesNothingActiveInTheDOM(_ index: Int) async throws {
        let hostile = Self.cases[index]
        let doms = try await Self.doms.value
        let dom = doms.cases[index]
        #expect(dom.contains("<title>case \(index + 1)</title>"), "\(hostile.name): the page is not itself any more:\n\(dom)")
        #expect(!dom.contains("NAVIGATED"), "\(hostile.name): the page navigated away")
        let elements = DOMElements.parse(dom)
        for element in elements {
            for (name, value) in element.attributes {
                #expect(!name.hasPrefix("on"), "\(hostile.name): <\(element.name) \(name)=…> in the DOM")
                let squeezed = value.unicodeScalars.filter { $0.value > 0x20 }.map(String.init).joined().lowercased()
                for scheme in ["javascript:", "vbscript:", "data:"] {
                    #expect(!squeezed.hasPrefix(scheme), "\(hostile.name): <\(element.name) \(name)=\"\(value)\"> in the DOM")
                }
                #expect(!["srcdoc", "style", "formaction"].contains(name), "\(hostile.name): <\(element.name) \(name)> in the DOM")
            }
        }
        // Elements that run, load, submit, navigate or hide markup: only the page's own.
        let baseline = DOMElements.parse(doms.baseline)
        for name in DOMElements.active {
            let count = elements.filter { $0.name == name }.count
            let own = baseline.filter { $0.name == name }.count
            #expect(count == own, "\(hostile.name): \(count - own) <\(name)> from the prose in the DOM")
        }
    }
}

/// One hostile Markdown input, named for the test's arguments.
struct HostileProse: Sendable, CustomTestStringConvertible {
    let name: String
    let markdown: String
    init(_ name: String, _ markdown: String) {
        self.name = name
        self.markdown = markdown
    }
    var testDescription: String { name }
}

/// The elements of a DOM as Chromium serializes it (`--dump-dom`): every attribute is written as
/// `name="value"` with `"` and `&` escaped, text has `<` escaped, so a `<` before a letter opens
/// an element, once comments and the raw text of `script` and `style` are set aside.
enum DOMElements {
    struct Element {
        let name: String
        let attributes: [(String, String)]
    }

    /// Elements prose must never add.
    static let active = ["script", "style", "meta", "base", "link", "iframe", "frame", "frameset", "object", "embed",
                         "form", "input", "button", "textarea", "select", "svg", "math", "template", "noscript", "title",
                         "xmp", "plaintext", "noembed", "noframes", "video", "audio", "source", "portal"]

    static func parse(_ dom: String) -> [Element] {
        var text = dom
        for pattern in [#"<!--[\s\S]*?-->"#, #"(?<=<script>)[\s\S]*?(?=</script>)"#, #"(?<=<style>)[\s\S]*?(?=</style>)"#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let tag = try? NSRegularExpression(pattern: #"<([a-zA-Z][^\s/>]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*/?>"#)
        let attribute = try? NSRegularExpression(pattern: #"([^\s=/>]+)(?:="([^"]*)")?"#)
        var elements: [Element] = []
        let range = NSRange(text.startIndex..., in: text)
        for match in tag?.matches(in: text, range: range) ?? [] {
            guard let name = Range(match.range(at: 1), in: text), let rest = Range(match.range(at: 2), in: text) else { continue }
            let attributes = String(text[rest])
            let pairs = attribute?.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)).compactMap { pair -> (String, String)? in
                guard let key = Range(pair.range(at: 1), in: attributes) else { return nil }
                let value = Range(pair.range(at: 2), in: attributes).map { String(attributes[$0]) } ?? ""
                return (attributes[key].lowercased(), value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&"))
            } ?? []
            elements.append(Element(name: text[name].lowercased(), attributes: pairs))
        }
        return elements
    }
}
