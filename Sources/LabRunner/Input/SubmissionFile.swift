import Foundation

/// A student's file as `grade` reads it: the submission the instructor named (a file, or the
/// student's folder) and the names below it to the lab. Submissions come from students (a cloned
/// repository, an unzipped archive keeps links), so none of it is followed through a symbolic
/// link: the submission itself, and each folder and file below it, is opened with `O_NOFOLLOW`,
/// one name at a time from the folder already open, and the lab is read from the descriptor
/// opened, never from a path checked first (a link swapped in between is still refused). A link
/// is `FileError.symbolicLink` at its own path, even one to a file of the same folder: nothing
/// it points to is read. The folders above the submission are the instructor's, and followed.
package struct SubmissionFile: Sendable, Equatable {
    /// The submission as named, without a trailing `/`.
    package let root: String
    /// The names from `root` down to the lab; empty when `root` is the lab.
    package let below: [String]

    package init(root: String, below: [String] = []) {
        var trimmed = root
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.root = trimmed
        self.below = below
    }

    /// The lab's path, as reports name it.
    package var path: String { ([root] + below).joined(separator: "/") }

    /// The lab's bytes (a regular file, `DocumentFile.read`'s limits), read without following a link.
    package func read() throws(FileError) -> [UInt8] {
        var descriptor = FileName.open(root, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | (below.isEmpty ? 0 : O_DIRECTORY))
        guard descriptor >= 0 else { throw Self.failure(errno, at: root, in: AT_FDCWD, name: root) }
        defer { close(descriptor) }
        var reached = root
        for (index, name) in below.enumerated() {
            let isLast = index == below.count - 1
            let next = FileName.withSystemPath(name) { openat(descriptor, $0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | (isLast ? 0 : O_DIRECTORY)) }
            let failed = errno
            let folder = descriptor
            reached += "/" + name
            guard next >= 0 else { throw Self.failure(failed, at: reached, in: folder, name: name) }
            close(descriptor)
            descriptor = next
        }
        return try DocumentFile.read(descriptor: descriptor, path: path)
    }

    /// Why `name` in `folder` (a descriptor, or `AT_FDCWD`) did not open: a link, said as one
    /// (`O_NOFOLLOW` fails with `ELOOP`, `O_DIRECTORY` on a link with `ENOTDIR`), else the error.
    private static func failure(_ code: Int32, at path: String, in folder: Int32, name: String) -> FileError {
        var info = stat()
        if FileName.withSystemPath(name, { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0, info.st_mode & S_IFMT == S_IFLNK { return .symbolicLink(path: path) }
        if code == ENOTDIR { return .unreadable(path: path, reason: "not a folder") }
        return .unreadable(path: path, reason: code == ENOENT ? "no such file" : String(cString: strerror(code)))
    }

    /// What `path` is, without following it: nil when there is nothing there.
    package enum Kind: Sendable, Equatable { case file, folder, symbolicLink, other }

    package static func kind(of path: String) -> Kind? {
        guard let info = FileName.linkStatus(path) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The labs in the folder `root`, as `DocumentFile.expand` finds them (`.md`, `.markdown`,
    /// documented `.swift`; hidden names and `node_modules` left out), in path order, without
    /// entering a folder that is a link. A link with a lab's name is found (and refused when read).
    package static func labs(under root: String) -> [SubmissionFile] {
        var found: [[String]] = []
        var folders: [[String]] = [[]]
        while let below = folders.popLast() {
            let folder = ([root] + below).joined(separator: "/")
            guard let names = FileName.entries(of: folder) else { continue }
            for name in names where !DocumentFile.isSkipped(name) {
                switch kind(of: folder + "/" + name) {
                case .folder: folders.append(below + [name])
                case .some where DocumentFile.isDocumentName(name): found.append(below + [name])
                default: break
                }
            }
        }
        return found.map { SubmissionFile(root: root, below: $0) }.sorted { FileName.encode($0.path).lexicographicallyPrecedes(FileName.encode($1.path)) }
    }
}
