import Testing
@testable import LabRunner

/// A name an item binds locally (a parameter, a `let` in a body, `if let`, `for x in`, a
/// closure's parameter, `catch`'s `error`) is no use inside the scope that binds it, and a use
/// everywhere else in the item: there it can only mean an earlier sample's top-level name.
/// Compared whole, as `SampleSymbolsTests` does.
struct UsesScopeTests {
    static func dump(_ code: String) -> String { SymbolsDump.dump(SampleSymbols(code: code)) }

    @Test func aParameterIsLocalToItsFunction() {
        #expect(Self.dump("""
            struct Report {
                func header(title: String) -> String { title }
                func footer() -> String { title }
            }
            """) == """
            [1-4:1] struct names [Report] members [header, footer] uses [String, title]
            """)
    }

    @Test func aLocalIsLocalToItsBlock() {
        #expect(Self.dump("""
            func run() {
                do { let config = Config(); print(config) }
                print(config)
            }
            func show() {
                for item in items { print(item) }
                print(item)
            }
            """) == """
            [1-4:1] func names [run] uses [Config, config, print]
            [5-8:1] func names [show] uses [item, items, print]
            """)
    }

    @Test func ifLetBindsInItsBodyGuardLetAfterIt() {
        #expect(Self.dump("""
            func f() {
                if let value = maybe { print(value) }
                print(value)
            }
            func g() {
                guard let value = maybe else { return }
                print(value)
            }
            func h() {
                if let value { print(value) }
            }
            """) == """
            [1-4:1] func names [f] uses [maybe, print, value]
            [5-8:1] func names [g] uses [maybe, print]
            [9-11:1] func names [h] uses [print, value]
            """)
    }

    /// A top-level `guard` binds what its patterns bind, tuples and enum payloads included.
    @Test func guardBindsItsPatterns() {
        #expect(Self.dump("""
            guard let (a, b) = pair, case let .some(c) = maybe, var d = other else { fatalError() }
            """) == """
            [1-1:1] statement names [a, b, c, d] uses [fatalError, maybe, other, pair] member uses [some]
            """)
    }

    @Test func catchBindsErrorInItsBody() {
        #expect(Self.dump("""
            do { try run() } catch let failure as Failure { print(failure) } catch { print(error) }
            print(failure, error)
            """) == """
            [1-1:1] statement uses [Failure, print, run]
            [2-2:1] statement uses [error, failure, print]
            """)
    }

    /// An initializer that is a `do`/`catch`, `if` or `switch` expression binds in its bodies as the statement would.
    @Test func anExpressionInitializerBindsInItsBodies() {
        #expect(Self.dump("""
            let message: String = do { try run() } catch { "failed: \\(error)" }
            let size = if let value { value.count } else { 0 }
            """) == """
            [1-1:1] let names [message] uses [String, run]
            [2-2:1] let names [size] uses [value] member uses [count]
            """)
    }

    @Test func closureParametersAreLocalToTheClosure() {
        #expect(Self.dump("""
            let sorted = scores.sorted { a, b in a > b }.map { $0 + a }
            """) == """
            [1-1:1] let names [sorted] uses [+, >, a, scores] member uses [map, sorted]
            """)
    }

    /// An argument label is no use; the argument after it is, even of the same spelling.
    @Test func anArgumentWithTheLabelsSpellingIsAUse() {
        #expect(Self.dump("let p = Point(x: x, y: 0)") == "[1-1:1] let names [p] uses [Point, x]")
    }

    @Test func switchPatternsBindInTheSwitch() {
        #expect(Self.dump("""
            switch shape {
            case .circle(let r): print(r)
            case let .square(side): print(side)
            }
            """) == """
            [1-4:1] statement uses [print, shape] member uses [circle, square]
            """)
    }

    /// A type's members and generic parameters are in scope in all its body; an enum's cases too.
    @Test func membersAndGenericParametersCoverTheType() {
        #expect(Self.dump("""
            struct Box<T> {
                func map<U>(_ transform: (T) -> U) -> Box<U> { Box<U>(value: transform(value)) }
                var value: T
            }
            enum Color { case red, green; static let all = [red, green] }
            """) == """
            [1-4:1] struct names [Box] members [map, value] uses [<, >]
            [5-5:1] enum names [Color] members [red, green, all]
            """)
    }
}

/// Directives other than `#if` are statements: reading their scope once, not forever.
extension UsesScopeTests {
    @Test func aDirectiveThatIsNoConditionalIsAStatement() {
        #expect(Self.dump("func f() {\n    #warning(\"later\")\n    print(x)\n}") == "[1-4:1] func names [f] uses [print, x]")
    }
}

/// Parameters and generic parameters whose spelling hid them from the first scoped reader.
extension UsesScopeTests {
    @Test func keywordLabelsValueGenericsAndAsyncLet() {
        #expect(Self.dump("""
            func size(for metatype: Any) -> Int { f(metatype) }
            struct Foo<let n: Int> { let y = n }
            func g() async {
                let x = Bar()
                async let y = x
            }
            """) == """
            [1-1:1] func names [size] uses [Int, f]
            [2-2:1] struct names [Foo] members [y] uses [<, >, Int]
            [3-6:1] func names [g] uses [Bar]
            """)
    }
}
