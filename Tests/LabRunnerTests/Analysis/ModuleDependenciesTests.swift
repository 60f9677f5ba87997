import Testing
@testable import LabRunner

/// A doc comment in a module that depends on another module of its package uses both, as every
/// reader of that module's code has them: a logging package's samples failed with `cannot find
/// 'Logger' in scope`, `Logger` being its dependency's (issue 33).
struct ModuleDependenciesTests {
    static let source = """
        import SysLog

        /// Says what it is:
        ///
        ///     FileDescriptor(rawValue: 1).describe(to: Logger(label: "fd"))
        ///     // Prints "fd: descriptor 1"
        ///
        /// Its module is imported here already:
        ///
        ///     import SysLog
        ///     Logger(label: "x").log("y")
        public struct FileDescriptor {}

        """

    static func plan(path: String, module: String?, dependencies: [String]) throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(source.utf8), path: path), appleAvailable: false,
                      package: "/p", packageLibraries: ["SystemPackage"], sourceModule: module, moduleDependencies: dependencies)
    }

    @Test func aSourceFilesSamplesImportItsTargetsDependencies() throws {
        let plan = try Self.plan(path: "/p/Sources/System/FileDescriptor.swift", module: "SystemPackage",
                                 dependencies: ["CSystem", "SysLog"])
        #expect(plan.samples[0].needs == [
            SampleModules.Need(module: "SystemPackage", line: nil),
            SampleModules.Need(module: "CSystem", line: nil, fromDependency: true),
            SampleModules.Need(module: "SysLog", line: nil, fromDependency: true),
        ])
        // A sample importing a dependency itself needs it once, at its line.
        #expect(plan.samples[1].needs.map(\.module) == ["SysLog", "SystemPackage", "CSystem"])
        #expect(plan.samples[1].needs[0].line == 1)
        let (candidates, _) = plan.batches(programs: [0])
        let program = SampleProgram.source([0], plan: plan, candidates: candidates)
        #expect(program.hasPrefix("import Foundation\nimport SystemPackage\nimport CSystem\nimport SysLog\n#sourceLocation"), "\(program)")
        #expect(GuideListing(plan).text().contains(
            "    modules: SystemPackage (its file's module), CSystem (its module's dependency), SysLog (its module's dependency)"))
    }

    /// A DocC catalog's module is the catalog's, not the one the dependencies are of.
    @Test func onlyTheSourceFilesOwnModuleBringsDependencies() throws {
        let plan = try Self.plan(path: "/p/Sources/Other/Other.docc/Page.swift", module: "SystemPackage",
                                 dependencies: ["CSystem"])
        #expect(plan.catalogModule == "Other")
        #expect(!plan.samples[0].needs.contains { $0.fromDependency })
    }
}
