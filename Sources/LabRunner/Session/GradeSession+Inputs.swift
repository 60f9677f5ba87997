import Foundation

/// What `grade` grades: the keys (files, or folders of labs with exercises), each named by its
/// file without `.md`, and each student's submission of each.
extension GradeSession {
    /// The keys, in the order given (a folder's labs in path order); nil after saying why not.
    func loadKeys() -> [(name: String, lab: Lab)]? {
        let loader = DocumentLoader.reporting(to: output)
        var labs: [(name: String, lab: Lab)] = []
        for key in keys {
            var isFolder: ObjCBool = false
            let inFolder = FileManager.default.fileExists(atPath: key, isDirectory: &isFolder) && isFolder.boolValue
            let files: [String]
            do { files = try inFolder ? DocumentFile.expand([key]) : [key] } catch {
                output.error(error.description)
                return nil
            }
            for file in files {
                guard let lab = loader.load(file, reportingTo: output) else { return nil }
                // A folder's labs without exercises (an index, a reading) are not graded.
                guard StudentCopy.hasExercises(lab) else {
                    if inFolder { continue }
                    output.error("\(file): the key has no exercises to grade")
                    return nil
                }
                let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                guard !labs.contains(where: { $0.name == name }) else {
                    output.error("\(file): a second key named '\(name)' (the gradebook names each lab by its file)")
                    return nil
                }
                labs.append((name, lab))
            }
        }
        guard !labs.isEmpty else {
            output.error("\(keys.joined(separator: ", ")): no lab with exercises to grade")
            return nil
        }
        return labs
    }

    /// The students, in the order given, and per key each one's file (none: not submitted); nil
    /// after saying which argument is not a submission, or names a student twice.
    func resolveSubmissions(_ labs: [(name: String, lab: Lab)]) -> (students: [String], paths: [[String: String]])? {
        var students: [String] = []
        var paths = labs.map { _ in [String: String]() }
        for submission in submissions {
            let found: (student: String, paths: [String?])
            if labs.count == 1 {
                guard let one = Self.resolve(submission, key: labs[0].lab.path) else {
                    output.error("\(submission): not a submission (a lab file, or a folder holding one)")
                    return nil
                }
                found = (one.student, [one.path])
            } else {
                guard let folder = Self.resolveFolder(submission, keys: labs.map(\.lab.path)) else {
                    output.error("\(submission): not a submission (with several labs, a student's folder holding their labs, named as the keys)")
                    return nil
                }
                found = folder
            }
            // The gradebook's row of points is named so; a student of that name would be read back as it.
            guard found.student != GradebookCSV.outOfName else {
                output.error("\(submission): a student named '\(found.student)' would take the gradebook's row of points; rename the submission")
                return nil
            }
            guard !students.contains(found.student) else {
                output.error("\(submission): a second submission named '\(found.student)'")
                return nil
            }
            students.append(found.student)
            for (index, path) in found.paths.enumerated() { paths[index][found.student] = path }
        }
        return (students, paths)
    }

    /// A submission is named by its file, or its folder (which holds a file named like the key, or one lab).
    static func resolve(_ submission: String, key: String) -> (student: String, path: String)? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: submission, isDirectory: &isFolder) else { return nil }
        let trimmed = submission.hasSuffix("/") ? String(submission.dropLast()) : submission
        let name = (trimmed as NSString).lastPathComponent
        guard isFolder.boolValue else { return ((name as NSString).deletingPathExtension, submission) }
        let named = (trimmed as NSString).appendingPathComponent((key as NSString).lastPathComponent)
        if FileManager.default.fileExists(atPath: named) { return (name, named) }
        guard let files = try? DocumentFile.expand([trimmed]), files.count == 1 else { return nil }
        return (name, files[0])
    }

    /// A student's folder in a course: per key, the file in it named like the key, nil when not
    /// there (not submitted). Nil when `submission` is not a folder.
    static func resolveFolder(_ submission: String, keys: [String]) -> (student: String, paths: [String?])? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: submission, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let trimmed = submission.hasSuffix("/") ? String(submission.dropLast()) : submission
        let paths = keys.map { key -> String? in
            let named = (trimmed as NSString).appendingPathComponent((key as NSString).lastPathComponent)
            return FileManager.default.fileExists(atPath: named) ? named : nil
        }
        return ((trimmed as NSString).lastPathComponent, paths)
    }
}
