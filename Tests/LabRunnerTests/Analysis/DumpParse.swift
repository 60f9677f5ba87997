import Foundation

/// What `swiftc -dump-parse` says a sample declares at its top level: the names of the
/// declarations directly under `source_file`, without `top_level_code_decl` (statements,
/// `#Preview`), `extension_decl` and `import_decl` (they declare no name), so that they can be
/// compared with the outline's. Parsing only: nothing is type-checked, and `#if` blocks are not
/// shown at all.
enum DumpParse {
    /// The first `swiftc` on `PATH`; nil when there is none (the tests that need it are skipped).
    static let swiftc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Kinds under `source_file` that declare no name a later sample could use.
    static let unnamed: Set<String> = [
        "top_level_code_decl", "extension_decl", "import_decl", "macro_expansion_decl", "if_config_decl",
        "pound_diagnostic_decl", "missing_decl", "pattern_binding_decl",
    ]

    /// For each sample, in order, the names swiftc sees it declare, or nil when it does not parse.
    /// Samples go to swiftc many at once, as starting it is most of the time. Given several files
    /// swiftc parses none as the main file, so it reports statements ("… are not allowed at the top
    /// level") where a lone sample may have them: those errors do not count.
    static func declaredNames(_ samples: [String], swiftc: URL) throws -> [[String]?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dump-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try samples.indices.map { index in
            let file = folder.appendingPathComponent("s\(index).swift")
            try Data(samples[index].utf8).write(to: file)
            return file.path
        }
        var results: [[String]?] = []
        for start in stride(from: 0, to: files.count, by: 300) {
            let batch = Array(files[start..<min(start + 300, files.count)])
            let dumps = parse(try run(swiftc, ["-dump-parse", "-continue-building-after-errors"] + batch))
            results += batch.map { file in dumps[file].flatMap { $0.failed ? nil : $0.names } }
        }
        return results
    }

    /// Per file dumped, its top-level names and whether swiftc reported an error in it.
    static func parse(_ output: String) -> [String: (names: [String], failed: Bool)] {
        var dumps: [String: (names: [String], failed: Bool)] = [:]
        var current: String? = nil
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("(source_file \"") {
                let file = String(line.dropFirst("(source_file \"".count).prefix { $0 != "\"" })
                dumps[file] = ([], false)
                current = file
            } else if line.hasPrefix("  ("), !line.hasPrefix("   "), let file = current, let name = name(line) {
                dumps[file]?.names.append(name)
            } else if let colon = line.range(of: ": error: "), !line.hasSuffix("are not allowed at the top level") {
                // `path:line:column: error: …`, sometimes right after the last `)` of a dump.
                let place = line[..<colon.lowerBound].split(whereSeparator: { $0 == ")" || $0 == " " }).last ?? ""
                let file = String(place.split(separator: ":").first ?? "")
                dumps[file, default: ([], false)].failed = true
            }
        }
        return dumps
    }

    /// `  (struct_decl … "Point")` → `Point`; a function's or macro's `"+(_:_:)"` → `+`; nil for a kind that declares no name.
    static func name(_ line: Substring) -> String? {
        let kind = line.dropFirst(3).prefix { $0 != " " && $0 != ")" }
        guard !unnamed.contains(String(kind)), let open = line.firstIndex(of: "\"") else { return nil }
        let quoted = line[line.index(after: open)...].prefix { $0 != "\"" }
        guard kind == "func_decl" || kind == "macro_decl", let paren = quoted.firstIndex(of: "("), quoted.hasSuffix(")") else { return String(quoted) }
        return String(quoted[..<paren])
    }

    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        // The dump goes to standard error, with the diagnostics.
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
