import Foundation

/// Who `html`'s pages of an instructor's lab are for, which `html` makes the person choose: a
/// lab holding solutions or hidden checks is refused without `--student` or `--key`, so a key is
/// never published by accident (its page and notebook would hold every answer, unlabelled).
package enum SiteAudience: Sendable, Equatable {
    /// `--student`: each lab run and shown as its students' copy (`StudentCopy`): stubs, no hidden check.
    case student
    /// `--key`: each lab as written, every solution and hidden check labelled as the instructor's.
    case key

    /// What each lab is run as for `--student`: its students' copy, parsed as the file would be.
    static func handout(bareLanguage: String?, kind: DocumentKind?) -> @Sendable (Lab, TreeConfig?) throws(LabError) -> Lab {
        { lab, config throws(LabError) in
            guard holdsInstructorCells(lab) else { return lab }
            var copy = try LabParser.parse(bytes: StudentCopy.bytes(of: lab), path: lab.path, bareLanguage: bareLanguage, kind: kind, config: config)
            // The same front matter, so the same flags: with `--swiftc-flags` added as the lab had them.
            copy.settings = lab.settings
            return copy
        }
    }

    /// True when `lab` holds what only the instructor may see: a solution region or a hidden check.
    static func holdsInstructorCells(_ lab: Lab) -> Bool {
        !lab.isGuide && lab.cells.contains { $0.isHidden || !$0.solutions.isEmpty }
    }

    /// The first path among `paths` whose lab holds solutions or hidden checks, as the error that
    /// refuses to publish it (at its first such cell); nil when none does. Files that cannot be
    /// loaded are left for the run to report.
    static func refusal(_ paths: [String], loader: DocumentLoader, notebooks: Bool) -> String? {
        for path in paths {
            guard let lab = try? loader.load(path), holdsInstructorCells(lab),
                  let cell = lab.cells.first(where: { $0.isHidden || !$0.solutions.isEmpty }) else { continue }
            let what = [lab.hasSolutions ? "solutions (#if SOLUTION)" : nil, lab.cells.contains(where: \.isHidden) ? "hidden checks" : nil]
                .compactMap { $0 }.joined(separator: " and ")
            return "\(ControlPictures.escapedName(path)):\(cell.line): error: this lab holds \(what), which its page"
                + (notebooks ? " and notebook" : "") + " would publish; choose --student (the handout's page: stubs, no hidden checks) "
                + "or --key (the instructor's page, every solution and hidden check labelled)"
        }
        return nil
    }
}
