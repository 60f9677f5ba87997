import Testing
@testable import LabRunner

/// Random text built from the pieces that change the lexer's state (quotes, `#`, `\(`, `/`,
/// comment and placeholder delimiters, brackets, line endings, non-ASCII and invalid UTF-8).
/// Whatever the lexer makes of it, it must end, and its tokens must describe the bytes: in
/// order, never empty or overlapping, only whitespace between them, at the right line and column.
struct LexerFuzzTests {
    static let pieces: [[UInt8]] = [
        "\"", "\"\"\"", "#", "##", "\\", "\\(", "\\#(", "(", ")", "[", "]", "{", "}", "/", "//", "/*", "*/", "*",
        "<#", "#>", "`", "'", "$", "$0", "x", "name", "let", "func", "#if", "#endif", "#/", "/#", " ", "\t", "\n",
        "\r\n", "\r", "0", "1.5e-3", "0x1p", ".", "..<", "=", "+", "^^", "->", "é", "✓", ",", ":", "@",
    ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0x80], [0x0B]]

    static func text(_ random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<random.int(0...60) { bytes += random.pick(pieces) }
        return bytes
    }

    /// What is wrong with the tokens of `bytes`; empty when every invariant holds.
    static func problems(in bytes: [UInt8], bareSlashRegex: Bool = true) -> [String] {
        var problems: [String] = []
        var previousEnd = 0
        var line = 1, lineStart = 0, counted = 0
        for token in SwiftLexer(bytes, bareSlashRegex: bareSlashRegex) {
            let range = token.range
            guard range.lowerBound >= previousEnd, range.lowerBound < range.upperBound, range.upperBound <= bytes.count else {
                problems.append("\(token.kind) at \(range) after \(previousEnd)")
                break
            }
            let between = bytes[previousEnd..<range.lowerBound]
            if !between.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains($0) }) {
                problems.append("bytes \(previousEnd)..<\(range.lowerBound) are in no token: \(Array(between))")
            }
            while counted < range.lowerBound {
                if bytes[counted] == 0x0A || (bytes[counted] == 0x0D && (counted + 1 == bytes.count || bytes[counted + 1] != 0x0A)) {
                    line += 1
                    lineStart = counted + 1
                }
                counted += 1
            }
            if token.line != line || token.column != range.lowerBound - lineStart + 1 {
                problems.append("\(token.kind) at \(range): \(token.line):\(token.column), expected \(line):\(range.lowerBound - lineStart + 1)")
            }
            previousEnd = range.upperBound
        }
        if !bytes[previousEnd...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains($0) }) {
            problems.append("bytes from \(previousEnd) are in no token")
        }
        return problems
    }

    @Test func randomTextLexesConsistently() {
        for seed in SeededGenerator.seeds(3000, base: 0x1E8E4) {
            var random = SeededGenerator(seed: seed)
            let bytes = Self.text(&random)
            let problems = Self.problems(in: bytes) + Self.problems(in: bytes, bareSlashRegex: false)
            #expect(problems.isEmpty, "seed \(seed), text \(swiftLiteral(bytes)): \(problems)")
            _ = BracketBalance.firstProblem(in: bytes)
            if !problems.isEmpty { return }
        }
    }

    @Test func uniformRandomBytesLexConsistently() {
        for seed in SeededGenerator.seeds(300, base: 0xB17E5) {
            var random = SeededGenerator(seed: seed)
            let bytes = (0..<random.int(0...400)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let problems = Self.problems(in: bytes)
            #expect(problems.isEmpty, "seed \(seed), text \(swiftLiteral(bytes)): \(problems)")
            if !problems.isEmpty { return }
        }
    }
}
