import Foundation

/// One `labrunner list`: a document as the tool reads it, a lab's settings and cells
/// (`LabListing`) or a guide's samples with their roles and contexts (`GuideListing`), as lines
/// for people or, with `json`, as one JSON document.
package struct ListSession: Sendable {
    package let path: String
    package let output: any SessionOutput
    /// `--json`.
    package var json = false
    /// `--bare LANG`.
    package var bareLanguage: String? = nil
    /// `--as guide|lab`.
    package var documentKind: DocumentKind? = nil
    /// `--package DIR`: its library modules, which samples importing none of them get, are shown.
    package var packagePath: String? = nil

    package init(path: String, output: any SessionOutput) {
        self.path = path
        self.output = output
    }

    package func run() -> SessionEnd {
        var libraries: [String] = []
        var fileModules: PackageFileModules? = nil
        if let packagePath {
            guard let found = packageLibraries(packagePath) else { return .notChecked }
            (libraries, fileModules) = found
        }
        let loader = DocumentLoader.reporting(to: output, bareLanguage: bareLanguage, kind: documentKind)
        // Made inside the load: a guide whose samples cannot be planned is said as a load error is.
        let listing = loader.load(path, reportingTo: output) { lab throws(LabError) in
            guard lab.isGuide else {
                let listing = LabListing(lab)
                return (json: Result { () throws(JSONText.Failure) in try listing.json() }, text: listing.text())
            }
            let guide = try GuideListing(lab, package: packagePath, packageLibraries: libraries, fileModules: fileModules)
            return (json: Result { () throws(JSONText.Failure) in try guide.json() }, text: guide.text())
        }
        guard let listing else { return .notChecked }
        guard json else {
            output.out(listing.text)
            return .passed
        }
        switch listing.json {
        case .success(let text):
            // A closed pipe (`| head`) is the console's to handle, as for every report line.
            _ = output.write(text + "\n")
            return .passed
        case .failure(let failure):
            output.error(failure.description)
            return .notChecked
        }
    }

    /// The package's library modules and its targets' folders, from `swift package describe` run
    /// in a private folder removed afterwards (nothing is built); nil after saying why they could not be had.
    private func packageLibraries(_ path: String) -> ([String], PackageFileModules)? {
        let environment = ProcessInfo.processInfo.environment
        do throws(PackageBuildError) {
            let compiler: SwiftCompiler
            do { compiler = try SwiftCompiler.locate(environment: environment) } catch {
                output.error(error.description)
                return nil
            }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-list-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let build = PackageBuild(packagePath: path, compiler: compiler, environment: environment)
            let description = try build.describe(scratch: scratch)
            return (description.libraryTargets,
                    PackageFileModules(packagePath: build.packagePath, targets: description.targets, builtProducts: nil))
        } catch {
            if let located = error.located { output.diagnostic([located]) } else { output.error(error.description) }
            if !error.outputTail.isEmpty { output.diagnostic(error.outputTail.map { "  " + $0 }) }
            return nil
        }
    }
}
