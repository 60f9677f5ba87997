import Foundation

/// Finds the `.labrunner` file (`TreeConfig`) that applies to a Markdown file: the nearest one in
/// its folder or a folder above, looking no higher than the repository's root (a folder holding
/// `.git`) or the user's home folder, whichever comes first; outside both, up to `/`. Only the
/// nearest file applies: files are not merged.
///
/// A file another user could have written (`FileOwnership.distrust`) is refused with a warning
/// and no configuration applies: its settings choose the package built and run, and its flags.
///
/// Each folder is looked at once per run, whatever the number of files below it.
package final class TreeConfigSearch: Sendable {
    private let folders = LockedValue([String: Result<TreeConfig?, LabError>]())
    private let workingDirectory: String
    /// The user's home folder, absolute and standardized: the search never climbs above it.
    private let home: String?
    private let warn: @Sendable (String) -> Void
    private let refused = LockedValue(Set<String>())

    /// `warn` is told, once per file, of a configuration refused because another user could have written it.
    package init(workingDirectory: String = FileManager.default.currentDirectoryPath,
                 home: String? = ProcessInfo.processInfo.environment["HOME"],
                 warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.workingDirectory = workingDirectory
        self.home = home.flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).standardizedFileURL.path : nil }
        self.warn = warn
    }

    /// The configuration of `file` (a path as given on the command line), nil when none applies.
    package func config(for file: String) throws(LabError) -> TreeConfig? {
        let folder = URL(fileURLWithPath: absolute(file)).deletingLastPathComponent().standardizedFileURL.path
        return try lookup(folder).get()
    }

    /// Whether the configuration of `file` excludes it (a file found by searching a folder).
    package func excludes(_ file: String) -> Bool {
        // A broken configuration excludes nothing here: the run reports it once, at its line.
        guard let config = try? config(for: file), !config.exclude.isEmpty else { return false }
        let folder = URL(fileURLWithPath: absolute(config.folder.isEmpty ? "." : config.folder)).standardizedFileURL.path
        let path = URL(fileURLWithPath: absolute(file)).standardizedFileURL.path
        guard path.hasPrefix(folder + "/") else { return false }
        return config.excludes(relativePath: String(path.dropFirst(folder.count + 1)))
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : workingDirectory + "/" + path
    }

    private func lookup(_ folder: String) -> Result<TreeConfig?, LabError> {
        if let known = folders.withLock({ $0[folder] }) { return known }
        let candidate = (folder == "/" ? "" : folder) + "/" + TreeConfig.fileName
        var result: Result<TreeConfig?, LabError>
        if FileName.kind(candidate) != nil {
            if let reason = FileOwnership.distrust(settingsFile: candidate) {
                if refused.withLock({ $0.insert(candidate).inserted }) { warn("ignored \(candidate): \(reason)") }
                result = .success(nil)
            } else {
                result = Self.read(candidate, shownAs: shown(candidate))
            }
        } else if folder == "/" || folder == home || FileName.kind(folder + "/.git") != nil {
            result = .success(nil)
        } else {
            result = lookup(URL(fileURLWithPath: folder).deletingLastPathComponent().standardizedFileURL.path)
        }
        folders.withLock { $0[folder] = result }
        return result
    }

    private static func read(_ path: String, shownAs name: String) -> Result<TreeConfig?, LabError> {
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path)
        } catch {
            return .failure(LabError(SourceLocation(path: name, line: 1, column: 1), .configSyntax(line: "(unreadable: \(error))")))
        }
        guard UTF8Validation.firstInvalidByte(in: bytes) == nil else {
            return .failure(LabError(SourceLocation(path: name, line: 1, column: 1), .configSyntax(line: "(not valid UTF-8)")))
        }
        do throws(LabError) {
            return .success(try TreeConfig.parse(String(decoding: bytes, as: UTF8.self), path: name))
        } catch {
            return .failure(error)
        }
    }

    /// `path` relative to the working directory when it is below it, as errors and `list` show it.
    private func shown(_ path: String) -> String {
        path.hasPrefix(workingDirectory + "/") ? String(path.dropFirst(workingDirectory.count + 1)) : path
    }
}
