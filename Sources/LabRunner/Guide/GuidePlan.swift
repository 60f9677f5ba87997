/// A guide's samples as the tool checks them, worked out without swiftc: what each sample is (a
/// program, a package manifest, a listing and why, skipped and why), what it is given from the
/// samples before it, and the modules it needs. `labrunner list` shows it; the pipeline builds
/// from it.
package struct GuidePlan: Sendable {
    package let lab: Lab
    /// One per Swift block of the file, in document order.
    package let samples: [GuideSample]
    /// Per sample, in the same order.
    package let symbols: [SampleSymbols]
    package let contexts: [SampleContext]
    /// The module of the file's DocC catalog, which its samples use without importing it (`DocCCatalog`).
    package let catalogModule: String?
    /// What the Apple frameworks its Apple-only samples need re-export and this machine has
    /// (`AppleUmbrella`): every sample checked here is compiled with them, as a reader has them.
    package let umbrellaImports: [String]

    /// - Parameters:
    ///   - appleAvailable: SwiftUI can be imported here (else SwiftUI samples are skipped).
    ///   - package: the folder of the package the run compiles against (`--package`, `package:`).
    package init(_ lab: Lab, appleAvailable: Bool, package: String? = nil) throws(LabError) {
        let cells = lab.cells
        let symbols = cells.map { SampleSymbols(code: $0.block.code) }
        let prints = cells.map(GuidePlan.prints)
        var roles: [SampleRole] = []
        var inputs: [ContextSample] = []
        for (index, (cell, symbols)) in zip(cells, symbols).enumerated() {
            let role = GuidePlan.role(cell, symbols, prints: prints[index], appleAvailable: appleAvailable)
            roles.append(role)
            let directive: ContextDirective = cell.sampleDirectives.fresh || cell.role == .standalone ? .fresh
                : cell.sampleDirectives.continues.map { .continues($0) } ?? .inherit
            let givesContext = if case .program = role { true } else { false }
            inputs.append(ContextSample(symbols: symbols, label: cell.sampleDirectives.name, directive: directive,
                                        isListing: !givesContext))
        }
        let contexts = ContextResolver.resolve(inputs)
        for (cell, context) in zip(cells, contexts) {
            if let label = context.unknownLabel {
                let known = cells.compactMap(\.sampleDirectives.name)
                throw LabError(lab.location(line: cell.line), .unknownSampleName(name: label, suggestion: EditDistance.closest(to: label, in: known)))
            }
        }
        let appleOnly = GuidePlan.appleOnlyNames(cells, symbols, roles)
        let catalogModule = DocCCatalog.module(forFile: lab.path, package: package)
        let ownNeeds = symbols.map { SampleModules.needs($0, catalogModule: catalogModule) }
        var samples: [GuideSample] = []
        /// Modules the samples so far imported (with the Markdown line): the reader has them.
        var imported: [SampleModules.Need] = []
        for (index, cell) in cells.enumerated() {
            var role = roles[index]
            if case .program = role, let (name, line) = GuidePlan.appleOnlyUse(index, symbols, contexts[index], appleOnly) {
                role = .skipped(.contextNeedsApple(name: name, line: line))
            }
            var needs = ownNeeds[index]
            for earlier in Set(contexts[index].references.map(\.sample)).sorted() {
                for need in ownNeeds[earlier] where !needs.contains(where: { $0.module == need.module }) {
                    needs.append(SampleModules.Need(module: need.module, line: nil))
                }
            }
            // Modules the tree's configuration imports into every sample.
            for module in lab.settings.imports where !needs.contains(where: { $0.module == module }) {
                needs.append(SampleModules.Need(module: module, line: nil))
            }
            if case .program = role, needs.contains(where: { $0.module == GuidePlan.manifestModule }) { role = .manifest }
            // A README's manifest excerpt often leaves out its import: `let package = Package(…)`.
            if case .program = role, GuidePlan.isManifestExcerpt(symbols[index]) {
                role = .manifest
                needs.append(SampleModules.Need(module: GuidePlan.manifestModule, line: nil))
            }
            // A sample that starts fresh has nothing of the samples before it, imports included.
            let inherited = inputs[index].directive == .fresh ? []
                : imported.filter { earlier in !needs.contains(where: { $0.module == earlier.module }) }
            samples.append(GuideSample(cell: cell, role: role, needs: needs, inheritedImports: inherited, prints: prints[index]))
            if case .program = role {
                for need in symbols[index].imports where !need.isConditional && !imported.contains(where: { $0.module == need.module }) {
                    imported.append(SampleModules.Need(module: need.module, line: GuidePlan.markdownLine(cell, codeLine: need.line)))
                }
            }
        }
        self.lab = lab
        self.samples = samples
        self.symbols = symbols
        self.contexts = contexts
        self.catalogModule = catalogModule
        umbrellaImports = AppleUmbrella.imports(forAppleOnly: roles.compactMap { role in
            if case .skipped(.needsApple(let reason)) = role { reason } else { nil }
        })
    }

    /// The module of SwiftPM's package manifests, which only `swift package` links.
    static let manifestModule = "PackageDescription"

    /// `let package = Package(…)` without any import: a manifest shown without its first lines.
    static func isManifestExcerpt(_ symbols: SampleSymbols) -> Bool {
        symbols.imports.isEmpty && symbols.items.contains { item in
            item.kind == .let && item.names == ["package"] && item.uses.contains("Package")
        }
    }

    private static func role(_ cell: Cell, _ symbols: SampleSymbols, prints: [PrintsComment], appleAvailable: Bool) -> SampleRole {
        if cell.isSkipped { return .skipped(.marked) }
        if case .apple(let reason) = cell.platform, !appleAvailable { return .skipped(.needsApple(reason: reason)) }
        let reasons = ListingClassifier.reasons(symbols)
        if !reasons.isEmpty { return .listing(reasons) }
        if symbols.items.isEmpty { return .skipped(.empty) }
        // A hidden setup block only gives context: readers see no output of it to check.
        return .program(runs: !cell.isHiddenSetup && (!cell.outputs.isEmpty || !prints.isEmpty))
    }

    /// The sample's counted `// Prints` comments; none when it has an output block (the block is checked).
    static func prints(_ cell: Cell) -> [PrintsComment] {
        cell.outputs.isEmpty && !cell.isHiddenSetup ? PrintsComments.find(in: Array(cell.block.code.utf8)) : []
    }

    /// Names declared by samples skipped for SwiftUI, with the sample's line, latest first.
    private static func appleOnlyNames(_ cells: [Cell], _ symbols: [SampleSymbols], _ roles: [SampleRole]) -> [String: (sample: Int, line: Int)] {
        var names: [String: (Int, Int)] = [:]
        for (index, role) in roles.enumerated() {
            guard case .skipped(.needsApple) = role else { continue }
            for name in symbols[index].declaredNames { names[name] = (index, cells[index].line) }
        }
        return names
    }

    /// A name the sample (or its context) uses that only an earlier SwiftUI sample declares.
    private static func appleOnlyUse(_ index: Int, _ symbols: [SampleSymbols], _ context: SampleContext,
                                     _ appleOnly: [String: (sample: Int, line: Int)]) -> (String, Int)? {
        guard !appleOnly.isEmpty else { return nil }
        var declared = symbols[index].declaredNames
        var uses = Set(symbols[index].items.flatMap(\.uses))
        for reference in context.references {
            let item = symbols[reference.sample].items[reference.item]
            declared.formUnion(item.names)
            uses.formUnion(item.uses)
        }
        for name in uses.subtracting(declared).sorted() {
            if let source = appleOnly[name], source.sample < index { return (name, source.line) }
        }
        return nil
    }

    /// The sample whose block holds `line` (its fences included).
    package func sample(at line: Int) throws(LabError) -> Int {
        if let index = samples.firstIndex(where: { sample in
            let block = sample.cell.block
            return (block.openingLine...(block.closingLine ?? block.contentLines.last?.line ?? block.openingLine)).contains(line)
        }) { return index }
        let nearest = samples.min { abs($0.line - line) < abs($1.line - line) }
        throw LabError(lab.location(line: line), .noSampleAtLine(nearest: nearest?.line))
    }

    /// The Markdown line of line `codeLine` (1-based) of sample `sample`'s code.
    package func markdownLine(sample: Int, codeLine: Int) -> Int {
        GuidePlan.markdownLine(samples[sample].cell, codeLine: codeLine)
    }

    static func markdownLine(_ cell: Cell, codeLine: Int) -> Int {
        let lines = cell.block.contentLines
        guard !lines.isEmpty else { return cell.line + 1 }
        return lines[min(max(codeLine, 1), lines.count) - 1].line
    }

    /// `struct Point (line 12)`: an item as `list` and context reasons name it.
    package func describe(_ reference: ItemReference) -> String {
        let sample = symbols[reference.sample]
        let item = sample.items[reference.item]
        let what = item.kind.map { kind in
            switch kind {
            case .extension: "extension \(item.extendedType ?? "")"
            // An import declares no name: it is named by its module.
            case .import: "import \(sample.imports.first { item.lines.contains($0.line) }?.module ?? "")"
            default: "\(kind.rawValue) \(item.names.first ?? "")"
            }
        } ?? "statement"
        return "\(what) (line \(markdownLine(sample: reference.sample, codeLine: item.lines.lowerBound)))"
    }
}

