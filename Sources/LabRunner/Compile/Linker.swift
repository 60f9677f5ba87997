import Foundation

/// The linker a lab's program is linked with. On Linux swiftc links with gold unless told
/// otherwise, while the toolchains swift.org ships carry lld beside swiftc, which links a lab in
/// about three quarters of gold's CPU time (docs/performance.md): tens of milliseconds off every
/// build. So lld where the toolchain has it; the driver's default elsewhere (macOS's own linker,
/// a toolchain without lld) and when the lab's flags choose a linker themselves.
enum Linker {
    /// `-use-ld=lld` when `ld.lld` is an executable beside the file `compilerPath` resolves to
    /// (where the driver's clang looks first) and `flags` name no linker; else nothing.
    static func arguments(compilerPath: String, flags: [String]) -> [String] {
        #if os(Linux)
        guard !flags.contains(where: { $0.hasPrefix("-use-ld") }),
              let compiler = CacheFiles.resolved(compilerPath) else { return [] }
        let lld = (compiler as NSString).deletingLastPathComponent + "/ld.lld"
        return ExecutableSearch.isExecutableFile(lld) ? ["-use-ld=lld"] : []
        #else
        return []
        #endif
    }
}
