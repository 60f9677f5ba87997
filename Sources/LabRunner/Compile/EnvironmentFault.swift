/// A failed build whose errors are the machine's, not the lab's: nothing at a Markdown line, but
/// swiftc unable to read a module or to write a file. Reported as a tool failure (exit 2) with
/// the cause, or repaired first where the tool owns what broke (`ModuleCacheRepair`).
enum EnvironmentFault: Equatable {
    /// A module file in the tool's own module cache (the cache's `modules/`, or the run's) is damaged.
    case damagedModuleCache
    /// A module file in the module cache the user named (`CLANG_MODULE_CACHE_PATH`) is damaged:
    /// theirs to remove, not the tool's.
    case damagedUserModuleCache(String)
    /// A module file elsewhere (the toolchain, the SDK) is damaged: nothing the tool may touch.
    case damagedModule(String)
    /// A write failed for lack of space: the cache's disk, or TMPDIR's (`No space left on device`).
    case noSpace(String)

    /// What strerror says for ENOSPC and EDQUOT, as swiftc, clang and the linker quote it.
    static let noSpaceTexts = ["No space left on device", "Disk quota exceeded"]
    /// How swiftc and clang say a module file cannot be read (swiftc 6.x).
    static let damagedModuleTexts = ["is not a valid module file", "malformed module file", "module file is corrupt",
                                     "malformed or corrupted AST file"]

    /// The fault among the errors not located in the lab, if any; `moduleCache` is the folder
    /// swiftc was given as `-module-cache-path` (the tool's own, or the user's), and
    /// `resolvedModuleCache` the same through symlinks.
    /// With no error at a lab line, the raw output counts too: the linker's `No space left on
    /// device` is not in the `error:` form.
    static func find(in diagnostics: [Diagnostic], rawOutput: String = "", labPath: String, moduleCache: ModuleCacheFolder,
                     resolvedModuleCache: String? = nil) -> EnvironmentFault? {
        let errors = diagnostics.filter { $0.severity == .error }
        var outside = errors.filter { $0.location?.path != labPath }.map(\.message)
        if outside.count == errors.count { outside.append(rawOutput) }
        if let text = noSpaceTexts.first(where: { text in outside.contains { $0.contains(text) } }) {
            return .noSpace(text)
        }
        let folders = [moduleCache.path, resolvedModuleCache].compactMap { $0 }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        if outside.contains(where: { message in folders.contains { message.contains($0) } }) {
            return moduleCache.isOwned ? .damagedModuleCache : .damagedUserModuleCache(moduleCache.path)
        }
        if let damaged = outside.first(where: { message in damagedModuleTexts.contains { message.contains($0) } }) {
            return .damagedModule(damaged)
        }
        return nil
    }

    /// Completes "swiftc PATH …; the file was not checked".
    func reason(moduleCache: String, afterRepair: Bool) -> String {
        switch self {
        case .noSpace(let text):
            "could not write its files: \(text) (the compile cache's disk or TMPDIR's is full)"
        case .damagedModuleCache where afterRepair:
            "stopped: swiftc's module cache \(moduleCache) is damaged and rebuilding it did not help"
        case .damagedModuleCache:
            "stopped: swiftc's module cache \(moduleCache) is damaged and could not be replaced"
        case .damagedUserModuleCache(let folder):
            "stopped: swiftc's module cache \(folder) (CLANG_MODULE_CACHE_PATH) is damaged; labrunner leaves "
                + "that folder to you: remove it, or unset CLANG_MODULE_CACHE_PATH"
        case .damagedModule(let message):
            "stopped on a damaged module file outside labrunner's cache: \(message)"
        }
    }
}
