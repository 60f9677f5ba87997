import Foundation

/// The flags that let swiftc load a package's C and C++ modules (`import CSystem`, or a Swift
/// module built against one): the `-Xcc -fmodule-map-file=…` and `-Xcc -I -Xcc …` SwiftPM passed
/// when it compiled the package's Swift library targets, read from the build plan it writes
/// (`debug/description.json`), so a sample gets what a client target of the package gets: the
/// package's own module maps, the ones SwiftPM generates for an umbrella header, and those of
/// its dependencies' C targets.
enum PackageClangFlags {
    /// The flags of the swiftc commands of `modules`, each once, in SwiftPM's order; empty when
    /// the plan cannot be read or names none of them.
    static func flags(buildPlan bytes: [UInt8], modules: [String]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let commands = object["swiftCommands"] as? [String: [String: Any]] else { return [] }
        var flags: [String] = []
        var seen: Set<[String]> = []
        // Dictionary order is not stable: the commands in the order of `modules`.
        let chosen = modules.flatMap { module in
            commands.keys.sorted().compactMap { key in commands[key].flatMap { $0["moduleName"] as? String == module ? $0 : nil } }
        }
        for command in chosen {
            let arguments = command["otherArguments"] as? [String] ?? []
            var index = 0
            while index + 1 < arguments.count {
                defer { index += 1 }
                guard arguments[index] == "-Xcc" else { continue }
                let value = arguments[index + 1]
                var flag: [String] = []
                if value.hasPrefix("-fmodule-map-file=") {
                    flag = ["-Xcc", value]
                } else if value == "-I", index + 3 < arguments.count, arguments[index + 2] == "-Xcc" {
                    flag = ["-Xcc", "-I", "-Xcc", arguments[index + 3]]
                } else if value.hasPrefix("-I"), value.count > 2 {
                    flag = ["-Xcc", value]
                }
                if !flag.isEmpty, seen.insert(flag).inserted { flags += flag }
            }
        }
        return flags
    }

    /// What a program linking `objects` needs besides them: C++'s runtime library when a C++
    /// target's objects are among them (SwiftPM links it for a product with C++ sources).
    static func linkFlags(objects: [String]) -> [String] {
        let cxx = [".cpp.o", ".cc.o", ".cxx.o", ".c++.o", ".mm.o"]
        return objects.contains { object in cxx.contains { object.hasSuffix($0) } } ? ["-lstdc++"] : []
    }
}
