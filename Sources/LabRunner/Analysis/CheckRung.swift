/// How far a guide's sample was checked: the ladder every report counts, strongest first. A
/// sample gets the strongest check it honestly supports, and a green says which.
package enum CheckRung: String, Sendable, CaseIterable, Comparable {
    /// It ran, and printed what its output block or `// Prints` comments state.
    case outputChecked = "output-checked"
    /// It was compiled with its context (type-checked): nothing states its output.
    case compiled
    /// Only its syntax: an excerpt whose free names are declared nowhere its reader could have
    /// them (`ExcerptNames`), so swiftc could do no more than parse it.
    case parsed
    /// Not code (declarations without bodies, a diagram, a terminal session, a placeholder): the
    /// author's listing, counted apart.
    case listing

    /// In words, as the terminal and `list` say it.
    package var description: String {
        switch self {
        case .outputChecked: "ran, output checked"
        case .compiled: "compiled"
        case .parsed: "parsed"
        case .listing: "listing"
        }
    }

    /// Its place on the ladder, 0 the strongest.
    private var height: Int {
        switch self {
        case .outputChecked: 0
        case .compiled: 1
        case .parsed: 2
        case .listing: 3
        }
    }

    /// Stronger rungs first: `.outputChecked < .compiled` reads "comes before on the ladder".
    package static func < (a: CheckRung, b: CheckRung) -> Bool { a.height < b.height }
}
