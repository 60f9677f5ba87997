/// One column of the gradebook (`grade -o DIR` writes `DIR/gradebook.csv`), after `student`:
/// the instructor's (`late`, a written exercise's points) or computed by each run (an exercise's
/// points, a check's result, totals, notes). Named `LAB/EXERCISE`, `LAB/EXERCISE/SCENARIO cell N`
/// (`hidden N` for a hidden check), `LAB total`, `total`, with `LAB` the key's file name without `.md`.
package struct GradebookColumn: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The instructor's note that a submission came late: any text, kept as written.
        case late
        /// An exercise's points; a written (`manual`) one's are the instructor's to fill in.
        case exercise(outOf: Int, manual: Bool)
        /// One check of an exercise: `pass` or `fail`.
        case check
        case labTotal(outOf: Int)
        case total(outOf: Int)
        /// Why cells are empty or zero: not submitted, did not compile, flaky, locked content changed.
        case notes
    }

    package let name: String
    package let kind: Kind

    /// The suffix that marks a written exercise's column, so that a gradebook says by itself which
    /// cells are the instructor's.
    package static let writtenSuffix = " (written)"

    /// True for the cells a run keeps as the instructor wrote them and never computes.
    package var isInstructors: Bool {
        switch kind {
        case .late: true
        case .exercise(_, let manual): manual
        case .check, .labTotal, .total, .notes: false
        }
    }

    /// A header's column is the instructor's when it is `late` or names a written exercise.
    package static func isInstructors(header name: String) -> Bool {
        name == "late" || name.hasSuffix(writtenSuffix)
    }
}
