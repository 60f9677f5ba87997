import Foundation

/// Reading lab files and finding them in folders.
enum LabFile {
    static func read(_ path: String) throws(LabError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or not a regular file")
        }
        return [UInt8](data)
    }

    /// The lab files named by `arguments`: files as given, folders searched recursively for
    /// `.md` files, in path order; hidden folders and `.build` are not searched.
    static func expand(_ arguments: [String]) throws(LabError) -> [String] {
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
            guard !found.isEmpty else { throw .unreadable(path: argument, reason: "folder holds no .md lab") }
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
            if name.lowercased().hasSuffix(".md") { found.append(base + "/" + relative) }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
