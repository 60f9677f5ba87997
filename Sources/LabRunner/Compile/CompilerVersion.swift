import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `swiftc --version` text, part of every cache key so that a new compiler never reuses an old
/// compiler's executables.
///
/// Running swiftc just to ask costs ~50 ms, most of a warm run, so the text is itself cached on
/// disk, under a fingerprint of the binary: its path, and device, inode, size and mtime of the
/// file it resolves to and of `swift-frontend` beside it (swiftc is often a symlink to
/// `swift-driver`, which asks the frontend). Installing another toolchain at the same path
/// replaces those files, so the fingerprint changes and the text is asked again.
enum CompilerVersion {
    static func text(of compilerPath: String, cache: CompileCache?, environment: [String: String]) -> String {
        if let cache { return CompilerVersionLookup(compilerPath: compilerPath, cache: cache, environment: environment).wait() }
        return ask(compilerPath, environment: environment)
            ?? "unknown swiftc \(compilerPath) \(fingerprint(of: compilerPath, environment: environment))"
    }

    /// Runs `swiftc --version` (no shell); nil if it cannot run or fails.
    static func ask(_ compilerPath: String, environment: [String: String]) -> String? {
        // Even `--version` makes the driver leave an empty TemporaryDirectory.* in $TMPDIR:
        // give it a private folder that goes afterwards (or with an interrupt).
        guard let scratch = try? BuildDirectory.makePrivate() else { return nil }
        defer { scratch.remove() }
        var environment = environment
        environment["TMPDIR"] = scratch.path
        let request = ProcessRequest(executable: compilerPath, arguments: ["--version"], environment: environment,
                                     timeout: 30, outputLimit: 64 << 10)
        guard let result = try? ChildProcess.run(request), result.termination == .exited(0) else { return nil }
        // Some drivers print their own version line on stderr; both identify the compiler.
        let text = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// SHA-256 hex of everything that identifies the installed compiler at `compilerPath`.
    static func fingerprint(of compilerPath: String, environment: [String: String]) -> String {
        var encoding = CacheKeyEncoding()
        encoding.append("format", CacheKeyEncoding.formatVersion)
        encoding.append("path", compilerPath)
        let binary = CacheFiles.resolved(compilerPath) ?? compilerPath
        var files = [binary, (binary as NSString).deletingLastPathComponent + "/swift-frontend"]
        #if canImport(Darwin)
        // /usr/bin/swiftc is an xcrun shim: the compiler it runs is chosen by xcode-select or
        // DEVELOPER_DIR, and updated with Xcode, none of which changes the shim itself.
        if let developer = environment["DEVELOPER_DIR"].flatMap(CacheFiles.resolved)
            ?? CacheFiles.resolved("/var/db/xcode_select_link") {
            files.append(developer + "/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift-frontend")
            files.append(developer + "/usr/bin/swift-frontend")
        }
        #endif
        for file in files {
            guard let info = FileOwnership.status(file) else {
                encoding.append(file, "absent")
                continue
            }
            let nanoseconds = Int64(CacheFiles.modificationTime(info) * 1e9)
            encoding.append(file, "\(info.st_dev) \(info.st_ino) \(info.st_size) \(nanoseconds)")
        }
        // These select another toolchain through the same binary (xcrun on macOS).
        for name in ["DEVELOPER_DIR", "TOOLCHAINS"] {
            encoding.append("env " + name, environment[name] ?? "")
        }
        return SHA256.hexDigest(encoding.bytes)
    }
}

extension CompileCache {
    private static let versionHeader = "labrunner-compiler-version 1"

    /// The stored text for `fingerprint`, if present and intact.
    func compilerVersion(fingerprint: String) -> String? {
        guard Self.isValidKey(fingerprint), isUsable(),
              let file = CacheFiles.readFile(compilersFolder + "/" + fingerprint) else { return nil }
        // Header line, checksum line, then the text: a truncated file fails the checksum.
        let bytes = file.bytes
        let lines = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == Self.versionHeader,
              let checksum = UInt64(String(decoding: lines[1], as: UTF8.self), radix: 16),
              XXHash64.hash(Array(lines[2])) == checksum, !lines[2].isEmpty
        else { return nil }
        return String(decoding: lines[2], as: UTF8.self)
    }

    /// Writes the text to a temporary file and renames it into place, so readers see all of it
    /// or nothing. Best-effort: false if the cache cannot be written.
    @discardableResult
    func storeCompilerVersion(_ text: String, fingerprint: String) -> Bool {
        guard Self.isValidKey(fingerprint), prepareLayout() else { return false }
        let bytes = Array(text.utf8)
        let contents = Array("\(Self.versionHeader)\n\(String(XXHash64.hash(bytes), radix: 16))\n".utf8) + bytes
        let temporary = temporaryFolder + "/compiler.\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
        guard CacheFiles.writeNew(temporary, contents, mode: 0o600) else { return false }
        guard rename(temporary, compilersFolder + "/" + fingerprint) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// The `swiftc --version` text of one run, kept off the critical path.
///
/// When the cache already knows the text (every run after the first with this compiler) it is
/// there at once. When it does not, no cache entry can have been stored under it either, so
/// labs are built without a lookup while `swiftc --version` runs beside the first compile; the
/// text is needed only to store the result.
package final class CompilerVersionLookup: Sendable {
    /// The text, when it was known without asking swiftc.
    let known: String?
    private let pending = LockedValue<String?>(nil)
    private let asked = DispatchGroup()

    package init(compilerPath: String, cache: CompileCache, environment: [String: String]) {
        let fingerprint = CompilerVersion.fingerprint(of: compilerPath, environment: environment)
        known = cache.compilerVersion(fingerprint: fingerprint)
        guard known == nil else { return }
        asked.enter()
        let thread = Thread { [pending, asked] in
            let text = CompilerVersion.ask(compilerPath, environment: environment)
                ?? "unknown swiftc \(compilerPath) \(fingerprint)"
            if !text.hasPrefix("unknown swiftc") { cache.storeCompilerVersion(text, fingerprint: fingerprint) }
            pending.withLock { $0 = text }
            asked.leave()
        }
        thread.start()
    }

    /// The text, waiting for swiftc's answer if it was not known.
    func wait() -> String {
        if let known { return known }
        asked.wait()
        // The asking thread sets the text before it leaves the group.
        return pending.withLock { $0 } ?? "unknown swiftc"
    }
}
