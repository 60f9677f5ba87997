import Foundation
import Testing

/// Report is the last stage: no earlier stage may name one of its types (the pipeline once
/// formatted a compiler failure with `ReportFacts.tail`).
struct ReportLayerTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/LabRunner").path

    /// The top-level types the Report folder declares (nested ones, `Kind`, `Status`, are named through them).
    static func reportTypes() throws -> Set<String> {
        var names = Set<String>()
        for file in try swiftFiles(in: "Report") {
            for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") where line.first?.isWhitespace == false {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
                for (index, word) in words.enumerated() where ["struct", "enum", "class", "protocol"].contains(word) && index + 1 < words.count {
                    names.insert(String(words[index + 1]))
                }
            }
        }
        return names
    }

    static func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources + "/" + folder)
            .filter { $0.hasSuffix(".swift") }.map { sources + "/" + folder + "/" + $0 }
    }

    @Test(arguments: ["Support", "Process", "Markdown", "Lab", "Program", "Compile", "Run", "Verify", "Pipeline", "Update"])
    func anEarlierStageNamesNoReportType(stage: String) throws {
        let types = try Self.reportTypes()
        #expect(types.contains("RunReport") && types.contains("TerminalReport"))
        guard FileManager.default.fileExists(atPath: Self.sources + "/" + stage) else { return }
        for file in try Self.swiftFiles(in: stage) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            var identifiers = Set<String>()
            var current = ""
            for character in text {
                if character.isLetter || character.isNumber || character == "_" { current.append(character) } else {
                    if !current.isEmpty { identifiers.insert(current) }
                    current = ""
                }
            }
            let used = types.intersection(identifiers)
            #expect(used.isEmpty, "\(stage)/\((file as NSString).lastPathComponent) uses \(used.sorted()) from Report")
        }
    }
}
