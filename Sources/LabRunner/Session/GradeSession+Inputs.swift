import Foundation

/// What `grade` grades: the keys (files, or folders of labs with exercises), each named by its
/// file without `.md`, and each student's submission of each.
extension GradeSession {
    /// The keys, in the order given (a folder's labs in path order); nil after saying why not.
    func loadKeys() -> [(name: String, lab: Lab)]? {
        var loader = DocumentLoader.reporting(to: output)
        // The graded labs are built with the key's settings: `--swiftc-flags` goes there.
        loader.swiftcFlags = build.swiftcFlags
        var labs: [(name: String, lab: Lab)] = []
        for key in keys {
            let inFolder = FileName.kind(key) == .folder
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
                    output.error("\(ControlPictures.escapedName(file)): the key has no exercises to grade")
                    return nil
                }
                let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                guard !labs.contains(where: { $0.name == name }) else {
                    output.error("\(ControlPictures.escapedName(file)): a second key named '\(ControlPictures.escapedName(name))' (the gradebook names each lab by its file)")
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
    func resolveSubmissions(_ labs: [(name: String, lab: Lab)]) -> (students: [String], paths: [[String: SubmissionFile]])? {
        var students: [String] = []
        var paths = labs.map { _ in [String: SubmissionFile]() }
        for submission in submissions {
            let found: (student: String, paths: [SubmissionFile?])
            if labs.count == 1 {
                guard let one = Self.resolve(submission, key: labs[0].lab.path) else {
                    output.error("\(ControlPictures.escapedName(submission)): not a submission (a lab file, or a folder holding one)")
                    return nil
                }
                found = (one.student, [one.file])
            } else {
                guard let folder = Self.resolveFolder(submission, keys: labs.map(\.lab.path)) else {
                    output.error("\(ControlPictures.escapedName(submission)): not a submission (with several labs, a student's folder holding their labs, named as the keys)")
                    return nil
                }
                found = folder
            }
            // The gradebook's row of points is named so; a student of that name would be read back as it.
            guard found.student != GradebookCSV.outOfName else {
                output.error("\(ControlPictures.escapedName(submission)): a student named '\(ControlPictures.escapedName(found.student))' would take the gradebook's row of points; rename the submission")
                return nil
            }
            guard !students.contains(found.student) else {
                output.error("\(ControlPictures.escapedName(submission)): a second submission named '\(ControlPictures.escapedName(found.student))'")
                return nil
            }
            students.append(found.student)
            for (index, path) in found.paths.enumerated() { paths[index][found.student] = path }
        }
        return (students, paths)
    }

    /// A submission is named by its file, or its folder (which holds a file named like the key, or
    /// one lab). Found without following links (`SubmissionFile`): a submission that is a link
    /// is named as a file would be and refused when read, as is a link named like the key, and a
    /// folder that is a link is not searched.
    static func resolve(_ submission: String, key: String) -> (student: String, file: SubmissionFile)? {
        let root = SubmissionFile(root: submission)
        guard let kind = SubmissionFile.kind(of: root.root) else { return nil }
        let name = (root.root as NSString).lastPathComponent
        guard kind == .folder else { return ((name as NSString).deletingPathExtension, root) }
        let named = (key as NSString).lastPathComponent
        if SubmissionFile.kind(of: root.root + "/" + named) != nil { return (name, SubmissionFile(root: root.root, below: [named])) }
        let labs = SubmissionFile.labs(under: root.root)
        guard labs.count == 1 else { return nil }
        return (name, labs[0])
    }

    /// A student's folder in a course: per key, the file in it named like the key, nil when not
    /// there (not submitted). Nil when `submission` is not a folder. A folder that is a link is
    /// the student's, every lab of it refused when read: not followed, and not taken for a
    /// student who handed nothing in.
    static func resolveFolder(_ submission: String, keys: [String]) -> (student: String, paths: [SubmissionFile?])? {
        let root = SubmissionFile(root: submission)
        guard let kind = SubmissionFile.kind(of: root.root), kind == .folder || kind == .symbolicLink else { return nil }
        let paths = keys.map { key -> SubmissionFile? in
            let named = (key as NSString).lastPathComponent
            guard kind == .folder else { return SubmissionFile(root: root.root, below: [named]) }
            return SubmissionFile.kind(of: root.root + "/" + named) != nil ? SubmissionFile(root: root.root, below: [named]) : nil
        }
        return ((root.root as NSString).lastPathComponent, paths)
    }
}
