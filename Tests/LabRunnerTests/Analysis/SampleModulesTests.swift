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
        #expect(SampleModules.needs(symbols, catalogModule: nil) == [
            SampleModules.Need(module: "Foundation", line: 1), SampleModules.Need(module: "ArgumentParser", line: 6),
        ])
    }

    /// A catalog implies a module only as a target's catalog (`Sources/<Target>/`, SwiftPM's
    /// layout) or a catalog of the package the run names (`--package`): a book kept as
    /// `Book.docc/` at a repository's root is a guide like any other.
    @Test(arguments: [
        ("swift-argument-parser/Sources/ArgumentParser/Documentation.docc/Articles/GettingStarted.md", nil, "ArgumentParser"),
        ("Sources/AsyncAlgorithms/AsyncAlgorithms.docc/Guides/Zip.md", nil, "AsyncAlgorithms"),
        ("/abs/pkg/Sources/my-tool/Docs.docc/Intro.md", nil, "my_tool"),
        ("Book.docc/Chapter.md", nil, nil),
        ("/home/me/book/Book.docc/Chapter.md", nil, nil),
        ("Docs/Charts.docc/Overview.md", nil, nil),
        ("/abs/pkg/Docs/Charts.docc/Overview.md", "/abs/pkg", "Charts"),
        ("/abs/pkg/Docs/Documentation.docc/Overview.md", "/abs/pkg", nil),
        ("/abs/pkg/Docs/3D.docc/Intro.md", "/abs/pkg/", "_3D"),
        ("/abs/pkgs/Charts.docc/Overview.md", "/abs/pkg", nil),
        ("README.md", nil, nil),
        ("Sources/Foo/README.md", nil, nil),
    ] as [(String, String?, String?)])
    func catalogModules(path: String, package: String?, module: String?) {
        #expect(DocCCatalog.module(forFile: path, package: package) == module)
    }

    @Test func aCatalogSampleNeedsItsModuleOnce() {
        #expect(SampleModules.needs(SampleSymbols(code: "struct Count: ParsableCommand {}"), catalogModule: "ArgumentParser")
            == [SampleModules.Need(module: "ArgumentParser", line: nil)])
        #expect(SampleModules.needs(SampleSymbols(code: "import ArgumentParser"), catalogModule: "ArgumentParser")
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
