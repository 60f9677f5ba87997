/// Why the files a run names cannot be read, apart from what they hold: a path that is not
/// there or cannot be opened, a folder without labs. An input error (exit status 2) located at
/// the path, never at a line.
package enum FileError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// A folder given to `run` that holds no `.md` file.
    case noLabs(folder: String)
    /// A student's submission, or a folder on its way, that is a symbolic link (`SubmissionFile`):
    /// not followed, so nothing of what it points to is read.
    case symbolicLink(path: String)

    /// The file or folder the error is about.
    package var path: String {
        switch self {
        case .unreadable(let path, _), .noLabs(let path), .symbolicLink(let path): path
        }
    }

    /// The message without the path, in swiftc's style: lowercase, no final period.
    package var message: String {
        switch self {
        case .unreadable(_, let reason):
            "cannot read lab: \(reason)"
        case .noLabs:
            "no labs found in this folder: no .md or .markdown file in it or below it (hidden folders and node_modules are skipped)"
        case .symbolicLink:
            "not graded: a symbolic link (a submission is read from regular files and folders only; what the link points to was not read)"
        }
    }

    /// `path: error: message`.
    package var description: String { "\(ControlPictures.escapedName(path)): error: \(message)" }
}
