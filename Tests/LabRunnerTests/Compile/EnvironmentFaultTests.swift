import Testing
@testable import LabRunner

/// Which failed builds are the machine's fault, on messages swiftc 6.3 printed in real runs.
@Suite struct EnvironmentFaultTests {
    private let cache = "/home/u/.cache/labrunner/modules"

    private func unlocated(_ message: String) -> Diagnostic {
        Diagnostic(severity: .error, location: nil, message: message)
    }

    private func find(_ diagnostics: [Diagnostic], raw: String = "") -> EnvironmentFault? {
        EnvironmentFault.find(in: diagnostics, rawOutput: raw, labPath: "lab.md", moduleCache: ModuleCacheFolder(path: cache, isOwned: true))
    }

    @Test func aDamagedModuleInTheToolsCacheIsRepairable() {
        let damaged = "file '\(cache)/2S57F1FP5L1DY/Dispatch-2W8ZMAMXK6WTJ.pcm' is not a valid module file: file doesn't start with precompiled file magic"
        #expect(find([unlocated(damaged), unlocated("cannot load underlying module for 'Dispatch'")]) == .damagedModuleCache)
        // The same file elsewhere is not the tool's to replace.
        let elsewhere = damaged.replacingOccurrences(of: cache, with: "/opt/sdk/modules")
        #expect(find([unlocated(elsewhere)]) == .damagedModule(elsewhere))
    }

    /// The folder `CLANG_MODULE_CACHE_PATH` names is the user's: named, never the tool's to replace.
    @Test func aDamagedModuleInTheUsersModuleCacheIsTheirs() {
        let users = "/home/u/clang-cache"
        let damaged = "file '\(users)/2S57F1FP5L1DY/Dispatch-2W8ZMAMXK6WTJ.pcm' is not a valid module file: file doesn't start with precompiled file magic"
        let fault = EnvironmentFault.find(in: [unlocated(damaged)], labPath: "lab.md", moduleCache: ModuleCacheFolder(path: users, isOwned: false))
        #expect(fault == .damagedUserModuleCache(users))
        #expect(fault?.reason(moduleCache: users, afterRepair: false) == "stopped: swiftc's module cache /home/u/clang-cache "
            + "(CLANG_MODULE_CACHE_PATH) is damaged; labrunner leaves that folder to you: remove it, or unset CLANG_MODULE_CACHE_PATH")
        // Elsewhere, as before: a damaged module outside anyone's cache.
        #expect(EnvironmentFault.find(in: [unlocated(damaged)], labPath: "lab.md", moduleCache: ModuleCacheFolder(path: "/other", isOwned: false))
                == .damagedModule(damaged))
    }

    @Test func aFullDiskIsNamedWhereverSwiftcOrTheLinkerSaysIt() {
        let full = "unable to open output file '\(cache)/X/_SwiftConcurrencyShims-2WTEZSG1WEKQP.pcm': 'No space left on device'"
        #expect(find([unlocated(full), unlocated("could not build C module '_SwiftConcurrencyShims'")]) == .noSpace("No space left on device"))
        #expect(find([unlocated("link command failed with exit code 1")],
                     raw: "/usr/bin/ld: final link failed: Disk quota exceeded\n") == .noSpace("Disk quota exceeded"))
    }

    @Test func errorsAtALabLineAreTheLabs() {
        let atLine = Diagnostic(severity: .error, location: SourceLocation(path: "lab.md", line: 3, column: 1),
                                message: "No space left on device")
        #expect(find([atLine], raw: "lab.md:3:1: error: No space left on device\n") == nil)
        #expect(find([unlocated("cannot find 'x' in scope")]) == nil)
    }
}
