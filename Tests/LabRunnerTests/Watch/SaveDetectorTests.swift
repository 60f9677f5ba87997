import Foundation
import Testing
@testable import LabRunner

/// `SaveDetector`: when a changed stamp counts as a save, fed by hand-made times and stamps.
struct SaveDetectorTests {
    static let original = FileStamp(inode: 1, size: 10, modified: 100)
    static let edited = FileStamp(inode: 1, size: 11, modified: 200)
    /// What a rename over the file leaves: same size and time, another inode.
    static let renamed = FileStamp(inode: 2, size: 10, modified: 100)
    static let again = FileStamp(inode: 3, size: 12, modified: 300)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// (time, stamp of a.md) per poll.
        let polls: [(Double, FileStamp)]
        /// The polls (by position) that report a.md saved.
        let reports: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing changes", polls: [(0, original), (0.05, original), (0.1, original)], reports: []),
        Case(name: "one write, reported once it stays", polls: [(0, edited), (0.01, edited), (0.03, edited), (0.05, edited)],
             reports: [2]),
        Case(name: "a rename over the file (new inode) is a save", polls: [(0, renamed), (0.05, renamed)], reports: [1]),
        Case(name: "a burst is one save", polls: [(0, edited), (0.01, renamed), (0.02, again), (0.03, again), (0.05, again), (0.2, again)],
             reports: [4]),
        Case(name: "changed back before it settled: nothing", polls: [(0, edited), (0.01, original), (0.1, original)], reports: []),
        Case(name: "gone for a moment (remove, then write): one save", polls: [(0, .missing), (0.05, .missing), (0.1, edited), (0.15, edited)],
             reports: [3]),
        Case(name: "gone for good: reported after a second", polls: [(0, .missing), (0.5, .missing), (1.1, .missing), (2, .missing)],
             reports: [2]),
        Case(name: "two saves, two reports", polls: [(0, edited), (0.05, edited), (1, again), (1.05, again)], reports: [1, 3]),
    ]

    @Test(arguments: cases)
    func saves(_ test: Case) {
        var detector = SaveDetector(initial: ["a.md": Self.original], quiet: 0.02)
        var reported: [Int] = []
        for (index, (time, stamp)) in test.polls.enumerated() {
            let saved = detector.observe([("a.md", stamp)], at: time)
            if saved == ["a.md"] { reported.append(index) } else { #expect(saved.isEmpty) }
        }
        #expect(reported == test.reports)
    }

    @Test func onlyTheSavedFileIsReported() {
        var detector = SaveDetector(initial: ["a.md": Self.original, "b.md": Self.original], quiet: 0)
        #expect(detector.observe([("a.md", Self.original), ("b.md", Self.edited)], at: 0) == ["b.md"])
        #expect(detector.observe([("a.md", Self.original), ("b.md", Self.edited)], at: 1) == [])
    }
}
