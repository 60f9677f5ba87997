// swift-tools-version:6.0
import PackageDescription

// The fixture of LabRunner's C-target tests: a Swift library over a C target with its own module
// map (`include/module.modulemap`), whose doc comments call both.
let package = Package(
    name: "Tally",
    products: [.library(name: "Tally", targets: ["Tally"])],
    targets: [
        .target(name: "CTally"),
        .target(name: "Tally", dependencies: ["CTally"]),
    ]
)