/// One Swift block of a guide.
package struct GuideSample: Sendable {
    let cell: Cell
    package let role: SampleRole
    /// Modules it needs: its imports, its catalog's module, and the imports of the samples its context comes from.
    package let needs: [SampleModules.Need]
    /// Modules earlier samples imported and it does not (`line`: the Markdown line of that
    /// import): a reader who typed the guide in order has them, so its program imports them too.
    package let inheritedImports: [SampleModules.Need]
    /// Its counted `// Prints` comments, what it must print when it has no output block.
    package let prints: [PrintsComment]

    /// The line of its opening fence: where its verdict is reported.
    package var line: Int { cell.line }
    /// In a `<!-- labrunner: setup` comment: context for later samples, reported only when it fails.
    package var isHiddenSetup: Bool { cell.isHiddenSetup }
    package var index: Int { cell.index }
}

/// What a guide's sample is, before anything is built.
package enum SampleRole: Sendable, Equatable {
    /// Compiled with its context; run too when it has an output block or `// Prints` comments.
    case program(runs: Bool)
    /// A package manifest (`import PackageDescription`): type-checked alone against the toolchain's manifest API.
    case manifest
    /// Not a program: checked for syntax at most, counted apart.
    case listing([ListingReason])
    case skipped(SampleSkip)
}

