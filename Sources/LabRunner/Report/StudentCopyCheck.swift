/// What is wrong with a students' copy after running it: it must compile, and no exercise may be
/// done before the student has changed anything.
package enum StudentCopyCheck {
    /// `path:line: error: …` lines, empty when the copy is fit to hand out.
    package static func problems(_ report: FileReport) -> [String] {
        guard case .lab(_, let parts, _) = report.content, let program = parts.first(where: { $0.kind == .program }) else {
            return ["\(report.path): error: the students' copy could not be checked"]
        }
        switch program.result {
        case .compileFailed(let failure):
            return ["\(report.path): error: the students' copy does not compile (\(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"))"]
        case .ran:
            return program.exercises.filter { $0.status == .done }.map {
                "\(report.path):\($0.line): error: exercise '\($0.id)' already passes in the students' copy; it checks nothing"
            }
        default:
            return ["\(report.path): error: the students' copy could not be run"]
        }
    }
}
