// swift-tools-version:6.0
import PackageDescription

// A package with a local path dependency (`../package`, whose library is `Fixture`): its README's
// and doc comments' samples use both modules (DependentPackageEndToEndTests).
let package = Package(
    name: "Welcome",
    products: [.library(name: "Welcome", targets: ["Welcome"])],
    dependencies: [.package(path: "../package")],
    targets: [.target(name: "Welcome", dependencies: [.product(name: "Fixture", package: "package")])]
)
