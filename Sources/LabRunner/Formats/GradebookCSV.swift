/// The gradebook as a CSV file (RFC 4180, CRLF, formula-looking text guarded as `grades.csv`'s):
/// `student`, the columns, and `checksum`, a hash of the row's cells that runs compute (and of
/// their column names). Reading it back, a row whose checksum no longer matches was edited where
/// an edit would be lost, and the run stops there instead of overwriting it.
package enum GradebookCSV {
    package static let fileName = "gradebook.csv"
    static let outOfName = "(out of)"

    package static func text(_ gradebook: Gradebook) -> String {
        let header = ["student"] + gradebook.columns.map(\.name)
        let records = [gradebook.outOf] + gradebook.rows
        var lines = [(header + ["checksum"]).map(CSVField.encode).joined(separator: ",")]
        for row in records {
            let fields = ([row.student] + row.cells).map(CSVField.neutral)
            lines.append((fields + [checksum(header: header, fields: fields)]).map(CSVField.encode).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// 16 hex digits of the SHA-256 of the computed cells' column names and texts (as the file
    /// holds them), the instructor's cells left out: filling those in keeps the checksum.
    static func checksum(header: some Sequence<String>, fields: [String]) -> String {
        var bytes: [UInt8] = []
        for (name, field) in zip(header, fields) where !GradebookColumn.isInstructors(header: name) {
            bytes += Array(name.utf8) + [0x1F] + Array(field.utf8) + [0x1E]
        }
        return String(SHA256.hexDigest(bytes).prefix(16))
    }

    /// The instructor's cells of a gradebook's text; an error at the first place that makes it
    /// something else than a gradebook labrunner wrote, edited only in the instructor's cells.
    package static func read(_ text: String, path: String) throws(GradebookError) -> InstructorCells {
        func failure(_ line: Int, _ column: Int, _ message: String) -> GradebookError {
            GradebookError(path: path, line: line, column: column, message: message
                           + "; nothing was graded or written (fix it, or move \(path) away to start a new gradebook)")
        }
        let records: [CSVReader.Record]
        do { records = try CSVReader.records(text).filter { $0.fields.map(\.text) != [""] } } catch {
            throw failure(error.line, error.column, "not CSV: \(error.message)")
        }
        guard let header = records.first, header.fields.first?.text == "student", header.fields.last?.text == "checksum" else {
            throw failure(1, 1, "not a gradebook labrunner wrote: its first line must name the columns, from 'student' to 'checksum'")
        }
        let names = header.fields.map(\.text)
        for (index, field) in header.fields.enumerated() where names[..<index].contains(field.text) {
            throw failure(field.line, field.column, "a second column named '\(field.text)'")
        }
        guard records.count > 1, records[1].fields.first?.text == outOfName else {
            throw failure(records.count > 1 ? records[1].line : header.line + 1, 1, "the second line must be the '\(outOfName)' row")
        }
        var outOf: [String: Double] = [:]
        var students = Set<String>()
        var cells: [InstructorCells.Cell] = []
        for record in records.dropFirst() {
            let fields = record.fields
            guard fields.count == names.count else {
                let place = fields.count > names.count ? fields[names.count] : fields[fields.count - 1]
                throw failure(place.line, place.column, "this row has \(fields.count) cells, the header \(names.count)")
            }
            let student = fields[0].text
            guard checksum(header: names.dropLast(), fields: fields.dropLast().map(\.text)) == fields[fields.count - 1].text else {
                throw failure(record.line, 1, "the row of '\(student)' was edited in cells labrunner computes (its checksum does not match); "
                              + "only 'late' and the written exercises' columns are yours to fill in, the others are computed "
                              + "again by each run, so an edit there would be lost. Undo that edit")
            }
            if student == outOfName {
                guard record.line == records[1].line else { throw failure(record.line, 1, "a second '\(outOfName)' row") }
                for (name, field) in zip(names, fields) { outOf[name] = Double(field.text) }
                continue
            }
            guard students.insert(student).inserted else { throw failure(record.line, 1, "a second row for '\(student)'") }
            for (name, field) in zip(names, fields) where GradebookColumn.isInstructors(header: name) && !field.text.isEmpty {
                if name != "late" {
                    let most = outOf[name] ?? 0
                    guard let points = InstructorCells.points(field.text) else {
                        throw failure(field.line, field.column, "'\(field.text)' in '\(name)' for '\(student)' is not a number of points "
                                      + "(write digits, like 2 or 1.5, or leave it empty)")
                    }
                    guard points <= most else {
                        throw failure(field.line, field.column, "'\(field.text)' in '\(name)' for '\(student)' is more than the exercise's "
                                      + "\(PointsText.format(most)) point\(most == 1 ? "" : "s")")
                    }
                }
                cells.append(InstructorCells.Cell(student: student, header: name, text: field.text, line: field.line, column: field.column))
            }
        }
        let labTotals = header.fields.filter { $0.text.hasSuffix(" total") }
            .map { InstructorCells.Cell(student: "", header: $0.text, text: "", line: $0.line, column: $0.column) }
        return InstructorCells(path: path, cells: cells, labTotals: labTotals)
    }
}
