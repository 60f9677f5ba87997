import Testing
@testable import LabRunner

struct SwiftHighlighterTests {
    @Test func keywordsTypesStringsNumbersAndCommentsGetTheirClasses() {
        let lines = SwiftHighlighter.lines("let x: Int = 42 // answer\nprint(\"a<b\")\n")
        #expect(lines == [
            "<span class=\"k\">let</span> x: <span class=\"t\">Int</span> = <span class=\"n\">42</span> <span class=\"c\">// answer</span>",
            "print(<span class=\"s\">&quot;a&lt;b&quot;</span>)",
        ])
    }

    @Test func aTokenOverSeveralLinesIsClosedOnEachLine() {
        let lines = SwiftHighlighter.lines("/* a\nb */ #if canImport\n")
        #expect(lines == ["<span class=\"c\">/* a</span>", "<span class=\"c\">b */</span> <span class=\"d\">#if</span> canImport"])
    }

    /// Every keyword The Swift Programming Language lists in "Lexical Structure" > "Keywords and
    /// Punctuation" (swiftlang/swift-book, TSPL.docc/ReferenceManual/LexicalStructure.md, the
    /// Swift 6 edition), each in a line of code that uses it as the grammar does: "keywords used
    /// in declarations", "in statements", "in expressions and types", "in patterns", and
    /// "keywords reserved in particular contexts". Left out: `precedence`, which the book still
    /// lists but Swift 3 removed with the operator declarations that used it (SE-0077).
    static let reference: [(word: String, code: String)] = [
        // Keywords used in declarations.
        ("associatedtype", "protocol P { associatedtype Item }"), ("borrowing", "func f(_ x: borrowing Item) {}"),
        ("class", "class A {}"), ("consuming", "consuming func finish() {}"), ("deinit", "deinit {}"),
        ("enum", "enum E {}"), ("extension", "extension A {}"), ("fileprivate", "fileprivate let a = 1"),
        ("func", "func f() {}"), ("import", "import Foundation"), ("init", "init() {}"),
        ("inout", "func f(_ x: inout Int) {}"), ("internal", "internal let a = 1"), ("let", "let a = 1"),
        ("nonisolated", "nonisolated func f() {}"), ("open", "open class A {}"),
        ("operator", "infix operator <> : AdditionPrecedence"), ("precedencegroup", "precedencegroup P {}"),
        ("private", "private var a = 1"), ("protocol", "protocol P {}"), ("public", "public struct S {}"),
        ("rethrows", "func f(_ g: () throws -> Void) rethrows {}"), ("static", "static let shared = A()"),
        ("struct", "struct S {}"), ("subscript", "subscript(i: Int) -> Int { i }"), ("typealias", "typealias ID = Int"),
        ("var", "var a = 1"),
        // Keywords used in statements.
        ("break", "break"), ("case", "case .a: break"), ("catch", "do { try f() } catch { }"), ("continue", "continue"),
        ("default", "default: break"), ("defer", "defer { close() }"), ("do", "do { }"), ("else", "if a { } else { }"),
        ("fallthrough", "fallthrough"), ("for", "for x in xs { }"), ("guard", "guard a else { return }"),
        ("if", "if a { }"), ("in", "for x in xs { }"), ("repeat", "repeat { } while a"), ("return", "return 1"),
        ("switch", "switch a { }"), ("throw", "throw Failure()"), ("where", "for x in xs where x > 0 { }"),
        ("while", "while a { }"),
        // Keywords used in expressions and types.
        ("Any", "let a: Any = 1"), ("as", "let b = a as Int"), ("await", "let a = await load()"),
        ("false", "let a = false"), ("is", "if a is Int { }"), ("nil", "let a: Int? = nil"), ("self", "self.a = 1"),
        ("Self", "static func make() -> Self { self.init() }"), ("super", "super.init()"),
        ("throws", "func f() throws {}"), ("true", "let a = true"), ("try", "try f()"),
        // Keywords used in patterns.
        ("_", "_ = f()"),
        // Keywords reserved in particular contexts.
        ("associativity", "precedencegroup P { associativity: left }"), ("async", "func f() async {}"),
        ("convenience", "convenience init() { self.init(a: 1) }"), ("didSet", "var a = 1 { didSet { print(a) } }"),
        ("dynamic", "dynamic var a = 1"), ("final", "final class A {}"), ("get", "var a: Int { get }"),
        ("indirect", "indirect enum Tree {}"), ("infix", "infix operator <>"), ("lazy", "lazy var a = 1"),
        ("left", "precedencegroup P { associativity: left }"), ("mutating", "mutating func f() {}"),
        ("none", "precedencegroup P { associativity: none }"), ("nonmutating", "var a: Int { get nonmutating set }"),
        ("optional", "@objc optional func f()"), ("override", "override func f() {}"), ("package", "package func f() {}"),
        ("postfix", "postfix operator +++"), ("prefix", "prefix func - (v: V) -> V { v }"),
        ("Protocol", "let p = P.Protocol.self"), ("required", "required init() {}"),
        ("right", "precedencegroup P { associativity: right }"), ("set", "var a: Int { get set }"),
        ("some", "var body: some View { Text(\"\") }"), ("Type", "let t: Int.Type = Int.self"),
        ("unowned", "unowned let owner: Owner"), ("weak", "weak var delegate: Delegate?"),
        ("willSet", "var a = 1 { willSet { print(newValue) } }"),
    ]

    /// Keywords that begin with a number sign, from the same section: each a directive or macro, whole.
    static let poundKeywords = [
        "#available", "#colorLiteral", "#else", "#elseif", "#endif", "#fileLiteral", "#if", "#imageLiteral", "#keyPath",
        "#selector", "#sourceLocation", "#unavailable",
    ]

    /// Swift 6's contextual keywords that the book's list leaves out, used as its grammar does.
    static let swift6: [(word: String, code: String)] = [
        ("actor", "actor Bank {}"), ("any", "let e: any Error = E()"), ("isolated", "func f(_ a: isolated Bank) {}"),
        ("sending", "func f() -> sending Value"), ("distributed", "distributed actor Node {}"), ("macro", "macro Stringify() = #externalMacro(module: \"M\", type: \"S\")"),
        ("each", "func f<each T>(_ v: repeat each T) {}"), ("consume", "let b = consume a"), ("unsafe", "nonisolated(unsafe) var a = 1"),
        ("async", "let f: () async -> Int"), ("async", "async let a = load()"), ("set", "private(set) var a = 1"),
        ("get", "var a: Int { get async throws }"), ("await", "for await line in lines { }"), ("safe", "unowned(safe) let a: A"),
        ("set", "var a: Int { get { 1 } set(value) { } }"), ("higherThan", "precedencegroup P { higherThan: AdditionPrecedence }"),
    ]

    @Test(arguments: reference + swift6)
    func aKeywordIsColouredWhereTheGrammarUsesIt(_ example: (word: String, code: String)) {
        let html = SwiftHighlighter.lines(example.code).joined(separator: "\n")
        #expect(html.contains("<span class=\"k\">\(example.word)</span>"), "\(example.code) → \(html)")
    }

    @Test(arguments: poundKeywords)
    func aPoundKeywordIsOneDirectiveSpan(_ word: String) {
        let html = SwiftHighlighter.lines("\(word)(x)").joined()
        #expect(html.hasPrefix("<span class=\"d\">\(word)</span>"), "\(html)")
    }

    /// The same words where they are names: plain text (or a type's colour).
    @Test(arguments: [
        ("let final = 1", "final"), ("let file = open(path)", "open"), ("xs.lazy.map { $0 }", "lazy"),
        ("print(prefix, left, right, none)", "prefix"), ("print(prefix, left, right, none)", "left"),
        ("print(prefix, left, right, none)", "none"), ("func get(_ key: String) {}", "get"), ("let some = 2", "some"),
        ("case optional", "optional"), ("func move(prefix value: String) {}", "prefix"),
        ("DispatchQueue.main.async { }", "async"), ("let any = values.isEmpty", "any"), ("return weak", "weak"),
        ("let x = required\nlet y = 2", "required"), ("let a = await", "await"), ("f(some: 1)", "some"),
        ("let file = open(path)", "path"),
    ])
    func aContextualWordUsedAsANameStaysPlain(_ code: String, _ word: String) {
        let html = SwiftHighlighter.lines(code).joined(separator: "\n")
        #expect(!html.contains("<span class=\"k\">\(word)</span>"), "\(code) → \(html)")
    }

    @Test func anAttributeIsOneSpanWithItsName() {
        #expect(SwiftHighlighter.lines("@MainActor final class Model {}") == [
            "<span class=\"a\">@MainActor</span> <span class=\"k\">final</span> <span class=\"k\">class</span> <span class=\"t\">Model</span> {}",
        ])
        #expect(SwiftHighlighter.lines("@available(iOS 17, *)") == [
            "<span class=\"a\">@available</span>(iOS <span class=\"n\">17</span>, *)",
        ])
        #expect(SwiftHighlighter.lines("@Observable final class A { @ObservationIgnored var b = 1 }")[0]
            .hasPrefix("<span class=\"a\">@Observable</span> "))
        #expect(SwiftHighlighter.lines("@unknown default: break")[0].hasPrefix("<span class=\"a\">@unknown</span> <span class=\"k\">default</span>"))
    }

    @Test func macrosAreWhole() {
        #expect(SwiftHighlighter.lines("#Preview { Text(\"a\") }")[0].hasPrefix("<span class=\"d\">#Preview</span> {"))
        #expect(SwiftHighlighter.lines("#expect(a == 1)")[0].hasPrefix("<span class=\"d\">#expect</span>("))
        #expect(SwiftHighlighter.lines("#sourceLocation(file: \"a.md\", line: 3)")[0].hasPrefix("<span class=\"d\">#sourceLocation</span>("))
    }

    @Test(arguments: ["42", "1_000_000", "0x1F", "0xFF_FF", "0o17", "0b1010_0101", "3.14", "1e-3", "1.25E+2", "0x1.8p3", "0xFp-2", "1_000.000_1"])
    func aNumberIsOneSpan(_ number: String) {
        #expect(SwiftHighlighter.lines("let n = \(number)") == ["<span class=\"k\">let</span> n = <span class=\"n\">\(number)</span>"])
    }

    @Test func anInterpolationIsColouredAsCodeInsideTheString() {
        #expect(SwiftHighlighter.lines("\"a \\(x + 1) b\"") == [
            "<span class=\"s\">&quot;a \\(</span>x + <span class=\"n\">1</span><span class=\"s\">) b&quot;</span>",
        ])
        #expect(SwiftHighlighter.lines("\"\\(await f(\"in\"))\"") == [
            "<span class=\"s\">&quot;\\(</span><span class=\"k\">await</span> f(<span class=\"s\">&quot;in&quot;</span>)<span class=\"s\">)&quot;</span>",
        ])
    }

    @Test func multiLineRawStringsAndRegexLiteralsAreStrings() {
        #expect(SwiftHighlighter.lines("let s = \"\"\"\n  one \\(n)\n  \"\"\"") == [
            "<span class=\"k\">let</span> s = <span class=\"s\">&quot;&quot;&quot;</span>",
            "<span class=\"s\">  one \\(</span>n<span class=\"s\">)</span>",
            "<span class=\"s\">  &quot;&quot;&quot;</span>",
        ])
        #expect(SwiftHighlighter.lines("#\"raw \\(not) \\#(n)\"#") == [
            "<span class=\"s\">#&quot;raw \\(not) \\#(</span>n<span class=\"s\">)&quot;#</span>",
        ])
        #expect(SwiftHighlighter.lines("let r = /a+b/") == ["<span class=\"k\">let</span> r = <span class=\"s\">/a+b/</span>"])
        #expect(SwiftHighlighter.lines("let r = #/\\d+/#") == ["<span class=\"k\">let</span> r = <span class=\"s\">#/\\d+/#</span>"])
    }

    @Test func docCommentsAreComments() {
        #expect(SwiftHighlighter.lines("/// Doc.\n/** Block. */") == [
            "<span class=\"c\">/// Doc.</span>", "<span class=\"c\">/** Block. */</span>",
        ])
    }
}
