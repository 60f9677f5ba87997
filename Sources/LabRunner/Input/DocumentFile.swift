import Foundation

/// Reading lab files and finding them in folders.
package enum DocumentFile {
    /// The largest file read as a lab. The biggest real guides are a few megabytes; this only
    /// stops `/dev/zero`-like inputs and mistakes (a disk image named `.md`) before memory runs out.
    package static let sizeLimit = 256 << 20

    /// The bytes of a regular file of at most `sizeLimit` bytes. Anything else (a folder, a FIFO,
    /// a device, a socket) is an input error without reading it: a FIFO would block until a writer
    /// came, and `/dev/zero` never ends.
    package static func read(_ path: String, sizeLimit: Int = DocumentFile.sizeLimit) throws(FileError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat says what it is first.
        let descriptor = FileName.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadable(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, sizeLimit: sizeLimit)
    }

    /// `read`'s checks and reading, from a file already opened (with `O_NONBLOCK`) as `path`:
    /// what was opened is what is read, whatever the path names by then.
    package static func read(descriptor: Int32, path: String, sizeLimit: Int = DocumentFile.sizeLimit) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw .unreadable(path: path, reason: "is a folder") }
        guard kind == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file (it is \(describe(kind))); a lab is a Markdown file")
        }
        let tooLarge = FileError.unreadable(path: path, reason: "larger than \(sizeLimit >> 20) MiB, the limit for a lab (no real document is that large)")
        guard Int(info.st_size) <= sizeLimit else { throw tooLarge }
        // A regular file ignores O_NONBLOCK, but clear it anyway: reads must wait for the disk.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let bytes = readAll(descriptor, expected: Int(info.st_size), limit: sizeLimit) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard bytes.count <= sizeLimit else { throw tooLarge }
        return bytes
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    /// The file's bytes straight into an array: no `Data` in between, which for a large guide
    /// costs as much as parsing it. Reads what fstat promised, then on to EOF in case the file
    /// grew, but stops one byte past `limit`.
    private static func readAll(_ descriptor: Int32, expected: Int, limit: Int) -> [UInt8]? {
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected, 0)) { buffer, count in
            count = 0
            while count < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failed = true }
                if read <= 0 { break }
                count += read
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !failed && bytes.count <= limit {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 && errno == EINTR { continue }
            if read < 0 { failed = true }
            if read <= 0 { break }
            bytes += chunk[..<read]
        }
        return failed ? nil : bytes
    }

    /// The lab files named by `arguments`: files as given (any extension: `.md`, `.markdown`, `.txt`…),
    /// folders searched recursively for `.md` and `.markdown` files, in path order; hidden folders
    /// and `node_modules` are not searched.
    package static func expand(_ arguments: [String]) throws(FileError) -> [String] {
        try expandWithLines(arguments).paths
    }

    /// `expand`, where an argument `guide.md:42` that is not itself a file names the file and a
    /// line in it (the one sample of a guide to check).
    /// `excluding`: files found by searching a folder to leave out (a `.labrunner`'s `exclude`).
    package static func expandWithLines(_ arguments: [String], excluding: (String) -> Bool = { _ in false })
        throws(FileError) -> (paths: [String], lines: [String: Int]) {
        var paths: [String] = []
        var lines: [String: Int] = [:]
        for var argument in arguments {
            if FileName.kind(argument) == nil, let colon = argument.lastIndex(of: ":"),
               let line = Int(argument[argument.index(after: colon)...]), line >= 1 {
                let path = String(argument[..<colon])
                if let kind = FileName.kind(path), kind != .folder {
                    lines[path] = line
                    argument = path
                }
            }
            guard let kind = FileName.kind(argument) else {
                throw .unreadable(path: argument, reason: "no such file or folder")
            }
            guard kind == .folder else {
                paths.append(argument)
                continue
            }
            let found = documentFiles(under: argument)
            guard !found.isEmpty else { throw .noLabs(folder: argument) }
            paths += found.filter { !excluding($0) }
        }
        var seen = Set<String>()
        return (paths.filter { seen.insert($0).inserted }, lines)
    }

    /// A `.swift` file whose doc comments are checked (`SourceFileParser`); a package manifest
    /// (`Package.swift`, `Package@swift-6.0.swift`) is SwiftPM's input, not documentation.
    static func isDocumentedSource(_ name: String) -> Bool {
        name.hasSuffix(".swift") && !(name == "Package.swift" || name.hasPrefix("Package@swift-"))
    }

    /// A file a folder's search takes: `.md`, `.markdown`, or a documented `.swift` file.
    static func isDocumentName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") || isDocumentedSource(name)
    }

    /// A name the search leaves out, and does not enter: hidden, or `node_modules`.
    static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || name == "node_modules"
    }

    private static func documentFiles(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        collectDocuments(in: base, into: &found)
        // Path order as the bytes sort, so a Latin-1 name sorts where `ls` puts it.
        return found.map { (FileName.encode($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    /// The walk reads names as bytes (`FileName.entries`): Foundation's enumerator skips, or
    /// mangles, a name that is not UTF-8. Symlinked folders are not entered, as before.
    private static func collectDocuments(in folder: String, into found: inout [String]) {
        guard let names = FileName.entries(of: folder) else { return }
        for name in names where !isSkipped(name) {
            let path = folder + "/" + name
            if let info = FileName.linkStatus(path), info.st_mode & S_IFMT == S_IFDIR {
                collectDocuments(in: path, into: &found)
            } else if isDocumentName(name) {
                found.append(path)
            }
        }
    }
}
