import Foundation

/// Finds programs on `PATH` the way a shell would, without running a shell.
enum ExecutableSearch {
    static func find(_ name: String, path: String?) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue && access(path, X_OK) == 0
    }
}
