import Foundation
import Testing
@testable import LabRunner

/// `FileWatcher` on real files: an in-place write and an editor's rename over the file are both
/// seen, and only for the file that changed.
struct FileWatcherTests {
    @Test func seesAWriteInPlaceAndARenameOverTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lab = folder + "/lab.md", other = folder + "/other.md"
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: lab))
        try Data("other\n".utf8).write(to: URL(fileURLWithPath: other))
        let watcher = FileWatcher(paths: [lab, other], interval: 0.005, quiet: 0)
        #expect(watcher.poll() == [])

        // In place, as `>>` appends: the same inode, another size.
        let handle = try #require(FileHandle(forWritingAtPath: lab))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("two\n".utf8))
        try handle.close()
        #expect(watcher.poll() == [lab])
        #expect(watcher.poll() == [])

        // As editors save: a new file renamed over the old one (a watch on the old inode would miss it).
        try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: folder + "/.lab.md.swp"))
        let before = FileStamp.of(lab)
        #expect(rename(folder + "/.lab.md.swp", lab) == 0)
        #expect(FileStamp.of(lab).inode != before.inode)
        #expect(watcher.next() == [lab])
        #expect(watcher.poll() == [])
    }
}
