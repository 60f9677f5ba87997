import Foundation
import LabRunner

/// `labrunner grade --key LAB… SUBMISSION… [--repeat N] [-o DIR]`: the options, for a `GradeSession`.
struct GradeCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--key", value: "LAB", help: "The instructor's lab (with solutions and hidden checks); repeat it, or name a folder, "
                          + "to grade several labs into one gradebook (each submission then a student's folder)"),
        OptionDeclaration(name: "--repeat", value: "N", help: "Run each scenario N times (default \(GradeSession.defaultRepeats)); an exercise whose "
                          + "checks differ between runs scores zero and is reported as flaky"),
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "Also write DIR/grades.csv (student, exercise, points, out of, note), DIR/grades.json, "
                          + "DIR/STUDENT.feedback.txt and .html (diffs and hints; with several labs in DIR/LAB/), "
                          + "and DIR/gradebook.csv (keeping the instructor's written points and late column)"),
    ] + BuildOptions.declarations

    let keys: [String]
    let submissions: [String]
    let output: String?
    let repeats: Int
    /// The build options, as `run` reads them.
    let build: RunConfiguration

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        let keys = parsed.values("--key")
        guard !keys.isEmpty else { throw .missingArgument("--key LAB (the instructor's lab)") }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("submission") }
        self.keys = keys
        submissions = parsed.positionals
        output = parsed.value("--output")
        repeats = try parsed.value("--repeat", as: .repeats) ?? GradeSession.defaultRepeats
        build = try BuildOptions.configuration(parsed)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = GradeSession(keys: keys, submissions: submissions, environment: environment, output: ConsoleOutput(environment: environment))
        session.outputFolder = output
        session.repeats = repeats
        session.build = build
        session.style = .forStandardOutput(environment: environment)
        return ExitStatus.of(session.run())
    }
}
