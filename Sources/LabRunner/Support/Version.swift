/// labrunner's version, semantic (MAJOR.MINOR.PATCH), kept here and nowhere else: `labrunner
/// --version` prints it, the `check-samples` plugin reports what the tool says, and CHANGELOG.md's
/// latest entry names it (`VersionTests`). A release tags the repository with it, so a package
/// can depend on `.package(url: …, from: "0.1.0")`.
package enum Version {
    package static let current = "0.1.0"
}
