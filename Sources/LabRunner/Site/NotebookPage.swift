/// One file of a run as a page: its prose rendered, each Swift cell with its code and its
/// output in every scenario, notes about the whole file on top. Built from the report model
/// alone (a lab's `FileReport` keeps its bytes), so the page says what the run found.
package struct NotebookPage: Sendable {
    package let file: FileReport
    /// Where the index is, relative to the page (`../index.html`).
    package let indexLink: String

    package init(file: FileReport, indexLink: String) {
        self.file = file
        self.indexLink = indexLink
    }

    /// The page's title: the front matter's, else the first heading's, else the path.
    package var title: String {
        if case .lab(let title?, _, _) = file.content, !title.isEmpty { return title }
        if case .guide(let guide, _) = file.content, let title = guide.title, !title.isEmpty { return title }
        return file.path
    }

    package func html() -> String {
        NotebookStyle.page(title: title, body: header() + content())
    }

    private func header() -> String {
        let verdict = NotebookIndex.verdict(file)
        return "<nav><a href=\"\(HTMLEscaping.attribute(indexLink))\">All files</a></nav>\n"
            + "<header class=\"file\"><p><code>\(HTMLEscaping.text(file.path))</code> "
            + "<span class=\"verdict \(verdict.css)\">\(HTMLEscaping.text(verdict.text))</span></p></header>\n"
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
            return notes + exercises(parts.flatMap(\.exercises)) + "<main>\n" + prose(document, results) + "</main>\n"
        case .guide(let guide, let document):
            return "<main>\n" + guideProse(document, guide) + "</main>\n"
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
                let words = sample.status.rawValue.replacingOccurrences(of: "-", with: " ") + (sample.reason.map { ": " + $0 } ?? "")
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

    /// The document's blocks after its front matter, rendered.
    private func render(_ document: [UInt8], with renderer: inout MarkdownHTML) -> String {
        let source = MarkdownSource(bytes: document)
        let skip = (try? FrontMatter.parse(source, path: file.path))?.lineCount ?? 0
        return renderer.render(source, skippingLines: skip)
    }

    /// A lab's exercises: for a student, each done or not yet with its hint; for an instructor,
    /// whether each stub was checked. Nothing for a lab without exercises.
    private func exercises(_ exercises: [ExerciseReport]) -> String {
        guard !exercises.isEmpty else { return "" }
        let items = exercises.map { exercise -> String in
            let verdict = switch exercise.status {
            case .done, .stubFails: "pass"
            case .notYet, .followsFrom, .flaky, .missing, .stubPasses, .stubEarns, .stubDoesNotCompile: "fail"
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
    private func prose(_ document: [UInt8], _ results: NotebookResults) -> String {
        var renderer = MarkdownHTML()
        let path = file.path
        renderer.fence = { block in
            if results.isShown(block) { return "" }
            if results.isCell(block) { return NotebookCell(path: path, block: block, results: results).html() }
            let language = block.info.split(separator: " ").first.map(String.init) ?? ""
            if language == "hint" { return NotebookPage.hint(block.code) }
            guard language == "swift" else { return nil }
            return "<pre class=\"code\"><code class=\"language-swift\">"
                + SwiftHighlighter.lines(block.code).joined(separator: "\n") + "</code></pre>\n"
        }
        return render(document, with: &renderer)
    }
}
