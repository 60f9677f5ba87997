import Foundation
import LabRunner

/// `labrunner cache [clean] [--cache-dir DIR]`: where the compile cache is and what it holds, or
/// empty it.
struct CacheCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--cache-dir", value: "DIR",
                          help: "The cache (default: $XDG_CACHE_HOME/labrunner or ~/.cache/labrunner)"),
    ]

    let clean: Bool
    let cache: CompileCache

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        switch parsed.positionals {
        case []: clean = false
        case ["clean"]: clean = true
        case let words where words.count > 1: throw .tooManyArguments(Array(words.dropFirst()))
        case let words:
            throw .unknownCommand("cache " + words[0], suggestion: EditDistance.closest(to: words[0], in: ["clean"]).map { "cache " + $0 })
        }
        let environment = ProcessInfo.processInfo.environment
        cache = CompileCache(directory: parsed.value("--cache-dir") ?? CompileCache.defaultDirectory(environment: environment))
    }

    func execute() -> Int32 {
        guard let usage = cache.usage() else {
            Console.out(clean ? "nothing to clean: \(cache.location) does not exist" : "\(cache.location)\n  empty (no cache yet)")
            return ExitStatus.success
        }
        guard clean else {
            Console.out([
                cache.location,
                "  entries       \(usage.entries) (\(Self.size(usage.entryBytes)): built labs and compile checks)",
                "  module cache  \(Self.size(usage.moduleBytes)) (swiftc's, rebuilt when needed)",
                "  other         \(Self.size(usage.otherBytes)) (compiler versions, replaced module caches)",
                "  total         \(Self.size(usage.totalBytes))",
            ])
            return ExitStatus.success
        }
        guard let removed = cache.clean() else {
            Console.error("cannot clean \(cache.location): it is not a folder of yours, or others may write to it")
            return ExitStatus.usage
        }
        Console.out("removed \(Self.size(removed)) from \(cache.location)")
        return ExitStatus.success
    }

    /// `512 B`, `3.0 kB`, `41.7 MB`, `1.2 GB` (powers of 1000, as `du --si` and Finder count).
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        var value = Double(bytes) / 1000
        for unit in ["kB", "MB", "GB"] {
            if value < 1000 || unit == "GB" { return String(format: "%.1f %@", value, unit) }
            value /= 1000
        }
        return "\(bytes) B"
    }
}
