import Foundation

/// The gradebook a `grade -o DIR` keeps in `DIR/gradebook.csv`: read back before anything runs
/// (the instructor's cells, checked to have a place in this run's gradebook), written after.
extension GradeSession {
    /// The instructor's cells of the gradebook in `folder` and its bytes (none when there is no
    /// gradebook yet); nil after saying why it cannot be kept whole.
    func readGradebook(in folder: String, columns: [GradebookColumn], students: [String]) -> (cells: InstructorCells, bytes: [UInt8]?)? {
        let path = (folder as NSString).appendingPathComponent(GradebookCSV.fileName)
        guard FileManager.default.fileExists(atPath: path) else { return (InstructorCells(path: path), nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            output.error("\(path): cannot read the gradebook; nothing was graded or written")
            return nil
        }
        let bytes = [UInt8](data)
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            output.diagnostic(["\(path):1:1: error: not UTF-8 text; nothing was graded or written (save it as CSV in UTF-8, or move it away to start a new gradebook)"])
            return nil
        }
        do throws(GradebookError) {
            let cells = try GradebookCSV.read(text, path: path)
            if let lost = cells.check(columns: columns, students: students.map(CSVField.neutral)) { throw lost }
            return (cells, bytes)
        } catch {
            output.diagnostic([error.description])
            return nil
        }
    }

    /// Writes the gradebook atomically; an existing one only if it still holds what was read
    /// (an instructor who saved it while the run graded keeps their edit). False when not written.
    func writeGradebook(_ gradebook: Gradebook, in folder: String, replacing previous: [UInt8]?) -> Bool {
        let path = (folder as NSString).appendingPathComponent(GradebookCSV.fileName)
        let bytes = Array(GradebookCSV.text(gradebook).utf8)
        do throws(AtomicFile.WriteError) {
            if let previous {
                try AtomicFile.replace(path, expected: previous, with: bytes)
            } else {
                guard !FileManager.default.fileExists(atPath: path) else {
                    output.error("\(path): a gradebook appeared while grading; not replaced (run grade again)")
                    return false
                }
                try AtomicFile.write(bytes, to: path)
            }
        } catch {
            output.error(error.description)
            return false
        }
        output.out("wrote \(path) (\(gradebook.rows.count) student\(gradebook.rows.count == 1 ? "" : "s"))")
        return true
    }
}
