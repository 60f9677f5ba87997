import Foundation
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

    /// Folders that hold a `Package.swift` in these cases.
    static let packages: Set<String> = ["swift-argument-parser", ".", "/abs/pkg"]

    /// A catalog implies a module only as a package target's catalog (`Sources/<Target>/` of a
    /// folder with a `Package.swift`) or a catalog of the package the run names (`--package`):
    /// a book kept as `Book.docc/` at a repository's root is a guide like any other.
    @Test(arguments: [
        ("swift-argument-parser/Sources/ArgumentParser/Documentation.docc/Articles/GettingStarted.md", nil, "ArgumentParser"),
        ("Sources/AsyncAlgorithms/AsyncAlgorithms.docc/Guides/Zip.md", nil, "AsyncAlgorithms"),
        ("/abs/pkg/Sources/my-tool/Docs.docc/Intro.md", nil, "my_tool"),
        ("book/Sources/Book/Book.docc/Intro.md", nil, nil),
        ("Book.docc/Chapter.md", nil, nil),
        ("Docs/Charts.docc/Overview.md", nil, nil),
        ("/abs/pkg/Docs/Charts.docc/Overview.md", "/abs/pkg", "Charts"),
        ("/abs/pkg/Docs/Documentation.docc/Overview.md", "/abs/pkg", nil),
        ("/abs/pkg/Docs/3D.docc/Intro.md", "/abs/pkg/", "_3D"),
        ("/abs/pkgs/Charts.docc/Overview.md", "/abs/pkg", nil),
        ("/abs/other/Sources/Book/Book.docc/Intro.md", "/abs/pkg", nil),
        ("README.md", nil, nil),
        ("Sources/Foo/README.md", nil, nil),
    ] as [(String, String?, String?)])
    func catalogModules(path: String, package: String?, module: String?) {
        #expect(DocCCatalog.module(forFile: path, package: package, isPackage: { Self.packages.contains($0) }) == module)
    }

    @Test func aCatalogSampleNeedsItsModuleOnce() {
        #expect(SampleModules.needs(SampleSymbols(code: "struct Count: ParsableCommand {}"), catalogModule: "ArgumentParser")
            == [SampleModules.Need(module: "ArgumentParser", line: nil)])
        #expect(SampleModules.needs(SampleSymbols(code: "import ArgumentParser"), catalogModule: "ArgumentParser")
            == [SampleModules.Need(module: "ArgumentParser", line: 1)])
    }

    /// The corpus on disk: argument-parser's catalog is its target's (it has a `Package.swift`);
    /// a folder named `Book.docc` outside any package names no module.
    @Test func theFileSystemDecidesWhatAPackageIs() throws {
        let corpus = "../shared/corpus/swift-argument-parser/Sources/ArgumentParser/Documentation.docc/Articles/GettingStarted.md"
        if FileManager.default.fileExists(atPath: corpus) {
            #expect(DocCCatalog.module(forFile: corpus, package: nil) == "ArgumentParser")
        }
        let book = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: book) }
        #expect(DocCCatalog.module(forFile: book + "/Book.docc/Chapter.md", package: nil) == nil)
        #expect(DocCCatalog.module(forFile: book + "/Sources/Book/Book.docc/Chapter.md", package: nil) == nil)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: URL(fileURLWithPath: book + "/Package.swift"))
        #expect(DocCCatalog.module(forFile: book + "/Sources/Book/Book.docc/Chapter.md", package: nil) == "Book")
        #expect(DocCCatalog.module(forFile: book + "/Book.docc/Chapter.md", package: book) == "Book")
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
