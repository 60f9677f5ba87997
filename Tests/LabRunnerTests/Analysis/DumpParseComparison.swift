import Foundation
@testable import LabRunner

/// The corpus's guide samples compared with `swiftc -dump-parse`: how many parse, how many agree,
/// and each disagreement (`path:line`, the names only the outline has, those only swiftc has).
struct DumpParseComparison {
    struct Sample {
        let place: String
        let code: String
    }

    let parsing: Int
    let agreeing: Int
    let total: Int
    /// `path:line outline-only [..] swiftc-only [..]`, in corpus order.
    let disagreements: [String]

    init(_ samples: [Sample], _ parsed: [[String]?], outline: (String) -> [String]) {
        var parsing = 0
        var agreeing = 0
        var disagreements: [String] = []
        for (sample, names) in zip(samples, parsed) {
            guard let names else { continue }
            parsing += 1
            let ours = outline(sample.code)
            let extra = Set(ours).subtracting(names).sorted()
            let missing = Set(names).subtracting(ours).sorted()
            if extra.isEmpty, missing.isEmpty { agreeing += 1; continue }
            disagreements.append("\(sample.place) outline-only \(extra) swiftc-only \(missing)")
        }
        self.parsing = parsing
        self.agreeing = agreeing
        self.total = samples.count
        self.disagreements = disagreements
    }

    var summary: String {
        "\(total) samples, \(parsing) parse, \(agreeing) agree, \(disagreements.count) disagree"
    }

    var report: String { ([summary] + disagreements).joined(separator: "\n") + "\n" }

    /// Every guide sample of the Markdown files under `root`, as `CorpusSnapshot` reads them.
    static func corpusSamples(_ root: URL) throws -> [Sample] {
        var samples: [Sample] = []
        for path in try CorpusSnapshot.markdownFiles(under: root) {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
            guard let lab = try? LabParser.parse(bytes: bytes, path: path), lab.isGuide,
                  let plan = try? GuidePlan(lab, appleAvailable: false) else { continue }
            samples += plan.samples.map { Sample(place: "\(path):\($0.line)", code: $0.cell.block.code) }
        }
        return samples
    }
}
