// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LabRunner",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "labrunner", targets: ["LabRunner"])
    ],
    targets: [
        .executableTarget(
            name: "LabRunner",
            path: "Sources/LabRunner"
        ),
        .testTarget(
            name: "LabRunnerTests",
            dependencies: ["LabRunner"],
            path: "Tests/LabRunnerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
