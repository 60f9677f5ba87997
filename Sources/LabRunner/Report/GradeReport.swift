import Foundation

/// Grades as people and spreadsheets read them: a line per student, a CSV with one row per student
/// and exercise, and a feedback text per student with the run's report and the hints of what is not done.
package struct GradeReport: Sendable {
    package struct Entry: Sendable {
        package let student: String
        package let file: FileReport
        package let points: [(id: String, earned: Int, outOf: Int)]
        package var earned: Int { points.reduce(0) { $0 + $1.earned } }
        package var outOf: Int { points.reduce(0) { $0 + $1.outOf } }
    }

    package let entries: [Entry]

    package init(_ outcomes: [GradeOutcome], appleAvailable: Bool) {
        entries = outcomes.map { outcome in
            Entry(student: outcome.student, file: FileReport(outcome.file, appleAvailable: appleAvailable), points: outcome.points)
        }
    }

    /// `student,exercise,points,out of`, RFC 4180 quoting where needed, a name read as a formula neutralised.
    package var csv: String {
        var lines = ["student,exercise,points,out of"]
        for entry in entries {
            for exercise in entry.points {
                lines.append([entry.student, exercise.id].map(CSVField.encode).joined(separator: ",") + ",\(exercise.earned),\(exercise.outOf)")
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `{students: [{student, path, points, outOf, compiled, exercises: [{id, points, outOf}]}]}`, keys sorted.
    package var json: String {
        struct Exercise: Encodable { let id: String; let points: Int; let outOf: Int }
        struct Student: Encodable {
            let student: String, path: String, points: Int, outOf: Int, compiled: Bool
            let exercises: [Exercise]
        }
        struct Document: Encodable { let students: [Student] }
        let students = entries.map { entry in
            var compiled = false
            if case .lab(_, let parts, _) = entry.file.content, case .ran = parts.first?.result { compiled = true }
            return Student(student: entry.student, path: entry.file.path, points: entry.earned, outOf: entry.outOf,
                           compiled: compiled,
                           exercises: entry.points.map { Exercise(id: $0.id, points: $0.earned, outOf: $0.outOf) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(students: students))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `alice  3 of 3 points  (double 2/2, greet 1/1)`.
    package func summary(_ entry: Entry) -> String {
        let parts = entry.points.map { "\($0.id) \($0.earned)/\($0.outOf)" }.joined(separator: ", ")
        var line = "\(entry.student)  \(entry.earned) of \(entry.outOf) point\(entry.outOf == 1 ? "" : "s")  (\(parts))"
        if case .lab(_, let parts, _) = entry.file.content, case .compileFailed = parts.first?.result { line += "  did not compile" }
        if case .invalid = entry.file.content { line += "  not a valid lab" }
        if case .unreadable = entry.file.content { line += "  unreadable" }
        return line
    }

    /// The feedback file's text: the summary, the run as the terminal shows it, and the hints.
    package func feedback(_ entry: Entry) -> String {
        var lines = [summary(entry), ""]
        switch entry.file.content {
        case .unreadable(let error):
            lines.append(error.description)
        case .invalid(let error, let excerpt):
            lines += TerminalReport(style: .plain).inputError(error, excerpt: excerpt)
        case .lab, .guide:
            lines += TerminalReport(style: .plain).render(entry.file)
        }
        lines.append("")
        lines.append("Expected outputs, hidden checks and hints are the instructor's: a diff at one of your output blocks compares with the instructor's text.")
        return lines.joined(separator: "\n") + "\n"
    }
}
