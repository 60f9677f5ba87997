import Foundation
import Testing
@testable import LabRunner

/// Listings are recognised with their reason; programs, even broken ones, are not listings.
struct ListingClassifierTests {
    static func reason(_ code: String) -> String? {
        ListingClassifier.reasons(SampleSymbols(code: code)).first?.description
    }

    @Test(arguments: [
        ("func zip<S1, S2>(_ s1: S1, _ s2: S2) -> Zip2Sequence<S1, S2>", "declarations without bodies"),
        ("extension Collection {\n    func chunked(by size: Int) -> [SubSequence]\n}", "declarations without bodies"),
        ("public var count: Int { get }", "declarations without bodies"),
        ("init(from decoder: Decoder) throws", "declarations without bodies"),
        ("if <#condition#> {\n    <#statements#>\n}", "editor placeholder <#condition#>"),
        ("func greet() {\n    <#statements#>\n}", "editor placeholder <#statements#>"),
        ("case .success(let value):\n    print(value)\ncase .failure:\n    break", "fragment: 'case' outside a switch"),
        ("case north\ncase south", "fragment: enum 'case' outside an enum"),
        ("init(name: String) {\n    self.name = name\n}", "fragment: 'init' outside a type"),
        ("static func make() -> Self { Self() }", "fragment: 'static func' outside a type"),
        ("mutating func reset() { count = 0 }", "fragment: 'mutating func' outside a type"),
        ("}", "fragment: starts with '}'"),
        ("} else {\n    print(2)\n}", "fragment: starts with '}'"),
        ("    func area() -> Double { width * height }\n}", "fragment: '}' closes a body the sample does not show"),
        ("let task = Task {\n    ...\n}", "fragment: elision '...'"),
        ("let result = compute(...)", "fragment: elision '...'"),
        ("process(items) …", "fragment: elision '…'"),
        ("struct Model {\n    var name: String\n    // ...\n", "fragment: '{' never closed, the rest elided"),
        ("return value * 2", "fragment: 'return' outside a function"),
        ("default:\n    fatalError()", "fragment: 'default' outside a switch"),
        // Excerpts of swift-evolution and swift-async-algorithms (corpus).
        ("class NSArray : NSObject ... {\n  func enumerateObjects(_ block: () -> Void)\n}", "fragment: elision '...'"),
        ("if case let x = a, let y = b {", "fragment: ends with '{', its body not shown"),
        ("if expr then {\nwhile expr do {", "fragment: ends with '{', its body not shown"),
        (".package(url: \"https://github.com/apple/swift-async-algorithms\", from: \"1.0.0\"),", "fragment: ends with ','"),
        (".target(name: \"<target>\", dependencies: [\n    .product(name: \"AsyncAlgorithms\", package: \"swift-async-algorithms\"),\n]),", "fragment: ends with ','"),
        ("    let value = self\n    total += value\n    self = value + global", "fragment: 'self' outside a type"),
        ("networkRequest.fetchData() { [weak self] result in\n    guard let self else { return }\n    self.render(result)\n}", "fragment: 'self' outside a type"),
        // Text diagrams as swift-collections' doc comments draw a heap or a deque's storage, and
        // swift-evolution 0428's box; grammar productions as 0315 and 0105 write them.
        ("┌───┬───┬───┐\n│ 0 │ 1 │ 2 │\n└───┴───┴───┘", "text diagram ('┌───┬───┬───┐'), not Swift"),
        ("  head\n   ↓\n│ 3 │ 1 │ 2 │", "text diagram ('│ 3 │ 1 │ 2 │'), not Swift"),
        ("type → placeholder-type\nplaceholder-type → _", "grammar production ('type → placeholder-type'), not Swift"),
        ("case-item-list → pattern where-clause? | pattern where-clause? , case-item-list", "grammar production ('case-item-list → pattern where-clause? | pattern where-clause? , case-item-list'), not Swift"),
    ])
    func listings(code: String, reason: String) {
        #expect(Self.reason(code) == reason, "\(code)")
    }

    @Test(arguments: [
        "let x = 1\nprint(x)",
        "for i in 0...5 { print(i) }",
        "let tail = numbers[2...]\nlet head = numbers[...2]\nlet open = 0..<10",
        "print(\"Hello, <#name#>\") // <#placeholder in a comment#>",
        "// ...\nlet x = 1",
        "switch value {\ncase .a: print(1)\ndefault: break\n}",
        "protocol Shape {\n    var area: Double { get }\n    func draw()\n}",
        "var stored: Int\nstored = 3",
        "if case .some(let x) = optional { print(x) }",
        "func\nlet x = 1", // an unfinished declaration: swiftc says what is wrong
        "struct Counter { var n = 0; mutating func bump() { self.n += 1 } }",
        "extension Int { var doubled: Int { self * 2 } }",
        "let type = Int.self\nprint(type)",
        "func outer() {\n    struct Inner { var x = 1; func get() -> Int { self.x } }\n    print(Inner().get())\n}",
        "func sum(_ xs: Int...) -> Int { xs.reduce(0, +) }",
        "let all = 1 ... 5\nlet from = xs[1...]",
        "func f(_ lhs: Int?, _ rhs: Int?) -> ClosedRange<Int> { lhs! ... rhs! }",   // swift-evolution 0180
        // An arrow typed for `->` in code is the text's mistake (0418:154), not a diagram.
        "let unapplied: @Sendable (User) -> ((String, String) → Bool) = User.updatePassword",
        // Box drawing in a string or a comment is not a diagram: the code around it is Swift.
        "print(\"┌──┐\") // │ a box │",
        // A program declaring an arrow operator may use it.
        "infix operator →\nfunc → (a: Int, b: Int) -> Int { a + b }\nprint(1 → 2)",
    ])
    func programs(code: String) {
        #expect(Self.reason(code) == nil, "\(code)")
    }

