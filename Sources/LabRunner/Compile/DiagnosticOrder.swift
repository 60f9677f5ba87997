/// Puts a build's diagnostics in reading order.
///
/// swiftc reports per declaration and per pass, so an error in a later cell can come before
/// one in an earlier cell; a student reading top-down expects the lab's order.
enum DiagnosticOrder {
    /// Each error or warning with the notes that follow it, sorted by the line and column of
    /// the lab's own locations; everything else (other files, no location) after, in swiftc's order.
    static func inLabOrder(_ diagnostics: [Diagnostic], labPath: String) -> [Diagnostic] {
        var groups: [[Diagnostic]] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].append(diagnostic)
            } else {
                groups.append([diagnostic])
            }
        }
        func key(_ group: [Diagnostic]) -> (Int, Int)? {
            guard let location = group[0].location, location.path == labPath, !group[0].inPrelude else { return nil }
            return (location.line, location.column ?? 0)
        }
        // Stable: sort by (key, original position).
        let sorted = groups.enumerated().sorted { a, b in
            switch (key(a.element), key(b.element)) {
            case let (x?, y?): return x != y ? x < y : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        return sorted.flatMap(\.element)
    }
}
