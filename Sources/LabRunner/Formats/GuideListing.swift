import Foundation

/// The `list` view of a guide: why the file is a guide, then per sample what the tool makes of it
/// (its role, the modules it needs, the earlier declarations it is given and why), as text for
/// people and as JSON for tools. Worked out from the `GuidePlan` alone: nothing is built.
package struct GuideListing: Codable, Sendable {
    enum Role: String, Codable, Sendable {
        case program, manifest, listing, skipped
    }
    struct SampleEntry: Codable, Sendable {
        /// The line of its opening fence.
        let line: Int
        let role: Role
        /// A program with an output block: it is run and its output checked.
        let runs: Bool
        /// The strongest check it gets (`CheckRung`'s name), before anything is built: a program is
        /// `compiled` (or `parsed`, once swiftc finds it an excerpt), one that runs
        /// `output-checked`; null for a skipped sample.
        let rung: String?
        /// The lines of its output blocks.
        let outputLines: [Int]
        /// The lines of its counted `// Prints` comments (only without an output block).
        let printsLines: [Int]
        /// In a `<!-- labrunner: setup` comment: readers never see it.
        let hidden: Bool
        /// A listing's reasons, most telling first.
        let listingReasons: [ReasonEntry]
        /// Why a skipped sample is not checked.
        let skipReason: String?
        /// Its `fresh`, `continues=NAME`, `name=NAME` directives.
        let directives: [String]
        let modules: [ModuleEntry]
        /// Modules earlier samples imported and it does not: its program imports them too, as a
        /// reader who typed the guide in order has them.
        let inheritedImports: [InheritedImport]
        let context: [ContextItem]
    }
    struct InheritedImport: Codable, Sendable {
        let module: String
        /// The Markdown line of the earlier `import`.
        let line: Int?
    }
    struct ReasonEntry: Codable, Sendable {
        let reason: String
        /// The Markdown line where it shows first.
        let line: Int
    }
    /// Why a sample needs a module.
    enum ModuleSource: String, Codable, Sendable {
        /// Its own `import`, at `line`.
        case `import`
        /// The module of the DocC catalog the file is in.
        case catalog
        /// A sample its context comes from imports it.
        case context
        /// A library of the package the run compiles against; the sample imports none of them.
        case package
        /// A module the file's module depends on in its package, which its readers have.
        case dependency
    }
    struct ModuleEntry: Codable, Sendable {
        let module: String
        let source: ModuleSource
        let line: Int?
    }
    struct ContextItem: Codable, Sendable {
        /// `struct Point (line 12)`.
        let item: String
        /// The Markdown line of the item.
        let line: Int
        /// The line of the sample it comes from.
        let sampleLine: Int
        /// `uses Point (used by func area (line 12))`.
        let reason: String
    }

    let path: String
    let title: String?
    let kind: String
    let kindReason: String
    /// The settings a `.labrunner` file or the front matter set, with where; nil when none.
    var settings: [SettingSource]? = nil
    let samples: [SampleEntry]

    /// The listing of a file read as a guide, its Apple-only samples skipped unless this platform has SwiftUI.
    /// With `package` (`--package`), its `packageLibraries` are shown where a sample gets them,
    /// and a source file's module and its dependencies are the ones `fileModules` (SwiftPM) says.
    package init(_ lab: Lab, package: String? = nil, packageLibraries: [String] = [],
                 fileModules: PackageFileModules? = nil) throws(LabError) {
        let source = fileModules?.module(forFile: lab.path)
        self.init(try GuidePlan(lab, appleAvailable: Platform.hasSwiftUI, package: package, packageLibraries: packageLibraries,
                                sourceModule: source?.name ?? SourceFileTarget.module(forFile: lab.path),
                                moduleDependencies: source?.dependencies ?? []))
    }

    package init(_ plan: GuidePlan) {
        let lab = plan.lab
        path = lab.path
        title = lab.title
        kind = lab.kind.kind.rawValue
        kindReason = lab.kind.reason
        settings = SettingSource.list(lab.settings)
        let catalog = plan.catalogModule
        samples = plan.samples.indices.map { index in
            let sample = plan.samples[index]
            let cell = sample.cell
            var role = Role.program, runs = false, reasons: [ReasonEntry] = [], skip: String? = nil
            switch sample.role {
            case .program(let runsOutput): runs = runsOutput
            case .manifest: role = .manifest
            case .listing(let listing):
                role = .listing
                reasons = listing.map { ReasonEntry(reason: $0.description, line: plan.markdownLine(sample: index, codeLine: $0.line)) }
            case .skipped(let why):
                role = .skipped
                skip = why.description
            }
            let modules = sample.needs.map { need in
                let source: ModuleSource = need.line != nil ? .import : need.fromPackage ? .package
                    : need.fromDependency ? .dependency : need.module == catalog ? .catalog : .context
                return ModuleEntry(module: need.module, source: source,
                                   line: need.line.map { plan.markdownLine(sample: index, codeLine: $0) })
            }
            let context = plan.contexts[index].entries.map { entry in
                let reference = entry.reference
                let item = plan.symbols[reference.sample].items[reference.item]
                return ContextItem(item: plan.describe(reference),
                                   line: plan.markdownLine(sample: reference.sample, codeLine: item.lines.lowerBound),
                                   sampleLine: plan.samples[reference.sample].line,
                                   reason: entry.reason.description(plan.describe))
            }
            let rung: CheckRung? = switch role {
            case .program, .manifest: runs ? .outputChecked : .compiled
            case .listing: .listing
            case .skipped: nil
            }
            return SampleEntry(line: sample.line, role: role, runs: runs, rung: rung?.rawValue, outputLines: cell.outputs.map(\.line),
                               printsLines: sample.prints.map { plan.markdownLine(sample: index, codeLine: $0.line) },
                               hidden: sample.isHiddenSetup,
                               listingReasons: reasons, skipReason: skip,
                               directives: GuideListing.words(cell.sampleDirectives),
                               modules: modules,
                               inheritedImports: sample.inheritedImports.map { InheritedImport(module: $0.module, line: $0.line) },
                               context: context)
        }
    }

    /// Sample directives as written in `<!-- labrunner: … -->`.
    private static func words(_ directives: SampleDirectives) -> [String] {
        (directives.fresh ? ["fresh"] : []) + (directives.continues.map { ["continues=\($0)"] } ?? [])
            + (directives.name.map { ["name=\($0)"] } ?? [])
    }

    package func json() throws(JSONText.Failure) -> String {
        try JSONText.encode(self, what: "the listing")
    }

    package func text() -> [String] {
        var out = [path + (title.map { "  \($0)" } ?? "")]
        out.append("read as a \(kind): \(kindReason)")
        out += (settings ?? []).map(\.line)
        out.append(samples.isEmpty ? "samples: (none)" : "samples:")
        for sample in samples {
            var head = "  line \(sample.line): "
            switch sample.role {
            case .program where sample.runs && sample.outputLines.isEmpty:
                let lines = sample.printsLines.map(String.init).joined(separator: ", ")
                head += "program, runs (// Prints comment\(sample.printsLines.count == 1 ? "" : "s") at line\(sample.printsLines.count == 1 ? "" : "s") \(lines)), output checked"
            case .program where sample.runs:
                let lines = sample.outputLines.map(String.init).joined(separator: ", ")
                head += "program, runs (output line\(sample.outputLines.count == 1 ? "" : "s") \(lines)), output checked"
            case .program: head += "program, compiled"
            case .manifest: head += "package manifest, compiled"
            case .listing: head += "listing"
            case .skipped: head += "skipped, \(sample.skipReason ?? "")"
            }
            if sample.hidden { head += ", hidden setup" }
            if !sample.directives.isEmpty { head += " [\(sample.directives.joined(separator: " "))]" }
            out.append(head)
            for reason in sample.listingReasons { out.append("    \(reason.reason) (line \(reason.line))") }
            if !sample.modules.isEmpty {
                out.append("    modules: " + sample.modules.map { module in
                    switch module.source {
                    case .import: "\(module.module) (line \(module.line ?? 0))"
                    // A `.swift` file's samples get its target's module as a catalog's get the catalog's.
                    case .catalog: "\(module.module) (\(path.hasSuffix(".swift") ? "its file's module" : "the catalog's"))"
                    case .context: "\(module.module) (from its context)"
                    case .package: "\(module.module) (the package's library, imported for it)"
                    case .dependency: "\(module.module) (its module's dependency)"
                    }
                }.joined(separator: ", "))
            }
            if !sample.inheritedImports.isEmpty {
                out.append("    imports from earlier samples: " + sample.inheritedImports.map { module in
                    module.module + (module.line.map { " (line \($0))" } ?? "")
                }.joined(separator: ", "))
            }
            if !sample.context.isEmpty {
                out.append("    given:")
                for item in sample.context { out.append("      \(item.item): \(item.reason)") }
            }
        }
        return out
    }
}
