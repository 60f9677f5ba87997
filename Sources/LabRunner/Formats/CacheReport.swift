import Foundation

/// What `labrunner cache` says: where the compile cache is and what it holds, or what cleaning
/// it removed. Sizes count in powers of 1000, as `du --si` and Finder do.
package enum CacheReport {
    /// The cache folder does not exist yet: nothing to show, or nothing to clean.
    package static func missing(at location: String, cleaning: Bool) -> [String] {
        cleaning ? ["nothing to clean: \(location) does not exist"] : [location, "  empty (no cache yet)"]
    }

    /// Each part of the cache with its size, and what it is for.
    package static func usage(_ usage: CompileCacheUsage, at location: String) -> [String] {
        [
            location,
            "  entries       \(usage.entries) (\(size(usage.entryBytes)): built labs and compile checks)",
            "  module cache  \(size(usage.moduleBytes)) (swiftc's, rebuilt when needed)",
            "  other         \(size(usage.otherBytes)) (compiler versions, replaced module caches)",
            "  total         \(size(usage.totalBytes))",
        ]
    }

    package static func removed(_ bytes: Int, from location: String) -> String {
        "removed \(size(bytes)) from \(location)"
    }

    /// The error when `CompileCache.clean` refuses the folder.
    package static func cannotClean(_ location: String) -> String {
        "cannot clean \(location): it is not a folder of yours, or others may write to it"
    }

    /// `512 B`, `3.0 kB`, `41.7 MB`, `1.2 GB`; gigabytes however many there are.
    package static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        var value = Double(bytes) / 1000
        for unit in ["kB", "MB", "GB"] {
            if value < 1000 || unit == "GB" { return String(format: "%.1f %@", value, unit) }
            value /= 1000
        }
        return "\(bytes) B"
    }
}
