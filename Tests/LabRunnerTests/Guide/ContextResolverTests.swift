import Testing
@testable import LabRunner

/// The context rule: each sample gets the earlier declarations it needs, and only those.
struct ContextResolverTests {
    static func resolve(_ codes: [String], directives: [Int: ContextDirective] = [:], labels: [Int: String] = [:]) -> [SampleContext] {
        let samples = codes.enumerated().map { number, code in
            let symbols = SampleSymbols(code: code)
            return ContextSample(symbols: symbols, label: labels[number], directive: directives[number] ?? .inherit,
                                 isListing: !ListingClassifier.reasons(symbols).isEmpty)
        }
        return ContextResolver.resolve(samples)
    }

    /// "sample.item" for each entry of sample `number`'s context.
    static func given(_ contexts: [SampleContext], _ number: Int) -> [String] {
        contexts[number].entries.map { "\($0.reference.sample).\($0.reference.item)" }
    }

    @Test func usesPullDeclarationsTransitively() {
        let contexts = Self.resolve([
            "struct Point { var x: Double; var y: Double }\nlet unused = 3",
            "func distance(_ a: Point, _ b: Point) -> Double { abs(a.x - b.x) }",
            "print(distance(Point(x: 0, y: 0), Point(x: 3, y: 0)))",
        ])
        #expect(Self.given(contexts, 0) == [])
        #expect(Self.given(contexts, 1) == ["0.0"])
        #expect(Self.given(contexts, 2) == ["0.0", "1.0"])
        let reasons = contexts[2].entries.map { $0.reason.description { "\($0.sample).\($0.item)" } }
        #expect(reasons == ["uses Point", "uses distance"] || reasons == ["uses Point (used by 1.0)", "uses distance"])
    }

    @Test func theLatestDeclarationWins() {
        let contexts = Self.resolve([
            "struct Config { var name = \"a\" }",
            "struct Config { var name = \"b\"; var verbose = false }",
            "let config = Config()\nprint(config.verbose)",
        ])
        #expect(Self.given(contexts, 2) == ["1.0"])
    }

    @Test func aSampleNeverGetsAnEarlierDeclarationOfItsOwnNames() {
        let contexts = Self.resolve([
            "func zip(_ a: [Int], _ b: [Int]) -> [Int] { a }\nstruct Pair {}",
            "func zip(_ a: [Int], _ b: [Int]) -> [Int] { b }\nlet p = Pair()\nprint(zip([1], [2]))",
        ])
        #expect(Self.given(contexts, 1) == ["0.1"])
    }

    @Test func overloadsOfOneSampleComeTogether() {
        let contexts = Self.resolve([
            "func describe(_ x: Int) -> String { \"int\" }\nfunc describe(_ x: String) -> String { x }",
            "print(describe(1), describe(\"s\"))",
        ])
        #expect(Self.given(contexts, 1) == ["0.0", "0.1"])
    }

    @Test func extensionsComeWithTheirTypeOnlyFromBeforeTheSample() {
        let contexts = Self.resolve([
            "struct Temperature { var celsius: Double }",
            "extension Temperature { var fahrenheit: Double { celsius * 9 / 5 + 32 } }",
            "print(Temperature(celsius: 20).fahrenheit)",
            "extension Temperature { var kelvin: Double { celsius + 273.15 } }",
        ])
        #expect(Self.given(contexts, 2) == ["0.0", "1.0"])
        #expect(contexts[2].entries[1].reason.kind == .extends)
        #expect(Self.given(contexts, 3) == ["0.0", "1.0"])
    }

    @Test func extensionsOfOutsideTypesComeThroughTheirMembers() {
        let contexts = Self.resolve([
            "extension Double { var km: Double { self * 1_000 } }\nextension Int { var squared: Int { self * self } }",
            "let marathon = 42.195.km\nprint(marathon)",
        ])
        #expect(Self.given(contexts, 1) == ["0.0"])
        #expect(contexts[1].entries[0].reason.kind == .member && contexts[1].entries[0].reason.name == "km")
    }

    @Test func aRedeclaredExtensionMemberReplacesTheEarlierExtension() {
        let contexts = Self.resolve([
            "struct Box { var value = 1 }\nextension Box { var doubled: Int { value * 2 } }",
            "extension Box { var doubled: Int { value + value } }",
            "print(Box().doubled)",
        ])
        #expect(Self.given(contexts, 2) == ["0.0", "1.0"])
    }

    @Test func retroactiveConformancesComeWithTheirProtocol() {
        let contexts = Self.resolve([
            "protocol Describable { var summary: String { get } }",
            "extension Int: Describable { var summary: String { \"\\(self)\" } }",
            "let items: [any Describable] = [1, 2]",
        ])
        #expect(Self.given(contexts, 2) == ["0.0", "1.0"])
        #expect(contexts[2].entries[1].reason.kind == .conformance)
    }

