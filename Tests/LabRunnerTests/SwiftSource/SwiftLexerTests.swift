import Testing
@testable import LabRunner

/// Each source is lexed and its tokens written `kind text` (`!` after the kind marks an
/// unterminated token), so a table row reads like the source it checks.
struct SwiftLexerTests {
    static func describe(_ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return SwiftLexer.tokens(in: bytes).map { token in
            "\(token.kind)\(token.isUnterminated ? "!" : "") \(token.text(in: bytes))"
        }
    }

    static let cases: [(String, [String])] = [
        // Names, keywords, punctuation, operators.
        ("let x = y", ["keyword let", "identifier x", "punctuation =", "identifier y"]),
        ("`class` + `a b`", ["identifier `class`", "operator +", "identifier `a b`"]),
        ("$0.name $x", ["identifier $0", "punctuation .", "identifier name", "identifier $x"]),
        ("some View async actor", ["identifier some", "identifier View", "identifier async", "identifier actor"]),
        ("func f() -> Int {}", ["keyword func", "identifier f", "punctuation (", "punctuation )", "punctuation ->",
                                "identifier Int", "punctuation {", "punctuation }"]),
        ("a?.b! ..< c...", ["identifier a", "operator ?", "punctuation .", "identifier b", "operator !", "operator ..<",
                            "identifier c", "operator ..."]),
        ("@MainActor \\.name", ["punctuation @", "identifier MainActor", "punctuation \\", "punctuation .", "identifier name"]),
        ("naïve café", ["identifier naïve", "identifier café"]),
        ("x+/*c*/y", ["identifier x", "operator +", "blockComment /*c*/", "identifier y"]),
        ("' `", ["unknown '", "unknown `"]),
        // Numbers.
        ("1_000 0x1F 0b101 1.5e-3 0x1.8p+3 2E10", ["number 1_000", "number 0x1F", "number 0b101", "number 1.5e-3",
                                                   "number 0x1.8p+3", "number 2E10"]),
        ("t.0.1 1...2 0x1e+2", ["identifier t", "punctuation .", "number 0", "punctuation .", "number 1", "number 1",
                                "operator ...", "number 2", "number 0x1e", "operator +", "number 2"]),
        // Comments.
        ("a // b\nc", ["identifier a", "lineComment // b", "identifier c"]),
        ("/// doc\n//// not", ["docLineComment /// doc", "lineComment //// not"]),
        ("/* a /* b */ c */ d", ["blockComment /* a /* b */ c */", "identifier d"]),
        ("/** doc */ /**/", ["docBlockComment /** doc */", "blockComment /**/"]),
        ("/* open /* */", ["blockComment! /* open /* */"]),
        // Strings.
        (#""a \" b" c"#, [#"stringSegment "a \" b""#, "identifier c"]),
        (#""a \(b) c""#, [#"stringSegment "a "#, #"interpolationStart \("#, "identifier b", "interpolationEnd )",
                          #"stringSegment  c""#]),
        (#""\(f("x)", { ($0) }))""#, [#"stringSegment ""#, #"interpolationStart \("#, "identifier f", "punctuation (",
                                     #"stringSegment "x)""#, "punctuation ,", "punctuation {", "punctuation (",
                                     "identifier $0", "punctuation )", "punctuation }", "punctuation )",
                                     "interpolationEnd )", #"stringSegment ""#]),
        (#""\("\("deep")")""#, [#"stringSegment ""#, #"interpolationStart \("#, #"stringSegment ""#,
                                #"interpolationStart \("#, #"stringSegment "deep""#, "interpolationEnd )",
                                #"stringSegment ""#, "interpolationEnd )", #"stringSegment ""#]),
        ("\"\"\"\n  a \"\" \"quoted\"\n  \"\"\" x", ["stringSegment \"\"\"\n  a \"\" \"quoted\"\n  \"\"\"", "identifier x"]),
        ("\"\"\"\n\\(a)\n\"\"\"", ["stringSegment \"\"\"\n", #"interpolationStart \("#, "identifier a",
                                   "interpolationEnd )", "stringSegment \n\"\"\""]),
        (##"#"a "b" \(c) \#(d)"#"##, [##"stringSegment #"a "b" \(c) "##, ##"interpolationStart \#("##,
                                      "identifier d", "interpolationEnd )", ##"stringSegment "#"##]),
        (###"##"a "# b"##"###, [###"stringSegment ##"a "# b"##"###]),
        ("#\"\"\"\n\"\"\" \"\"\"#", ["stringSegment #\"\"\"\n\"\"\" \"\"\"#"]),
        ("\"open\nnext", ["stringSegment! \"open", "identifier next"]),
        ("\"a \\(b\nc", [#"stringSegment "a "#, #"interpolationStart \("#, "identifier b", "identifier c"]),
        ("\"\"\"\nnever", ["stringSegment! \"\"\"\nnever"]),
        (#""\\" x"#, [#"stringSegment "\\""#, "identifier x"]),
        // Regex literals.
        ("let r = /a+b/", ["keyword let", "identifier r", "punctuation =", "regex /a+b/"]),
        ("x / y / z", ["identifier x", "operator /", "identifier y", "operator /", "identifier z"]),
        ("f(/a(b)c/)", ["identifier f", "punctuation (", "regex /a(b)c/", "punctuation )"]),
        ("reduce(1, /)", ["identifier reduce", "punctuation (", "number 1", "punctuation ,", "operator /", "punctuation )"]),
        ("(a) /b/ 2", ["punctuation (", "identifier a", "punctuation )", "operator /", "identifier b", "operator /", "number 2"]),
        ("= / x /", ["punctuation =", "operator /", "identifier x", "operator /"]),
        ("= /a\\/b/", ["punctuation =", #"regex /a\/b/"#]),
        ("func / (a: T)", ["keyword func", "operator /", "punctuation (", "identifier a", "punctuation :", "identifier T",
                           "punctuation )"]),
        // SE-0354's own examples: what stays an operator, what becomes a regex.
        ("foo(/a, /b)", ["identifier foo", "punctuation (", "operator /", "identifier a", "punctuation ,", "operator /",
                         "identifier b", "punctuation )"]),
        ("x[/] / 2", ["identifier x", "punctuation [", "operator /", "punctuation ]", "operator /", "number 2"]),
        ("bar(/x)/2", ["identifier bar", "punctuation (", "operator /", "identifier x", "punctuation )", "operator /",
                       "number 2"]),
        ("= !/y / .foo", ["punctuation =", "operator !/", "identifier y", "operator /", "punctuation .", "identifier foo"]),
        ("foo(/a, b/)", ["identifier foo", "punctuation (", "regex /a, b/", "punctuation )"]),
        ("x[/]/2", ["identifier x", "punctuation [", "regex /]/", "number 2"]),
        ("= ^^/x/", ["punctuation =", "operator ^^", "regex /x/"]),
        ("= /[)]/ + /\\)/", ["punctuation =", "regex /[)]/", "operator +", #"regex /\)/"#]),
        ("#/a/b/# ##/x/#/##", ["regex #/a/b/#", "regex ##/x/#/##"]),
        ("#/\n  a # comment\n/#", ["regex #/\n  a # comment\n/#"]),
        ("#/open\nx", ["regex! #/open", "identifier x"]),
        // Directives, pound keywords, placeholders.
        ("#if os(Linux)\n#elseif DEBUG\n#endif", ["directive #if", "identifier os", "punctuation (", "identifier Linux",
                                                 "punctuation )", "directive #elseif", "identifier DEBUG", "directive #endif"]),
        ("#sourceLocation(file: \"a\", line: 1)", ["directive #sourceLocation", "punctuation (", "identifier file",
                                                   "punctuation :", #"stringSegment "a""#, "punctuation ,", "identifier line",
                                                   "punctuation :", "number 1", "punctuation )"]),
        ("#Preview #available #", ["poundKeyword #Preview", "poundKeyword #available", "unknown #"]),
        ("import <#module#>", ["keyword import", "placeholder <#module#>"]),
        ("f(<#T##x: Int##Int#>) a <# b", ["identifier f", "punctuation (", "placeholder <#T##x: Int##Int#>",
                                          "punctuation )", "identifier a", "operator <", "unknown #", "identifier b"]),
    ]

    @Test(arguments: cases)
    func lexes(_ source: String, _ expected: [String]) {
        #expect(Self.describe(source) == expected)
    }

    /// Swift 5 reads `/…/` as operators unless a flag turns regex literals on; `#/…/#` is one always.
    @Test func withoutBareSlashRegexesASlashIsAnOperator() {
        let bytes = Array("let r = /a/ + #/b/#".utf8)
        let kinds = SwiftLexer(bytes, bareSlashRegex: false).map { "\($0.kind) \($0.text(in: bytes))" }
        #expect(kinds == ["keyword let", "identifier r", "punctuation =", "operator /", "identifier a", "operator /",
                          "operator +", "regex #/b/#"])
    }

    @Test func linesAndColumnsCountBytesAndEveryLineEnding() {
        let tokens = SwiftLexer.tokens(in: "é x\r\ny\rz\n\"\"\"\na\n\"\"\" w")
        #expect(tokens.map(\.line) == [1, 1, 2, 3, 4, 6])
        #expect(tokens.map(\.column) == [1, 4, 1, 1, 1, 5])
    }

    @Test func backticksAreNotPartOfAName() {
        let bytes = Array("`class` plain".utf8)
        #expect(SwiftLexer.tokens(in: bytes).map { $0.name(in: bytes) } == ["class", "plain"])
    }
}