/// Why a sample is not checked.
package enum SampleSkip: Sendable, Equatable {
    /// `skip` in its info string or directive.
    case marked
    /// It needs SwiftUI, UIKit or Objective-C interoperability, which this machine lacks.
    case needsApple(reason: String)
    /// It uses what only an Apple-only sample declares.
    case contextNeedsApple(name: String, line: Int)
    /// No code (an empty block, comments only).
    case empty
    /// It imports (or its catalog is) a module this machine does not have.
    case missingModule(String)
    /// It failed to find `name`, which only the listing at `line` declares (a listing gives no context).
    case usesListing(name: String, line: Int)
    /// Declarations it is given from the sample at `line` do not compile (that sample fails).
    case contextFails(line: Int)
    /// It does not compile without a module an earlier sample imported (line), which this machine lacks.
    case inheritedMissingModule(String, line: Int)

    /// In words, for reports.
    package var description: String {
        switch self {
        case .marked: "marked skip"
        case .needsApple(let reason): "needs an Apple platform (\(reason)), not available here"
        case .contextNeedsApple(let name, let line): "uses \(name) from the Apple-only sample at line \(line), not available here"
        case .empty: "no code"
        case .contextFails(let line): "uses declarations of the sample at line \(line), which do not compile"
        case .missingModule(let module): "needs module \(module), not available here"
        case .usesListing(let name, let line): "uses \(name), which only the listing at line \(line) declares"
        case .inheritedMissingModule(let module, let line): "needs module \(module) (imported at line \(line)), not available here"
        }
    }
}
