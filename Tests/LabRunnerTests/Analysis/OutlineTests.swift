import Testing
@testable import LabRunner

/// The outline of a sample compared whole, as one dump (swift-markdown's habit): every item with
/// the `line:column` of its first and last token, members and `#if` items indented below.
struct OutlineTests {
    static func dump(_ code: String) -> String {
        let symbols = SampleSymbols(code: code)
        return symbols.outline.dump(symbols.tokens)
    }

    @Test func declarationsMembersAndStatements() {
        #expect(Self.dump("""
            import Foundation

            @main
            public struct App: Equatable, Sendable {
                static func main() {
                    let local = 1
                }
                var count: Int { get }
                enum Mode { case fast, slow }
            }
            extension [Int] { func sum() -> Int }
            print(App.self); let x = 1
            """) == """
            [1:1-1:8] import Foundation
            [3:1-10:1] @main public struct App: Equatable, Sendable {…}
              [5:5-7:5] static func main {…}
              [8:5-8:26] var count { requirement }
              [9:5-9:33] enum Mode {…}
                [9:17-9:28] case fast, slow
            [11:1-11:37] extension Array {…}
              [11:19-11:33] func sum
            [12:1-12:15] statement print
            [12:18-12:26] let x
            """)
    }

    /// An extension of a literal type: a `:` directly inside the brackets makes a dictionary.
    @Test func extensionsOfCollectionLiterals() {
        #expect(Self.dump("""
            extension [String: [Int]] {}
            extension [[String: Int]] {}
            """) == """
            [1:1-1:28] extension Dictionary {…}
            [2:1-2:28] extension Array {…}
            """)
    }

    /// An `#if` holds the items of all its branches; a body's `#if` holds members.
    @Test func conditionalBlocks() {
        #expect(Self.dump("""
            #if os(Linux)
            import Glibc
            #else
            import Darwin
            #endif
            struct S {
                #if DEBUG
                var debug = true
                #endif
            }
            """) == """
            [1:1-5:1] #if
              [2:1-2:8] import Glibc
              [4:1-4:8] import Darwin
            [6:1-10:1] struct S {…}
              [7:5-9:5] #if
                [8:5-8:17] var debug
            """)
    }

    /// What is not a program still has an outline: a lone `}`, a member alone, a body never closed.
    @Test func fragments() {
        #expect(Self.dump("""
            }
            init(x: Int) { self.x = x }
            struct Open {
                func f() {
            """) == """
            [1:1-1:1] statement } (closes nothing)
            [2:1-2:27] init {…}
            [3:1-4:14] struct Open {…}
              [4:5-4:14] func f {…}
            """)
    }

    /// `async let` starts a statement even after a line ending in `)`; an `async` that continues
    /// a function's signature on the next line does not.
    @Test func asyncLetStartsAStatement() {
        #expect(Self.dump("""
            let first = fetch(1)
            async let second = fetch(2)
            func load()
                async throws -> Int { 1 }
            """) == """
            [1:1-1:20] let first
            [2:1-2:27] async let second
            [3:1-4:29] func load {…}
            """)
    }

    /// An operator declaration ends with its operator: `/` ending the line is no binary operator
    /// waiting for its right operand.
    @Test func anOperatorDeclarationEndsItsLine() {
        #expect(Self.dump("""
            prefix operator /
            infix operator +- : AdditionPrecedence
            prefix operator ~~
            let twice = ~~2
            """) == """
            [1:1-1:17] prefix operator /
            [2:1-2:21] infix operator +-: AdditionPrecedence
            [3:1-3:17] prefix operator ~~
            [4:1-4:15] let twice
            """)
    }
}
