import Foundation
import Testing
@testable import LabRunner

/// `labrunner list` for a guide: per sample its role, the modules it needs and the earlier
/// declarations it is given, and why; worked out from the plan alone.
@Suite struct GuideListingTests {
    static func plan(_ text: String, path: String = "guide-samples/points.md") throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: path), appleAvailable: false)
    }

    static func fixture() throws -> String {
        try String(contentsOfFile: LabRunnerCLI.fixtures + "/guide-samples/points.md", encoding: .utf8)
    }

    /// `list` of the fixture: the CLI end-to-end test prints the same.
    static let pointsListing = """
    guide-samples/points.md
    read as a guide: no output blocks, scenarios, cell roles or exercises
    samples:
      line 5: program, compiled
      line 15: program, compiled
        given:
          struct Point (line 6): uses Point
          func area (line 10): uses area
      line 22: program, compiled
      line 33: listing
        declarations without bodies (line 34)
        given:
          struct Point (line 23): uses Point
      line 39: listing
        editor placeholder <#x#> (line 40)
        given:
          struct Point (line 23): uses Point
      line 45: program, compiled
        given:
          func area (line 10): uses area
          struct Point (line 23): uses Point
      line 51: program, compiled
        modules: PointPlotting (line 52)
        given:
          struct Point (line 23): uses Point
      line 58: program, compiled
        imports from earlier samples: PointPlotting (line 52)
        given:
          func area (line 10): uses area
          struct Point (line 23): uses Point (used by func area (line 10))

    """

    /// `list` of the reader's session fixture: statements given after the declarations they change.
    static let sessionListing = """
    guide-samples/session.md
    read as a guide: no output blocks, scenarios, cell roles or exercises
    samples:
      line 5: program, runs (// Prints comment at line 8), output checked
      line 13: program, compiled
        given:
          var fruits (line 6): uses fruits
      line 19: program, runs (// Prints comment at line 22), output checked
        given:
          var fruits (line 6): uses fruits
          statement (line 14): mutates fruits
      line 25: program, compiled
      line 38: program, compiled
        given:
          class Person (line 26): uses Person
      line 44: program, runs (// Prints comment at line 46), output checked
        given:
          class Person (line 26): uses Person
          var reference1 (line 39): uses reference1
      line 49: program, compiled
        given:
          class Person (line 26): uses Person (used by var reference1 (line 39))
          var reference1 (line 39): uses reference1
          var reference2 (line 40): uses reference2
          var reference3 (line 41): uses reference3
      line 54: program, compiled
        given:
          class Person (line 26): uses Person (used by var reference1 (line 39))
          var reference1 (line 39): uses reference1
          var reference2 (line 40): uses reference2
      line 59: program, runs (// Prints comment at line 61), output checked
        given:
          class Person (line 26): uses Person (used by var reference3 (line 41))
          var reference1 (line 39): uses reference1 (used by statement (line 51))
          var reference3 (line 41): uses reference3
          statement (line 45): mutates reference1
          statement (line 51): mutates reference3
          statement (line 55): mutates reference1
      line 66: program, runs (// Prints comment at line 70), output checked
      line 75: program, compiled
      line 82: program, runs (// Prints comment at line 85), output checked
        given:
          let handle (line 76): uses handle

    """

    @Test func aContinuedSessionGivesTheStatementsThatChangedWhatASampleReads() throws {
        let text = try String(contentsOfFile: LabRunnerCLI.fixtures + "/guide-samples/session.md", encoding: .utf8)
        let listing = GuideListing(try Self.plan(text, path: "guide-samples/session.md"))
        GoldenText.expect(listing.text().joined(separator: "\n") + "\n", equals: Self.sessionListing)
    }

    @Test func theFixtureGuideSampleBySample() throws {
        let listing = GuideListing(try Self.plan(Self.fixture()))
        GoldenText.expect(listing.text().joined(separator: "\n") + "\n", equals: Self.pointsListing)
    }

    /// The roles the fixture lacks: a sample that runs, a manifest, skips, directives, every
    /// reason of a listing, modules from a catalog, from the context and from earlier samples.
    @Test func rolesDirectivesAndModules() throws {
        let text = """
        ---
        title: Roles
        ---
        <!-- labrunner: guide -->
        ```swift
        import Collections
        struct Stack { var items: [Int] = [] }
        ```
        <!-- labrunner: name=start -->
        ```swift
        var stack = Stack()
        print(stack.items.count)
        ```
        ```output
        0
        ```
        <!-- labrunner: fresh -->
        ```swift
        // PackageDescription is the manifest API
        import PackageDescription
        let package = Package(name: "Stacks")
        ```
        ```swift skip
        let ignored = 1
        ```
        <!-- labrunner: continues=start -->
        ```swift
        stack.items.append(<#value#>)
        func push(_ x: Int)
        ```
        ```swift
        // nothing yet
        ```

        """
        let listing = GuideListing(try Self.plan(text, path: "Sources/Stacks/Stacks.docc/roles.md"))
        GoldenText.expect(listing.text().joined(separator: "\n") + "\n", equals: """
        Sources/Stacks/Stacks.docc/roles.md  Roles
        read as a guide: <!-- labrunner: guide --> on line 4
        samples:
          line 5: program, compiled
            modules: Collections (line 6), Stacks (the catalog's)
          line 10: program, runs (output line 14), output checked [name=start]
            modules: Stacks (the catalog's), Collections (from its context)
            given:
              import Collections (line 6): import Collections
              struct Stack (line 7): uses Stack
          line 18: package manifest, compiled [fresh]
            modules: PackageDescription (line 20), Stacks (the catalog's)
          line 23: skipped, marked skip
            modules: Stacks (the catalog's)
            imports from earlier samples: Collections (line 6)
          line 27: listing [continues=start]
            editor placeholder <#value#> (line 28)
            declarations without bodies (line 29)
            modules: Stacks (the catalog's), Collections (from its context)
            given:
              import Collections (line 6): continues 'start'
              struct Stack (line 7): continues 'start'
              var stack (line 11): continues 'start'
              statement (line 12): continues 'start'
          line 31: skipped, no code
            modules: Stacks (the catalog's)
            imports from earlier samples: Collections (line 6)

        """)
    }

    @Test func jsonHasTheSameFacts() throws {
        let json = try GuideListing(try Self.plan(Self.fixture())).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "guide-samples/points.md")
        #expect(object["kind"] as? String == "guide")
        #expect(object["kindReason"] as? String == "no output blocks, scenarios, cell roles or exercises")
        let samples = try #require(object["samples"] as? [[String: Any]])
        #expect(samples.map { $0["line"] as? Int } == [5, 15, 22, 33, 39, 45, 51, 58])
        #expect(samples.map { $0["role"] as? String } == ["program", "program", "program", "listing", "listing", "program", "program", "program"])
        let context = try #require(samples[1]["context"] as? [[String: Any]])
        #expect(context.map { $0["item"] as? String } == ["struct Point (line 6)", "func area (line 10)"])
        #expect(context.map { $0["line"] as? Int } == [6, 10])
        #expect(context.map { $0["sampleLine"] as? Int } == [5, 5])
        #expect(context.map { $0["reason"] as? String } == ["uses Point", "uses area"])
        let indirect = try #require(samples[7]["context"] as? [[String: Any]])
        #expect(indirect.map { $0["reason"] as? String } == ["uses area", "uses Point (used by func area (line 10))"])
        let inherited = try #require(samples[7]["inheritedImports"] as? [[String: Any]])
        #expect(inherited.map { $0["module"] as? String } == ["PointPlotting"])
        #expect(inherited.map { $0["line"] as? Int } == [52])
        let reasons = try #require(samples[3]["listingReasons"] as? [[String: Any]])
        #expect(reasons.map { $0["reason"] as? String } == ["declarations without bodies"])
        #expect(reasons.map { $0["line"] as? Int } == [34])
        let modules = try #require(samples[6]["modules"] as? [[String: Any]])
        #expect(modules.map { $0["module"] as? String } == ["PointPlotting"])
        #expect(modules.map { $0["source"] as? String } == ["import"])
        #expect(modules.map { $0["line"] as? Int } == [52])
        #expect(samples[0]["runs"] as? Bool == false)
        #expect(samples[0]["skipReason"] == nil)
    }
}
