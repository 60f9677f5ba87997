import Testing
@testable import LabRunner

/// Top-level declarations, statements, names and uses, read from samples as guides write them,
/// compared whole: every item of the sample with all its facts (`SymbolsDump`).
struct SampleSymbolsTests {
    static func dump(_ code: String) -> String { SymbolsDump.dump(SampleSymbols(code: code)) }

    @Test func declarationsAndStatementsInOrder() {
        let code = """
        import Foundation

        struct Point: Equatable {
            var x: Double
            var y: Double
        }

        @main
        struct App {
            static func main() {}
        }
        final class Box<T> { let value: T; init(_ value: T) { self.value = value } }
        enum Color { case red, green }
        actor Counter { var count = 0 }
        protocol Shape { var area: Double { get } }
        typealias Pair = (Int, Int)
        func distance(_ a: Point, _ b: Point) -> Double {
            ((a.x - b.x) * (a.x - b.x)).squareRoot()
        }
        let origin = Point(x: 0, y: 0), unit = Point(x: 1, y: 1)
        var (low, high) = (1, 2)
        extension Point: CustomStringConvertible {
            var description: String { "(\\(x), \\(y))" }
        }
        print(distance(origin, unit))
        for point in [origin, unit] {
            print(point)
        }
        infix operator +++: AdditionPrecedence
        func +++ (lhs: Int, rhs: Int) -> Int { lhs + rhs }
        """
        // Locals, parameters and labels are no uses (`a`, `point`), nor are an enum's cases in its body.
        #expect(Self.dump(code) == """
            [1-1:1] import uses [Foundation]
            [3-6:1] struct names [Point] conforms [Equatable] members [x, y] uses [Double, Equatable]
            [8-11:1] struct names [App] members [main] attributes [main]
            [12-12:1] class names [Box] members [value, init] modifiers [final] uses [<, >] member uses [value]
            [13-13:1] enum names [Color] members [red, green]
            [14-14:1] actor names [Counter] members [count]
            [15-15:1] protocol names [Shape] members [area] uses [Double]
            [16-16:1] typealias names [Pair] uses [Int]
            [17-19:1] func names [distance] uses [*, -, Double, Point] member uses [squareRoot, x]
            [20-20:1] let names [origin, unit] uses [Point]
            [21-21:1] var names [low, high]
            [22-24:1] extension extends Point conforms [CustomStringConvertible] members [description] uses [CustomStringConvertible, Point, String, x, y] keys [Point.description, Point: CustomStringConvertible]
            [25-25:1] statement uses [distance, origin, print, unit]
            [26-28:1] statement uses [origin, print, unit]
            [29-29:1] operator names [+++] conforms [AdditionPrecedence] modifiers [infix] uses [AdditionPrecedence]
            [30-30:1] func names [+++] uses [+, Int]
            imports Foundation@1
            """)
        #expect(SampleSymbols(code: code).hasMain)
    }

    @Test func rangesTakeAnItemAlone() {
        let code = "let a = 1; struct S {}\n  func f() {\n    print(a)\n  }\n"
        let symbols = SampleSymbols(code: code)
        #expect(symbols.items.map { String(decoding: symbols.code[$0.range], as: UTF8.self) } == ["let a = 1", "struct S {}", "func f() {\n    print(a)\n  }"])
        #expect(symbols.items.last?.source(in: symbols.code).hasPrefix("  func f()") == true)
        #expect(Self.dump(code) == """
            [1-1:1] let names [a]
            [1-1:12] struct names [S]
            [2-4:3] func names [f] uses [a, print]
            """)
    }

    @Test func linesThatContinueAnItem() {
        let code = """
        let total = [1, 2, 3]
            .map { $0 * 2 }
            .reduce(0, +)
        let sum = 1 +
            2
        let difference = 3
            - 1
        if total > 3 {
            print(1)
        } else {
            print(2)
        }
        func f()
            -> Int
        {
            1
        }
        @available(*, deprecated)
        func old() {}
        do {
            try f()
        } catch {
            print(error)
        }
        -total
        """
        #expect(Self.dump(code) == """
            [1-3:1] let names [total] uses [*, +] member uses [map, reduce]
            [4-5:1] let names [sum] uses [+]
            [6-7:1] let names [difference] uses [-]
            [8-12:1] statement uses [>, print, total]
            [13-17:1] func names [f] uses [Int]
            [18-19:1] func names [old] attributes [available] uses [*, available, deprecated]
            [20-24:1] statement uses [f, print]
            [25-25:1] statement uses [-, total]
            """)
    }

    @Test func bodilessDeclarationsAreListed() {
        let code = """
        func zip<S1, S2>(_ s1: S1, _ s2: S2) -> Zip2Sequence<S1, S2>
        extension Array {
            public init(repeating element: Element, count: Int)
            public var first: Element? { get }
            subscript(index: Int) -> Element { get set }
            func ok() {}
        }
        protocol P { func required() }
        struct Outline: Equatable
        var stored: Int
        """
        // A protocol's members need no bodies; a global without initializer is valid top-level code.
        #expect(Self.dump(code) == """
            [1-1:1] func names [zip] missing [func zip@1] uses [<, >, Zip2Sequence]
            [2-7:1] extension extends Array members [init, first, subscript, ok] missing [init@3, var first@4 accessors 166..<173, subscript@5 accessors 211..<222] uses [?, Array, Element, Int] keys [Array.init, Array.first, Array.subscript, Array.ok]
            [8-8:1] protocol names [P] members [required]
            [9-9:1] struct names [Outline] conforms [Equatable] missing [struct Outline@9] uses [Equatable]
            [10-10:1] var names [stored] uses [Int]
            """)
    }

    @Test func conditionalBlocksAreOneItem() {
        let code = """
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        #if os(Linux)
        typealias Handle = Int32
        #else
        typealias Handle = UInt32
        #endif
        """
        #expect(Self.dump(code) == """
            [1-3:1] import uses [FoundationNetworking]
            [4-8:1] #if names [Handle, Handle] uses [Int32, UInt32]
            imports FoundationNetworking@2 (conditional)
            """)
    }

    @Test func localNamesAndLabelsAreNotUses() {
        let code = """
        func scale<T: Numeric>(_ values: [T], by factor: T) -> [T] {
            let doubled = values.map { value in value * factor }
            var result: [T] = []
            for item in doubled { result.append(item) }
            return result.isEmpty ? doubled : result
        }
        """
        #expect(Self.dump(code) == """
            [1-6:1] func names [scale] uses [*, <, >, ?, Numeric] member uses [append, isEmpty, map]
            """)
    }

    @Test func typeAndProtocolAreNamesOutsideAMetatype() {
        // `Type` after `.` is the metatype (`Int.Type`); alone it names a type a sample may declare.
        #expect(Self.dump("let f = Type.instanceMethod\nlet m: Int.Type = Int.self\nlet p = Protocol()") == """
            [1-1:1] let names [f] uses [Type] member uses [instanceMethod]
            [2-2:1] let names [m] uses [Int] member uses [Type]
            [3-3:1] let names [p] uses [Protocol]
            """)
    }

    @Test func shorthandIfLetReadsTheOuterName() {
        #expect(Self.dump("if let config { print(config) }") == "[1-1:1] statement uses [config, print]")
    }

    @Test func topLevelGuardBindsNames() {
        #expect(Self.dump("guard let port = Int(text), var host = name else { fatalError() }\nprint(port)") == """
            [1-1:1] statement names [port, host] uses [Int, fatalError, name, text]
            [2-2:1] statement uses [port, print]
            """)
    }

    @Test func importsOfEveryForm() {
        let code = "@testable import Foo\nimport struct Bar.Baz\nimport <#module#>\nimport Swift.Collections\n"
        #expect(Self.dump(code) == """
            [1-1:1] import attributes [testable] uses [Foo, testable]
            [2-2:1] import uses [Bar] member uses [Baz]
            [3-3:1] import placeholders [<#module#>]
            [4-4:1] import uses [Swift] member uses [Collections]
            imports Foo@1, Bar@2, Swift@4
            """)
    }

    @Test func modifiersThatAreNames() {
        #expect(Self.dump("open(file)\nclass func make() {}\nclass Model {}\npublic actor Store {}\nactor.run()") == """
            [1-1:1] statement uses [file]
            [2-2:1] func names [make] modifiers [class]
            [3-3:1] class names [Model]
            [4-4:1] actor names [Store] modifiers [public]
            [5-5:1] statement member uses [run]
            """)
    }

    @Test func attributesAreUses() {
        #expect(Self.dump("@propertyWrapper struct Clamped {}\n@Clamped var level = 3") == """
            [1-1:1] struct names [Clamped] attributes [propertyWrapper] uses [propertyWrapper]
            [2-2:1] var names [level] attributes [Clamped] uses [Clamped]
            """)
    }

    @Test func statementsThatSpanLines() {
        let code = """
        repeat {
            count += 1
        } while count < 3
        struct Builder
        {
            var parts: [String] = []
        }
        let view = VStack {
            Text("a")
        }
        .padding()
        [1, 2].forEach { print($0) }
        (a, b) = (b, a)
        """
        #expect(Self.dump(code) == """
            [1-3:1] statement uses [+=, <, count]
            [4-7:1] struct names [Builder] members [parts] uses [String]
            [8-11:1] let names [view] uses [Text, VStack] member uses [padding]
            [12-12:1] statement uses [print] member uses [forEach]
            [13-13:1] statement uses [a, b]
            """)
    }

    @Test func missingBodiesInsideNestedTypesAndConditionals() {
        let code = """
        struct Outer {
            struct Inner {
                func hidden()
            }
            #if DEBUG
            func debugOnly()
            #endif
        }
        """
        #expect(Self.dump(code) == """
            [1-8:1] struct names [Outer] members [Inner, debugOnly] missing [func hidden@3, func debugOnly@6] uses [DEBUG]
            """)
    }

    @Test func aLoneCloserIsAnItemOfItsOwn() {
        let symbols = SampleSymbols(code: "    print(1)\n}\nprint(2)")
        #expect(symbols.items.map { String(decoding: symbols.code[$0.range], as: UTF8.self) } == ["print(1)", "}", "print(2)"])
        #expect(SymbolsDump.dump(symbols) == """
            [1-1:5] statement uses [print]
            [2-2:1] statement
            [3-3:1] statement uses [print]
            """)
    }
}
