/// One file of a run as a page: its prose rendered, each Swift cell with its code and its
/// output in every scenario, notes about the whole file on top. Built from the report model
/// alone (a lab's `FileReport` keeps its bytes), so the page says what the run found.
package struct NotebookPage: Sendable {
    package let file: FileReport
    /// Where the index is, relative to the page (`../index.html`).
    package let indexLink: String

    /// The site the page is part of: where its `.md` links lead. Nil for a page on its own
    /// (`watch --serve`), whose links stay as written.
    package let site: SiteLinks?

    /// The course the page is part of: its sidebar and previous/next links. Nil on its own.
    package let course: CourseNavigation?

    /// `html --key`: the instructor's cells, labelled above their code.
    package var keyLabels = KeyLabels()
    /// `html --ipynb`: the notebook written beside the page, relative to it, linked from its header.
    package var notebookLink: String? = nil

    package init(file: FileReport, indexLink: String, site: SiteLinks? = nil, course: CourseNavigation? = nil) {
        self.file = file
        self.indexLink = indexLink
        self.site = site
        self.course = course
    }

    /// The page's title: the front matter's, else the first heading's, else the path.
    package var title: String {
        if case .lab(let title?, _, _) = file.content, !title.isEmpty { return title }
        if case .guide(let guide, _) = file.content, let title = guide.title, !title.isEmpty { return title }
        return file.path
    }

    package func html() -> String {
        let page = site?.page(of: file.path) ?? NotebookSite.pagePath(for: file.path)
        let navigation = course?.html(forPage: page) ?? (sidebar: "", pager: "")
        let content = content()
        var firstFailure = Self.firstFailingCell(in: content)
        if case .guide(let guide, _) = file.content { firstFailure = guide.samples.filter { $0.status == .failed }.map(\.line).min() }
        return NotebookStyle.page(title: title, body: header(firstFailure: firstFailure) + content
                                  + navigation.pager + navigation.sidebar)
    }

    /// The file, its verdict and, when a cell (or a guide's sample) failed, a link to the first one.
    private func header(firstFailure: Int?) -> String {
        let verdict = NotebookIndex.verdict(file)
        let link = firstFailure.map { line in
            " <a class=\"first-failure\" href=\"#L\(line)\">first failing cell: \(HTMLEscaping.text(file.path)):\(line)</a>"
        } ?? ""
        return "<nav><a href=\"\(HTMLEscaping.attribute(indexLink))\">All files</a></nav>\n"
            + "<header class=\"file\"><p><code>\(HTMLEscaping.text(file.path))</code> "
            + "<span class=\"verdict \(verdict.css)\">\(HTMLEscaping.text(verdict.text))</span>\(link)</p>"
            + (notebookLink.map { "\n<p><a class=\"notebook\" href=\"\(HTMLEscaping.attribute(NotebookSite.link(to: $0)))\">"
                + "Jupyter notebook (\(HTMLEscaping.text($0)))</a></p>" } ?? "") + "</header>\n"
    }

    /// The line of the first cell the page shows as failing, from the cells as written.
    static func firstFailingCell(in html: String) -> Int? {
        guard let start = html.range(of: "<section class=\"cell fail\" id=\"L") else { return nil }
        return Int(html[start.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    private func content() -> String {
        switch file.content {
        case .unreadable(let error):
            return "<p class=\"problem\">\(HTMLEscaping.text(error.description))</p>\n"
        case .invalid(let error, let excerpt):
            let lines = [error.description] + (excerpt?.lines(style: .plain) ?? [])
            return "<pre class=\"problem\">\(HTMLEscaping.text(lines.joined(separator: "\n")))</pre>\n"
        case .lab(_, let parts, let document):
            let results = NotebookResults(file)
            var notes = ""
            if !results.fileNotes.isEmpty {
                notes = "<div class=\"notes\">\n" + results.fileNotes.map { note in
                    "<p class=\"\(note.verdict)\"><span class=\"verdict\">\(HTMLEscaping.text(note.text))</span></p>\n"
                }.joined() + "</div>\n"
            }
            return notes + prose(document, results, afterTitle: exercises(parts.flatMap(\.exercises)))
        case .guide(let guide, let document):
            return guideProse(document, guide)
        }
    }

    /// A guide: its prose, each sample's code followed by its verdict (and its errors).
    private func guideProse(_ document: [UInt8], _ guide: GuideReport) -> String {
        let samples = Dictionary(guide.samples.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        var renderer = MarkdownHTML()
        renderer.fence = { block in
            let line = block.openingLine
            let language = block.info.split(separator: " ").first.map(String.init) ?? ""
            guard language == "swift" || samples[line] != nil else { return nil }
            var html = "<pre class=\"code\" id=\"L\(line)\"><code class=\"language-swift\">"
                + SwiftHighlighter.lines(block.code).joined(separator: "\n") + "</code></pre>\n"
            if let sample = samples[line] {
                let css = switch sample.status {
                case .passed: "pass"
                case .failed: "fail"
                case .listing, .skipped, .compilerCrash: "skipped"
                }
                // A pass says how far it was checked: `passed: compiled`, `passed: parsed: excerpt: …`.
                let rung = sample.status == .passed ? sample.rung.map { ": " + $0.description } ?? "" : ""
                let words = sample.status.rawValue.replacingOccurrences(of: "-", with: " ") + rung + (sample.reason.map { ": " + $0 } ?? "")
                html += "<p class=\"sample \(css)\"><span class=\"verdict\">\(HTMLEscaping.text(words))</span></p>\n"
                let errors = sample.errors.flatMap { [$0.line] + ($0.excerpt?.lines(style: .plain) ?? []) }
                if !errors.isEmpty { html += "<pre class=\"problem\">\(HTMLEscaping.text(errors.joined(separator: "\n")))</pre>\n" }
                // What it printed against its output block or `// Prints` comments.
                let diffs = sample.run?.run?.mismatches.flatMap { [$0.header] + $0.diff } ?? []
                if !diffs.isEmpty { html += "<pre class=\"problem\">\(HTMLEscaping.text(diffs.joined(separator: "\n")))</pre>\n" }
            }
            return html
        }
        return render(document, with: &renderer)
    }

    /// The document's blocks after its front matter, rendered as the page's `main`, each heading
    /// with its anchor; after the lab's title (its first block, when an `h1`) the contents, when
    /// there are enough headings to want them, and `afterTitle` (the exercises).
    private func render(_ document: [UInt8], with renderer: inout MarkdownHTML, afterTitle: String = "") -> String {
        let source = MarkdownSource(bytes: document)
        let skip = (try? FrontMatter.parse(source, path: file.path))?.lineCount ?? 0
        renderer.anchorsHeadings = true
        if let site { renderer.linkTarget = { [path = file.path] in site.href(for: $0, from: path) } }
        renderer.reservedIDs = Set(file.parts.flatMap(\.exercises).map { "exercise-" + HTMLEscaping.anchor($0.id) })
        let html = renderer.render(source, skippingLines: skip)
        let top = PageContents.html(renderer.headings) + afterTitle
        if html.hasPrefix("<h1"), let title = html.range(of: "</h1>\n") {
            return "<main>\n" + html[..<title.upperBound] + top + html[title.upperBound...] + "</main>\n"
        }
        return top + "<main>\n" + html + "</main>\n"
    }

    /// A lab's exercises: for a student, each done or not yet with its hint; for an instructor,
    /// whether each stub was checked. Nothing for a lab without exercises.
    private func exercises(_ exercises: [ExerciseReport]) -> String {
        guard !exercises.isEmpty else { return "" }
        let items = exercises.map { exercise -> String in
            let verdict = switch exercise.status {
            case .done, .stubFails: "pass"
            case .notYet, .followsFrom, .flaky, .missing, .didNotCompile, .stubPasses, .stubEarns, .stubDoesNotCompile, .uncheckedCell: "fail"
            case .notChecked, .awaitingInstructor: "skipped"
            }
            let name = exercise.title.map { "\($0) (\(exercise.id))" } ?? exercise.id
            var item = "<li class=\"exercise \(verdict)\" id=\"exercise-\(HTMLEscaping.anchor(exercise.id))\">"
                + "<a class=\"where\" href=\"#L\(exercise.line)\">\(HTMLEscaping.text(file.path)):\(exercise.line)</a> "
                + "<b>\(HTMLEscaping.text(name))</b>, \(exercise.points) point\(exercise.points == 1 ? "" : "s"): "
                + "<span class=\"verdict\">\(HTMLEscaping.text(exercise.message))</span>"
            if verdict == "fail", !exercise.hint.isEmpty { item += Self.hint(exercise.hint) }
            return item + "</li>\n"
        }
        return "<section class=\"exercises\"><h2>Exercises</h2>\n<ul>\n" + items.joined() + "</ul></section>\n"
    }

    /// A hint, collapsed until the student opens it, its Markdown rendered (`code` as code).
    static func hint(_ text: String) -> String {
        var renderer = MarkdownHTML()
        return "<details class=\"hint\"><summary>Hint</summary>\n" + renderer.render(text) + "</details>\n"
    }

    /// The document after its front matter, fences that are cells replaced by cells, output
    /// and diagnostics blocks the cells show left out.
    private func prose(_ document: [UInt8], _ results: NotebookResults, afterTitle: String) -> String {
        var renderer = MarkdownHTML()
        let path = file.path
        let labels = keyLabels
        renderer.fence = { block in
            if results.isShown(block) { return "" }
            if results.isCell(block) {
                let label = labels.label(at: block.openingLine).map { "<p class=\"note key\">\(HTMLEscaping.text($0))</p>\n" } ?? ""
                return label + NotebookCell(path: path, block: block, results: results).html()
            }
            let language = block.info.split(separator: " ").first.map(String.init) ?? ""
            if language == "hint" { return NotebookPage.hint(block.code) }
            guard language == "swift" else { return nil }
            return "<pre class=\"code\"><code class=\"language-swift\">"
                + SwiftHighlighter.lines(block.code).joined(separator: "\n") + "</code></pre>\n"
        }
        return render(document, with: &renderer, afterTitle: afterTitle)
    }
}
