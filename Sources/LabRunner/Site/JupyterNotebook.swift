/// A lab as a Jupyter notebook (nbformat 4.5), from the report model and the lab's bytes: its
/// prose as Markdown cells, each Swift cell a code cell whose outputs are what the run found
/// (`JupyterCellOutputs`), and metadata naming labrunner's own kernel, which runs the cells as
/// the lab; under a cell that failed, what it should print; each hint collapsed.
/// Written as Jupyter writes notebooks (`NotebookJSON`), with ids from the lab's lines, so the
/// same run gives the same bytes. docs/notebook.md, "Jupyter notebooks", says what goes where.
package struct JupyterNotebook: Sendable {
    package let file: FileReport
    private let title: String?
    private let document: [UInt8]
    /// `html --key`: each instructor's cell labelled by a first comment line and a tag.
    package var keyLabels = KeyLabels()

    /// Nil for anything but a lab: a guide's samples are separate programs, which one kernel
    /// running the cells in order does not reproduce, and an invalid file has no cells.
    package init?(file: FileReport) {
        guard case .lab(let title, _, let document) = file.content else { return nil }
        self.file = file
        self.title = title
        self.document = document
    }

    /// The notebook as a file holds it.
    package func json() -> String {
        NotebookJSON.object([
            "cells": .array(cells()),
            "metadata": metadata(),
            "nbformat": .int(4),
            "nbformat_minor": .int(5),
        ]).text
    }

    /// Whether `bytes` are a notebook labrunner wrote: its metadata names labrunner (at the
    /// notebook's level, the only `labrunner` key two spaces in), so `html --ipynb` replaces its
    /// own notebooks and never a person's.
    package static func isNotebook(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("{\n \"cells\": [".utf8)) && String(decoding: bytes, as: UTF8.self).contains("\n  \"labrunner\": {\n   \"notes\": ")
    }

    private func metadata() -> NotebookJSON {
        let notes = NotebookResults(file).fileNotes.map { NotebookJSON.string($0.text) }
        var metadata: [String: NotebookJSON] = [
            // labrunner's own kernel (`labrunner kernel install`), which runs the cells as this lab.
            "kernelspec": .object(["display_name": .string("Swift 6 (labrunner)"), "language": .string("swift"), "name": .string("labrunner")]),
            "language_info": .object([
                "codemirror_mode": .string("swift"), "file_extension": .string(".swift"), "mimetype": .string("text/x-swift"),
                "name": .string("swift"), "pygments_lexer": .string("swift"),
            ]),
            "labrunner": .object(["path": .string(file.path), "verdict": .string(file.verdictLine), "notes": .array(notes)]),
        ]
        if let title, !title.isEmpty { metadata["title"] = .string(title) }
        return .object(metadata)
    }

    /// The document after its front matter, cut at each Swift cell: the prose between cells a
    /// Markdown cell, each Swift cell a code cell; output and diagnostics blocks left out (the
    /// code cells' outputs show what they compare against).
    private func cells() -> [NotebookJSON] {
        let results = NotebookResults(file)
        let source = MarkdownSource(bytes: document)
        let references = LinkDefinitions.collect(in: MarkdownParser.blocks(in: source))
        let firstLine = ((try? FrontMatter.parse(source, path: file.path))?.lineCount ?? 0) + 1
        var cells: [NotebookJSON] = []
        var proseStart = firstLine
        var executed = 0
        for block in MarkdownParser.fencedBlocks(in: source) where block.openingLine >= proseStart {
            let line = block.openingLine
            let isOutput = results.shownBlocks.contains(line)
            let isHint = block.info.split(separator: " ").first == "hint"
            guard isOutput || isHint || isCell(block, results) else { continue }
            cells += markdownCell(source, lines: proseStart..<line, references: references)
            let lastLine = block.closingLine ?? block.contentLines.last?.line ?? line
            proseStart = lastLine + 1
            if isHint { cells.append(Self.hintCell(block, line: line)) }
            guard !isOutput, !isHint else { continue }
            let outputs = JupyterCellOutputs(line: line, lines: line...lastLine, results: results)
            if outputs.ran { executed += 1 }
            var code = Self.kernelMagic(block).map { $0 + "\n" } ?? ""
            code += block.code
            if code.hasSuffix("\n") { code.removeLast() }
            var metadata: [String: NotebookJSON] = ["labrunner": outputs.metadata]
            if let label = keyLabels.label(at: line) {
                code = "// " + label + "\n" + code
                metadata["tags"] = .array([.string(label.hasPrefix("Hidden") ? "hidden-check" : "solution")])
            }
            cells.append(.object([
                "cell_type": .string("code"), "execution_count": outputs.ran ? .int(executed) : .null, "id": .string("L\(line)"),
                "metadata": .object(metadata), "outputs": .array(outputs.outputs),
                "source": NotebookJSON.lines(code),
            ]))
            cells += Self.expectedCells(line: line, results: results)
        }
        return cells + markdownCell(source, lines: proseStart..<(source.lines.count + 1), references: references)
    }

    /// A Swift cell, as the page decides it: one the run reported on, or a `swift` fence. A
    /// hidden setup block (an input error in a lab) stays in its comment, in the prose.
    private func isCell(_ block: FencedBlock, _ results: NotebookResults) -> Bool {
        let line = block.openingLine
        guard !block.isHiddenSetup else { return false }
        return results.scenarios[line] != nil || results.checks[line] != nil || results.skipped[line] != nil
            || block.info.split(separator: " ").first == "swift"
    }

    /// The prose of `lines` as a Markdown cell, without the blank lines around it and without
    /// `<!-- labrunner: … -->` lines (directives for the tool, about fences a notebook does not
    /// have), its raw HTML filtered (`NotebookProse`); none when nothing is left. Its id is its
    /// first line's.
    private func markdownCell(_ source: MarkdownSource, lines: Range<Int>, references: [String: MarkdownLink]) -> [NotebookJSON] {
        var kept = lines.filter { $0 <= source.lines.count }.map { (line: $0, text: source.text(of: source.lines[$0 - 1])) }
            .filter { !Self.isDirective($0.text) }
        while let first = kept.first, first.text.allSatisfy(\.isWhitespace) { kept.removeFirst() }
        while let last = kept.last, last.text.allSatisfy(\.isWhitespace) { kept.removeLast() }
        guard let first = kept.first else { return [] }
        var prose = NotebookProse.markdown(kept.map(\.text).joined(separator: "\n"), references: references)[...]
        // What the filter drops (a comment) leaves blank lines, or nothing.
        while prose.first?.isNewline == true { prose.removeFirst() }
        while prose.last?.isNewline == true { prose.removeLast() }
        guard !prose.allSatisfy(\.isWhitespace) else { return [] }
        return [.object([
            "cell_type": .string("markdown"), "id": .string("md-L\(first.line)"), "metadata": .object([:]),
            "source": NotebookJSON.lines(String(prose)),
        ])]
    }

    private static func isDirective(_ line: String) -> Bool {
        let text = line.drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("<!--"), text.reversed().drop(while: { $0 == " " || $0 == "\t" }).starts(with: ">--") else { return false }
        return text.dropFirst(4).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("labrunner:")
    }

    /// The kernel's cell magic for a cell the lab builds apart or not at all (docs/jupyter.md),
    /// so the notebook's kernel treats it as the lab does; nil for a cell of the program.
    static func kernelMagic(_ block: FencedBlock) -> String? {
        let words = block.info.split(separator: " ").dropFirst()
        for (attribute, magic) in [("skip", "%%skip"), ("compile_fail", "%%compile_fail"), ("no_run", "%%no_run"),
                                   ("standalone", "%%standalone")] where words.contains(Substring(attribute)) {
            return magic
        }
        return nil
    }

    /// Under a cell that did not print what the lab expects: a Markdown cell saying what it
    /// should print, per group of scenarios expecting the same, so a student running the notebook
    /// tells their own output (the code cell's) from the goal (this cell's).
    static func expectedCells(line: Int, results: NotebookResults) -> [NotebookJSON] {
        var groups: [(names: [String], expected: String)] = []
        for view in results.scenarios[line] ?? [] where view.cell.status == .fail {
            if let index = groups.firstIndex(where: { $0.expected == view.cell.expected }) {
                groups[index].names.append(view.scenario.name)
            } else {
                groups.append(([view.scenario.name], view.cell.expected))
            }
        }
        guard !groups.isEmpty else { return [] }
        let text = groups.map { group in
            let scenarios = group.names.count == 1 ? "scenario" : "scenarios"
            let heading = "**Should print** (\(scenarios) \(group.names.joined(separator: ", ")))"
            guard !group.expected.isEmpty else { return heading + ": nothing." }
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(group.expected) + 1))
            var expected = group.expected
            if !expected.hasSuffix("\n") { expected += "\n" }
            return heading + ":\n\n" + fence + "text\n" + expected + fence
        }.joined(separator: "\n\n")
        return [.object([
            "cell_type": .string("markdown"), "id": .string("expected-L\(line)"), "metadata": .object(["labrunner": .object(["expected": .int(line)])]),
            "source": NotebookJSON.lines(text),
        ])]
    }

    /// A `hint` block as a Markdown cell that shows it only when opened, as the page does.
    static func hintCell(_ block: FencedBlock, line: Int) -> NotebookJSON {
        var hint = block.code
        while hint.hasSuffix("\n") { hint.removeLast() }
        // Filtered as the prose is: the hint's Markdown is shown, not its raw HTML.
        let escaped = NotebookProse.markdown(hint, references: [:])
        return .object([
            "cell_type": .string("markdown"), "id": .string("hint-L\(line)"), "metadata": .object([:]),
            "source": NotebookJSON.lines("<details><summary>Hint</summary>\n\n" + escaped + "\n\n</details>"),
        ])
    }

    /// The longest run of backticks anywhere in `text`: a fence one longer than it holds the
    /// text (the kernel's lab document fences its cells the same way, `KernelNotebook`).
    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
