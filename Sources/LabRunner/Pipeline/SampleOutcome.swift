/// What one sample of a guide came to: its own verdict at its own line.
package struct SampleOutcome: Sendable {
    /// The line of its opening fence.
    package let line: Int
    /// Its index among the file's Swift blocks.
    package let index: Int
    package let verdict: SampleVerdict
    /// False when every build it took part in came from the compile cache.
    package var compilerRan = false
}

/// A sample's verdict.
package enum SampleVerdict: Sendable {
    /// It compiled (and, with an output block, printed what was expected).
    case passed(ran: Bool)
    /// Only its syntax was checked: an excerpt whose free names (`names`) are declared nowhere
    /// its reader could have them (`ExcerptNames`). It parsed; swiftc could do no more.
    case parsed(names: [String])
    case failed(SampleFailure)
    /// Not a program: counted apart, with the reason (the first, most telling).
    case listing(ListingReason)
    case skipped(SampleSkip)
    /// swiftc crashed on it (`failed to produce diagnostic`, a signal): nobody's fault in the text.
    case compilerCrashed(String)

    /// It failed, or crashed the compiler: what a hidden setup block is reported for.
    var isFailure: Bool {
        switch self {
        case .failed, .compilerCrashed: true
        case .passed, .parsed, .listing, .skipped: false
        }
    }

    /// The rung of the ladder it reached, for a sample checked or a listing; nil when it failed
    /// or could not be checked.
    package var rung: CheckRung? {
        switch self {
        case .passed(let ran): ran ? .outputChecked : .compiled
        case .parsed: .parsed
        case .listing: .listing
        case .failed, .skipped, .compilerCrashed: nil
        }
    }
}

/// Why a sample failed.
package enum SampleFailure: Sendable {
    /// swiftc's errors for the sample with its context, in Markdown order.
    case compile([Diagnostic])
    /// A listing (declarations without bodies) that does not even parse.
    case listingSyntax([Diagnostic], reason: ListingReason)
    /// It ran and printed something else (or crashed, or timed out).
    case output(ScenarioVerdict)
    /// It ran to the end and printed other lines than its `// Prints` comments state.
    case prints(PrintsMismatch)
    /// With `--strict`: it could not be checked here (skipped, or the compiler crashed), and why.
    case notChecked(String)
    /// With `--min-rung`: it was checked less than the run requires (`rung`), and why.
    case belowRung(CheckRung, required: CheckRung, why: String)
}

extension SampleVerdict {
    /// What `--strict` makes of the verdict: a sample that could not be checked here fails. A
    /// listing, a sample marked skip and an empty one stay as they are: the author wrote them so.
    var strict: SampleVerdict {
        switch self {
        case .skipped(.marked), .skipped(.empty): self
        case .skipped(let skip): .failed(.notChecked(skip.description))
        case .compilerCrashed(let crash): .failed(.notChecked("the compiler crashed: " + crash))
        case .passed, .parsed, .failed, .listing: self
        }
    }

    /// What `--min-rung` makes of the verdict: a sample checked less than `required` fails, with
    /// its rung and why. A sample marked skip or empty stays as it is, as under `--strict`.
    func requiring(_ required: CheckRung) -> SampleVerdict {
        guard let rung, required < rung else { return self }
        return .failed(.belowRung(rung, required: required, why: rungReason ?? rung.description))
    }

    /// The rung of a sample `--min-rung` failed for being checked less than it requires.
    package var belowRung: CheckRung? {
        if case .failed(.belowRung(let rung, _, _)) = self { rung } else { nil }
    }

    /// Why a sample stands below `compiled`: an excerpt's free names, a listing's reason.
    package var rungReason: String? {
        switch self {
        case .parsed(let names): ExcerptNames.reason(names)
        case .listing(let listing): listing.description
        case .passed, .failed, .skipped, .compilerCrashed: nil
        }
    }
}