    /// A syntax error in an otherwise normal sample is a failure, not a listing.
    @Test(arguments: [
        "let point = Point(x: 1, y: 2\nprint(point)",
        "func area(width: Double {\n    width * width\n}",
        "let x = [1, 2, 3\n",
        "func f() {\n    print(1)\n}\n}",
        "let s = \"unterminated\nprint(s)",
        "struct Model {\n    var name: String\n",
        "func f() {\n    print(1)\n",
    ])
    func brokenProgramsAreNotListings(code: String) {
        #expect(Self.reason(code) == nil, "\(code)")
    }

    /// A program's output shown as code (argument-parser's doc comments): a name and `:` can
    /// only be a statement label at a sample's start, and a label only comes before a loop, `if`,
    /// `switch` or `do`.
    @Test(arguments: [
        ("Error: Missing value for '--foo <foo>'\nUsage: command [--foo <foo>]",
         "program output ('Error: Missing value for '--foo <foo>''), not Swift"),
        ("Usage: mytool [-v | -f] <input> <output>", "program output ('Usage: mytool [-v | -f] <input> <output>'), not Swift"),
        ("\n  USAGE: example --color <color>\n\n  OPTIONS:\n     --color <color>", "program output ('USAGE: example --color <color>'), not Swift"),
        ("Note:\n  done", "program output ('Note:'), not Swift"),
        ("outer: guard x else { fatalError() }", "program output ('outer: guard x else { fatalError() }'), not Swift"),
    ])
    func programOutput(code: String, reason: String) {
        #expect(Self.reason(code) == reason, "\(code)")
    }

    /// Still programs: labelled statements, and `name:` anywhere but the sample's first tokens.
    @Test(arguments: [
        "outer: for i in 0..<3 {\n    for j in 0..<3 { if j == i { continue outer } }\n}",
        "loop: while true { break loop }",
        "again: repeat { break again } while true",
        "check: if flag { break check }",
        "choice: switch x { default: break choice }",
        "block: do { break block }",
        "outer:\nfor i in 0..<3 { break outer }",
        "let p = Point(\nx: 1, y: 2)",
        "print(\"Usage: command [--foo <foo>]\")",
        "let flag = true ? 1 : 2",
        // Seen in the corpus: a module selector (SE-0491), a conformance in notation, a call's
        // arguments shown alone, a type-parameter binding: none is a program's output.
        "NationalAeronauticsAndSpaceAdministration::RocketEngine.launch()",
        "UnsafeRawPointer : Strideable {\n    func distance(to: UnsafeRawPointer) -> Int\n}",
        "dependencies: [\n    .package(path: \"../Core\"),\n]",
        "T := {String, Float}",
        "Result: 42",
    ])
    func notProgramOutput(code: String) {
        #expect(Self.reason(code) == nil, "\(code)")
    }

    @Test func reasonsCarryTheirLine() {
        let reasons = ListingClassifier.reasons(SampleSymbols(code: "let a = 1\n\nfunc g()\nlet b = <#value#>"))
        #expect(reasons.map(\.kind) == [.placeholder, .declarationsWithoutBodies])
        #expect(reasons.map(\.line) == [4, 3])
    }
}

/// A listing of declarations without bodies, made parseable for a syntax check.
struct ListingSyntaxTests {
    static func parseable(_ code: String) -> String {
        ListingSyntax.parseableSource(SampleSymbols(code: code), file: "guide \"1\".md", line: 12)
    }

    @Test func accessorRequirementsBecomeSpacesAndNothingElseChanges() {
        let code = "extension Array {\n  public init(x: Int)\n  public var y: Int { get }\n  subscript(i: Int) -> Int { get set }\n}\nfunc zip<A>(_ a: A) -> A"
        let blank = { (text: String) in String(repeating: " ", count: text.count) }
        // A subscript's become an empty getter: swiftc's parser wants a subscript's braces
        // (swift-evolution 0525:344, 0161:133, 0093:18 failed as 'expected { in subscript').
        let expected = code.replacingOccurrences(of: "{ get set }", with: "{}" + blank("get set }"))
            .replacingOccurrences(of: "{ get }", with: blank("{ get }"))
        #expect(Self.parseable(code) == "#sourceLocation(file: \"guide \\\"1\\\".md\", line: 12)\n\(expected)\n#sourceLocation()\n")
    }

    @Test func aProtocolsRequirementsStay() {
        let code = "protocol P { var y: Int { get } }\nstruct S { var z: Int { get } }"
        #expect(Self.parseable(code).contains("protocol P { var y: Int { get } }\nstruct S { var z: Int \(String(repeating: " ", count: 7)) }"))
    }

    @Test func membersAloneGoInsideAType() {
        let code = "init(name: String)\nstatic func make() -> Self"
        #expect(Self.parseable(code).hasPrefix("struct _LabRunnerListing {\n#sourceLocation("))
        #expect(Self.parseable(code).hasSuffix("#sourceLocation()\n}\n"))
        #expect(!Self.parseable("init(name: String)\nextension A {}").hasPrefix("struct"), "an extension must stay at file scope")
    }
}
