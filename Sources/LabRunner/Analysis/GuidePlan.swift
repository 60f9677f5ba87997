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
    /// The library modules of the package the run compiles against (`--package`): a program that
    /// imports none of them, itself, through its context or from earlier samples, gets them all.
    package let packageLibraries: [String]

    /// - Parameters:
    ///   - appleAvailable: SwiftUI can be imported here (else SwiftUI samples are skipped).
    ///   - package: the folder of the package the run compiles against (`--package`, `package:`).
    ///   - packageLibraries: that package's library modules, once built.
    ///   - sourceModule: a `.swift` file's module as the package around it says (SwiftPM's
    ///     description with `--package`, else `SourceFileTarget`, which reads the manifest);
    ///     without it, `Sources/<Target>/` in the path.
    ///   - moduleDependencies: the modules `sourceModule`'s target depends on, which its samples
    ///     get too, as every reader of that module's code has them.
    package init(_ lab: Lab, appleAvailable: Bool, package: String? = nil, packageLibraries: [String] = [],
                 sourceModule: String? = nil, moduleDependencies: [String] = []) throws(LabError) {
        let cells = lab.cells
        let symbols = cells.map { SampleSymbols(code: $0.block.code) }
        let prints = cells.indices.map { GuidePlan.prints(cells[$0], symbols[$0]) }
        let catalogModule = DocCCatalog.module(forFile: lab.path, package: package) ?? sourceModule
            ?? SourceFileModule.module(forFile: lab.path)
        let roles = cells.indices.map { index in
            GuidePlan.summaryRole(GuidePlan.role(cells[index], symbols[index], prints: prints[index], appleAvailable: appleAvailable),
                                  symbols[index], implicitModule: catalogModule)
        }
        let inputs = GuidePlan.contextSamples(cells, symbols, roles)
        let contexts = ContextResolver.resolve(inputs)
        try GuidePlan.checkContinuedNames(lab, contexts)
        let appleOnly = GuidePlan.appleOnlyNames(cells, symbols, roles)
        let dependencies = catalogModule != nil && catalogModule == sourceModule ? moduleDependencies : []
        let ownNeeds = symbols.map { SampleModules.needs($0, catalogModule: catalogModule, dependencies: dependencies) }
        var samples: [GuideSample] = []
        /// Modules the samples so far imported (with the Markdown line): the reader has them.
        var imported: [SampleModules.Need] = []
        for (index, cell) in cells.enumerated() {
            var role = roles[index]
            if case .program = role, let (name, line) = GuidePlan.appleOnlyUse(index, symbols, contexts[index], appleOnly) {
                role = .skipped(.contextNeedsApple(name: name, line: line))
            }
            var needs = GuidePlan.needs(ownNeeds, contexts[index], settingsImports: lab.settings.imports, of: index)
            role = GuidePlan.manifestRole(role, symbols[index], needs: &needs)
            // A sample that starts fresh has nothing of the samples before it, imports included.
            let inherited = inputs[index].directive == .fresh ? []
                : imported.filter { earlier in !needs.contains(where: { $0.module == earlier.module }) }
            if case .program = role { needs += GuidePlan.impliedLibraries(packageLibraries, besides: needs + inherited) }
            samples.append(GuideSample(cell: cell, role: role, needs: needs, inheritedImports: inherited, prints: prints[index]))
            // A declaration summary's imports are what its reader typed, as a program's are.
            if GuidePlan.givesImports(role) { imported += GuidePlan.newImports(cell, symbols[index], besides: imported) }
        }
        self.lab = lab
        self.samples = samples
        self.symbols = symbols
        self.contexts = contexts
        self.catalogModule = catalogModule
        self.packageLibraries = packageLibraries
        umbrellaImports = AppleUmbrella.imports(forAppleOnly: roles.compactMap { role in
            if case .skipped(.needsApple(let reason)) = role { reason } else { nil }
        })
    }

    /// Each sample as the context rule sees it: its directive, and whether it can give context (a program).
    private static func contextSamples(_ cells: [Cell], _ symbols: [SampleSymbols], _ roles: [SampleRole]) -> [ContextSample] {
        cells.indices.map { index in
            let cell = cells[index]
            let directive: ContextDirective = cell.sampleDirectives.fresh || cell.role == .standalone ? .fresh
                : cell.sampleDirectives.continues.map { .continues($0) } ?? .inherit
            let givesContext = if case .program = roles[index] { true } else { false }
            let runs = if case .program(runs: true) = roles[index] { true } else { false }
            return ContextSample(symbols: symbols[index], label: cell.sampleDirectives.name, directive: directive,
                                 isListing: !givesContext, isSummary: GuidePlan.isSummary(roles[index]), runs: runs)
        }
    }

    /// A `continues=NAME` directive naming no earlier sample is an input error at its sample.
    private static func checkContinuedNames(_ lab: Lab, _ contexts: [SampleContext]) throws(LabError) {
        for (cell, context) in zip(lab.cells, contexts) {
            if let label = context.unknownLabel {
                let known = lab.cells.compactMap(\.sampleDirectives.name)
                throw LabError(lab.location(line: cell.line), .unknownSampleName(name: label, suggestion: EditDistance.closest(to: label, in: known)))
            }
        }
    }

    /// A sample's own needs, then the imports of the samples its context comes from, then the
    /// modules the tree's configuration imports into every sample.
    private static func needs(_ ownNeeds: [[SampleModules.Need]], _ context: SampleContext, settingsImports: [String],
                              of index: Int) -> [SampleModules.Need] {
        var needs = ownNeeds[index]
        for earlier in Set(context.references.map(\.sample)).sorted() {
            for need in ownNeeds[earlier] where !needs.contains(where: { $0.module == need.module }) {
                needs.append(SampleModules.Need(module: need.module, line: nil))
            }
        }
        for module in settingsImports where !needs.contains(where: { $0.module == module }) {
            needs.append(SampleModules.Need(module: module, line: nil))
        }
        return needs
    }

    /// A program that is a package manifest: it imports PackageDescription, or is a manifest
    /// excerpt without its import (which it then needs).
    private static func manifestRole(_ role: SampleRole, _ symbols: SampleSymbols, needs: inout [SampleModules.Need]) -> SampleRole {
        guard case .program = role else { return role }
        if needs.contains(where: { $0.module == GuidePlan.manifestModule }) { return .manifest }
        // A README's manifest excerpt often leaves out its import: `let package = Package(…)`.
        guard GuidePlan.isManifestExcerpt(symbols) else { return role }
        needs.append(SampleModules.Need(module: GuidePlan.manifestModule, line: nil))
        return .manifest
    }

    /// The program's unconditional imports not among `imported`, at their Markdown lines.
    private static func newImports(_ cell: Cell, _ symbols: SampleSymbols, besides imported: [SampleModules.Need]) -> [SampleModules.Need] {
        var added: [SampleModules.Need] = []
        for need in symbols.imports where !need.isConditional
            && !imported.contains(where: { $0.module == need.module }) && !added.contains(where: { $0.module == need.module }) {
            added.append(SampleModules.Need(module: need.module, line: GuidePlan.markdownLine(cell, codeLine: need.line)))
        }
        return added
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

    /// The package's library modules for a program that has none of them, as rustdoc gives a
    /// doctest its crate: a README's `let greeter = Greeter("Nadia")` is written for a reader who
    /// added the package. A program that imports one of them chose what it needs.
    private static func impliedLibraries(_ libraries: [String], besides needs: [SampleModules.Need]) -> [SampleModules.Need] {
        guard !libraries.contains(where: { library in needs.contains { $0.module == library } }) else { return [] }
        return libraries.map { SampleModules.Need(module: $0, line: nil, fromPackage: true) }
    }

    /// A listing of bodiless declarations that restates a module's API is that module's
    /// declaration summary (`DeclarationSummary`).
    private static func summaryRole(_ role: SampleRole, _ symbols: SampleSymbols, implicitModule: String?) -> SampleRole {
        guard case .listing(let reasons) = role,
              let summary = DeclarationSummary.reason(symbols, listing: reasons, implicitModule: implicitModule) else { return role }
        return .listing([summary])
    }

    private static func isSummary(_ role: SampleRole) -> Bool {
        if case .listing(let reasons) = role { reasons.first?.kind == .declarationSummary } else { false }
    }

    /// A program's imports, and a declaration summary's, are the reader's for the samples after it.
    private static func givesImports(_ role: SampleRole) -> Bool {
        if case .program = role { true } else { isSummary(role) }
    }

    /// The sample's counted `// Prints` comments; none when it has an output block (the block is checked).
    static func prints(_ cell: Cell, _ symbols: SampleSymbols) -> [PrintsComment] {
        cell.outputs.isEmpty && !cell.isHiddenSetup ? PrintsComments.find(lexed: symbols.tokens.lexed, in: symbols.code) : []
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
