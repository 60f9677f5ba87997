// swift-tools-version:6.0
import PackageDescription

// The fixture of LabRunner's `// Prints` end-to-end test: a package whose README states its
// samples' output in `// Prints` comments.
let package = Package(
    name: "Greeting",
    products: [.library(name: "Greeting", targets: ["Greeting"])],
    targets: [.target(name: "Greeting")]
)
