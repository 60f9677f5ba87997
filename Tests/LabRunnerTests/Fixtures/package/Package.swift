// swift-tools-version:6.0
import PackageDescription

// A package whose documentation `labrunner run --package` checks (PackageEndToEndTests).
let package = Package(
    name: "Fixture",
    products: [.library(name: "Fixture", targets: ["Fixture"])],
    targets: [.target(name: "Fixture")]
)
