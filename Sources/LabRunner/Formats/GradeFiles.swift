import Foundation

/// The files `grade -o DIR` writes: `grades.csv`, `grades.json` and a feedback file per student,
/// each on its own: one that cannot be written (a full disk, a name the file system refuses) is
/// reported and never keeps the others from being written.
package enum GradeFiles {
    /// Bytes of a student's name kept whole in its feedback file's name. File systems allow 255
    /// bytes a name, and a file name is a valid submission name: with `.feedback.txt` and the
    /// temporary name an atomic write adds, a longer name would not fit.
    static let nameBudget = 100
    /// Bytes kept of a longer name, before a hash of the whole name that keeps two such names apart.
    static let keptOfLongName = 80

    /// `NAME.feedback.txt`; for a name over `nameBudget` bytes, its first characters (at most
    /// `keptOfLongName` bytes), `-`, and 16 hex digits of the SHA-256 of the whole name.
    package static func feedbackName(for student: String, extension suffix: String = "txt") -> String {
        guard student.utf8.count > nameBudget else { return student + ".feedback." + suffix }
        var kept = ""
        for character in student {
            guard kept.utf8.count + character.utf8.count <= keptOfLongName else { break }
            kept.append(character)
        }
        return kept + "-" + SHA256.hexDigest(Array(student.utf8)).prefix(16) + ".feedback." + suffix
    }

    /// Writes the files into `folder` (made if needed), and `pages` (a feedback page per student, in
    /// the entries' order, rendered above this stage); what could not be written, one message a file.
    package static func write(_ report: GradeReport, to folder: String, pages: [String] = []) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return ["cannot write to \(folder): \(error.localizedDescription)"]
        }
        let json = Result { () throws(JSONText.Failure) in try report.json() }
        let files = [("grades.csv", Result.success(report.csv)), ("grades.json", json)]
            + report.entries.map { (feedbackName(for: $0.student), Result.success(report.feedback($0))) }
            + zip(report.entries, pages).map { (feedbackName(for: $0.student, extension: "html"), Result.success($1)) }
        return files.compactMap { name, content -> String? in
            let path = (folder as NSString).appendingPathComponent(name)
            do throws(AtomicFile.WriteError) {
                let text: String
                switch content {
                case .success(let encoded): text = encoded
                case .failure(let failure): return failure.description + "; \(path) not written"
                }
                try AtomicFile.write(Array(text.utf8), to: path)
                return nil
            } catch {
                return error.description
            }
        }
    }
}
