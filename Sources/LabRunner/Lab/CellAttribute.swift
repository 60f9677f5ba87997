/// A word after `swift` in a cell's info string (or in a `<!-- labrunner: … -->` directive).
enum CellAttribute: String, Sendable, CaseIterable {
    /// Not compiled: fragments and anti-patterns shown for reading only.
    case skip
    /// Compiled only where SwiftUI can be imported.
    case apple
    /// Compiled with the cells before it, and that build must fail (with the errors its
    /// `diagnostics` block lists). Never part of the lab's program.
    case compileFail = "compile_fail"
    /// Compiled and run alone, as its own program, with its own outputs.
    case standalone
    /// Compiled with the cells before it, never run.
    case noRun = "no_run"
    /// A check of an exercise that only the grader runs: not in the students' copy.
    case hidden
    /// Scribbling room: the cell runs with the program and its output is shown, never compared
    /// (its output blocks, if any, are ignored), so it never fails the lab or a grade.
    case scratch

    /// What a cell with these attributes is for; at most one of the role attributes may be given.
    static func role(of attributes: [CellAttribute]) -> CellRole {
        if attributes.contains(.compileFail) { return .compileFail }
        if attributes.contains(.noRun) { return .noRun }
        if attributes.contains(.standalone) { return .standalone }
        return .program
    }

    /// Attributes that give a cell a role of its own; they exclude each other (and `skip`).
    static let roles: [CellAttribute] = [.compileFail, .standalone, .noRun]
}

/// Which program a compiled cell belongs to.
enum CellRole: Sendable, Equatable {
    /// The lab's one program, run per scenario.
    case program
    /// A program of its own, run per scenario.
    case standalone
    /// A compile-only check after the program's earlier cells: must fail.
    case compileFail
    /// A compile-only check after the program's earlier cells: must succeed.
    case noRun

    /// The attribute that gives a cell this role, as written (`compile_fail`); nil for `program`.
    var attribute: CellAttribute? {
        switch self {
        case .program: nil
        case .standalone: .standalone
        case .compileFail: .compileFail
        case .noRun: .noRun
        }
    }
}

/// Where a compiled cell can be built.
enum CellPlatform: Sendable, Equatable {
    case any
    /// Needs SwiftUI (or UIKit/AppKit); `reason` says why, e.g. "imports SwiftUI".
    case apple(reason: String)
}
