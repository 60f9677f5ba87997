// swift-tools-version:6.0
import PackageDescription

// The fixture of LabRunner's doc-comment tests: a package whose samples are in its sources'
// documentation comments, `// Prints` comments included.
let package = Package(
    name: "DocGreeting",
    products: [.library(name: "DocGreeting", targets: ["DocGreeting"])],
    targets: [.target(name: "DocGreeting")]
)
