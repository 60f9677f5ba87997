extension DocumentLoader {
    /// The loader of a command that reads whole documents (`list`, `extract`, `student`,
    /// `grade`): each file's `.labrunner` applies as in a run, one refused as another user's is
    /// said as a warning.
    package static func reporting(to output: any SessionOutput, bareLanguage: String? = nil, kind: DocumentKind? = nil) -> DocumentLoader {
        DocumentLoader(configs: TreeConfigSearch { output.sayWarning($0) }, bareLanguage: bareLanguage, kind: kind)
    }

    /// `load`, an error said as `path:line:col: error: …` with the line at fault; nil then.
    package func load<T>(_ path: String, reportingTo output: any SessionOutput,
                         _ make: (Lab) throws(LabError) -> T) -> T? {
        do throws(LoadError) {
            return try load(path) { lab, _ throws(LabError) in try make(lab) }
        } catch {
            output.diagnostic(TerminalReport(style: .plain).inputError(error))
            return nil
        }
    }

    package func load(_ path: String, reportingTo output: any SessionOutput) -> Lab? {
        load(path, reportingTo: output) { lab throws(LabError) in lab }
    }
}
