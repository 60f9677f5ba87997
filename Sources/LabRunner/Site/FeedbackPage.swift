/// A student's feedback on one lab as a page (`grade -o DIR` writes `STUDENT.feedback.html` beside
/// the text): the points, each exercise with each check passed or failed, the hints of what is not
/// done, then the run as the text feedback says it. Self-contained, with the notebook pages'
/// style and Content-Security-Policy. Built from the grade report alone, which names a hidden
/// check and never shows it; the graded document is never rendered (it holds the key's text
/// after the student's), and a hint's Markdown is rendered and filtered as the site's prose is.
package struct FeedbackPage: Sendable {
    package let report: GradeReport
    package let entry: GradeReport.Entry

    package init(report: GradeReport, entry: GradeReport.Entry) {
        self.report = report
        self.entry = entry
    }

    package var title: String {
        var lab: String? = nil
        if case .lab(let title?, _, _) = entry.file.content, !title.isEmpty { lab = title }
        return "Feedback for \(entry.student): " + (lab ?? entry.file.path)
    }

    package func html() -> String {
        let full = entry.earned >= Double(entry.outOf) && entry.outOf > 0
        let header = "<header class=\"file\"><h1>\(HTMLEscaping.text(title))</h1>\n<p><code>\(HTMLEscaping.text(entry.file.path))</code> "
            + "<span class=\"verdict \(full ? "pass" : "fail")\">\(HTMLEscaping.text(PointsText.format(entry.earned))) of \(entry.outOf) "
            + "point\(entry.outOf == 1 ? "" : "s")</span></p></header>\n"
        let run = "<section><h2>The run</h2>\n<pre class=\"feedback\">" + HTMLEscaping.text(report.runLines(entry).joined(separator: "\n"))
            + "</pre></section>\n"
        return NotebookStyle.page(title: title, body: header + "<main>\n" + exercises() + run + "</main>\n")
    }

    /// Each exercise: its points and checks; the hint while it is not done.
    private func exercises() -> String {
        let reports = entry.file.parts.flatMap(\.exercises)
        let items = zip(entry.points, entry.checks).map { exercise, checks -> String in
            let found = reports.first { $0.id == exercise.id }
            let name = found?.title.map { "\($0) (\(exercise.id))" } ?? exercise.id
            let outOf = "\(exercise.outOf) point\(exercise.outOf == 1 ? "" : "s")"
            guard !exercise.manual else {
                return "<li class=\"exercise skipped\"><b>\(HTMLEscaping.text(name))</b>, \(outOf): "
                    + "<span class=\"verdict\">written: graded by your instructor</span></li>\n"
            }
            let done = checks.allSatisfy(\.passed) && !checks.isEmpty && exercise.earned >= Double(exercise.outOf)
            var item = "<li class=\"exercise \(done ? "pass" : "fail")\" id=\"exercise-\(HTMLEscaping.anchor(exercise.id))\">"
                + "<b>\(HTMLEscaping.text(name))</b>: <span class=\"verdict\">\(PointsText.format(exercise.earned)) of \(outOf)</span>, "
                + "\(checks.filter(\.passed).count) of \(checks.count) check\(checks.count == 1 ? "" : "s") passed"
            if let note = zip(entry.points, entry.notes).first(where: { $0.0.id == exercise.id })?.1, !note.isEmpty {
                item += "<p class=\"problem\">\(HTMLEscaping.text(note))</p>\n"
            }
            item += "<ul class=\"checks\">\n" + checks.map { check in
                "<li class=\"\(check.passed ? "pass" : "fail")\"><span class=\"verdict\">\(check.passed ? "pass" : "fail")</span> "
                    + HTMLEscaping.text(check.name) + "</li>\n"
            }.joined() + "</ul>\n"
            if !done, let hint = found?.hint, !hint.isEmpty { item += NotebookPage.hint(hint) }
            return item + "</li>\n"
        }
        return "<section class=\"exercises\"><h2>Exercises</h2>\n<ul>\n" + items.joined() + "</ul></section>\n"
    }
}
