import Testing
@testable import LabRunner

/// The context rule: each sample gets the earlier declarations it needs, and only those.
struct ContextResolverTests {
    /// `runs`: the samples whose output is checked (given the reader's session, `ReaderSessionTests`).
    static func resolve(_ codes: [String], directives: [Int: ContextDirective] = [:], labels: [Int: String] = [:],
                        runs: Set<Int> = []) -> [SampleContext] {
        let samples = codes.enumerated().map { number, code in
            let symbols = SampleSymbols(code: code)
            return ContextSample(symbols: symbols, label: labels[number], directive: directives[number] ?? .inherit,
                                 isListing: !ListingClassifier.reasons(symbols).isEmpty, runs: runs.contains(number))
        }
        return ContextResolver.resolve(samples)
    }

    /// Every sample's context as one text: per sample given anything, `#N:` then a line per item
    /// with its sample and line (`struct Point #0:1: uses Point`), its listing uses and an unknown label.
    static func dump(_ codes: [String], directives: [Int: ContextDirective] = [:], labels: [Int: String] = [:],
                     runs: Set<Int> = []) -> String {
        let symbols = codes.map { SampleSymbols(code: $0) }
        let describe = { (reference: ItemReference) -> String in
            let item = symbols[reference.sample].items[reference.item]
            let what = item.kind.map { kind in
                kind == .extension ? "extension \(item.extendedType ?? "")"
                    : kind == .import ? "import" : "\(kind.rawValue) \(item.names.joined(separator: ", "))"
            } ?? "statement"
            return "\(what) #\(reference.sample):\(item.lines.lowerBound)"
        }
        var lines: [String] = []
        for context in resolve(codes, directives: directives, labels: labels, runs: runs) {
            var sample: [String] = context.entries.map { "  \(describe($0.reference)): \($0.reason.description(describe))" }
            sample += context.listingUses.map { "  listing use \($0.name) from #\($0.sample)" }
            if let label = context.unknownLabel { sample.append("  unknown label \(label)") }
            if !sample.isEmpty { lines += ["#\(context.sample):"] + sample }
        }
        return lines.joined(separator: "\n")
    }

