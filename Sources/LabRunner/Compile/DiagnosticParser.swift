/// Reads `swiftc -diagnostic-style=llvm` output and maps locations back to the lab's Markdown.
///
/// Thanks to `#sourceLocation`, cell diagnostics already name the lab file and its lines; only
/// columns need shifting by what container indentation (list items, block quotes) removed.
enum DiagnosticParser {
    static func parse(_ output: String, lab: Lab, generatedFile: String) -> [Diagnostic] {
        let shifts = columnShifts(of: lab)
        let labFile = ProgramGenerator.reportedFileName(of: lab.path)
        var diagnostics: [Diagnostic] = []
        var droppingNotes = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if let (linker, severity, message) = linkerLine(String(line)) {
                diagnostics.append(Diagnostic(severity: severity, location: nil, message: linker + ": " + message))
                continue
            }
            guard let (file, lineNumber, column, severity, message) = header(String(line)) else { continue }
            // A lab that calls exit() or abort() makes the next cell marker (or Lab.end()) dead
            // code: the warning is about the generated program, not the lab, so it and its note
            // ("a call to a never-returning function") are dropped.
            if severity == .note && droppingNotes { continue }
            droppingNotes = severity == .warning && message == "will never be executed"
                && (file == generatedFile || file == ProgramGenerator.fileName)
            if droppingNotes { continue }
            if file == nil {
                diagnostics.append(Diagnostic(severity: severity, location: nil, message: message))
            } else if file == labFile || file == lab.path, let lineNumber {
                let shifted = column.map { $0 + (shifts[lineNumber] ?? 0) }
                diagnostics.append(Diagnostic(severity: severity, location: lab.location(line: lineNumber, column: shifted), message: message))
            } else if file == generatedFile || file == ProgramGenerator.fileName {
                diagnostics.append(Diagnostic(severity: severity, location: nil, message: message, inPrelude: true))
            } else if let file, let lineNumber {
                diagnostics.append(Diagnostic(severity: severity, location: SourceLocation(path: file, line: lineNumber, column: column), message: message))
            }
        }
        return diagnostics
    }

    /// `path:line:col: severity: message`, `path:line: severity: message` or `severity: message`.
    static func header(_ line: String) -> (String?, Int?, Int?, Diagnostic.Severity, String)? {
        if line.hasPrefix("<unknown>:0: ") { return header(String(line.dropFirst("<unknown>:0: ".count))) }
        for severity in Diagnostic.Severity.allCases {
            if line.hasPrefix("\(severity.rawValue): ") {
                return (nil, nil, nil, severity, String(line.dropFirst(severity.rawValue.count + 2)))
            }
            guard let range = line.range(of: ": \(severity.rawValue): ") else { continue }
            let message = String(line[range.upperBound...])
            var parts = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            var numbers: [Int] = []
            while numbers.count < 2, let last = parts.last, let number = Int(last) {
                numbers.insert(number, at: 0)
                parts.removeLast()
            }
            guard !numbers.isEmpty, !parts.isEmpty else { continue }
            let file = parts.joined(separator: ":")
            return (file, numbers[0], numbers.count > 1 ? numbers[1] : nil, severity, message)
        }
        return nil
    }

    /// `ld.lld: error: message` (or `/usr/bin/ld.gold: …`, `ld: …`): the linker's name, without
    /// its folder, and what it said. The driver only says that the link failed; this says why.
    static func linkerLine(_ line: String) -> (String, Diagnostic.Severity, String)? {
        for severity in [Diagnostic.Severity.error, .warning] {
            guard let range = line.range(of: ": \(severity.rawValue): ") else { continue }
            // A program's path, not `file:line:column` (a lab named `ld.md` is a file).
            let program = line[..<range.lowerBound]
            let tool = program.split(separator: "/").last.map(String.init) ?? ""
            guard !program.contains(":"), tool == "ld" || tool.hasPrefix("ld.") || tool.hasPrefix("ld64.") else { return nil }
            return (tool, severity, String(line[range.upperBound...]))
        }
        return nil
    }

    /// For each Markdown line of a compiled cell, how many bytes of prefix the cell's code lost.
    private static func columnShifts(of lab: Lab) -> [Int: Int] {
        var shifts: [Int: Int] = [:]
        for cell in lab.compiledCells {
            for content in cell.block.contentLines {
                shifts[content.line] = content.textStart - lab.source.lines[content.line - 1].start
            }
        }
        return shifts
    }
}
