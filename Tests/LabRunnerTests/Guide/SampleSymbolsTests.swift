import Testing
@testable import LabRunner

/// Top-level declarations, statements, names and uses, read from samples as guides write them.
struct SampleSymbolsTests {
    /// (kind or "stmt", names) of each item.
    static func outline(_ code: String) -> [String] {
        SampleSymbols(code: code).items.map { item in
            "\(item.kind?.rawValue ?? "stmt") \(item.names.joined(separator: ","))".trimmingCharacters(in: .whitespaces)
        }
    }

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
        #expect(Self.outline(code) == [
            "import", "struct Point", "struct App", "class Box", "enum Color", "actor Counter", "protocol Shape",
            "typealias Pair", "func distance", "let origin,unit", "var low,high", "extension", "stmt", "stmt",
            "operator +++", "func +++",
        ])
        let symbols = SampleSymbols(code: code)
        let items = symbols.items
        #expect(items[2].isMain && symbols.hasMain)
        #expect(items[1].conformances == ["Equatable"] && items[1].memberNames == ["x", "y"])
        #expect(items[11].extendedType == "Point" && items[11].conformances == ["CustomStringConvertible"])
        #expect(items[11].topLevelKeys == [.member(type: "Point", name: "description"), .conformance(type: "Point", protocol: "CustomStringConvertible")])
        #expect(items[1].lines == 3...6 && items[2].lines == 8...11)
        #expect(items[8].uses.isSuperset(of: ["Point", "Double"]) && !items[8].uses.contains("a") && !items[8].uses.contains("distance"))
        #expect(items[8].memberUses.isSuperset(of: ["x", "squareRoot"]))
        #expect(items[12].uses.isSuperset(of: ["print", "distance", "origin", "unit"]))
        #expect(!items[13].uses.contains("point") && items[13].uses.contains("origin"))
        #expect(symbols.imports == [SampleImport(module: "Foundation", line: 1, isConditional: false)])
    }

    @Test func rangesTakeAnItemAlone() {
        let code = "let a = 1; struct S {}\n  func f() {\n    print(a)\n  }\n"
        let symbols = SampleSymbols(code: code)
        #expect(symbols.items.map { String(decoding: symbols.code[$0.range], as: UTF8.self) } == ["let a = 1", "struct S {}", "func f() {\n    print(a)\n  }"])
        #expect(symbols.items[2].source(in: symbols.code).hasPrefix("  func f()"))
        #expect(symbols.items[2].lines == 2...4 && symbols.items[2].column == 3)
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
        #expect(Self.outline(code) == ["let total", "let sum", "let difference", "stmt", "func f", "func old", "stmt", "stmt"])
        #expect(SampleSymbols(code: code).items[4].hasBody)
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
        let items = SampleSymbols(code: code).items
        #expect(items[0].missingBodies == [MissingBody(declaration: "func zip", line: 1)])
        #expect(items[1].missingBodies.map(\.declaration) == ["init", "var first", "subscript"])
        #expect(items[2].hasBody)
        #expect(items[3].missingBodies.map(\.declaration) == ["struct Outline"])
        #expect(items[4].hasBody, "a global without initializer is valid top-level code")
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
        let symbols = SampleSymbols(code: code)
        #expect(Self.outline(code) == ["import", "#if Handle,Handle"])
        #expect(symbols.imports == [SampleImport(module: "FoundationNetworking", line: 2, isConditional: true)])
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
        let uses = SampleSymbols(code: code).items[0].uses
        #expect(uses.contains("Numeric"))
        for local in ["T", "values", "factor", "doubled", "value", "result", "item", "by", "scale"] {
            #expect(!uses.contains(local), "\(local)")
        }
    }

    @Test func typeAndProtocolAreNamesOutsideAMetatype() {
        // `Type` after `.` is the metatype (`Int.Type`); alone it names a type a sample may declare.
        let items = SampleSymbols(code: "let f = Type.instanceMethod\nlet m: Int.Type = Int.self\nlet p = Protocol()").items
        #expect(items[0].uses.contains("Type"))
        #expect(!items[1].uses.contains("Type"))
        #expect(items[2].uses.contains("Protocol"))
    }

    @Test func shorthandIfLetReadsTheOuterName() {
        let uses = SampleSymbols(code: "if let config { print(config) }").items[0].uses
        #expect(uses.contains("config"))
    }

    @Test func topLevelGuardBindsNames() {
        let items = SampleSymbols(code: "guard let port = Int(text), var host = name else { fatalError() }\nprint(port)").items
        #expect(items[0].isStatement && items[0].names == ["port", "host"])
        #expect(items[0].uses.isSuperset(of: ["text", "name"]))
    }

    @Test func importsOfEveryForm() {
        let code = "@testable import Foo\nimport struct Bar.Baz\nimport <#module#>\nimport Swift.Collections\n"
        let symbols = SampleSymbols(code: code)
        #expect(symbols.imports.map(\.module) == ["Foo", "Bar", "Swift"])
        #expect(symbols.items[2].placeholders == ["<#module#>"])
    }

    @Test func modifiersThatAreNames() {
        #expect(Self.outline("open(file)\nclass func make() {}\nclass Model {}\npublic actor Store {}\nactor.run()") == [
            "stmt", "func make", "class Model", "actor Store", "stmt",
        ])
    }

    @Test func attributesAreUses() {
        let item = SampleSymbols(code: "@propertyWrapper struct Clamped {}\n@Clamped var level = 3").items[1]
        #expect(item.attributes == ["Clamped"] && item.uses.contains("Clamped"))
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
        #expect(Self.outline(code) == ["stmt", "struct Builder", "let view", "stmt", "stmt"])
        #expect(SampleSymbols(code: code).items[1].hasBody)
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
        let item = SampleSymbols(code: code).items[0]
        #expect(item.missingBodies.map(\.declaration) == ["func hidden", "func debugOnly"])
        #expect(item.memberNames == ["Inner", "debugOnly"])
    }

    @Test func aLoneCloserIsAnItemOfItsOwn() {
        let symbols = SampleSymbols(code: "    print(1)\n}\nprint(2)")
        #expect(symbols.items.map { String(decoding: symbols.code[$0.range], as: UTF8.self) } == ["print(1)", "}", "print(2)"])
    }
}
