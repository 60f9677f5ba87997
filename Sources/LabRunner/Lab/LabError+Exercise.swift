/// Messages for mistakes in a lab's exercises (kept apart from the general ones).
extension LabError {
    var exerciseMessage: String {
        switch kind {
        case .badExerciseDirective(let reason):
            return "bad exercise directive: \(reason)"
        case .unknownExerciseKey(let key, let suggestion):
            return "unknown exercise key '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (keys: \(ExerciseParser.keys.joined(separator: ", ")))"
        case .duplicateExercise(let id, let first):
            return "exercise id '\(id)' is already used on line \(first)"
        case .outsideExercise(let what):
            return "\(what) outside an exercise: put it after an '<!-- labrunner: exercise id=… -->' line"
        case .exerciseWithoutSolution(let id):
            return "exercise '\(id)' has no '#if SOLUTION' … '#else' stub '#endif' region in its cells, so a student has nothing to change"
        case .solutionWithoutElse:
            return "solution region without a stub: no branch of this '#if' is compiled without SOLUTION; the stub a student starts from goes between '#else' and '#endif'"
        case .solutionUndecidable(let condition):
            return "cannot tell whether this branch is compiled without SOLUTION: '\(condition)' is for the compiler to decide; in a solution region's conditions use only SOLUTION, '!', '&&', '||', parentheses, 'true' and 'false'"
        case .solutionUnclosed:
            return "solution region never closed in this cell; add '#else', the stub, and '#endif'"
        default:
            return "\(kind)"
        }
    }
}
