import Foundation
import Testing
@testable import LabRunner

/// Every code block in swift-argument-parser's doc comments is found: a deliberately plain
/// line counter (no CommonMark containers, no lexer) counts them apart from the reader, file by
/// file; and each Swift block of them is one sample of its file's plan (one verdict each), no more, no
/// fewer. Runs where the corpus is checked out beside the repository (`../shared/corpus`).
struct DocCommentCorpusTests {
    static let sources: String? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = repository.deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/swift-argument-parser/Sources").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    @Test(.enabled(if: sources != nil)) func argumentParserBlocksAreCountedTheSameWay() throws {
        let root = try #require(Self.sources)
        var reader = (fenced: 0, indented: 0), plain = (fenced: 0, indented: 0)
        var differing: [String] = []
        var swiftBlocks = 0, planned = 0
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("/**"), "\(path): a /** */ comment, which the plain counter does not read")
            let found = DocCommentReader.codeBlocks(in: MarkdownSource(bytes: Array(data)))
            let counted = PlainDocCommentCounter.count(text)
            let fenced = found.filter { !$0.block.isIndented }.count, indented = found.count - fenced
            reader.fenced += fenced
            reader.indented += indented
            plain.fenced += counted.fenced
            plain.indented += counted.indented
            // Every Swift block (a fence with `swift` or no info string, an indented block) is a
            // sample of the file's plan, which gives each sample one verdict; no other block is.
            let samples = try GuidePlan(LabParser.parse(bytes: Array(data), path: root + "/" + path), appleAvailable: false).samples.count
            if samples != counted.swiftFenced + counted.indented {
                differing.append("\(path): \(samples) samples, counter \(counted.swiftFenced) Swift fences + \(counted.indented) indented")
            }
            swiftBlocks += counted.swiftFenced + counted.indented
            planned += samples
            if fenced != counted.fenced || indented != counted.indented {
                differing.append("\(path): reader \(fenced)+\(indented), counter \(counted.fenced)+\(counted.indented)")
            }
        }
        print("argument-parser doc comments: \(reader.fenced) fenced, \(reader.indented) indented code blocks")
        #expect(differing == [])
        #expect(reader.fenced == plain.fenced && reader.indented == plain.indented)
        // The numbers docs/guides.md gives; a change in the corpus or the reader shows here.
        #expect(reader.fenced == 55 && reader.indented == 26)
        #expect(planned == swiftBlocks && planned == 79, "the 79 samples docs/guides.md gives (2 fences are `shell`)")
    }
}

/// Counts code blocks in `///` comments line by line: a run of `///` lines, less the first
/// non-blank line's indentation; a fence opens at up to three blanks and closes with the same
/// character at least as long; an indented block opens at four blanks after a blank line or a
/// fence, and runs over blank lines and lines indented four. A fence is Swift when its info
/// string is empty or `swift` (with words after it).
enum PlainDocCommentCounter {
    static func count(_ text: String) -> (fenced: Int, indented: Int, swiftFenced: Int) {
        var fenced = 0, indented = 0, swiftFenced = 0
        for comment in comments(text) {
            var fence: String? = nil
            var inIndented = false
            var previousBlank = true
            for line in comment {
                let blanks = line.prefix { $0 == " " }.count
                let rest = line.dropFirst(blanks)
                if let open = fence {
                    if blanks < 4, rest.hasPrefix(open), rest.drop(while: { $0 == open.first }).allSatisfy({ $0 == " " }) { fence = nil }
                    previousBlank = true
                    continue
                }
                if rest.isEmpty { previousBlank = true; continue }
                if inIndented && blanks >= 4 { continue }
                inIndented = false
                if blanks >= 4 && previousBlank {
                    indented += 1
                    inIndented = true
                } else if blanks < 4, let character = rest.first, character == "`" || character == "~",
                          case let run = rest.prefix(while: { $0 == character }), run.count >= 3 {
                    fenced += 1
                    let info = rest.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
                    if info.isEmpty || info == "swift" || info.hasPrefix("swift ") { swiftFenced += 1 }
                    fence = String(run)
                    previousBlank = true
                    continue
                }
                previousBlank = false
            }
        }
        return (fenced, indented, swiftFenced)
    }

    /// Each run of `///` lines, as text after `///` with the first non-blank line's indentation removed.
    private static func comments(_ text: String) -> [[Substring]] {
        var comments: [[Substring]] = [], current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("///") && !trimmed.hasPrefix("////") {
                current.append(trimmed.dropFirst(3))
            } else if !current.isEmpty {
                comments.append(current)
                current = []
            }
        }
        if !current.isEmpty { comments.append(current) }
        return comments.map { lines in
            let indentation = lines.first { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count } ?? 0
            return lines.map { $0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count)) }
        }
    }
}
