import Testing
@testable import LabRunner

/// Package pages as their authors meant them: a declaration summary is a listing that shadows
/// nothing and whose imports the later samples have; a terminal session is not Swift.
struct DeclarationSummaryTests {
    private func plan(_ text: String, path: String = "guide.md") throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: path), appleAvailable: false)
    }

    private let dequePage = """
        # Deque

        ```swift
        import DequeModule

        @frozen struct Deque<Element>
        ```

        ```swift
        var numbers: Deque = [1, 2, 3]
        numbers.prepend(0)
        print(numbers)
        // Prints "[0, 1, 2, 3]"
        ```
        """

    @Test func aSummaryOfAnImportedModulesTypeIsAListingThatShadowsNothing() throws {
        let plan = try plan(dequePage)
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(reasons.map(\.kind) == [.declarationSummary])
        #expect(reasons[0].description == "declaration summary: Deque, which DequeModule provides")
        // Not parsed as Swift: `struct Deque<Element>` without braces is not Swift.
        #expect(plan.work([0, 1]).listings.isEmpty)
        #expect(plan.samples[1].role == .program(runs: true), "\(plan.samples[1].role)")
        #expect(plan.contexts[1].listingUses.isEmpty)
        #expect(plan.samples[1].inheritedImports.map(\.module) == ["DequeModule"])
        #expect(plan.samples[1].inheritedImports.first?.line == 4)
    }

    @Test func aSummaryInATargetsCatalogNeedsNoImport() throws {
        let plan = try plan("""
            ```swift
            struct Greeter<Name: StringProtocol>
            ```

            ```swift
            print(Greeter("Nadia").text)
            ```
            """, path: "Pkg/Sources/DocGreeting/DocGreeting.docc/Greeter.md")
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(reasons.map(\.description) == ["declaration summary: Greeter, which DocGreeting provides"])
        #expect(plan.samples[1].role == .program(runs: false), "\(plan.samples[1].role)")
    }

    /// Without a module to provide them, bodiless declarations are an API listing of the guide's
    /// own, parsed, and what only it declares is still not given to later samples.
    @Test func bodilessDeclarationsWithoutAModuleStayAParsedListing() throws {
        let plan = try plan("""
            ```swift
            func area(of side: Double) -> Double
            ```

            ```swift
            print(area(of: 2))
            ```
            """)
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(reasons.map(\.kind) == [.declarationsWithoutBodies])
        #expect(plan.work([0, 1]).listings == [0])
        #expect(plan.contexts[1].listingUses.map(\.name) == ["area"])
    }

    /// A summary whose types have their braces (only members lack bodies) is still Swift to parse.
    @Test func aSummaryWithBracesIsParsed() throws {
        let plan = try plan("""
            ```swift
            import DequeModule

            struct Deque<Element> {
                mutating func prepend(_ element: Element)
            }
            ```
            """)
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(reasons.map(\.kind) == [.declarationSummary])
        #expect(plan.work([0]).listings == [0])
    }

    @Test func aListingWithAFragmentIsNoSummary() throws {
        let plan = try plan("""
            ```swift
            import DequeModule

            struct Deque<Element>
            init(<#elements#>)
            ```
            """)
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(!reasons.contains { $0.kind == .declarationSummary })
    }

    @Test func anIndentedTerminalSessionIsAListingNotAFailure() throws {
        let plan = try plan("""
            /// Run it from a terminal:
            ///
            ///     $ greet Nadia
            ///     Hello, Nadia!
            ///
            /// Or from Swift:
            ///
            ///     print([1, 2].map { $0 * 2 })
            public func greetCommand() {}
            """, path: "Pkg/Sources/Greet/Greet.swift")
        #expect(plan.samples.count == 2)
        guard case .listing(let reasons) = plan.samples[0].role else { Issue.record("\(plan.samples[0].role)"); return }
        #expect(reasons == [ListingReason(kind: .terminalSession, description: "a terminal session ('$ greet Nadia'), not Swift", line: 1)])
        #expect(plan.samples[1].role == .program(runs: false))
    }

    /// DocC's "Declaration" of a type (no braces) is a summary even on a page that names no
    /// module (swift-collections' Heap page): never parsed, never a failure. A bodiless function
    /// without a module stays an API listing, whose syntax is still checked (`-> rethrows Int`).
    @Test func aTypeWithoutBracesIsASummaryWithoutAnImport() throws {
        let heap = try plan("```swift\npublic struct Heap<Element: Comparable>\n```\n")
        guard case .listing(let reasons) = heap.samples[0].role else { Issue.record("\(heap.samples[0].role)"); return }
        #expect(reasons.map(\.description) == ["declaration summary: Heap"])
        #expect(reasons[0].kind == .declarationSummary)
        #expect(heap.work([0]).listings.isEmpty, "not parsed")

        let function = try plan("```swift\nfunc count(where predicate: (Element) throws -> Bool) -> rethrows Int\n```\n")
        guard case .listing(let functionReasons) = function.samples[0].role else { Issue.record("\(function.samples[0].role)"); return }
        #expect(functionReasons.map(\.description) == ["declarations without bodies"])
        #expect(function.work([0]).listings == [0], "its syntax is checked")
    }
}
