import Testing
@testable import LabRunner

/// The Swift source of a guide's samples: context first, scopes, and a sample that runs.
struct SampleProgramTests {
    static func plan(_ text: String) throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: "g.md"), appleAvailable: false)
    }

    /// The seed Lab Coding Guide: its views need SwiftUI, which brings Observation and Foundation
    /// on the platforms that have it. Where SwiftUI is missing, the samples that can be checked
    /// still have what the reader's SwiftUI re-exports and this toolchain has; without an Apple
    /// UI sample, nothing is added.
    @Test(arguments: [
        ("```swift\nstruct ModelListView: View {\n    var body: some View { Text(\"\") }\n}\n```\n", true),
        ("```swift\nimport SwiftUI\n```\n", true),
        ("```swift\nimport UIKit\n```\n", false),
        ("```swift\n@objc class C {}\n```\n", false),
        ("", false),
    ])
    func whatAnAppleUmbrellaReexportsIsImported(apple: String, observation: Bool) throws {
        let plan = try Self.plan("```swift\n@Observable\nfinal class Model { var count = 0 }\n```\n" + apple)
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(source.hasPrefix("import Foundation\n" + (observation ? "import Observation\n" : "") + "#sourceLocation"), "\(source)")
    }

    @Test func aMainTypeThatRunsIsCalledAfterTheMarkers() throws {
        let plan = try Self.plan("<!-- labrunner: guide -->\n```swift\n@main\nstruct Tool {\n    static func main() { print(1) }\n}\n```\n```output\n1\n```\n")
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates, runs: 0)
        #expect(!source.contains("@main"))
        #expect(source.contains("     \nstruct Tool {"))
        #expect(source.hasSuffix("Lab.cell(0)\n#sourceLocation(file: \"g.md\", line: 3)\n     \nstruct Tool {\n    static func main() { print(1) }\n}\n#sourceLocation()\ntry await Tool.main()\nLab.end()\n"))
    }

    @Test func aMainTypeOnlyCompiledKeepsItsAttribute() throws {
        let plan = try Self.plan("```swift\n@main\nstruct Tool {\n    static func main() {}\n}\n```\n")
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(source == "import Foundation\n#sourceLocation(file: \"g.md\", line: 2)\n@main\nstruct Tool {\n    static func main() {}\n}\n#sourceLocation()\n")
    }

    @Test func contextComesFirstAndStatementsGetAScope() throws {
        let plan = try Self.plan("```swift\nstruct P { var x: Int }\n```\n```swift\nlet p = P(x: 1)\nprint(p.x)\n```\n")
        let (candidates, _) = plan.batches(programs: [1])
        let source = SampleProgram.source([1], plan: plan, candidates: candidates)
        #expect(source == """
            import Foundation
            #sourceLocation(file: "g.md", line: 2)
            struct P { var x: Int }
            #sourceLocation()
            do {
            #sourceLocation(file: "g.md", line: 5)
            let p = P(x: 1)
            #sourceLocation()
            #sourceLocation(file: "g.md", line: 6)
            print(p.x)
            #sourceLocation()
            }

            """)
    }

    /// `@Option var color: Color` shown alone (argument-parser's doc comments): a property
    /// wrapper is valid in a local scope, never at the top level. A listing after it that names
    /// `color` is not built, so it must not pin the `var` to the top level.
    @Test func aListingsUsesLeaveAVarInItsScope() throws {
        let plan = try Self.plan("```swift\n@Wrapped var color: Int\n```\n```swift\ncase .red: print(color)\n```\n")
        #expect(plan.samples[1].role == .listing([ListingReason(kind: .fragment, description: "fragment: 'case' outside a switch", line: 1)]))
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(source.contains("do {\n#sourceLocation(file: \"g.md\", line: 2)\n@Wrapped var color: Int\n"), "\(source)")
    }
}

extension SampleProgramTests {
    @Test func aSamplesOwnSourceLocationDirectivesAreNotWrapped() throws {
        let plan = try Self.plan("```swift\n#sourceLocation(file: \"a.swift\", line: 1)\nlet x = 1\n#sourceLocation()\n```\n")
        let (candidates, _) = plan.batches(programs: [0])
        let source = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(source == "import Foundation\ndo {\n#sourceLocation(file: \"a.swift\", line: 1)\nlet x = 1\n#sourceLocation()\n}\n", "\(source)")
    }
}

/// Roles and module needs the plan gives samples from what a reader sees.
struct GuidePlanRoleTests {
    @Test func aManifestExcerptWithoutItsImportIsAManifest() throws {
        let plan = try SampleProgramTests.plan("```swift\nlet package = Package(\n    name: \"App\"\n)\n```\n")
        #expect(plan.samples[0].role == .manifest)
        let (candidates, _) = plan.batches(programs: [0])
        #expect(SampleProgram.source([0], plan: plan, candidates: candidates).hasPrefix("import Foundation\nimport PackageDescription\n"))
    }

    @Test func aPackageVariableOfAnotherKindIsAProgram() throws {
        let plan = try SampleProgramTests.plan("```swift\nimport Foundation\nlet package = Package(name: \"x\")\n```\n")
        #expect(plan.samples[0].role == .program(runs: false))
    }

    @Test func theConfigurationsImportsAreEverySamplesNeeds() throws {
        let config = try TreeConfig.parse("imports: RegexBuilder\n", path: ".labrunner")
        let lab = try LabParser.parse(bytes: Array("```swift\nlet a = 1\n```\n".utf8), path: "g.md", config: config)
        let plan = try GuidePlan(lab, appleAvailable: false)
        #expect(plan.samples[0].needs == [SampleModules.Need(module: "RegexBuilder", line: nil)])
    }
}
