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
    /// It runs after statements of earlier samples (the reader's session, at these lines), and
    /// the program stopped (a trap, an exit, the timeout) before the sample itself started.
    case sessionStopped(lines: [Int])

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
        case .sessionStopped(let lines):
            "the earlier statements it runs first (line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", "))) "
                + "stopped the program before it started"
        }
    }
}
