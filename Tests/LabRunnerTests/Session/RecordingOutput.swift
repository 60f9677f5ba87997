import Foundation
@testable import LabRunner

/// A `SessionOutput` that keeps what a session said, for in-process tests: standard output as
/// the console would print it, standard error likewise, and the progress events.
final class RecordingOutput: SessionOutput, Sendable {
    private struct Said {
        var stdout = ""
        var stderr = ""
        var progress: [ProgressEvent] = []
        var statuses: [String?] = []
    }

    let showsStatus: Bool
    private let said = LockedValue(Said())

    init(showsStatus: Bool = false) { self.showsStatus = showsStatus }

    var stdout: String { said.withLock { $0.stdout } }
    var stderr: String { said.withLock { $0.stderr } }
    var progressEvents: [ProgressEvent] { said.withLock { $0.progress } }
    var statuses: [String?] { said.withLock { $0.statuses } }

    func out(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        said.withLock { $0.stdout += lines.joined(separator: "\n") + "\n" }
    }

    func write(_ text: String) -> Bool {
        said.withLock { $0.stdout += text }
        return true
    }

    func error(_ message: String) { said.withLock { $0.stderr += "labrunner: error: \(message)\n" } }
    func diagnostic(_ lines: [String]) { said.withLock { $0.stderr += lines.joined(separator: "\n") + "\n" } }
    func status(_ line: String?) { said.withLock { $0.statuses.append(line) } }
    func progress(_ event: ProgressEvent) { said.withLock { $0.progress.append(event) } }
}

/// A folder of files for one test, removed by `remove()`.
struct SessionFolder {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        path = try LabRunnerCLI.temporaryDirectory()
        for (name, text) in files { try write(name, text) }
    }

    /// An empty folder at the same path in every `swift test` (`LabRunnerCLI.stableFolder`), so
    /// the labs run from it come from the tests' shared cache from the second run on.
    init(stable name: String) throws {
        path = try LabRunnerCLI.stableFolder(name: name)
    }

    func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(Array(text.utf8), to: file)
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: path + "/" + name, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A run of `paths` (relative to the folder) as the tests' environment would run it.
    func session(_ paths: [String], _ change: (inout RunConfiguration) -> Void = { _ in }) -> (RunSession, RecordingOutput) {
        var configuration = RunConfiguration(paths: paths.map { path + "/" + $0 })
        change(&configuration)
        let output = RecordingOutput()
        return (RunSession(configuration: configuration, environment: LabRunnerCLI.environment(), output: output), output)
    }
}
