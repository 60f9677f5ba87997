/// Where swiftc keeps clang's module cache (Foundation's modules, built once per folder, about
/// 1.5 s of CPU): `CLANG_MODULE_CACHE_PATH` when it is set, as swiftc itself does; else the
/// compile cache's `modules/`; else the run's private folder (`--no-cache`). Labs, samples and
/// `swift build` for `--package` share it, so one folder is built once per machine.
struct ModuleCacheFolder: Sendable, Equatable {
    let path: String
    /// The tool's own folder, which it may replace when a module in it is damaged
    /// (`ModuleCacheRepair`). A folder the user named is theirs: a damaged module there is said,
    /// never repaired.
    let isOwned: Bool

    static let variable = "CLANG_MODULE_CACHE_PATH"

    /// The user's folder when `environment` names one (relative to the working directory, as for
    /// swiftc), else `owned` as the tool's own; nil when neither.
    static func chosen(environment: [String: String], owned: String?) -> ModuleCacheFolder? {
        if let given = environment[variable], !given.isEmpty {
            return ModuleCacheFolder(path: CompileCache.absolute(given), isOwned: false)
        }
        return owned.map { ModuleCacheFolder(path: $0, isOwned: true) }
    }
}
