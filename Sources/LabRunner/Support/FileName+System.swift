#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a path names, asked of the system with the path's own bytes (Foundation's
/// `FileManager` takes paths as UTF-8 text, so a Latin-1 name is "no such file" there).
package enum FileKind: Equatable, Sendable {
    case file
    case folder
    case other
}

extension FileName {
    /// What `path` names, following symlinks; nil when nothing is there.
    package static func kind(_ path: String) -> FileKind? {
        var info = stat()
        guard withSystemPath(path, { stat($0, &info) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// `stat(2)` of `path`.
    package static func status(_ path: String) -> stat? {
        var info = stat()
        return withSystemPath(path, { stat($0, &info) }) == 0 ? info : nil
    }

    /// `lstat(2)` of `path`.
    package static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return withSystemPath(path, { lstat($0, &info) }) == 0 ? info : nil
    }

    /// `open(2)` of `path`.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withSystemPath(path) { systemOpen($0, flags, mode) }
    }

    /// The names in `folder` (without `.` and `..`), each decoded from its bytes; nil when the
    /// folder cannot be read.
    package static func entries(of folder: String) -> [String]? {
        guard let directory = withSystemPath(folder, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                decode(raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

extension FileName {
    /// The whole file at `path`; nil when it cannot be opened or read.
    package static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// `path` with every symlink in it resolved, absolute (`realpath(3)`); `path` made absolute
    /// when it cannot be resolved (it does not exist yet).
    package static func resolvingLinks(_ path: String) -> String {
        let resolved = withSystemPath(path) { realpath($0, nil) }
        guard let resolved else {
            guard !path.hasPrefix("/") else { return path }
            var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&folder, folder.count) != nil else { return path }
            return decode(folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }) + "/" + path
        }
        defer { free(resolved) }
        return decode(UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }
}

/// Why `FileName.makeFolders` could not make a folder.
package struct FolderError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String
    package var description: String { "cannot make folder \(ControlPictures.escapedName(path)): \(reason)" }
}

extension FileName {
    /// Makes `path` and every missing folder above it (mode 0777 less the umask), as `mkdir -p`.
    package static func makeFolders(_ path: String) throws(FolderError) {
        guard !path.isEmpty, kind(path) != .folder else { return }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty { try makeFolders(parent) }
        guard withSystemPath(path, { mkdir($0, 0o777) }) == 0 || errno == EEXIST && kind(path) == .folder else {
            throw FolderError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
