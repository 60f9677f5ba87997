import Foundation

/// What a compile check's swiftc run said, as the compile cache keeps it: a `compile_fail` or
/// `no_run` cell that did not change is not compiled again.
///
/// Stored in the cache's entry file (the place an executable goes for a program), as text:
/// a header line, swiftc's exit status, then everything it printed, with the per-run build
/// folder replaced by a placeholder so the diagnostics map the same way when read back.
struct CheckRecord: Sendable, Equatable {
    static let header = "labrunner compile check 1"
    static let folderPlaceholder = "<build>"

    let succeeded: Bool
    let output: String

    /// The record of `build`, run in `folder`.
    init(_ build: BuildOutcome, folder: String) {
        succeeded = build.succeeded
        output = build.rawOutput.replacingOccurrences(of: folder, with: Self.folderPlaceholder)
    }

    init(succeeded: Bool, output: String) {
        self.succeeded = succeeded
        self.output = output
    }

    var encoded: [UInt8] {
        Array("\(Self.header)\nstatus: \(succeeded ? 0 : 1)\n\(output)".utf8)
    }

    /// Nil for anything that is not a record of this version.
    init?(decoding bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == Self.header, parts[1] == "status: 0" || parts[1] == "status: 1" else { return nil }
        succeeded = parts[1] == "status: 0"
        output = parts.count == 3 ? String(parts[2]) : ""
    }

    /// The build outcome it stands for, its diagnostics mapped to `lab` again.
    func outcome(for lab: Lab) -> BuildOutcome {
        let generated = Self.folderPlaceholder + "/" + ProgramGenerator.fileName
        return BuildOutcome(executable: nil, succeeded: succeeded,
                            diagnostics: DiagnosticParser.parse(output, lab: lab, generatedFile: generated),
                            rawOutput: output, duration: 0)
    }
}

extension BuildOutcome {
    /// The same outcome with the per-run build `folder` named as the cache names it
    /// (`CheckRecord.folderPlaceholder`) in swiftc's output and diagnostics: files swiftc writes
    /// there (a macro's expansion) are gone once the build is done, and a first run reports them
    /// as every later run does from the cache. The executable keeps its real path.
    func namingBuildFolder(_ folder: String) -> BuildOutcome {
        func named(_ text: String) -> String { text.replacingOccurrences(of: folder, with: CheckRecord.folderPlaceholder) }
        let diagnostics = diagnostics.map { diagnostic in
            var renamed = Diagnostic(severity: diagnostic.severity,
                                     location: diagnostic.location.map { SourceLocation(path: named($0.path), line: $0.line, column: $0.column) },
                                     message: named(diagnostic.message))
            renamed.inPrelude = diagnostic.inPrelude
            return renamed
        }
        return BuildOutcome(executable: executable, succeeded: succeeded, diagnostics: diagnostics,
                            rawOutput: named(rawOutput), duration: duration)
    }
}
