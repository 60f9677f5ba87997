import Foundation
import PackagePlugin

/// `swift package check-samples`: `labrunner run --package DIR` on the package's own
/// documentation (its root README, then each Swift target's folder: doc comments and DocC
/// catalogs), with the compile cache and the package's builds in the plugin's work folder. It
/// says first what it checks; every option but its own (`--target`) goes to `labrunner run`; it
/// ends with labrunner's exit status.
@main
struct CheckSamples: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        // SwiftPM names a tool of this package after its target, not its product `labrunner`.
        let labrunner = try context.tool(named: "LabRunnerCLI").url
        if extractor.extractFlag(named: "help") > 0 || extractor.remainingArguments.contains("-h") {
            print(Self.help)
            return
        }
        if extractor.extractFlag(named: "version") > 0 {
            print(try ToolProcess.output(of: labrunner, ["--version"]))
            return
        }
        let targetNames = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        if let owned = passed.first(where: { $0 == "--package" || $0.hasPrefix("--package=") }) {
            fail("\(owned.prefix { $0 != "=" }) is the plugin's: it checks the package it runs in "
                 + "(`swift package --package-path DIR check-samples` for another)")
        }
        let sources: SampleSources
        do {
            sources = try SampleSources(package: context.package, targetNames: targetNames,
                                        base: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } catch {
            fail(error.message)
        }
        let version = try ToolProcess.output(of: labrunner, ["--version"])
        print(([sources.heading(version: version)] + sources.lines + [""]).joined(separator: "\n"))

        var arguments = ["run", "--package", sources.packagePath]
        // The plugin's work folder is SwiftPM's to give and keep between runs: the compile cache
        // (and with it the package's builds and swiftc's module cache) goes there, not into ~/.cache.
        let ownsCache = passed.contains { $0 == "--no-cache" || $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") }
        if !ownsCache { arguments += ["--cache-dir", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path] }
        arguments += passed + sources.paths
        var environment = ProcessInfo.processInfo.environment
        // The toolchain that runs this plugin compiles the samples, unless SWIFTC says otherwise.
        if environment["SWIFTC"] == nil, let swiftc = try? context.tool(named: "swiftc") {
            environment["SWIFTC"] = swiftc.url.path
        }
        let status = try ToolProcess.run(labrunner, arguments, environment: environment)
        // SwiftPM reports a plugin that exits non-zero as failed and exits with 1 itself.
        if status != 0 { exit(status) }
    }

    /// Says `message` as labrunner's usage errors are said, and exits 2.
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("check-samples: error: \(message)\n".utf8))
        exit(2)
    }

    static let help = """
    OVERVIEW: Check the Swift samples of this package's documentation with labrunner.

    Runs `labrunner run --package <this package>` on the root README.md and on the folder of each
    Swift target that is not a test (its doc comments and its DocC catalogs), with the compile
    cache and the package's builds in the plugin's work folder. Exit status and reports are
    labrunner run's.

    USAGE: swift package check-samples [--target NAME]... [labrunner run options]

    OPTIONS:
      --target NAME   Check only this target's folder, not the README (repeatable)
      --version       Print labrunner's version
      -h, --help      Show this help

    Every other option goes to `labrunner run` (`--junit FILE`, `--json FILE`, `--shard K/N`,
    `--strict`, `--verbose`, ...): `swift run labrunner help run` lists them. Paths given are
    checked too, relative to the folder swift package runs in.
    """
}
