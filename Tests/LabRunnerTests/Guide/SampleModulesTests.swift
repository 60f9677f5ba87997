import Testing
@testable import LabRunner

/// The modules a sample needs: its imports, and a DocC catalog's module.
struct SampleModulesTests {
    @Test func importsAreNeedsPlaceholdersAndConditionalsAreNot() {
        let symbols = SampleSymbols(code: """
        import Foundation
        import <#module#>
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        @testable import ArgumentParser
        import Foundation
        """)
        #expect(SampleModules.needs(symbols, path: "README.md") == [
            SampleModules.Need(module: "Foundation", line: 1), SampleModules.Need(module: "ArgumentParser", line: 6),
        ])
    }

    @Test(arguments: [
        ("swift-argument-parser/Sources/ArgumentParser/Documentation.docc/Articles/GettingStarted.md", "ArgumentParser"),
        ("Sources/AsyncAlgorithms/AsyncAlgorithms.docc/Guides/Zip.md", "AsyncAlgorithms"),
        ("/abs/pkg/Sources/my-tool/Docs.docc/Intro.md", "my_tool"),
        ("Docs/Charts.docc/Overview.md", "Charts"),
        ("Docs/Documentation.docc/Overview.md", nil),
        ("Docs/3D.docc/Intro.md", "_3D"),
        ("README.md", nil),
        ("Sources/Foo/README.md", nil),
    ] as [(String, String?)])
    func catalogModules(path: String, module: String?) {
        #expect(SampleModules.catalogModule(forFile: path) == module)
    }

    @Test func aCatalogSampleNeedsItsModuleOnce() {
        let path = "Sources/ArgumentParser/Documentation.docc/Intro.md"
        #expect(SampleModules.needs(SampleSymbols(code: "struct Count: ParsableCommand {}"), path: path)
            == [SampleModules.Need(module: "ArgumentParser", line: nil)])
        #expect(SampleModules.needs(SampleSymbols(code: "import ArgumentParser"), path: path)
            == [SampleModules.Need(module: "ArgumentParser", line: 1)])
    }

    /// swift-evolution 0451: a raw identifier names a module; a later sample inherits the import
    /// as it was written, or swiftc reads `import myapp` and a division.
    @Test func aRawModuleNameIsImportedWithItsBackticks() throws {
        let text = "```swift\nimport `myapp/extensions/utils`\n```\n\n```swift\nlet x = 1\n```\n"
        let plan = try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: "guide.md"), appleAvailable: false)
        let candidate = BatchCandidate(sample: 1, symbols: plan.symbols, context: plan.contexts[1], referenced: [], runs: false)
        #expect(SampleProgram.source([1], plan: plan, candidates: [1: candidate]).contains("import `myapp/extensions/utils`\n"))
        #expect(SampleModules.importable("Foundation") == "Foundation")
        #expect(SampleModules.importable("_3D") == "_3D")
    }
}
