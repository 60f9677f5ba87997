import Foundation
import Testing

/// Issue 21: a file the user asked for (a report, a page, a copy, a grade file) is written only
/// through `AtomicFile`, whole or not at all. Any other way of making a file in `Sources/` must
/// be listed here with the reason it is not such a file; a new one fails this test.
struct FileWritingTests {
    /// What makes or writes a file outside `AtomicFile`.
    static let patterns = [".write(to:", ".write(toFile:", "createFile(", "O_CREAT", "FileHandle(forWriting", "fopen("]

    /// The one place allowed to write a user's file.
    static let writer = "Sources/LabRunner/Support/AtomicFile.swift"

    /// File and pattern, with why each may write on its own. An entry nothing needs fails the test.
    static let allowed: [String: String] = [
        "Sources/LabRunner/Compile/SwiftCompiler.swift .write(to:":
            "the generated program, in the run's private build folder: nobody else reads it, and a failure is thrown as a build-folder error",
        "Sources/LabRunner/Compile/BuildDirectory.swift O_CREAT":
            "the build folder's empty .lock file, made with O_EXCL to hold its flock; failures are returned",
        "Sources/LabRunner/Compile/BuildLock.swift O_CREAT":
            "an empty lock file in the cache's private locks/ folder (O_NOFOLLOW), held with flock while one program is built and removed as it is let go; failures mean building without it",
        "Sources/LabRunner/Compile/CacheFiles.swift O_CREAT":
            "`writeNew`: cache files made with O_EXCL in a private staging folder, published by renaming the folder; failures are returned",
        "Sources/LabRunnerSandbox/SandboxRoot.swift O_CREAT":
            "the sandbox's root: mount points and the executable's copy, in a tmpfs of the launcher's own mount namespace that no one else sees",
    ]

    @Test func onlyTheAtomicWriterWritesFiles() throws {
        var found: Set<String> = []
        var unexplained: [String] = []
        for folder in ["Sources/LabRunner", "Sources/LabRunnerCLI", "Sources/LabRunnerSandbox"] {
            for (path, source) in try LayeringTests.swiftFiles(under: folder) where path != Self.writer {
                for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for pattern in Self.patterns where line.contains(pattern) {
                        let key = path + " " + pattern
                        found.insert(key)
                        if Self.allowed[key] == nil { unexplained.append("\(path):\(number + 1): \(pattern) (use AtomicFile.write, or allow it here saying why)") }
                    }
                }
            }
        }
        #expect(unexplained.isEmpty, "\n\(unexplained.joined(separator: "\n"))")
        let unused = Set(Self.allowed.keys).subtracting(found)
        #expect(unused.isEmpty, "allowed but no longer used: \(unused.sorted())")
    }
}
