import Foundation

/// One `labrunner extract`: the Swift file `run` compiles for a lab, for an editor; for a guide
/// named with a line (`guide.md:42`), the program of the sample at that line. Written to a file
/// whole or not at all, or to standard output.
package struct ExtractSession: Sendable {
    /// The document, possibly with `:LINE`.
    package let path: String
    package let output: any SessionOutput
    /// `-o FILE`; nil: standard output.
    package var outputFile: String? = nil
    /// `--plain`: no `#sourceLocation` lines (errors then point at the .swift file).
    package var plain = false
    package var bareLanguage: String? = nil

    package init(path: String, output: any SessionOutput) {
        self.path = path
        self.output = output
    }

    package func run() -> SessionEnd {
        if let outputFile, let problem = OutputPaths.problem(outputs: [("-o", outputFile)], inputs: [path]) {
            output.error(problem)
            return .notChecked
        }
        guard let program = program() else { return .notChecked }
        guard let outputFile else {
            guard output.write(program) else {
                output.error("cannot write standard output: \(String(cString: strerror(errno)))")
                return .notChecked
            }
            return .passed
        }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(Array(program.utf8), to: outputFile)
        } catch {
            output.error(error.description)
            return .notChecked
        }
        return .passed
    }

    /// The program's text; nil after saying why there is none.
    private func program() -> String? {
        // Not hidden: a path that cannot be expanded is loaded as it is, and the load says why.
        let (paths, lines) = (try? DocumentFile.expandWithLines([path])) ?? ([path], [:])
        let file = paths.first ?? path
        guard let lab = DocumentLoader.reporting(to: output, bareLanguage: bareLanguage).load(file, reportingTo: output) else { return nil }
        do throws(LabError) {
            if let sample = try lab.sampleProgram(at: lines[file]) {
                return plain ? sample.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("#sourceLocation") }.joined(separator: "\n") : sample
            }
        } catch {
            output.diagnostic(TerminalReport(style: .plain).inputError(error, excerpt: nil))
            return nil
        }
        var program = ""
        ProgramGenerator.write(lab, sourceLocations: !plain, to: &program)
        return program
    }
}
