import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What the compile cache holds, for `labrunner cache`.
package struct CompileCacheUsage: Sendable, Equatable {
    /// Built programs and compile-check records (`entries/`).
    package var entries = 0
    package var entryBytes = 0
    /// swiftc's clang module cache (`modules/`).
    package var moduleBytes = 0
    /// Compiler version texts and temporary folders (`compilers/`, `tmp/`).
    package var otherBytes = 0

    package var totalBytes: Int { entryBytes + moduleBytes + otherBytes }
}

extension CompileCache {
    /// Where the cache is.
    package var location: String { directory }

    /// Nil when there is no cache folder yet.
    package func usage() -> CompileCacheUsage? {
        guard let info = FileOwnership.status(directory), CacheFiles.isDirectory(info) else { return nil }
        var usage = CompileCacheUsage()
        usage.entries = CacheFiles.names(in: entriesFolder).filter(Self.isValidKey).count
        usage.entryBytes = Self.bytes(under: entriesFolder)
        usage.moduleBytes = Self.bytes(under: modulesFolder)
        usage.otherBytes = Self.bytes(under: compilersFolder) + Self.bytes(under: temporaryFolder)
        return usage
    }

    /// Removes everything the cache holds and returns how many bytes that was; nil when the folder
    /// is not a cache of this user's (`isUsable`). Each part is first renamed out of the way in one
    /// step, so a run using the cache meanwhile sees it whole or missing, then deleted: a run
    /// starts over with an empty cache (and rebuilds swiftc's modules once).
    package func clean() -> Int? {
        guard isUsable() else { return nil }
        let before = usage()?.totalBytes ?? 0
        guard let grave = CacheFiles.makeTemporaryDirectory(in: directory, prefix: "cleaning.") else { return nil }
        for folder in [entriesFolder, compilersFolder, modulesFolder, packagesFolder, locksFolder, temporaryFolder] {
            let name = (folder as NSString).lastPathComponent
            if rename(folder, grave + "/" + name) != 0 { CacheFiles.removeTree(folder) }
        }
        CacheFiles.removeTree(grave)
        return before
    }

    /// Bytes of the regular files under `folder`, at any depth; links are not followed.
    private static func bytes(under folder: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            if lstat(folder + "/" + relative, &info) == 0, CacheFiles.isRegularFile(info) { total += Int(info.st_size) }
        }
        return total
    }
}
