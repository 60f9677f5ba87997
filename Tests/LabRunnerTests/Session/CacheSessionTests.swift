import Foundation
import Testing
@testable import LabRunner

/// `labrunner cache` in-process: a cache shown, cleaned, missing, or refused.
@Suite struct CacheSessionTests {
    static func session(_ directory: String, cleaning: Bool = false) -> (CacheSession, RecordingOutput) {
        let output = RecordingOutput()
        return (CacheSession(directory: directory, cleaning: cleaning, environment: [:], output: output), output)
    }

    @Test func aCacheIsShownThenCleaned() throws {
        let folder = try SessionFolder(["cache/modules/Foundation.pcm": String(repeating: "7", count: 3000)])
        defer { folder.remove() }
        let cache = folder.path + "/cache"
        let (shown, shownOutput) = Self.session(cache)
        #expect(shown.run() == .passed)
        #expect(shownOutput.stdout.hasPrefix(cache + "\n  entries       0 (0 B: built labs and compile checks)\n  module cache  3.0 kB"),
                "\(shownOutput.stdout)")

        let (cleaning, cleanedOutput) = Self.session(cache, cleaning: true)
        #expect(cleaning.run() == .passed)
        #expect(cleanedOutput.stdout == "removed 3.0 kB from \(cache)\n")
        #expect(!FileManager.default.fileExists(atPath: cache + "/modules"))
    }

    @Test func aMissingCacheIsSaidSo() throws {
        let folder = try SessionFolder()
        defer { folder.remove() }
        let (shown, shownOutput) = Self.session(folder.path + "/none")
        #expect(shown.run() == .passed)
        #expect(shownOutput.stdout == "\(folder.path)/none\n  empty (no cache yet)\n")
        let (cleaning, cleanedOutput) = Self.session(folder.path + "/none", cleaning: true)
        #expect(cleaning.run() == .passed)
        #expect(cleanedOutput.stdout == "nothing to clean: \(folder.path)/none does not exist\n")
    }

    /// A cache whose folder is a link labrunner never made is not emptied: the link could lead
    /// anywhere.
    @Test func aCacheThatIsNotAllLabrunnersIsNotCleaned() throws {
        let folder = try SessionFolder(["elsewhere/x.pcm": "x", "cache/entries/.keep": ""])
        defer { folder.remove() }
        let cache = folder.path + "/cache"
        try FileManager.default.createSymbolicLink(atPath: cache + "/modules", withDestinationPath: folder.path + "/elsewhere")
        let (cleaning, output) = Self.session(cache, cleaning: true)
        #expect(cleaning.run() == .notChecked)
        #expect(output.stderr == "labrunner: error: cannot clean \(cache): it is not a folder of yours, or others may write to it\n")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/elsewhere/x.pcm"))
    }

    /// Without `--cache-dir`, the cache runs use.
    @Test func theDefaultIsWhereRunsKeepIt() {
        let session = CacheSession(directory: nil, cleaning: false, environment: ["XDG_CACHE_HOME": "/x"], output: RecordingOutput())
        #expect(session.cache.location == CompileCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x"]))
    }
}