    @Test func importsComeWithTheSamplesDrawnFrom() {
        let contexts = Self.resolve([
            "import Foundation\nlet started = Date()",
            "print(started)",
        ])
        #expect(Self.given(contexts, 1) == ["0.0", "0.1"])
        #expect(contexts[1].entries[0].reason == ContextReason(kind: .imports, name: "Foundation", via: nil))
    }

    @Test func listingsAndEntryPointsGiveNoContext() {
        let contexts = Self.resolve([
            "struct Real { func run() {} }",
            "struct Real { func run() }",               // an API listing of the same type
            "@main struct App { static func main() { Real().run() } }",
            "Real().run()\nApp.main()",
        ])
        #expect(Self.given(contexts, 3) == ["0.0"])
    }

    /// swift-evolution 0257: a later sample calls `foo`, which only a listing (an elided body) declares.
    @Test func namesOnlyAListingDeclaresAreNoted() {
        let contexts = Self.resolve([
            "enum E {\n    case baz\n}\n\nfunc foo(_ bar: Bar, _ e: E) {...}",
            "foo(\n    bar,\n    .baz\n)",
            "func foo(_ x: Int) {}",
            "foo(1)",
            "func takesConstTPtr(_: UnsafePointer<Int>)",
            "func helper() { takesConstTPtr(p) }\nhelper()",
        ])
        let foo = ListingUse(name: "foo", sample: 0)
        #expect(contexts[1].listingUses == [foo])
        #expect(contexts[3].listingUses == [], "a program declares foo since")
        #expect(contexts[5].listingUses == [ListingUse(name: "takesConstTPtr", sample: 4)])
        #expect(contexts[1].usedListing(in: "cannot find 'foo' in scope") == foo)
        #expect(contexts[1].usedListing(in: "cannot find type 'foo' in scope") == foo)
        #expect(contexts[1].usedListing(in: "cannot find 'bar' in scope") == nil)
        #expect(contexts[1].usedListing(in: "cannot find 'foo' here") == nil)
    }

    /// swift-evolution 0474: a sample missing a `}` would swallow what follows it in a program
    /// (errors at no line of the guide); it fails itself, and gives nothing, like a listing.
    @Test func aSampleWhoseBracketsDoNotBalanceGivesNoContext() {
        let contexts = Self.resolve([
            "extension Array {\n  var second: Element? {\n    if isEmpty { return nil } else {\n      return self[1]\n  }\n}",
            "struct Point {\n  var x = 0\n",
            "print([1, 2].second as Any)\nlet p = Point()",
        ])
        #expect(Self.given(contexts, 2) == [])
        #expect(contexts[2].listingUses == [ListingUse(name: "Point", sample: 1)])
    }

    @Test func directives() {
        let codes = ["var log: [String] = []", "log.append(\"a\")", "print(log)"]
        #expect(Self.given(Self.resolve(codes), 2) == ["0.0"])
        #expect(Self.given(Self.resolve(codes, directives: [2: .fresh]), 2) == [])
        let continued = Self.resolve(codes, directives: [2: .continues("setup")], labels: [1: "setup"])
        #expect(Self.given(continued, 2) == ["0.0", "1.0"])
        #expect(continued[2].entries.map(\.reason.kind) == [.continues, .continues])
        #expect(Self.resolve(codes, directives: [2: .continues("nowhere")])[2].unknownLabel == "nowhere")
    }

    @Test func aTupleDeclarationClashingWithALaterOneIsDropped() {
        let contexts = Self.resolve([
            "let (width, height) = (3, 4)",
            "let height = 10",
            "print(width, height)",
        ])
        #expect(Self.given(contexts, 2) == ["1.0"])
    }

    /// A sample declaring a name twice (an invalid example next to the valid one) gives the later.
    @Test func aNameDeclaredTwiceInOneSampleGivesTheLaterDeclaration() {
        let contexts = Self.resolve([
            "// invalid:\nlet x = if p { nil } else { 2.0 }\n// valid:\nlet x: Double? = if p { nil } else { 2.0 }",
            "print(x as Any)",
        ])
        #expect(Self.given(contexts, 1) == ["0.1"])
    }

    /// `guard let x` inside a closure whose parameter is `x` reads the parameter, not a global.
    @Test func shorthandBindingOfAClosureParameterIsNoUse() {
        let contexts = Self.resolve([
            "let x = 1",
            "test { x in\n  guard let x { return nil }\n  return x\n}",
        ])
        #expect(Self.given(contexts, 1) == [])
    }
}
