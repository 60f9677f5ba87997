// swift-tools-version:6.0
import PackageDescription

// The library holds every stage (Sources/LabRunner, one folder per stage, in dependency order:
// see docs/design.md); the `labrunner` executable holds only the command line. The order of the
// stages is enforced by Tests/LabRunnerTests/Architecture/LayeringTests.swift.
let package = Package(
    name: "LabRunner",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "labrunner", targets: ["LabRunnerCLI"]),
        .executable(name: "labrunner-sandbox", targets: ["LabRunnerSandboxLauncher"]),
        // The same executable under its target's name, for the plugin: SwiftPM 6.3 builds a plugin's
        // tool of its own package as the product named like the target (swift-package-manager#8831).
        .executable(name: "LabRunnerCLI", targets: ["LabRunnerCLI"]),
        .library(name: "LabRunner", targets: ["LabRunner"]),
        // `swift package check-samples` in a package that depends on this one (docs/ci.md).
        .plugin(name: "CheckSamples", targets: ["CheckSamples"]),
    ],
    targets: [
        // The sandbox's launcher, without Foundation: it starts before every sealed program.
        .target(
            name: "LabRunnerSandbox",
            path: "Sources/LabRunnerSandbox"
        ),
        .executableTarget(
            name: "LabRunnerSandboxLauncher",
            dependencies: ["LabRunnerSandbox"],
            path: "Sources/LabRunnerSandboxLauncher"
        ),
        .target(
            name: "LabRunner",
            dependencies: ["LabRunnerSandbox"],
            path: "Sources/LabRunner"
        ),
        .executableTarget(
            name: "LabRunnerCLI",
            dependencies: ["LabRunner"],
            path: "Sources/LabRunnerCLI"
        ),
        // Needs only PackagePlugin and the labrunner executable it runs.
        .plugin(
            name: "CheckSamples",
            capability: .command(intent: .custom(
                verb: "check-samples",
                description: "Check the Swift samples of the package's README, DocC catalogs and doc comments with labrunner")),
            dependencies: ["LabRunnerCLI"],
            path: "Plugins/CheckSamples"
        ),
        .testTarget(
            name: "LabRunnerTests",
            dependencies: ["LabRunner", "LabRunnerCLI", "LabRunnerSandbox", "LabRunnerSandboxLauncher"],
            path: "Tests/LabRunnerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
