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
        .library(name: "LabRunner", targets: ["LabRunner"]),
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
        .testTarget(
            name: "LabRunnerTests",
            dependencies: ["LabRunner", "LabRunnerCLI", "LabRunnerSandbox", "LabRunnerSandboxLauncher"],
            path: "Tests/LabRunnerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
