// swift-tools-version:6.0
import PackageDescription

// The fixture of LabRunner's `path:` tests: the folder `Sources/System` is the target
// `SystemPackage`, which depends on a C target with an umbrella header (SwiftPM makes its module
// map) and on a Swift target whose `Logger` its doc comments use.
let package = Package(
    name: "Sys",
    products: [.library(name: "SystemPackage", targets: ["SystemPackage"])],
    targets: [
        .target(name: "CSys"),
        .target(name: "SysLog"),
        .target(name: "SystemPackage", dependencies: ["CSys", "SysLog"], path: "Sources/System"),
    ]
)
