import Testing
@testable import LabRunner

struct BracketBalanceTests {
    /// `kind text line:column` of the problem, or "none".
    static func describe(_ source: String) -> String {
        guard let problem = BracketBalance.firstProblem(in: Array(source.utf8)) else { return "none" }
        let kind = switch problem.kind {
        case .neverClosed: "never closed"
        case .neverOpened: "never opened"
        case .mismatched(let opener): "mismatches \(opener.line):\(opener.column)"
        }
        return "\(kind) \(problem.text) \(problem.token.line):\(problem.token.column)"
    }

    static let cases: [(String, String)] = [
        ("func f() { print([1, 2]) }", "none"),
        ("struct S {\n  func f() {\n    g()\n  }\n", "never closed { 1:10"),
        ("func f() {\n  if x {\n}\n", "never closed { 1:10"),
        ("}", "never opened } 1:1"),
        ("let a = [1, 2\n}", "mismatches 1:9 } 2:1"),
        ("func f() {\n  let a = [1, 2\n}", "never closed [ 2:11"),
        ("f(a]", "mismatches 1:2 ] 1:4"),
        // Brackets in strings, comments and regex literals do not count.
        (#"let s = "{ ( [" // }"#, "none"),
        ("/* { /* } */ ( */ x", "none"),
        ("let s = \"\"\"\n  }\n  \"\"\"", "none"),
        (##"let s = #"\(  { "#"##, "none"),
        ("let r = /[(]/", "none"),
        // Interpolations hold code: their brackets count, their strings do not.
        (#"print("\(items.map { "\($0)}" })")"#, "none"),
        (#"print("\(items[0)")"#, "never closed [ 1:15"),
        // What swallows the rest of the source.
        ("let a = 1 /* note\n}", "never closed /* 1:11"),
        ("let s = \"\"\"\n  text\n}", "never closed \"\"\" 1:9"),
        ("let s = #\"\"\"\n  \\(x) \"\"\"\n", "never closed #\"\"\" 1:9"),
        ("let s = \"\"\"\n\\(x)\n}", "never closed \"\"\" 1:9"),
        // A single-line string that runs to its line's end is swiftc's to report.
        ("let s = \"open\nf()", "none"),
        ("let s = \"a \\(b\n", "never closed \\( 1:12"),
    ]

    @Test(arguments: cases)
    func findsTheFirstUnmatchedBracket(_ source: String, _ expected: String) {
        #expect(Self.describe(source) == expected)
    }

    /// Balanced code (brackets nested in code, in interpolations and closures, and unbalanced
    /// ones in strings and comments) has no problem; without any one of its code brackets outside
    /// interpolations, it has one.
    @Test func removingAnyCodeBracketIsFound() {
        for seed in SeededGenerator.seeds(300, base: 0xB4A1) {
            var random = SeededGenerator(seed: seed)
            let code = Array(Self.balanced(&random, depth: 0).utf8)
            #expect(BracketBalance.firstProblem(in: code) == nil, "seed \(seed): \(swiftLiteral(code))")
            // Outside interpolations: inside one, removing a `(` makes the `)` that balanced it
            // end the interpolation, and the rest of the string is text again (swiftc reads it so too).
            var interpolations = 0
            let brackets = SwiftLexer.tokens(in: code).filter { token in
                if token.kind == .interpolationStart { interpolations += 1 }
                if token.kind == .interpolationEnd { interpolations -= 1 }
                return interpolations == 0 && token.kind == .punctuation && "()[]{}".utf8.contains(code[token.range.lowerBound])
            }
            guard let removed = brackets.randomElement(using: &random) else { continue }
            var broken = code
            broken.removeSubrange(removed.range)
            #expect(BracketBalance.firstProblem(in: broken) != nil, "seed \(seed): \(swiftLiteral(broken))")
        }
    }

    /// Balanced code; `singleLine` inside the interpolation of a single-line string, where a
    /// line ending would end the string.
    static func balanced(_ random: inout SeededGenerator, depth: Int, singleLine: Bool = false) -> String {
        var code = ""
        for _ in 0..<random.int(0...(depth > 3 ? 2 : 5)) {
            code += " "  // `"" """` is not `"""""`
            switch random.int(0...9) {
            case 0:
                code += random.pick(["x ", "f ", "1 ", "+ ", ", ", "let y = ", "$0 "] + (singleLine ? [] : ["\n"]))
            case 1:
                let (open, close) = random.pick([("\"", "\""), ("#\"", "\"#")] + (singleLine ? [] : [("\"\"\"\n", "\n\"\"\"")]))
                code += open + random.pick(["", "(", "}", "[ ]]", "\\\\", "\\\""]) + close
            case 2:
                code += random.pick(["/* { ( */", "/* /* } */ */"] + (singleLine ? [] : ["// ) ]\n", "/// {\n"]))
            case 3:
                code += "\"a \\(" + balanced(&random, depth: depth + 1, singleLine: true) + ") b\""
            case 4 where !singleLine:
                code += "\"\"\"\n\\(" + balanced(&random, depth: depth + 1) + ")\n\"\"\""
            case 5:
                code += "{ " + balanced(&random, depth: depth + 1, singleLine: singleLine) + " }"
            case 6:
                code += "[" + balanced(&random, depth: depth + 1, singleLine: singleLine) + "]"
            default:
                code += "f(" + balanced(&random, depth: depth + 1, singleLine: singleLine) + ")"
            }
        }
        return code
    }
}
