import Foundation
import LabRunner

/// The `.labrunner` files of a run, read before anything is built: an error in one is an input
/// error of the run (exit 2), said once however many files it applies to.
enum TreeConfigStep {
    /// The search of a command: a configuration refused as another user's is said on stderr.
    static func search() -> TreeConfigSearch {
        TreeConfigSearch { Console.diagnostic(["labrunner: warning: \($0)"]) }
    }

    /// The packages the files' configurations name, in the order first named; nil after
    /// printing the configurations' errors.
    static func packages(of paths: [String], search: TreeConfigSearch) -> [String]? {
        var packages: [String] = []
        var errors: [LabError] = []
        for path in paths {
            do {
                if let package = try search.config(for: path)?.package, !packages.contains(package) { packages.append(package) }
            } catch {
                if !errors.contains(error) { errors.append(error) }
            }
        }
        for error in errors {
            let bytes = (try? DocumentFile.read(error.location.path)) ?? []
            Console.diagnostic(TerminalReport(style: .plain).inputError(error, excerpt: Excerpt(error.location, bytes: bytes)))
        }
        return errors.isEmpty ? packages : nil
    }
}
