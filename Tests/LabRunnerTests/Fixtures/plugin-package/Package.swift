// swift-tools-version:6.0
import PackageDescription

// A package that adopts labrunner as a maintainer does: the dependency alone gives it
// `swift package check-samples`. PluginEndToEndTests copies this folder and writes the path of
// the labrunner package under test in place of LABRUNNER_PACKAGE.
let package = Package(
    name: "Greeter",
    products: [.library(name: "Greeter", targets: ["Greeter"])],
    dependencies: [.package(path: "LABRUNNER_PACKAGE")],
    targets: [.target(name: "Greeter")]
)
