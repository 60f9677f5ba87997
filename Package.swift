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
        .library(name: "LabRunner", targets: ["LabRunner"]),
    ],
    targets: [
        .target(
            name: "LabRunner",
            path: "Sources/LabRunner"
        ),
        .executableTarget(
            name: "LabRunnerCLI",
            dependencies: ["LabRunner"],
            path: "Sources/LabRunnerCLI"
        ),
        .testTarget(
            name: "LabRunnerTests",
            dependencies: ["LabRunner", "LabRunnerCLI"],
            path: "Tests/LabRunnerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
