import Foundation

/// Reading lab files and finding them in folders.
package enum LabFile {
    package static func read(_ path: String) throws(FileError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a folder") }
        guard let bytes = readAll(path) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return bytes
    }

    /// The file's bytes straight into an array: no `Data` in between, which for a large guide
    /// costs as much as parsing it.
    private static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var failed = false
        // Read the size fstat promised, then keep reading until EOF in case the file grew.
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0)) { buffer, count in
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
        while !failed {
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
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw .unreadable(path: argument, reason: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                paths.append(argument)
                continue
            }
            let found = markdownFiles(under: argument)
            guard !found.isEmpty else { throw .noLabs(folder: argument) }
            paths += found
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private static func markdownFiles(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "node_modules" {
                enumerator.skipDescendants()
                continue
            }
            let lowered = name.lowercased()
            if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") { found.append(base + "/" + relative) }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
