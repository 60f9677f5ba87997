/// The built-in page of a served lab until a full notebook renderer is plugged in: each part,
/// each scenario and each cell's verdict, with what the cell printed and its diff. Every string
/// from the lab is escaped.
package enum PlainNotebookPage {
    package static func render(_ file: FileReport) -> String {
        var body: [String] = ["<h1>\(escape(file.path))</h1>"]
        switch file.content {
        case .unreadable(let error):
            body.append("<p class=\"fail\">\(escape(error.description))</p>")
        case .invalid(let error, _):
            body.append("<p class=\"fail\">\(escape(error.description))</p>")
        case .lab(let title, let parts, _):
            if let title { body.append("<p>\(escape(title))</p>") }
            body.append("<p>\(escape(file.verdictLine))</p>")
            for part in parts { body += render(part) }
        case .guide(let guide, _):
            if let title = guide.title { body.append("<p>\(escape(title))</p>") }
            body.append("<p>\(escape(file.verdictLine))</p>")
            body.append("<ul>")
            for sample in guide.samples {
                let detail = sample.reason.map { ": " + $0 } ?? ""
                body.append("<li class=\"\(sample.status.rawValue)\">line \(sample.line): \(sample.status.rawValue)\(escape(detail))</li>")
                if !sample.errors.isEmpty { body.append("<pre>\(escape(sample.errors.map(\.line).joined(separator: "\n")))</pre>") }
            }
            body.append("</ul>")
        }
        return document(title: file.path, body: body)
    }

    static func render(_ part: PartReport) -> [String] {
        var lines = ["<section>", "<h2>\(escape(part.name))</h2>"]
        switch part.result {
        case .compileFailed(let failure):
            lines.append("<p class=\"fail\">\(escape(failure.summary))</p>")
            lines.append("<pre>\(escape(failure.diagnostics.map(\.line).joined(separator: "\n")))</pre>")
        case .checked(let check):
            lines.append("<p class=\"\(check.status.rawValue)\">\(check.status.rawValue): \(escape(check.summary))</p>")
            if !check.diagnosticsDiff.isEmpty { lines.append("<pre>\(escape(check.diagnosticsDiff.joined(separator: "\n")))</pre>") }
        case .toolFailed(let failure):
            lines.append("<p class=\"fail\">\(escape(failure.text))</p>")
        case .missingModules(let report):
            lines.append("<p>\(escape(report.message))</p>")
        case .nothingToCompile(let onThisPlatform):
            lines.append("<p>\(escape(PartReport.nothingToCompileMessage(onThisPlatform: onThisPlatform)))</p>")
        case .compiledOnly:
            lines.append("<p class=\"pass\">compiled, no transcripts</p>")
        case .ran:
            break
        }
        for scenario in part.scenarios {
            lines.append("<h3 class=\"\(scenario.status.rawValue)\">\(escape(scenario.name)): \(scenario.status.rawValue)</h3>")
            if let problem = scenario.run?.problem { lines.append("<p class=\"fail\">\(escape(problem.message))</p>") }
            lines.append("<ul>")
            for cell in scenario.cells {
                let place = "\(part.path):\(cell.line)"
                var item = "<li id=\"\(escape(scenario.name))-L\(cell.line)\" data-status=\"\(cell.status.rawValue)\">"
                    + "\(escape(place)): <b>\(cell.status.rawValue)</b>"
                if let actual = cell.actual, !actual.isEmpty { item += "<pre>\(escape(actual))</pre>" }
                if !cell.diff.isEmpty { item += "<pre>\(escape(cell.diff.joined(separator: "\n")))</pre>" }
                lines.append(item + "</li>")
            }
            lines.append("</ul>")
        }
        return lines + ["</section>"]
    }

    /// A whole HTML document around `body`.
    package static func document(title: String, body: [String]) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title></head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    /// Text safe in HTML content and in quoted attribute values: the notebook's escaping.
    package static func escape(_ text: String) -> String {
        HTMLEscaping.attribute(text)
    }
}
