/// The Swift program of a batch of a guide's samples: each sample's context items that no
/// earlier sample of the batch gave, then its own items; a sample's own `let`s and statements
/// that can be kept apart go into a `do { … }` of their own (`SampleBatches.layout`).
///
/// Every item sits behind `#sourceLocation(file:line:)` at its Markdown line, so swiftc's errors
/// point into the guide, and an error's line tells which sample it belongs to. A sample whose
/// output is checked is built alone, behind the prelude's `Lab.cell(N)` marker, like a lab cell;
/// its program waits for the top-level tasks it starts before its end marker, and for those its
/// context starts before its own marker (`Lab.track`, `Lab.waitForTasks`).
package enum SampleProgram {
    /// - Parameters:
    ///   - batch: indices of samples in the plan, in order.
    ///   - runs: the one sample of the batch that runs (its output is checked), if any.
    ///   - leaving: modules known to be missing: imports the samples only inherit are left out for them.
    package static func source(_ batch: [Int], plan: GuidePlan, candidates: [Int: BatchCandidate], runs: Int? = nil,
                               leaving missing: Set<String> = []) -> String {
        let file = SwiftLiteral.string(plan.lab.path)
        // The prelude goes in front at the end: whether it imports FoundationNetworking depends on the code.
        var out = ""
        // A DocC catalog's samples use its module without importing it (and a source file's, what its
        // target depends on), and with `--package` a sample importing nothing of the package its
        // libraries; a reader has what earlier samples imported.
        var implicit = plan.lab.settings.imports
        // What the guide's SwiftUI would have brought (Foundation is in every program already).
        for module in plan.umbrellaImports where module != "Foundation" && !implicit.contains(module) { implicit.append(module) }
        let catalogModule = plan.catalogModule
        for sample in batch {
            for need in plan.samples[sample].needs where need.line == nil
                && (need.module == catalogModule || need.fromPackage || need.fromDependency || need.module == GuidePlan.manifestModule && plan.samples[sample].role == .manifest) {
                if !implicit.contains(need.module) { implicit.append(need.module) }
            }
        }
        for sample in batch {
            for need in plan.samples[sample].inheritedImports where !missing.contains(need.module) && !implicit.contains(need.module) {
                implicit.append(need.module)
            }
        }
        for module in implicit { out += "import \(SampleModules.importable(module))\n" }
        let pieces = SampleBatches.layout(batch, candidates)
        var openScope: Int? = nil
        var markedRun = false
        var mainType: String? = nil
        var ownLocation = false
        let tracksTasks = runs.map { SampleProgram.tracksTasks(pieces, plan: plan, runs: $0) } ?? false
        var contextTasks = false, ownTasks = false
        for piece in pieces {
            if openScope != nil, !(piece.scoped && piece.sample == openScope) {
                out += "}\n"
                openScope = nil
            }
            if let runs, piece.sample == runs, piece.reference.sample == runs, !markedRun {
                // What earlier samples' tasks print is theirs: it comes before the marker.
                if contextTasks { out += "Lab.waitForTasks()\n" }
                out += "Lab.cell(\(plan.samples[runs].index))\n"
                markedRun = true
            }
            if piece.scoped, openScope == nil {
                out += "do {\n"
                openScope = piece.sample
            }
            let symbols = plan.symbols[piece.reference.sample]
            let item = symbols.items[piece.reference.item]
            let line = plan.markdownLine(sample: piece.reference.sample, codeLine: item.lines.lowerBound)
            var text = item.source(in: symbols.code)
            // A sample's own `#sourceLocation` directives (a proposal about them) do not nest
            // with ours: between its opening one and its closing one, its items go as written.
            let directive = text.drop(while: { $0 == " " })
            if directive.hasPrefix("#sourceLocation") {
                ownLocation = !directive.replacingOccurrences(of: " ", with: "").hasPrefix("#sourceLocation()")
                out += text + "\n"
                continue
            }
            if ownLocation {
                out += text + "\n"
                continue
            }
            if tracksTasks, item.startsTask, item.isDeclaration, let name = item.names.first {
                // `let handle = Task { … }`: tracked through its name, after it, in our own line.
                out += "#sourceLocation(file: \(file), line: \(line))\n\(text)\n#sourceLocation()\nLab.track(`\(name)`)\n"
                if piece.reference.sample == runs { ownTasks = true } else { contextTasks = true }
                continue
            }
            if tracksTasks, item.startsTask {
                // `Lab.track(` on the line before the item's, so its columns stay as written.
                out += "#sourceLocation(file: \(file), line: \(max(line - 1, 1)))\nLab.track(\n\(text))\n#sourceLocation()\n"
                if piece.reference.sample == runs { ownTasks = true } else { contextTasks = true }
                continue
            }
            out += "#sourceLocation(file: \(file), line: \(line))\n"
            // A sample that runs is a main.swift behind the prelude's markers, where `@main` cannot
            // be: its type's `main()` is called after the markers instead (below).
            if piece.reference.sample == runs, item.isMain, let range = text.range(of: "@main") {
                text.replaceSubrange(range, with: "     ")
                mainType = item.names.first
            }
            out += text
            out += "\n#sourceLocation()\n"
        }
        if openScope != nil { out += "}\n" }
        if let runs {
            if !markedRun {
                if contextTasks { out += "Lab.waitForTasks()\n" }
                out += "Lab.cell(\(plan.samples[runs].index))\n"
            }
            // `try` and `await` only warn when `main()` neither throws nor is async.
            if let mainType { out += "try await \(mainType).main()\n" }
            if ownTasks { out += "Lab.waitForTasks()\n" }
            out += "Lab.end()\n"
        }
        let networking = FoundationNetworkingUse.isNamed(in: out)
        let prelude = runs == nil ? "import Foundation\n" + (networking ? FoundationNetworkingUse.importLines : "")
            : Prelude.source(scenarios: plan.lab.scenarios, networking: networking)
        return prelude + out
    }

    /// Whether the running program tracks its top-level `Task { … }` statements so that they
    /// finish before it ends: unless it declares a `Task` of its own (a to-do list's).
    private static func tracksTasks(_ pieces: [BatchPiece], plan: GuidePlan, runs: Int) -> Bool {
        let items = pieces.map { plan.symbols[$0.reference.sample].items[$0.reference.item] }
        return items.contains(where: \.startsTask) && !items.contains { $0.names.contains("Task") }
    }
}