    @Test func usesPullDeclarationsTransitively() {
        #expect(Self.dump([
            "struct Point { var x: Double; var y: Double }\nlet unused = 3",
            "func distance(_ a: Point, _ b: Point) -> Double { abs(a.x - b.x) }",
            "print(distance(Point(x: 0, y: 0), Point(x: 3, y: 0)))",
        ]) == """
            #1:
              struct Point #0:1: uses Point
            #2:
              struct Point #0:1: uses Point
              func distance #1:1: uses distance
            """)
    }

    /// The reason names the sample's own use where it has one, else the item that uses it.
    @Test func aReasonNamesTheItemThatUsesIt() {
        #expect(Self.dump([
            "struct Point { var x = 0 }",
            "func origin() -> Point { Point() }",
            "print(origin())",
        ]) == """
            #1:
              struct Point #0:1: uses Point
            #2:
              struct Point #0:1: uses Point (used by func origin #1:1)
              func origin #1:1: uses origin
            """)
    }

    @Test func theLatestDeclarationWins() {
        #expect(Self.dump([
            "struct Config { var name = \"a\" }",
            "struct Config { var name = \"b\"; var verbose = false }",
            "let config = Config()\nprint(config.verbose)",
        ]) == """
            #2:
              struct Config #1:1: uses Config
            """)
    }

    @Test func aSampleNeverGetsAnEarlierDeclarationOfItsOwnNames() {
        #expect(Self.dump([
            "func zip(_ a: [Int], _ b: [Int]) -> [Int] { a }\nstruct Pair {}",
            "func zip(_ a: [Int], _ b: [Int]) -> [Int] { b }\nlet p = Pair()\nprint(zip([1], [2]))",
        ]) == """
            #1:
              struct Pair #0:2: uses Pair
            """)
    }

    @Test func overloadsOfOneSampleComeTogether() {
        #expect(Self.dump([
            "func describe(_ x: Int) -> String { \"int\" }\nfunc describe(_ x: String) -> String { x }",
            "print(describe(1), describe(\"s\"))",
        ]) == """
            #1:
              func describe #0:1: uses describe
              func describe #0:2: uses describe
            """)
    }

    /// An operator's implementation needs its declaration: the sample's `operator` and `func`s of
    /// one name come together, as overloads do.
    @Test func anOperatorComesWithItsFunctions() {
        #expect(Self.dump([
            "infix operator /^/\nfunc /^/ (lhs: Int, rhs: Int) -> Int { 0 }",
            "print(1 /^/ 2)",
        ]) == """
            #1:
              operator /^/ #0:1: uses /^/
              func /^/ #0:2: uses /^/
            """)
    }

    @Test func extensionsComeWithTheirTypeOnlyFromBeforeTheSample() {
        #expect(Self.dump([
            "struct Temperature { var celsius: Double }",
            "extension Temperature { var fahrenheit: Double { celsius * 9 / 5 + 32 } }",
            "print(Temperature(celsius: 20).fahrenheit)",
            "extension Temperature { var kelvin: Double { celsius + 273.15 } }",
        ]) == """
            #1:
              struct Temperature #0:1: uses Temperature
            #2:
              struct Temperature #0:1: uses Temperature
              extension Temperature #1:1: extends Temperature
            #3:
              struct Temperature #0:1: uses Temperature
              extension Temperature #1:1: extends Temperature
            """)
    }

    @Test func extensionsOfOutsideTypesComeThroughTheirMembers() {
        #expect(Self.dump([
            "extension Double { var km: Double { self * 1_000 } }\nextension Int { var squared: Int { self * self } }",
            "let marathon = 42.195.km\nprint(marathon)",
        ]) == """
            #1:
              extension Double #0:1: gives .km
            """)
    }

    @Test func aRedeclaredExtensionMemberReplacesTheEarlierExtension() {
        #expect(Self.dump([
            "struct Box { var value = 1 }\nextension Box { var doubled: Int { value * 2 } }",
            "extension Box { var doubled: Int { value + value } }",
            "print(Box().doubled)",
        ]) == """
            #1:
              struct Box #0:1: uses Box
            #2:
              struct Box #0:1: uses Box
              extension Box #1:1: extends Box
            """)
    }

    @Test func retroactiveConformancesComeWithTheirProtocol() {
        #expect(Self.dump([
            "protocol Describable { var summary: String { get } }",
            "extension Int: Describable { var summary: String { \"\\(self)\" } }",
            "let items: [any Describable] = [1, 2]",
        ]) == """
            #1:
              protocol Describable #0:1: uses Describable
            #2:
              protocol Describable #0:1: uses Describable
              extension Int #1:1: conforms to Describable
            """)
    }

    @Test func importsComeWithTheSamplesDrawnFrom() {
        #expect(Self.dump([
            "import Foundation\nlet started = Date()",
            "print(started)",
        ]) == """
            #1:
              import #0:1: import Foundation
              let started #0:2: uses started
            """)
    }

    @Test func listingsAndEntryPointsGiveNoContext() {
        #expect(Self.dump([
            "struct Real { func run() {} }",
            "struct Real { func run() }",               // an API listing of the same type
            "@main struct App { static func main() { Real().run() } }",
            "Real().run()\nApp.main()",
        ]) == """
            #2:
              struct Real #0:1: uses Real
            #3:
              struct Real #0:1: uses Real
            """)
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
        #expect(Self.dump([
            "extension Array {\n  var second: Element? {\n    if isEmpty { return nil } else {\n      return self[1]\n  }\n}",
            "struct Point {\n  var x = 0\n",
            "print([1, 2].second as Any)\nlet p = Point()",
        ]) == """
            #2:
              listing use Point from #1
            """)
    }

    @Test func directives() {
        let codes = ["var log: [String] = []", "log.append(\"a\")", "print(log)"]
        #expect(Self.dump(codes) == """
            #1:
              var log #0:1: uses log
            #2:
              var log #0:1: uses log
            """)
        #expect(Self.dump(codes, directives: [2: .fresh]) == """
            #1:
              var log #0:1: uses log
            """)
        #expect(Self.dump(codes, directives: [2: .continues("setup")], labels: [1: "setup"]) == """
            #1:
              var log #0:1: uses log
            #2:
              var log #0:1: continues 'setup'
              statement #1:1: continues 'setup'
            """)
        #expect(Self.dump(codes, directives: [2: .continues("nowhere")]) == """
            #1:
              var log #0:1: uses log
            #2:
              var log #0:1: uses log
              unknown label nowhere
            """)
    }

    @Test func aTupleDeclarationClashingWithALaterOneIsDropped() {
        #expect(Self.dump([
            "let (width, height) = (3, 4)",
            "let height = 10",
            "print(width, height)",
        ]) == """
            #2:
              let height #1:1: uses height
            """)
    }

    /// A sample declaring a name twice (an invalid example next to the valid one) gives the later.
    @Test func aNameDeclaredTwiceInOneSampleGivesTheLaterDeclaration() {
        #expect(Self.dump([
            "// invalid:\nlet x = if p { nil } else { 2.0 }\n// valid:\nlet x: Double? = if p { nil } else { 2.0 }",
            "print(x as Any)",
        ]) == """
            #1:
              let x #0:4: uses x
            """)
    }

    /// `guard let x` inside a closure whose parameter is `x` reads the parameter, not a global.
    @Test func shorthandBindingOfAClosureParameterIsNoUse() {
        #expect(Self.dump([
            "let x = 1",
            "test { x in\n  guard let x { return nil }\n  return x\n}",
        ]) == "")
    }
}
